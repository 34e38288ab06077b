-- Fan sign-ups that tell nobody who is on the list, and removals one at a time.
--
-- - A repeated address (any letter case) used to be dropped by the BEFORE INSERT trigger. That made
--   an insert of no row: its Content-Range (and its count, with Prefer: count=exact on a hosted
--   project) differed from a new address's, and a sign-up with a bad choice answered 201 for an
--   address on the list but 400 for one that is not. Now every sign-up the checks accept inserts
--   exactly one row: a repeat takes the place of the earlier row, keeping its id and its date and
--   taking the new choice, so a fan can change what they hear about by signing up again. The
--   checks see the values sent, whether or not the address is on the list.
-- - The team removes one sign-up per request (the /fans page never removes more), so a session in
--   the wrong hands cannot empty the list with one call. SQLSTATE PT400 answers HTTP 400.

create or replace function private.fan_signup_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits public.fan_signups_limits;
  last_minute integer;
  earlier public.fan_signups;
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

create or replace function private.fan_signups_one_removal_per_request()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and (select count(*) from removed) > 1 then
    raise exception 'One request may remove at most 1 sign-up'
      using errcode = 'PT400', hint = 'Remove the addresses one at a time.';
  end if;
  return null;
end
$$;

revoke all on function private.fan_signups_one_removal_per_request() from public;

drop trigger if exists fan_signups_one_removal_per_request on public.fan_signups;
create trigger fan_signups_one_removal_per_request
  after delete on public.fan_signups
  referencing old table as removed
  for each statement execute function private.fan_signups_one_removal_per_request();
