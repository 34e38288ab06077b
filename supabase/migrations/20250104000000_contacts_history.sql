-- Contacts: nothing is ever lost. Every change keeps the previous version in contacts_history,
-- a version number makes saves conditional (no silent overwrite), ids never change, names and
-- roles are never blank, and a flood guard caps new contacts from visitors.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.

-- ---------------------------------------------------------------------------
-- Version marker: set by the database, never by clients (no column grant), so a save can say
-- "update ... where id = $id and version = $draftVersion" and learn from zero rows that someone
-- else changed the contact meanwhile.
alter table public.contacts add column if not exists version integer;
alter table public.contacts add column if not exists updated_at timestamptz;
update public.contacts set version = 1 where version is null;
update public.contacts set updated_at = created_at where updated_at is null;
alter table public.contacts alter column version set default 1;
alter table public.contacts alter column version set not null;
alter table public.contacts alter column updated_at set default now();
alter table public.contacts alter column updated_at set not null;

-- ---------------------------------------------------------------------------
-- History: one row per replaced version, written only by the trigger below.
create table if not exists public.contacts_history (
  history_id bigint generated always as identity primary key,
  contact_id text not null,
  version integer not null,
  name text not null,
  role text not null,
  email text,
  phone text,
  -- When this version was written, and when a newer one replaced it.
  written_at timestamptz not null,
  replaced_at timestamptz not null default now()
);

create index if not exists contacts_history_contact_idx on public.contacts_history (contact_id, version desc);
create index if not exists contacts_history_replaced_at_idx on public.contacts_history (replaced_at);

-- Readable by the team, writable by nobody but the trigger: no insert, update, delete or
-- truncate grant to any API role (row-level security does not cover TRUNCATE; the grants do).
alter table public.contacts_history enable row level security;
revoke all on public.contacts_history from anon, authenticated, service_role;
grant select on public.contacts_history to anon, authenticated, service_role;

drop policy if exists "contact history is readable by the team" on public.contacts_history;
create policy "contact history is readable by the team" on public.contacts_history
  for select to anon, authenticated using (true);

-- ---------------------------------------------------------------------------
-- Before an insert: the database owns version and updated_at.
create or replace function public.contacts_before_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.version := 1;
  new.updated_at := now();
  return new;
end;
$$;

-- Before an update: ids never change; a real change bumps the version, an update that changes
-- nothing leaves the row as it was (and records nothing).
create or replace function public.contacts_before_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id then
    raise exception 'A contact''s id cannot be changed'
      using errcode = 'PT400',
            detail = format('Contact %s cannot become %s.', old.id, new.id),
            hint = 'Update the contact''s name, role, email or phone instead.';
  end if;
  new.created_at := old.created_at;
  if (new.name, new.role, new.email, new.phone) is not distinct from (old.name, old.role, old.email, old.phone) then
    new.version := old.version;
    new.updated_at := old.updated_at;
  else
    new.version := old.version + 1;
    new.updated_at := now();
  end if;
  return new;
end;
$$;

-- After a real change: keep the version it replaced. Security definer, because no API role may
-- write the history table itself.
create or replace function public.contacts_keep_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.contacts_history (contact_id, version, name, role, email, phone, written_at, replaced_at)
  values (old.id, old.version, old.name, old.role, old.email, old.phone, old.updated_at, now());
  return null;
end;
$$;

-- Trigger functions only; hosted projects grant new functions to the API roles by default.
revoke all on function public.contacts_before_insert() from public, anon, authenticated;
revoke all on function public.contacts_before_update() from public, anon, authenticated;
revoke all on function public.contacts_keep_history() from public, anon, authenticated;

drop trigger if exists contacts_before_insert on public.contacts;
create trigger contacts_before_insert before insert on public.contacts
  for each row execute function public.contacts_before_insert();

drop trigger if exists contacts_before_update on public.contacts;
create trigger contacts_before_update before update on public.contacts
  for each row execute function public.contacts_before_update();

