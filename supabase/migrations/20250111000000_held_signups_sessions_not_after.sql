-- Fan sign-ups past the shared backstop are held for the team rather than refused, repeats of one address
-- count once towards the backstop, sign-up addresses show what they hold, and a session past its
-- not_after is over. Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - The shared backstop (`per_minute`, 600) counts distinct addresses: 600 sign-ups repeating one junk
--   address count as one, so they keep nobody out.
-- - Past the backstop, a sign-up its own client's allowance admits is kept aside in
--   public.fan_signups_held instead of refused: a stranger holding many client addresses fills the held
--   list, not the door, and no fan is turned away. It is answered as a sign-up is (HTTP 201, no row
--   returned), and its attempt counts for its client's allowance. At most `held_per_day` addresses
--   (1,000) are held in any 24 hours; past that ceiling a sign-up past the backstop is refused 429 with
--   Retry-After and counted, as before. A held address held again (any letter case) takes the choice made
--   last and keeps its place, and stays held until the team decides.
-- - The team reads the held list (its session only) and, with public.fan_signups_release_held(accept), in
--   one call either accepts every held address onto the list (a repeat of an address on the list merges
--   with it, as a sign-up does) or clears them all; it answers how many it released.
-- - Sign-up addresses, listed and held, hold no control character, bidirectional control (which shows
--   `a\u202egnp.exe@x.co` reversed, on /fans and in the CSV), zero-width or other invisible character,
--   nor a combining mark: the checks contacts' ids get. Addresses stored before are left as they are.
-- - A session of Supabase Auth past its not_after (set when a project limits how long sessions last) is
--   over for the team's rights too, as Auth refuses its refresh.

-- ---------------------------------------------------------------------------
-- Sessions past their not_after.

create or replace function private.session_is_live()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from auth.sessions s
    where s.id = case
        when (select auth.jwt()) ->> 'session_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then ((select auth.jwt()) ->> 'session_id')::uuid
      end
      and s.user_id::text = (select auth.jwt()) ->> 'sub'
      and (s.not_after is null or s.not_after > now())
  )
$$;

revoke all on function private.session_is_live() from public;
grant execute on function private.session_is_live() to anon, authenticated;

-- ---------------------------------------------------------------------------
-- Addresses that show what they hold.

