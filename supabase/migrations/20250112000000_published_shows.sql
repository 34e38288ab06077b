-- Published shows: a gig of the team's calendar put on the website, with what fans need to find it (the
-- venue and its address, the doors time in the venue's time zone, the ticket link and what it is, the
-- tickets' facts search engines show) and how it stands (scheduled, postponed, rescheduled from an
-- earlier start, sold out, cancelled). The build reads these with the anon key; everything else stays
-- the team's.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - One row per gig (event_id, a calendar_events row of type gig), named by an id fans' calendars keep
--   (the .ics file's name and UID: lower case, digits and dashes), never changed once made.
-- - The same rules as the content file's schema had (src/lib/content-schemas.ts): text that says
--   something, a country of two capitals, a currency of three, a price of at most two decimals, an
--   https ticket link, a real IANA time zone; tickets' availability and on-sale time only with a price.
-- - The anon role reads the public columns of published rows only: never the team's notes, the gig it
--   came from or an unpublished row; calendar_events stays the team's alone (add-only, as before).
-- - The team adds, changes and takes a show off the website, never deletes one; every change keeps the
--   version it replaced, whole (jsonb), in shows_history, which nobody writes; public.restore_show()
--   puts a kept version back as a new change, so a restore is itself undoable.

-- ---------------------------------------------------------------------------
-- Checks.

-- True for a time zone name of the IANA database that this server knows (Europe/Dublin,
-- America/Argentina/Buenos_Aires); abbreviations (IST) and POSIX strings (+01) are not names.
create or replace function private.is_time_zone(zone text)
returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  if zone is null or char_length(zone) > 64 or zone !~ '^[A-Za-z]+(/[A-Za-z0-9_+-]+)+$' then
    return false;
  end if;
  perform timestamptz '2000-01-01 00:00:00+00' at time zone zone;
  return true;
exception when others then
  return false;
end;
$$;

-- True for text a fan reads on the page: at most `longest` characters, something visible, no control
-- characters, and no bidirectional controls (private.without_bidi_controls(), 20250108000000), which would
-- make a venue's name show as other words.
create or replace function private.is_shown_line(value text, longest integer)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return char_length(value) <= longest
  and btrim(value) <> ''
  and value !~ '[[:cntrl:]]'
  and value = private.without_bidi_controls(value);

-- True for a whole https address with a host, as a visitor follows it.
create or replace function private.is_web_address(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return char_length(value) <= 2000
  and value ~ '^https://[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$';

revoke all on function private.is_time_zone(text) from public;
revoke all on function private.is_shown_line(text, integer) from public;
revoke all on function private.is_web_address(text) from public;
grant execute on function private.is_time_zone(text) to anon, authenticated, service_role;
grant execute on function private.is_shown_line(text, integer) to anon, authenticated, service_role;
grant execute on function private.is_web_address(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The table.

create table if not exists public.shows (
  id text primary key
    constraint shows_id_plain check (char_length(id) <= 100 and id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  event_id uuid not null unique references public.calendar_events (id),
  published boolean not null default true,
  venue_name text not null constraint shows_venue_name_shown check (private.is_shown_line(venue_name, 200)),
  venue_street text not null constraint shows_venue_street_shown check (private.is_shown_line(venue_street, 200)),
  venue_town text not null constraint shows_venue_town_shown check (private.is_shown_line(venue_town, 100)),
  venue_county text not null constraint shows_venue_county_shown check (private.is_shown_line(venue_county, 100)),
  venue_postal_code text not null
    constraint shows_venue_postal_code_shown check (private.is_shown_line(venue_postal_code, 20)),
  venue_country text not null constraint shows_venue_country_code check (venue_country ~ '^[A-Z]{2}$'),
  starts_at timestamptz not null,
  time_zone text not null default 'Europe/Dublin' constraint shows_time_zone_known check (private.is_time_zone(time_zone)),
  ticket_url text not null constraint shows_ticket_url_https check (private.is_web_address(ticket_url)),
  ticket_kind text not null constraint shows_ticket_kind_known check (ticket_kind in ('ticket', 'venue')),
  price numeric constraint shows_price_cents check (price >= 0 and price < 100000 and price = round(price, 2)),
  currency text constraint shows_currency_code check (currency ~ '^[A-Z]{3}$'),
  availability text
    constraint shows_availability_known check (availability in ('on-sale', 'few-left', 'sold-out', 'pre-sale')),
  on_sale_at timestamptz,
  status text not null default 'scheduled'
    constraint shows_status_known check (status in ('scheduled', 'postponed', 'rescheduled', 'sold-out', 'cancelled')),
  previous_starts_at timestamptz,
  notes text constraint shows_notes_limit check (char_length(notes) <= 2000),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint shows_price_with_currency check ((price is null) = (currency is null)),
  constraint shows_tickets_with_price check (price is not null or (availability is null and on_sale_at is null))
);

create index if not exists shows_starts_at_idx on public.shows (starts_at);

create table if not exists public.shows_history (
  show_id text not null references public.shows (id),
  version integer not null,
  -- The show as it was, every column of it.
  show jsonb not null,
  written_at timestamptz not null,
  replaced_at timestamptz not null default now(),
  primary key (show_id, version)
);

alter table public.shows enable row level security;
alter table public.shows_history enable row level security;

-- ---------------------------------------------------------------------------
-- What the team writes of a show: every column but those the database owns.
create or replace function private.show_values(show jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
return show - array['id', 'event_id', 'version', 'created_at', 'updated_at'];

revoke all on function private.show_values(jsonb) from public;
grant execute on function private.show_values(jsonb) to anon, authenticated, service_role;

-- A show is made from a gig of the calendar, one show per gig; the database owns its version and times.
-- Runs as the caller, who sees the gig only if the calendar admits them.
create or replace function private.shows_before_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select from public.calendar_events e where e.id = new.event_id and e.event_type = 'gig') then
    raise exception 'Only a gig of the calendar can be put on the website'
      using errcode = 'PT400',
            detail = format('Event %s is not a gig of the calendar.', new.event_id),
            hint = 'Add the gig to the calendar first, then put it on the website.';
  end if;
  new.version := 1;
  new.created_at := now();
  new.updated_at := now();
  return new;
end;
$$;

-- Ids and the gig never change; a real change is a new version.
create or replace function private.shows_before_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id or new.event_id is distinct from old.event_id then
    raise exception 'A show''s id and gig cannot be changed'
      using errcode = 'PT400',
            detail = format('Show %s stays show %s of the same gig.', old.id, old.id),
            hint = 'Fans'' calendars keep the id: change the venue, the time or the tickets instead.';
  end if;
  new.created_at := old.created_at;
  if private.show_values(to_jsonb(new)) = private.show_values(to_jsonb(old)) then
    new.version := old.version;
    new.updated_at := old.updated_at;
  else
    new.version := old.version + 1;
    new.updated_at := now();
  end if;
  return new;
end;
$$;

-- After a real change: keep the version it replaced, whole.
create or replace function private.shows_keep_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.version <> old.version then
    insert into public.shows_history (show_id, version, show, written_at, replaced_at)
    values (old.id, old.version, to_jsonb(old), old.updated_at, now());
  end if;
  return null;
end;
$$;

revoke all on function private.shows_before_insert() from public, anon, authenticated;
revoke all on function private.shows_before_update() from public, anon, authenticated;
revoke all on function private.shows_keep_history() from public, anon, authenticated;

drop trigger if exists shows_before_insert on public.shows;
create trigger shows_before_insert before insert on public.shows
  for each row execute function private.shows_before_insert();
drop trigger if exists shows_before_update on public.shows;
create trigger shows_before_update before update on public.shows
  for each row execute function private.shows_before_update();
drop trigger if exists shows_keep_history on public.shows;
create trigger shows_keep_history after update on public.shows
  for each row execute function private.shows_keep_history();

-- ---------------------------------------------------------------------------
-- Restore: a kept version's values become the show's again, as a new version (the one replaced is kept
-- in turn). Runs as the caller, so only the team's update admits it; answers the show as it now is.
create or replace function public.restore_show(show_id text, version integer)
returns setof public.shows
language plpgsql
security invoker
set search_path = ''
as $$
declare
  kept jsonb;
  current public.shows;
begin
  select h.show into kept from public.shows_history h
    where h.show_id = restore_show.show_id and h.version = restore_show.version;
  select * into current from public.shows s where s.id = restore_show.show_id;
  if kept is null or current.id is null then
    raise exception 'No such version of this show'
      using errcode = 'PT404',
            detail = format('Show %s has no version %s to restore.', restore_show.show_id, restore_show.version);
  end if;
  return query
    update public.shows s set
      (published, venue_name, venue_street, venue_town, venue_county, venue_postal_code, venue_country,
       starts_at, time_zone, ticket_url, ticket_kind, price, currency, availability, on_sale_at, status,
       previous_starts_at, notes) =
      (select r.published, r.venue_name, r.venue_street, r.venue_town, r.venue_county, r.venue_postal_code,
              r.venue_country, r.starts_at, r.time_zone, r.ticket_url, r.ticket_kind, r.price, r.currency,
              r.availability, r.on_sale_at, r.status, r.previous_starts_at, r.notes
         from jsonb_populate_record(current, private.show_values(kept)) r)
    where s.id = restore_show.show_id
    returning s.*;
end;
$$;

revoke all on function public.restore_show(text, integer) from public, anon, authenticated;
grant execute on function public.restore_show(text, integer) to authenticated;

-- ---------------------------------------------------------------------------
-- Grants and policies.

revoke all on public.shows from anon, authenticated;
revoke all on public.shows_history from anon, authenticated;

-- Fans (the anon key, which the build uses): the public columns of published shows.
grant select (
  id, venue_name, venue_street, venue_town, venue_county, venue_postal_code, venue_country, starts_at,
  time_zone, ticket_url, ticket_kind, price, currency, availability, on_sale_at, status, previous_starts_at
) on public.shows to anon;

-- The team: everything it reads, adds and changes; never a delete, never the database's own columns.
grant select on public.shows to authenticated;
grant insert (
  id, event_id, published, venue_name, venue_street, venue_town, venue_county, venue_postal_code,
  venue_country, starts_at, time_zone, ticket_url, ticket_kind, price, currency, availability, on_sale_at,
  status, previous_starts_at, notes
) on public.shows to authenticated;
grant update (
  published, venue_name, venue_street, venue_town, venue_county, venue_postal_code, venue_country,
  starts_at, time_zone, ticket_url, ticket_kind, price, currency, availability, on_sale_at, status,
  previous_starts_at, notes
) on public.shows to authenticated;
grant select on public.shows_history to authenticated;

drop policy if exists "fans read published shows" on public.shows;
create policy "fans read published shows" on public.shows
  for select to anon using (published);

drop policy if exists "the team reads shows" on public.shows;
create policy "the team reads shows" on public.shows
  for select to authenticated using ((select private.is_team_member()));

drop policy if exists "the team adds shows" on public.shows;
create policy "the team adds shows" on public.shows
  for insert to authenticated with check ((select private.is_team_member()));

drop policy if exists "the team changes shows" on public.shows;
create policy "the team changes shows" on public.shows
  for update to authenticated
  using ((select private.is_team_member())) with check ((select private.is_team_member()));

drop policy if exists "the team reads the shows' history" on public.shows_history;
create policy "the team reads the shows' history" on public.shows_history
  for select to authenticated using ((select private.is_team_member()));