drop trigger if exists contacts_keep_history on public.contacts;
create trigger contacts_keep_history after update on public.contacts
  for each row when (old.version is distinct from new.version)
  execute function public.contacts_keep_history();

-- ---------------------------------------------------------------------------
-- No blank cards. Rows saved before this rule with a blank name or role get a placeholder, so
-- the check can be validated for every row (an old blank card stays editable); the blank
-- version is kept in the history like any other change.
update public.contacts set name = '(no name)' where btrim(name, E' \t\r\n\u00a0') = '';
update public.contacts set role = '(no role)' where btrim(role, E' \t\r\n\u00a0') = '';

alter table public.contacts drop constraint if exists contacts_name_not_blank;
alter table public.contacts add constraint contacts_name_not_blank check (btrim(name, E' \t\r\n\u00a0') <> '');
alter table public.contacts drop constraint if exists contacts_role_not_blank;
alter table public.contacts add constraint contacts_role_not_blank check (btrim(role, E' \t\r\n\u00a0') <> '');

-- ---------------------------------------------------------------------------
-- Flood guard: at most `per_minute` new contacts in any 60 seconds and `per_day` in any
-- 24 hours, from all visitors together. The limits live in one row the service role (or the
-- dashboard's SQL editor) may change:
--   update public.contacts_limits set per_minute = 60, per_day = 1000;
create table if not exists public.contacts_limits (
  id boolean primary key default true check (id),
  per_minute integer not null default 60 check (per_minute >= 0),
  per_day integer not null default 1000 check (per_day >= 0)
);
insert into public.contacts_limits (id) values (true) on conflict (id) do nothing;

-- When each counted contact was added (kept for a day); written only by the guard.
create table if not exists public.contacts_insert_log (
  id bigint generated always as identity primary key,
  inserted_at timestamptz not null
);
create index if not exists contacts_insert_log_inserted_at_idx on public.contacts_insert_log (inserted_at);

alter table public.contacts_limits enable row level security;
alter table public.contacts_insert_log enable row level security;
revoke all on public.contacts_limits, public.contacts_insert_log from anon, authenticated, service_role;
grant select, update (per_minute, per_day) on public.contacts_limits to service_role;
grant select on public.contacts_insert_log to service_role;

-- After each inserted row (an upsert that only updates is not a new contact). The settings
-- row is locked first, so concurrent inserts are counted one after another. The service role
-- (server-side imports) and direct database sessions are not limited.
create or replace function public.contacts_flood_guard() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits public.contacts_limits;
  at_time timestamptz := clock_timestamp();
  last_minute integer;
  last_day integer;
begin
  if coalesce(current_setting('role', true), 'none') in ('none', 'service_role', 'postgres', 'supabase_admin') then
    return null;
  end if;
  select * into limits from public.contacts_limits where id for update;
  if not found then
    return null;
  end if;
  delete from public.contacts_insert_log where inserted_at <= at_time - interval '1 day';
  select count(*) filter (where inserted_at > at_time - interval '1 minute'), count(*)
    into last_minute, last_day
    from public.contacts_insert_log;
  if last_minute >= limits.per_minute then
    raise exception 'Too many new contacts: at most % a minute', limits.per_minute
      using errcode = 'PT429', hint = 'Try again in a minute.';
  end if;
  if last_day >= limits.per_day then
    raise exception 'Too many new contacts: at most % a day', limits.per_day
      using errcode = 'PT429', hint = 'Try again tomorrow.';
  end if;
  insert into public.contacts_insert_log (inserted_at) values (at_time);
  return null;
end;
$$;

revoke all on function public.contacts_flood_guard() from public, anon, authenticated;

drop trigger if exists contacts_flood_guard on public.contacts;
create trigger contacts_flood_guard after insert on public.contacts
  for each row execute function public.contacts_flood_guard();
