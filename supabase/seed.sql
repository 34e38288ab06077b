-- The local backend's starting data: applied by `npm start` (and `npm run backend`, `npm run dev`) when
-- its database is new, so after `npm run db:reset` too; never to a hosted project, whose data is the
-- team's. The tour's three dates of the product, as published gigs of the calendar: what /tour, the
-- next show on / and /listen, the structured data and the calendar files show out of the box.

insert into public.calendar_events (id, title, description, start_date, end_date, event_type) values
  ('5e6d0001-0000-4000-8000-000000000001', 'Gig: The Salthill Room, Galway', null,
   '2025-04-23T20:00:00+01:00', '2025-04-23T20:00:00+01:00', 'gig'),
  ('5e6d0001-0000-4000-8000-000000000002', 'Gig: The Harbour Loft, Donegal Town', null,
   '2025-04-26T20:00:00+01:00', '2025-04-26T20:00:00+01:00', 'gig'),
  ('5e6d0001-0000-4000-8000-000000000003', 'Gig: The Cornmarket Room, Dublin', null,
   '2025-05-02T20:00:00+01:00', '2025-05-02T20:00:00+01:00', 'gig')
on conflict (id) do nothing;

insert into public.shows (id, event_id, venue_name, venue_street, venue_town, venue_county, venue_postal_code,
                          venue_country, starts_at, time_zone, ticket_url, ticket_kind) values
  ('galway-2025-04-23', '5e6d0001-0000-4000-8000-000000000001', 'The Salthill Room', '14 Seapoint Promenade',
   'Galway', 'County Galway', 'H91 X2P4', 'IE', '2025-04-23T20:00:00+01:00', 'Europe/Dublin',
   'https://tickets.example/orla-quinlan/galway-2025-04-23', 'ticket'),
  ('donegal-2025-04-26', '5e6d0001-0000-4000-8000-000000000002', 'The Harbour Loft', '3 Quay Street',
   'Donegal Town', 'County Donegal', 'F94 K7T2', 'IE', '2025-04-26T20:00:00+01:00', 'Europe/Dublin',
   'https://harbourloft.example/whats-on', 'venue'),
  ('dublin-2025-05-02', '5e6d0001-0000-4000-8000-000000000003', 'The Cornmarket Room', '27 Thomas Street',
   'Dublin', 'County Dublin', 'D08 V6F3', 'IE', '2025-05-02T20:00:00+01:00', 'Europe/Dublin',
   'https://tickets.example/orla-quinlan/dublin-2025-05-02', 'ticket')
on conflict (id) do nothing;
