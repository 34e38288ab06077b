-- A fan's address on the list is the one the fan wrote, and nobody else can write it otherwise.
-- The list matches an address in any letter case (lower()), and a repeat took the spelling sent last: anyone who
-- knew a fan's address could rewrite it on the team's list in capitals, or with a letter that lower() reads as an
-- ASCII one and no mail reaches (the Kelvin sign, U+212A, for a K).
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - private.plain_address() now also refuses an address with such a letter: a non-ASCII character whose lower
--   case is ASCII. Such an address cannot be signed up first to keep the fan's own spelling off the list.
-- - private.fan_signup_before_insert(): a repeat keeps the address as first written, its id and date; only the
--   choice (all news, or the T-shirts) is the one made last, as the form promises. The held list keeps the first
--   spelling too. The address as sent is checked first, so a refused spelling of a listed address is refused as
--   a new one is: nothing tells who is on the list. A look-alike listed or held before this migration (the
--   table's check is not run again on the rows it passed) gives way to the plain spelling of its next repeat.
-- - The held sign-ups with a look-alike are cleared: the team adds or clears the held list in one action, and
--   one of them would make adding them all fail. None is a fan's own spelling: a plain one repeats after it.

create or replace function private.plain_address(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return value !~ '[\u0001-\u001f\u007f-\u009f]'
  and value !~ '[][<>()\\,;:"]'
  and private.visible_text(value) = value
  -- As many characters beyond ASCII in lower case as written: none of them turns into an ASCII letter.
  and length(regexp_replace(value, '[\u0001-\u007f]', '', 'g'))
    = length(regexp_replace(lower(value), '[\u0001-\u007f]', '', 'g'));

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
  -- The address as sent is checked first, as the table's check would check a new one: a repeat (whose row
  -- keeps the address as first written) is refused for it exactly as a new address is, so a refusal says
  -- nothing of who is on the list.
  if not private.plain_address(btrim(new.email)) then
    raise exception 'new row for relation "fan_signups" violates check constraint "fan_signups_email_plain"'
      using errcode = '23514';
  end if;
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
        on conflict (lower(email)) do update set interest = excluded.interest,
          email = case when private.plain_address(fan_signups_held.email) then fan_signups_held.email
                  else excluded.email end;
      return null;
    end if;
  end if;
  new.email := btrim(new.email);
  -- Already on the list: the earlier row makes way, and its id, date and address as first written go on in the
  -- new one (only the choice is the one made last).
  delete from public.fan_signups where lower(email) = lower(new.email) returning * into earlier;
  if found then
    new.id := earlier.id;
    new.created_at := earlier.created_at;
    -- A spelling taken before look-alikes were refused gives way to the one sent, which is plain.
    if private.plain_address(earlier.email) then
      new.email := earlier.email;
    end if;
  end if;
  return new;
end
$$;

revoke all on function private.fan_signup_before_insert() from public;

-- Look-alikes held before this migration: cleared (see above).
delete from public.fan_signups_held where not private.plain_address(email);
