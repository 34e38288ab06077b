-- Fans' sign-ups for news (the form on /listen). Anyone may add an address; nobody but the team reads
-- one. Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - The anon role (every visitor) may only INSERT, and only the e-mail and the choice: id and
--   created_at are the server's, and without SELECT no visitor reads a row, even their own.
-- - A second sign-up with an address already on the list (any letter case) answers 201 like the first
--   and changes nothing: a BEFORE INSERT trigger drops it. A unique index would answer 409 and tell a
--   visitor who is on the list.
-- - Flood guard: at most `per_minute` attempts (new and repeated addresses alike, so the cap reveals
--   nothing either) in any 60 seconds from all visitors together, answered 429 (SQLSTATE PT429).
-- - The team's session (private.is_team_member(), 20250103000000_team_only_calendar.sql) reads the list
--   and removes an address; it has no UPDATE.

create table if not exists public.fan_signups (
  id uuid primary key default gen_random_uuid(),
  -- The same rule as the form (src/features/signup/signup.ts): at most 254 characters, a name, an @
  -- and a dotted domain, no spaces.
  email text not null
    check (char_length(email) between 3 and 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  -- What the fan asked to hear about: all news, or only the T-shirts.
  interest text not null default 'all' check (interest in ('all', 'tshirts')),
  created_at timestamptz not null default now()
);

-- One row per address whatever its case; the trigger below keeps repeats from reaching it.
create unique index if not exists fan_signups_email_key on public.fan_signups (lower(email));
create index if not exists fan_signups_created_at_idx on public.fan_signups (created_at desc);

alter table public.fan_signups enable row level security;

revoke all on public.fan_signups from anon, authenticated;
grant insert (email, interest) on public.fan_signups to anon, authenticated;
grant select, delete on public.fan_signups to authenticated;
grant all on public.fan_signups to service_role;

drop policy if exists "anyone can sign up" on public.fan_signups;
create policy "anyone can sign up" on public.fan_signups
  for insert to anon, authenticated with check (true);

drop policy if exists "only the team reads sign-ups" on public.fan_signups;
create policy "only the team reads sign-ups" on public.fan_signups
  for select to authenticated using ((select private.is_team_member()));

drop policy if exists "only the team removes sign-ups" on public.fan_signups;
create policy "only the team removes sign-ups" on public.fan_signups
  for delete to authenticated using ((select private.is_team_member()));

-- The flood guard's setting, one row the service role (or a test) may change:
--   update public.fan_signups_limits set per_minute = 60;
create table if not exists public.fan_signups_limits (
  id boolean primary key default true check (id),
  per_minute integer not null default 60 check (per_minute >= 0)
);
insert into public.fan_signups_limits (id) values (true) on conflict (id) do nothing;

-- When each attempt came, for the guard; rows older than a minute are pruned as new ones come.
create table if not exists public.fan_signups_attempts (
  attempted_at timestamptz not null default clock_timestamp()
);
create index if not exists fan_signups_attempts_at_idx on public.fan_signups_attempts (attempted_at);

alter table public.fan_signups_limits enable row level security;
alter table public.fan_signups_attempts enable row level security;
revoke all on public.fan_signups_limits, public.fan_signups_attempts from anon, authenticated, service_role;
grant select, update (per_minute) on public.fan_signups_limits to service_role;

-- Runs as its owner (security definer), since the caller may neither read the list nor touch the guard's
-- tables. Service-role writes and direct database sessions are not limited.
create or replace function private.fan_signup_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits public.fan_signups_limits;
  last_minute integer;
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') then
    -- One attempt at a time, so concurrent sign-ups count each other.
    select * into limits from public.fan_signups_limits where id for update;
    delete from public.fan_signups_attempts where attempted_at < clock_timestamp() - interval '1 minute';
    select count(*) into last_minute from public.fan_signups_attempts;
    if last_minute >= limits.per_minute then
      raise exception 'Too many sign-ups: at most % a minute', limits.per_minute
        using errcode = 'PT429', hint = 'Try again in a minute.';
    end if;
    insert into public.fan_signups_attempts default values;
  end if;
  new.email := btrim(new.email);
  -- Already on the list: keep the row as it is and answer as if it were new.
  if exists (select 1 from public.fan_signups where lower(email) = lower(new.email)) then
    return null;
  end if;
  return new;
end
$$;

revoke all on function private.fan_signup_before_insert() from public;

drop trigger if exists fan_signups_before_insert on public.fan_signups;
create trigger fan_signups_before_insert
  before insert on public.fan_signups
  for each row execute function private.fan_signup_before_insert();
