-- The team tools' shared tables, with least-privilege access for the anon role.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.

-- Contacts: ids are made on the client (timestamp plus 9 random alphanumerics).
create table if not exists public.contacts (
  id text primary key check (char_length(id) between 1 and 64),
  name text not null check (char_length(name) between 1 and 200),
  role text not null check (char_length(role) between 1 and 200),
  email text check (char_length(email) <= 320),
  phone text check (char_length(phone) <= 50),
  created_at timestamptz not null default now()
);

create index if not exists contacts_created_at_idx on public.contacts (created_at desc);

-- Calendar events: one day each; events are never edited or deleted from the app.
create table if not exists public.calendar_events (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  description text check (char_length(description) <= 2000),
  start_date timestamptz not null,
  end_date timestamptz not null,
  event_type text not null default 'gig'
    check (event_type in ('away', 'gig', 'rehearsal', 'recording', 'promotion')),
  created_at timestamptz not null default now(),
  check (end_date >= start_date)
);

create index if not exists calendar_events_start_date_idx on public.calendar_events (start_date);

-- Row-level security: nothing is allowed unless a policy says so.
alter table public.contacts enable row level security;
alter table public.calendar_events enable row level security;

-- Hosted projects no longer grant new tables to anon by default: grant exactly what the app does.
-- Contacts: select, insert and update (an upsert needs all three); never delete.
revoke all on public.contacts from anon, authenticated;
grant select, insert, update on public.contacts to anon, authenticated;

-- Calendar events: select and insert only; never update or delete.
revoke all on public.calendar_events from anon, authenticated;
grant select, insert on public.calendar_events to anon, authenticated;

drop policy if exists "contacts are readable by the team" on public.contacts;
create policy "contacts are readable by the team" on public.contacts
  for select to anon, authenticated using (true);

drop policy if exists "the team can add contacts" on public.contacts;
create policy "the team can add contacts" on public.contacts
  for insert to anon, authenticated with check (true);

drop policy if exists "the team can edit contacts" on public.contacts;
create policy "the team can edit contacts" on public.contacts
  for update to anon, authenticated using (true) with check (true);

drop policy if exists "events are readable by the team" on public.calendar_events;
create policy "events are readable by the team" on public.calendar_events
  for select to anon, authenticated using (true);

drop policy if exists "the team can add events" on public.calendar_events;
create policy "the team can add events" on public.calendar_events
  for insert to anon, authenticated with check (true);

-- Realtime: stream calendar changes to subscribed clients.
do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'calendar_events'
  ) then
    alter publication supabase_realtime add table public.calendar_events;
  end if;
end
$$;
