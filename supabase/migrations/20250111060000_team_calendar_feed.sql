-- The team's calendar on every phone: a secret address a calendar app subscribes to.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - One address at a time. public.new_calendar_feed_address() (the team only) ends the address there
--   was, at once, and returns the new secret: the only time it is ever seen. The database keeps its
--   SHA-256 alone (private.calendar_feed), which nobody can read through the API.
-- - public.team_calendar_feed(secret, client) is what the feed's function calls with the anon key: the
--   feed's entries as JSON for the current secret, null for any other (the function answers 404).
-- - Guesses are refused per client, without slowing the team: a client whose wrong secrets reach
--   `per_client_per_minute` in any 60 seconds is answered 429 (with Retry-After, and no check of what it
--   sends) until the oldest leaves the minute. The client is the address the request came from
--   (private.request_client(), as for fan sign-ups) together with the visitor's address that a relay
--   such as the feed's own function names in `client`: a relay's visitors each have their own
--   allowance, and a caller that names a new visitor every time is still held by `per_caller_per_minute`
--   wrong secrets from its own address, past which its wrong secrets are answered 429 while the right
--   one is still served (so a flood through the relay never locks the team out). Right secrets are
--   never counted.
-- - Each event carries `sequence`, raised by every change to it, and `updated_at`: what a subscribed
--   calendar needs to take a changed event for the newer version. Events are add-only in the app today.
-- - The feed's entries come from private.team_feed_entries, a view with one row per entry; other kinds
--   of entry (shows put on the website) join it with a union of the same columns.

-- ---------------------------------------------------------------------------
-- A version per event.

alter table public.calendar_events add column if not exists sequence integer not null default 0 check (sequence >= 0);
alter table public.calendar_events add column if not exists updated_at timestamptz not null default now();
update public.calendar_events set updated_at = created_at where updated_at <> created_at and sequence = 0;

create or replace function private.calendar_event_next_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.sequence := old.sequence + 1;
  new.updated_at := greatest(clock_timestamp(), old.updated_at);
  return new;
end;
$$;

revoke all on function private.calendar_event_next_version() from public;

drop trigger if exists calendar_event_next_version on public.calendar_events;
create trigger calendar_event_next_version before update on public.calendar_events
  for each row execute function private.calendar_event_next_version();

-- An insert starts at version 0, whatever a caller sends (the API roles are granted the app's columns only).
create or replace function private.calendar_event_first_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.sequence := 0;
  new.updated_at := clock_timestamp();
  return new;
end;
$$;

revoke all on function private.calendar_event_first_version() from public;

drop trigger if exists calendar_event_first_version on public.calendar_events;
create trigger calendar_event_first_version before insert on public.calendar_events
  for each row execute function private.calendar_event_first_version();

-- ---------------------------------------------------------------------------
-- The address's secret, as its hash, and the allowances on guessing it.

create table if not exists private.calendar_feed (
  id boolean primary key default true check (id),
  secret_sha256 bytea not null check (octet_length(secret_sha256) = 32),
  made_at timestamptz not null default now()
);
alter table private.calendar_feed enable row level security;
revoke all on private.calendar_feed from public, anon, authenticated, service_role;

create table if not exists private.calendar_feed_limits (
  id boolean primary key default true check (id),
  per_client_per_minute integer not null default 10 check (per_client_per_minute >= 0),
  per_caller_per_minute integer not null default 300 check (per_caller_per_minute >= 0)
);
insert into private.calendar_feed_limits default values on conflict (id) do nothing;
alter table private.calendar_feed_limits enable row level security;
revoke all on private.calendar_feed_limits from public, anon, authenticated, service_role;

-- Wrong secrets of the last minute: by client (caller and named visitor) and by caller.
create table if not exists private.calendar_feed_misses (
  id bigint generated always as identity primary key,
  caller text not null,
  client text not null,
  missed_at timestamptz not null
);
create index if not exists calendar_feed_misses_client_idx on private.calendar_feed_misses (client, missed_at);
create index if not exists calendar_feed_misses_caller_idx on private.calendar_feed_misses (caller, missed_at);
alter table private.calendar_feed_misses enable row level security;
revoke all on private.calendar_feed_misses from public, anon, authenticated, service_role;
revoke all on sequence private.calendar_feed_misses_id_seq from public, anon, authenticated, service_role;

-- A visitor's address as an allowance's key, the way private.request_client() keys the caller: an IPv6
-- address by its /64, an IPv4 address written as IPv6 as itself. Null for anything that is not an address.
create or replace function private.client_address_key(given text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  address inet;
begin
  if given is null or char_length(given) > 100 then
    return null;
  end if;
  begin
    address := btrim(given)::inet;
  exception when others then
    return null;
  end;
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := substring(host(address) from '([^:]*)$')::inet;
  end if;
  if family(address) = 6 then
    return network(set_masklen(address, 64))::text;
  end if;
  return host(address);
end;
$$;

revoke all on function private.client_address_key(text) from public;

-- The SHA-256 of a secret as the address carries it. Secrets are 64 lowercase hex digits; anything
-- longer is not one and is not hashed (a huge "secret" costs nothing).
create or replace function private.calendar_feed_hash(secret text)
returns bytea
language sql
immutable
set search_path = ''
return case when char_length(secret) between 1 and 200 then sha256(convert_to(secret, 'UTF8')) end;

revoke all on function private.calendar_feed_hash(text) from public;

-- ---------------------------------------------------------------------------
-- What the feed lists: one row per entry. A union of the same columns adds other kinds of entry.
--   id          stable, unique among all entries (the UID is made of it)
--   kind        'event' (a team calendar event) or another kind
--   title, description, location, category
--   all_day     true: start_day to end_day inclusive; false: starts_at to ends_at in time_zone
--   status      'CONFIRMED', 'TENTATIVE' or 'CANCELLED'
--   sequence    raised by every change; updated_at the time of the last
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
from public.calendar_events e;

revoke all on private.team_feed_entries from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The two functions the API roles may call.

-- A new address for the team: ends the one there was and returns the new secret (64 hex digits, 244
-- random bits from two version 4 UUIDs). Anyone else is refused: anon cannot execute it (HTTP 401), another
-- signed-in account gets SQLSTATE 42501 (HTTP 403).
create or replace function public.new_calendar_feed_address()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  secret text := encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'hex');
begin
  if not (select private.is_team_member()) then
    raise exception 'Only the team may make the calendar''s address'
      using errcode = '42501', hint = 'Sign in to the team account.';
  end if;
  insert into private.calendar_feed (id, secret_sha256, made_at)
    values (true, private.calendar_feed_hash(secret), clock_timestamp())
    on conflict (id) do update set secret_sha256 = excluded.secret_sha256, made_at = excluded.made_at;
  return secret;
end;
$$;

revoke all on function public.new_calendar_feed_address() from public, anon, authenticated;
grant execute on function public.new_calendar_feed_address() to authenticated;

-- When the current address was made (null when there is none), for the team's page; refused to anyone else.
create or replace function public.calendar_feed_made_at()
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_team_member()) then
    raise exception 'Only the team may see the calendar''s address'
      using errcode = '42501', hint = 'Sign in to the team account.';
  end if;
  return (select made_at from private.calendar_feed);
