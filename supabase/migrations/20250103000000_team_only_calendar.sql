-- The calendar is the team's: only a session of the shared team account may read or add events.
-- The team account carries app_metadata.team = 'stagedoor', which only the service role can set (a user
-- can change their own user_metadata, so that is never trusted). The anon role loses every right on
-- calendar_events; contacts stay open to anyone, as the site's first brief had them.
-- Applies unchanged to a hosted Supabase project (auth.jwt() is Supabase's) and to the local backend.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated;

-- True only for a signed-in (role authenticated), non-anonymous session whose JWT app_metadata marks the
-- team. Reads the request's claims, so a mark removed by the service role counts once the token is
-- refreshed (within the token's lifetime, one hour by default).
create or replace function private.is_team_member()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select auth.jwt()) ->> 'role' = 'authenticated'
    and (select auth.jwt()) -> 'app_metadata' ->> 'team' = 'stagedoor'
    and ((select auth.jwt()) -> 'is_anonymous') is distinct from 'true'::jsonb,
    false
  )
$$;

revoke all on function private.is_team_member() from public;
grant execute on function private.is_team_member() to anon, authenticated;

-- Calendar events: nothing for anon; select and insert (the app's columns) for authenticated sessions,
-- and the policies admit only the team among them.
revoke all on public.calendar_events from anon, authenticated;
grant select on public.calendar_events to authenticated;
grant insert (title, description, start_date, end_date, event_type) on public.calendar_events to authenticated;

drop policy if exists "events are readable by the team" on public.calendar_events;
drop policy if exists "the team can add events" on public.calendar_events;

create policy "only the team reads events" on public.calendar_events
  for select to authenticated using ((select private.is_team_member()));

create policy "only the team adds events" on public.calendar_events
  for insert to authenticated with check ((select private.is_team_member()));
