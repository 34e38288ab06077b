-- The team's feed shows a gig with a show as the show it is: a phone subscribed to the team's calendar
-- (20250111060000_team_calendar_feed.sql) sees the doors time, the venue and whether the show is still on,
-- and takes a postponement, a new time or a cancellation for a newer version of the same entry.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - A gig of the calendar with a row in public.shows (20250112000000_published_shows.sql), published or
--   not (the feed is the team's), is a timed entry of kind 'show': from the doors (starts_at) to three
--   hours later, shown in the venue's time zone; its location is the venue's name and address in one line
--   (name, street, town, county, postal code, country code); its description the gig's, then the show's
--   notes for the team.
-- - Its status is the show's: CANCELLED for a cancelled show, TENTATIVE for a postponed one (no new date
--   yet), CONFIRMED otherwise (scheduled, rescheduled to its new start, sold out).
-- - Its id stays the gig's, as before the show was made, so a phone updates the entry it has instead of
--   adding a second one; its sequence is the gig's plus the show's version (1 when it is made, raised by
--   every change and every restore), so putting the gig on the website and every change after it each
--   raise the entry's sequence; updated_at is the later of the gig's and the show's.
-- - Every other event is the all-day entry it was.

create or replace view private.team_feed_entries as
select
  e.id::text as id,
  'event'::text as kind,
  e.title,
  e.description,
  null::text as location,
  e.event_type as category,
  true as all_day,
  (e.start_date at time zone 'UTC')::date as start_day,
  (e.end_date at time zone 'UTC')::date as end_day,
  null::timestamptz as starts_at,
  null::timestamptz as ends_at,
  null::text as time_zone,
  'CONFIRMED'::text as status,
  e.sequence,
  e.updated_at
from public.calendar_events e
where not exists (select from public.shows s where s.event_id = e.id)
union all
select
  e.id::text as id,
  'show'::text as kind,
  e.title,
  nullif(concat_ws(E'\n\n', nullif(btrim(e.description), ''), nullif(btrim(s.notes), '')), '') as description,
  concat_ws(', ', s.venue_name, s.venue_street, s.venue_town, s.venue_county, s.venue_postal_code, s.venue_country)
    as location,
  e.event_type as category,
  false as all_day,
  null::date as start_day,
  null::date as end_day,
  s.starts_at,
  s.starts_at + interval '3 hours' as ends_at,
  s.time_zone,
  case s.status when 'cancelled' then 'CANCELLED' when 'postponed' then 'TENTATIVE' else 'CONFIRMED' end as status,
  e.sequence + s.version as sequence,
  greatest(e.updated_at, s.updated_at) as updated_at
from public.calendar_events e
join public.shows s on s.event_id = e.id;

revoke all on private.team_feed_entries from public, anon, authenticated, service_role;