end;
$$;

revoke all on function public.calendar_feed_made_at() from public, anon, authenticated;
grant execute on function public.calendar_feed_made_at() to authenticated;

-- The feed for `secret`: {"made_at": ..., "entries": [...]} (the columns of private.team_feed_entries,
-- by start), or null when it is not the current address's. `client` is the visitor's address when a
-- relay calls on a visitor's behalf. A refused guess is answered 429 with Retry-After (response.status,
-- so the count it adds is kept) and null.
create or replace function public.team_calendar_feed(secret text, client text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  at_time timestamptz := clock_timestamp();
  limits private.calendar_feed_limits;
  caller_key text := private.request_client();
  client_key text;
  from_client timestamptz[];
  from_caller timestamptz[];
  admits_at timestamptz;
  feed private.calendar_feed;
begin
  client_key := caller_key || coalesce(' for ' || private.client_address_key(client), '');
  select * into limits from private.calendar_feed_limits where id;
  delete from private.calendar_feed_misses where missed_at <= at_time - interval '1 minute';
  from_client := array(select m.missed_at from private.calendar_feed_misses m where m.client = client_key);
  if cardinality(from_client) >= limits.per_client_per_minute then
    admits_at := private.allowance_admits_at(from_client, limits.per_client_per_minute, interval '1 minute');
  else
    select * into feed from private.calendar_feed
      where id and secret_sha256 = private.calendar_feed_hash(secret);
    if found then
      return jsonb_build_object(
        'made_at', feed.made_at,
        'entries', coalesce((
          select jsonb_agg(to_jsonb(e) order by coalesce(e.starts_at, e.start_day::timestamp at time zone 'UTC'), e.id)
          from private.team_feed_entries e
        ), '[]'::jsonb)
      );
    end if;
    from_caller := array(select m.missed_at from private.calendar_feed_misses m where m.caller = caller_key);
    if cardinality(from_caller) < limits.per_caller_per_minute then
      insert into private.calendar_feed_misses (caller, client, missed_at) values (caller_key, client_key, at_time);
      return null;
    end if;
    admits_at := private.allowance_admits_at(from_caller, limits.per_caller_per_minute, interval '1 minute');
  end if;
  perform set_config('response.status', '429', true);
  perform set_config('response.headers', jsonb_build_array(jsonb_build_object('Retry-After',
    greatest(1, ceil(extract(epoch from coalesce(admits_at, at_time + interval '1 minute') - at_time)))::integer::text
  ))::text, true);
  return null;
end;
$$;

revoke all on function public.team_calendar_feed(text, text) from public, anon, authenticated;
grant execute on function public.team_calendar_feed(text, text) to anon, authenticated;

revoke all on function private.calendar_feed_hash(text) from anon, authenticated;
