-- An event the team adds is added once, even when the answer to its add is lost. Applies unchanged to a hosted
-- Supabase project and to the embedded local backend.
--
-- On a phone, the connection may drop after the server took an "Add Event" and before its answer arrived: the
-- form said the add failed and kept what was typed, and adding it again made a second event (and, for a gig put
-- on the website, a second gig in the team's feed). The page now picks the event's id itself and sends it with
-- every try of one add; a try the server took already is refused as a duplicate of that id (calendar_events_pkey,
-- SQLSTATE 23505, HTTP 409), which the page reads as added. For that the team may write the id when adding an
-- event. An id is a random UUID chosen once per add; one already taken is refused, so no event can be replaced
-- or reached through it. Events stay add-only: no update or delete is granted.

grant insert (id) on public.calendar_events to authenticated;
