-- Published shows apart: the anon key reads the shows on the website from a table that holds nothing else.
-- Row-level security hid an unpublished show's row from the anon key, but not the planner's estimates: they come
-- from the statistics of the whole table, hidden rows included, and comparisons are leakproof, so RLS lets them
-- run before its filter. A hosted PostgREST answers such an estimate to anyone (`Prefer: count=planned`, or a
-- plan's row count), so the key could tell how many rows of public.shows fell in a town, a venue or a range of
-- dates: with twenty unannounced gigs in Cork, an estimate of 18 for Cork against 1 for a town with none. Dates,
-- towns and venues of a tour not yet announced could be found by halving the range.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - public.published_shows holds the public columns of the published shows (those the anon key could read of
--   public.shows: src/lib/show-columns.mjs), one row per show, by its id. Its statistics, and every estimate made
--   from them, know only of shows on the website, which anyone may read whole anyway.
-- - The database alone writes it: after every insert, update and delete of public.shows (restore_show() included,
--   which updates the show), a published show's row is written as the show now is, and a show not published, or
--   deleted, is removed. Nobody else may insert, change or delete a row of it.
-- - The anon key and the team read every row of it. The anon key loses every right on public.shows (and with it
--   every plan of it); the team reads, adds and changes shows there as before.

create table if not exists public.published_shows (
  id text primary key references public.shows (id) on delete cascade,
  venue_name text not null,
  venue_street text not null,
  venue_town text not null,
  venue_county text not null,
  venue_postal_code text not null,
  venue_country text not null,
  starts_at timestamptz not null,
  time_zone text not null,
  ticket_url text not null,
  ticket_kind text not null,
  price numeric,
  currency text,
  availability text,
  on_sale_at timestamptz,
  status text not null,
  previous_starts_at timestamptz
);

-- The build reads them earliest first.
create index if not exists published_shows_starts_at_idx on public.published_shows (starts_at);

alter table public.published_shows enable row level security;

-- A show's row as it now is, when it is published; none when it is not or is gone. Security definer: the table's
-- owner writes it whoever changed the show (the team's session, restore_show() as the caller, the service role).
create or replace function private.shows_published_copy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or not new.published then
    delete from public.published_shows p where p.id = (case when tg_op = 'DELETE' then old.id else new.id end);
    return null;
  end if;
  insert into public.published_shows as p (
    id, venue_name, venue_street, venue_town, venue_county, venue_postal_code, venue_country, starts_at,
    time_zone, ticket_url, ticket_kind, price, currency, availability, on_sale_at, status, previous_starts_at
  ) values (
    new.id, new.venue_name, new.venue_street, new.venue_town, new.venue_county, new.venue_postal_code,
    new.venue_country, new.starts_at, new.time_zone, new.ticket_url, new.ticket_kind, new.price, new.currency,
    new.availability, new.on_sale_at, new.status, new.previous_starts_at
  )
  on conflict (id) do update set
    (venue_name, venue_street, venue_town, venue_county, venue_postal_code, venue_country, starts_at, time_zone,
     ticket_url, ticket_kind, price, currency, availability, on_sale_at, status, previous_starts_at) =
    (excluded.venue_name, excluded.venue_street, excluded.venue_town, excluded.venue_county,
     excluded.venue_postal_code, excluded.venue_country, excluded.starts_at, excluded.time_zone,
     excluded.ticket_url, excluded.ticket_kind, excluded.price, excluded.currency, excluded.availability,
     excluded.on_sale_at, excluded.status, excluded.previous_starts_at)
  -- An update that changes nothing public (the team's notes) writes nothing.
  where row(p.*) is distinct from row(excluded.*);
  return null;
end;
$$;

revoke all on function private.shows_published_copy() from public, anon, authenticated;

drop trigger if exists shows_published_copy on public.shows;
create trigger shows_published_copy after insert or update or delete on public.shows
  for each row execute function private.shows_published_copy();

-- The shows published before this migration (and, run again, any the table is missing).
insert into public.published_shows (
  id, venue_name, venue_street, venue_town, venue_county, venue_postal_code, venue_country, starts_at,
  time_zone, ticket_url, ticket_kind, price, currency, availability, on_sale_at, status, previous_starts_at
)
select id, venue_name, venue_street, venue_town, venue_county, venue_postal_code, venue_country, starts_at,
       time_zone, ticket_url, ticket_kind, price, currency, availability, on_sale_at, status, previous_starts_at
from public.shows
where published
on conflict (id) do nothing;

-- ---------------------------------------------------------------------------
-- Grants and policies.

-- Anyone reads every row: each is a show on the website. Nobody writes one but the trigger above, not even the
-- service role (a row written by hand would be a show the team never published).
revoke all on public.published_shows from public, anon, authenticated, service_role;
grant select on public.published_shows to anon, authenticated, service_role;

drop policy if exists "anyone reads the published shows" on public.published_shows;
create policy "anyone reads the published shows" on public.published_shows
  for select to anon, authenticated using (true);

-- The anon key reads nothing of public.shows any more: no column (a revoke of the table's right takes its
-- columns' too), no row, no plan. The team's grants and policies there stay as they were.
revoke all on public.shows from anon;
drop policy if exists "fans read published shows" on public.shows;