create or replace function private.plain_address(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return value !~ '[\u0001-\u001f\u007f-\u009f]' and private.visible_text(value) = value;

revoke all on function private.plain_address(text) from public;
grant execute on function private.plain_address(text) to anon, authenticated, service_role;

alter table public.fan_signups drop constraint if exists fan_signups_email_plain;
alter table public.fan_signups add constraint fan_signups_email_plain check (private.plain_address(email)) not valid;

-- ---------------------------------------------------------------------------
-- The held list.

create table if not exists public.fan_signups_held (
  id uuid primary key default gen_random_uuid(),
  email text not null
    check (char_length(email) between 3 and 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$')
    check (private.plain_address(email)),
  interest text not null default 'all' check (interest in ('all', 'tshirts')),
  created_at timestamptz not null default now()
);
create unique index if not exists fan_signups_held_email_key on public.fan_signups_held (lower(email));
create index if not exists fan_signups_held_created_at_idx on public.fan_signups_held (created_at desc);

alter table public.fan_signups_held enable row level security;
revoke all on public.fan_signups_held from anon, authenticated, service_role;
grant select on public.fan_signups_held to authenticated;
grant all on public.fan_signups_held to service_role;

drop policy if exists "only the team reads held sign-ups" on public.fan_signups_held;
create policy "only the team reads held sign-ups" on public.fan_signups_held
  for select to authenticated using ((select private.is_team_member()));

alter table public.fan_signups_limits
  add column if not exists held_per_day integer not null default 1000 check (held_per_day >= 0);
grant update (held_per_day) on public.fan_signups_limits to service_role;

-- Each attempt's address, as a hash of its lower case, so the backstop counts distinct addresses; an
-- attempt without one (a request refused before it named an address) counts for its client only.
alter table public.fan_signups_attempts add column if not exists address_key text;

create or replace function private.fan_signup_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits public.fan_signups_limits;
  at_time timestamptz := clock_timestamp();
  client_key text;
  address_hash text;
  from_client timestamptz[];
  addresses integer;
  known boolean;
  held_today integer;
  admits_at timestamptz;
  earlier public.fan_signups;
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and current_setting('stagedoor.releasing_held', true) is distinct from 'on' then
    if private.row_of_statement('stagedoor.fan_signups_sent') > 1 then
      raise exception 'One request may add at most 1 sign-up'
        using errcode = 'PT400', hint = 'Send one address a request.';
    end if;
    -- One attempt at a time, so concurrent sign-ups count each other.
    select * into limits from public.fan_signups_limits where id for update;
    delete from public.fan_signups_attempts where attempted_at <= at_time - interval '1 minute';
    client_key := private.request_client();
    address_hash := md5(lower(btrim(new.email)));
    from_client := array(select a.attempted_at from public.fan_signups_attempts a where a.client = client_key);
    if cardinality(from_client) >= limits.per_client_per_minute then
      -- The client's own allowance is spent: refused, as before.
      admits_at := private.allowance_admits_at(from_client, limits.per_client_per_minute, interval '1 minute');
      perform private.fan_signup_refuse(at_time, admits_at);
      return null;
    end if;
    select count(distinct a.address_key), coalesce(bool_or(a.address_key = address_hash), false)
      into addresses, known
      from public.fan_signups_attempts a where a.address_key is not null;
    insert into public.fan_signups_attempts (attempted_at, client, address_key) values (at_time, client_key, address_hash);
    if (addresses >= limits.per_minute and not known)
       or exists (select from public.fan_signups_held h where lower(h.email) = lower(btrim(new.email))) then
      -- Past the backstop, or held already: kept aside for the team, within the day's ceiling.
      select count(*) into held_today from public.fan_signups_held where created_at > at_time - interval '1 day';
      if held_today >= limits.held_per_day
         and not exists (select from public.fan_signups_held h where lower(h.email) = lower(btrim(new.email))) then
        perform private.fan_signup_refuse(at_time, null);
        return null;
      end if;
      insert into public.fan_signups_held (email, interest, created_at)
        values (btrim(new.email), new.interest, at_time)
        on conflict (lower(email)) do update set interest = excluded.interest;
      return null;
    end if;
  end if;
  new.email := btrim(new.email);
  -- Already on the list: the earlier row makes way, and its id and date go on in the new one.
  delete from public.fan_signups where lower(email) = lower(new.email) returning * into earlier;
  if found then
    new.id := earlier.id;
    new.created_at := earlier.created_at;
  end if;
  return new;
end
$$;

revoke all on function private.fan_signup_before_insert() from public;

-- A refusal answered 429 without an exception (so it is kept): Retry-After says when to come back (in a
-- minute when `admits_at` is null), and the refusal is counted by the minute for the team.
create or replace function private.fan_signup_refuse(at_time timestamptz, admits_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('response.status', '429', true);
  perform set_config('response.headers', jsonb_build_array(jsonb_build_object('Retry-After',
    greatest(1, ceil(extract(epoch from coalesce(admits_at, at_time + interval '1 minute') - at_time)))::integer::text
  ))::text, true);
  insert into private.fan_signups_refusals (minute, refused) values (date_trunc('minute', at_time), 1)
    on conflict (minute) do update set refused = fan_signups_refusals.refused + 1;
  delete from private.fan_signups_refusals where minute <= at_time - interval '25 hours';
end;
$$;

revoke all on function private.fan_signup_refuse(timestamptz, timestamptz) from public;

-- A request to fan_signups refused before it could be read as one sign-up (too large, not JSON, a batch)
-- still spends its client's allowance: the local backend records it here, as the owner. (On a hosted
-- project PostgREST reads such a body whole and rolls its attempt back with the refusal.)
create or replace function private.fan_signup_spend_refused()
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.fan_signups_attempts (attempted_at, client) values (clock_timestamp(), private.request_client())
$$;

revoke all on function private.fan_signup_spend_refused() from public;

-- The team's one action on the held list: accept every held address onto the list, or clear them all.
-- Answers how many were released. Anyone else is refused, as fan_signups_refused() refuses them.
create or replace function public.fan_signups_release_held(accept boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  released integer;
begin
  if not (select private.is_team_member()) then
    raise exception 'Only the team may accept or clear held sign-ups'
      using errcode = '42501', hint = 'Sign in to the team account.';
  end if;
  if accept is null then
    raise exception 'Say whether to accept (true) or clear (false) the held sign-ups' using errcode = '22023';
  end if;
  -- The held rows are locked, so two releases at once release each address once.
  perform from public.fan_signups_held for update;
  if accept then
    perform set_config('stagedoor.releasing_held', 'on', true);
    insert into public.fan_signups (email, interest, created_at)
      select email, interest, created_at from public.fan_signups_held order by created_at;
    perform set_config('stagedoor.releasing_held', 'off', true);
  end if;
  delete from public.fan_signups_held;
  get diagnostics released = row_count;
  return released;
end;
$$;

revoke all on function public.fan_signups_release_held(boolean) from public, anon, authenticated;
grant execute on function public.fan_signups_release_held(boolean) to authenticated;
