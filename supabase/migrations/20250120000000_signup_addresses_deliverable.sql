-- A news sign-up's address is one a mail server can deliver to. The check asked only for a name, an @ and a dotted
-- domain, so the list took addresses no mail reaches: `a@x..co` and `a@.x.co` (an empty domain label), `a@x.co.`,
-- `a@-x.co` and `a@x-.co` (a label starting or ending with a hyphen), a label of 180 letters, `a@x.c` and
-- `a@x.123` (a top-level domain of one character or only digits), `.a@x.co`, `a.@x.co` and `a..b@x.co` (dots no
-- unquoted name may hold), a name over 64 bytes.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend (both UTF-8).
--
-- - private.deliverable_address() holds the rules, those of RFC 5321's Mailbox (RFC 6531's for the letters
--   beyond ASCII), and the checks of public.fan_signups and public.fan_signups_held call it. The form checks
--   the same before it sends (src/features/signup/signup.ts).
-- - private.fan_signup_before_insert() checks the address as sent against it first, as it checks
--   private.plain_address(), and refuses it alike (SQLSTATE 23514, HTTP 400, which the form reads as "That doesn't
--   look like an e-mail address"): a repeat, whose row keeps the address as first written, is refused exactly as
--   a new address is, so a refusal says nothing of who is on the list.
-- - The held sign-ups no mail reaches are cleared, as 20250117000000 and 20250118000000 cleared theirs: the team
--   adds or clears the held list in one action, and one of them would make adding them all fail.

-- True when `value` is local@domain as a mail server takes it:
-- - the name before the @ (the local part) is at most 64 bytes (RFC 5321 4.5.3.1.1, in UTF-8 as RFC 6531 sends
--   it), and neither starts nor ends with a dot nor holds two in a row (RFC 5321's Dot-string: dots only between
--   atoms; the characters an address may hold only between quotes are private.plain_address()'s);
-- - the domain is two or more labels joined by dots, each of 1 to 63 characters, of letters, digits and hyphens,
--   neither starting nor ending with a hyphen (RFC 5321's sub-domain, RFC 1035's 63). A letter beyond ASCII
--   counts as one character (RFC 6531's U-label; its xn-- form, longer, is one mail servers look up as any
--   other); the characters beyond ASCII are the other checks' (private.plain_address()), except the
--   ideographic full stop, which IDNA reads as a dot;
-- - the last label, the top-level domain, is not a single character nor only digits (RFC 3696 2; none exists).
create or replace function private.deliverable_address(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return value ~ '^[^@]+@[^@]+$'
  and octet_length(split_part(value, '@', 1)) <= 64
  and split_part(value, '@', 1) !~ '^\.|\.\.|\.$'
  and split_part(value, '@', 2) ~ '^[^.]+(\.[^.]+)+$'
  and split_part(value, '@', 2) !~ '[\u0001-\u002c\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f\u3002]'
  and split_part(value, '@', 2) !~ '(^|\.)-|-(\.|$)'
  and not exists (
    select from unnest(string_to_array(split_part(value, '@', 2), '.')) as label where char_length(label) > 63
  )
  and split_part(value, '@', 2) !~ '\.([0-9]+|[^.])$';

revoke all on function private.deliverable_address(text) from public;
grant execute on function private.deliverable_address(text) to anon, authenticated, service_role;

-- The held sign-ups no mail reaches: cleared (see above), so the held list's check can pass every row it keeps.
delete from public.fan_signups_held where not private.deliverable_address(email);

-- NOT VALID on the list: the addresses already on it stay as they are, for the team to see on /fans and remove
-- (a check is not run again on the rows it has passed). A repeat of one is refused for its address as sent (below),
-- as any new one is.
alter table public.fan_signups drop constraint if exists fan_signups_email_deliverable;
alter table public.fan_signups
  add constraint fan_signups_email_deliverable check (private.deliverable_address(email)) not valid;
alter table public.fan_signups_held drop constraint if exists fan_signups_held_email_deliverable;
alter table public.fan_signups_held
  add constraint fan_signups_held_email_deliverable check (private.deliverable_address(email));

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
