-- Narrow the team's writes to the columns the app sends: a contact's created_at and an event's id
-- and created_at are the server's to set, so clients cannot back-date rows or choose event ids.
-- PostgREST's upsert sets every column it was sent on conflict, the primary key included, so a
-- contact's id stays in its UPDATE grant.
revoke insert, update on public.contacts from anon, authenticated;
grant insert (id, name, role, email, phone) on public.contacts to anon, authenticated;
grant update (id, name, role, email, phone) on public.contacts to anon, authenticated;

revoke insert on public.calendar_events from anon, authenticated;
grant insert (title, description, start_date, end_date, event_type) on public.calendar_events to anon, authenticated;

-- The service role (server-side scripts and the dashboard, never the browser) keeps every right and
-- bypasses row-level security. Granted here rather than assumed, like the anon grants.
grant all on public.contacts, public.calendar_events to service_role;
