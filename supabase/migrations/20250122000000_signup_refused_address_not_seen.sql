-- A sign-up refused past the day's ceiling of held addresses no longer makes its address one "seen this minute".
-- Past the backstop, a repeat of an address seen in the last minute reaches the list (a fan sending the form twice
-- is one address, not a new one to hold). But a refused attempt was recorded with its address too, so sending a
-- refused address a second time let it onto the list: with the backstop and the day's ceiling both full, any
-- number of clients could each add addresses by sending each one twice (the first 429, the second 201).
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - private.fan_signup_before_insert() forgets the address of the attempt it refuses at the ceiling; the attempt
--   still counts against its client's allowance, as every attempt does.

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
  -- The address as sent is checked first, as the table's checks would check a new one: a repeat (whose row
  -- keeps the address as first written) is refused for it exactly as a new address is, so a refusal says
  -- nothing of who is on the list.
  if not private.plain_address(btrim(new.email)) then
    raise exception 'new row for relation "fan_signups" violates check constraint "fan_signups_email_plain"'
      using errcode = '23514';
  end if;
  if not private.deliverable_address(btrim(new.email)) then
    raise exception 'new row for relation "fan_signups" violates check constraint "fan_signups_email_deliverable"'
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
        -- Refused, the address is no address seen this minute: sent again, it is refused again, not let onto the
        -- list as a repeat of one taken (its attempt still counts against its client).
        update public.fan_signups_attempts set address_key = null
          where attempted_at = at_time and client = client_key and address_key = address_hash;
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
    -- A spelling taken before look-alikes, or addresses no mail reaches, were refused gives way to the one sent,
    -- which passes both (a letter whose lower case is longer in UTF-8 could take a name past 64 bytes).
    if private.plain_address(earlier.email) and private.deliverable_address(earlier.email) then
      new.email := earlier.email;
    end if;
  end if;
  return new;
end
$$;

revoke all on function private.fan_signup_before_insert() from public;
