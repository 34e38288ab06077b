-- The database's schemas as the migrations leave them (public, private), dumped as `supabase db dump` does.
-- Do not edit: change a migration, then run `npm run db:types`.
--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: private; Type: SCHEMA; Schema: -; Owner: postgres
--

CREATE SCHEMA IF NOT EXISTS "private";

ALTER SCHEMA "private" OWNER TO "postgres";

--
-- Name: public; Type: SCHEMA; Schema: -; Owner: pg_database_owner
--

CREATE SCHEMA IF NOT EXISTS "public";

ALTER SCHEMA "public" OWNER TO "pg_database_owner";

--
-- Name: SCHEMA "public"; Type: COMMENT; Schema: -; Owner: pg_database_owner
--

COMMENT ON SCHEMA "public" IS 'standard public schema';

--
-- Name: allowance_admits_at(timestamp with time zone[], integer, interval); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."allowance_admits_at"("counted" timestamp with time zone[], "allowance" integer, "span" interval) RETURNS timestamp with time zone
    LANGUAGE "sql" IMMUTABLE
    SET "search_path" TO ''
    RETURN (SELECT ("t"."t" + "allowance_admits_at"."span") FROM "unnest"("allowance_admits_at"."counted") "t"("t") WHERE ("allowance_admits_at"."allowance" > 0) ORDER BY "t"."t" DESC OFFSET GREATEST(("allowance_admits_at"."allowance" - 1), 0) LIMIT 1);

ALTER FUNCTION "private"."allowance_admits_at"("counted" timestamp with time zone[], "allowance" integer, "span" interval) OWNER TO "postgres";

--
-- Name: calendar_event_first_version(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."calendar_event_first_version"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
begin
  new.sequence := 0;
  new.updated_at := clock_timestamp();
  return new;
end;
$$;

ALTER FUNCTION "private"."calendar_event_first_version"() OWNER TO "postgres";

--
-- Name: calendar_event_next_version(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."calendar_event_next_version"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
begin
  new.sequence := old.sequence + 1;
  new.updated_at := greatest(clock_timestamp(), old.updated_at);
  return new;
end;
$$;

ALTER FUNCTION "private"."calendar_event_next_version"() OWNER TO "postgres";

--
-- Name: calendar_feed_hash("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."calendar_feed_hash"("secret" "text") RETURNS "bytea"
    LANGUAGE "sql" IMMUTABLE
    SET "search_path" TO ''
    RETURN CASE WHEN (("char_length"("secret") >= 1) AND ("char_length"("secret") <= 200)) THEN "sha256"("convert_to"("secret", 'UTF8'::"name")) ELSE NULL::"bytea" END;

ALTER FUNCTION "private"."calendar_feed_hash"("secret" "text") OWNER TO "postgres";

--
-- Name: check_contacts_allowances("text", timestamp with time zone[], integer, integer, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."check_contacts_allowances"("what" "text", "counted" timestamp with time zone[], "per_minute" integer, "per_day" integer, "at_time" timestamp with time zone) RETURNS "void"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
declare
  last_minute timestamptz[] := array(select t from unnest(counted) as t where t > at_time - interval '1 minute');
begin
  if cardinality(last_minute) >= per_minute then
    perform private.refuse_over_allowance(
      format('Too many %s: at most %s a minute', what, per_minute), 'Try again in a minute.',
      private.allowance_admits_at(last_minute, per_minute, interval '1 minute'));
  end if;
  if cardinality(counted) >= per_day then
    perform private.refuse_over_allowance(
      format('Too many %s: at most %s a day', what, per_day), 'Try again tomorrow.',
      private.allowance_admits_at(counted, per_day, interval '1 day'));
  end if;
end;
$$;

ALTER FUNCTION "private"."check_contacts_allowances"("what" "text", "counted" timestamp with time zone[], "per_minute" integer, "per_day" integer, "at_time" timestamp with time zone) OWNER TO "postgres";

--
-- Name: client_address_key("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."client_address_key"("given" "text") RETURNS "text"
    LANGUAGE "plpgsql" IMMUTABLE
    SET "search_path" TO ''
    AS $_$
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
$_$;

ALTER FUNCTION "private"."client_address_key"("given" "text") OWNER TO "postgres";

--
-- Name: contact_values("jsonb"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."contact_values"("contact" "jsonb") RETURNS "jsonb"
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN ("contact" - ARRAY['id'::"text", 'version'::"text", 'created_at'::"text", 'updated_at'::"text"]);

ALTER FUNCTION "private"."contact_values"("contact" "jsonb") OWNER TO "postgres";

--
-- Name: deliverable_address("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."deliverable_address"("value" "text") RETURNS boolean
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN (("value" ~ '^[^@]+@[^@]+$'::"text") AND ("octet_length"("split_part"("value", '@'::"text", 1)) <= 64) AND ("split_part"("value", '@'::"text", 1) !~ '^\.|\.\.|\.$'::"text") AND ("split_part"("value", '@'::"text", 2) ~ '^[^.]+(\.[^.]+)+$'::"text") AND ("split_part"("value", '@'::"text", 2) !~ '[\u0001-\u002c\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f\u3002]'::"text") AND ("split_part"("value", '@'::"text", 2) !~ '(^|\.)-|-(\.|$)'::"text") AND (NOT (EXISTS (SELECT FROM "unnest"("string_to_array"("split_part"("deliverable_address"."value", '@'::"text", 2), '.'::"text")) "label"("label") WHERE ("char_length"("label"."label") > 63)))) AND ("split_part"("value", '@'::"text", 2) !~ '\.([0-9]+|[^.])$'::"text"));

ALTER FUNCTION "private"."deliverable_address"("value" "text") OWNER TO "postgres";

--
-- Name: fan_signup_before_insert(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."fan_signup_before_insert"() RETURNS "trigger"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
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

ALTER FUNCTION "private"."fan_signup_before_insert"() OWNER TO "postgres";

--
-- Name: fan_signup_refuse(timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."fan_signup_refuse"("at_time" timestamp with time zone, "admits_at" timestamp with time zone) RETURNS "void"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
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

ALTER FUNCTION "private"."fan_signup_refuse"("at_time" timestamp with time zone, "admits_at" timestamp with time zone) OWNER TO "postgres";

--
-- Name: fan_signup_spend_refused(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."fan_signup_spend_refused"() RETURNS "void"
    LANGUAGE "sql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
  insert into public.fan_signups_attempts (attempted_at, client) values (clock_timestamp(), private.request_client())
$$;

ALTER FUNCTION "private"."fan_signup_spend_refused"() OWNER TO "postgres";

--
-- Name: fan_signups_one_removal_per_request(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."fan_signups_one_removal_per_request"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and (select count(*) from removed) > 1 then
    raise exception 'One request may remove at most 1 sign-up'
      using errcode = 'PT400', hint = 'Remove the addresses one at a time.';
  end if;
  return null;
end
$$;

ALTER FUNCTION "private"."fan_signups_one_removal_per_request"() OWNER TO "postgres";

--
-- Name: without_bidi_controls("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."without_bidi_controls"("value" "text") RETURNS "text"
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN "regexp_replace"("value", '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]'::"text", ''::"text", 'g'::"text");

ALTER FUNCTION "private"."without_bidi_controls"("value" "text") OWNER TO "postgres";

--
-- Name: is_plain_lines("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."is_plain_lines"("value" "text") RETURNS boolean
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN (("value" !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]'::"text") AND ("value" = "private"."without_bidi_controls"("value")));

ALTER FUNCTION "private"."is_plain_lines"("value" "text") OWNER TO "postgres";

--
-- Name: visible_text("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."visible_text"("value" "text") RETURNS "text"
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN "regexp_replace"("regexp_replace"("value", '[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\U0001d159\U0001d165-\U0001d169\U0001d16d-\U0001d172\U00016fe4\ufdd0-\ufdef\ufffe\uffff]'::"text", ''::"text", 'g'::"text"), '[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7-\u06e8\u06ea-\u06ed\u0711\u0730-\u074a\u07a6-\u07b0\u07eb-\u07f3\u07fd\u0816-\u0819\u081b-\u0823\u0825-\u0827\u0829-\u082d\u0859-\u085b\u0897-\u089f\u08ca-\u08e1\u08e3-\u0903\u093a-\u093c\u093e-\u094f\u0951-\u0957\u0962-\u0963\u0981-\u0983\u09bc\u09be-\u09c4\u09c7-\u09c8\u09cb-\u09cd\u09d7\u09e2-\u09e3\u09fe\u0a01-\u0a03\u0a3c\u0a3e-\u0a42\u0a47-\u0a48\u0a4b-\u0a4d\u0a51\u0a70-\u0a71\u0a75\u0a81-\u0a83\u0abc\u0abe-\u0ac5\u0ac7-\u0ac9\u0acb-\u0acd\u0ae2-\u0ae3\u0afa-\u0aff\u0b01-\u0b03\u0b3c\u0b3e-\u0b44\u0b47-\u0b48\u0b4b-\u0b4d\u0b55-\u0b57\u0b62-\u0b63\u0b82\u0bbe-\u0bc2\u0bc6-\u0bc8\u0bca-\u0bcd\u0bd7\u0c00-\u0c04\u0c3c\u0c3e-\u0c44\u0c46-\u0c48\u0c4a-\u0c4d\u0c55-\u0c56\u0c62-\u0c63\u0c81-\u0c83\u0cbc\u0cbe-\u0cc4\u0cc6-\u0cc8\u0cca-\u0ccd\u0cd5-\u0cd6\u0ce2-\u0ce3\u0cf3\u0d00-\u0d03\u0d3b-\u0d3c\u0d3e-\u0d44\u0d46-\u0d48\u0d4a-\u0d4d\u0d57\u0d62-\u0d63\u0d81-\u0d83\u0dca\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf\u0df2-\u0df3\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ece\u0f18-\u0f19\u0f35\u0f37\u0f39\u0f3e-\u0f3f\u0f71-\u0f84\u0f86-\u0f87\u0f8d-\u0f97\u0f99-\u0fbc\u0fc6\u102b-\u103e\u1056-\u1059\u105e-\u1060\u1062-\u1064\u1067-\u106d\u1071-\u1074\u1082-\u108d\u108f\u109a-\u109d\u135d-\u135f\u1712-\u1715\u1732-\u1734\u1752-\u1753\u1772-\u1773\u17b4-\u17d3\u17dd\u180b-\u180d\u180f\u1885-\u1886\u18a9\u1920-\u192b\u1930-\u193b\u1a17-\u1a1b\u1a55-\u1a5e\u1a60-\u1a7c\u1a7f\u1ab0-\u1add\u1ae0-\u1aeb\u1b00-\u1b04\u1b34-\u1b44\u1b6b-\u1b73\u1b80-\u1b82\u1ba1-\u1bad\u1be6-\u1bf3\u1c24-\u1c37\u1cd0-\u1cd2\u1cd4-\u1ce8\u1ced\u1cf4\u1cf7-\u1cf9\u1dc0-\u1dff\u20d0-\u20f0\u2cef-\u2cf1\u2d7f\u2de0-\u2dff\u302a-\u302f\u3099-\u309a\ua66f-\ua672\ua674-\ua67d\ua69e-\ua69f\ua6f0-\ua6f1\ua802\ua806\ua80b\ua823-\ua827\ua82c\ua880-\ua881\ua8b4-\ua8c5\ua8e0-\ua8f1\ua8ff\ua926-\ua92d\ua947-\ua953\ua980-\ua983\ua9b3-\ua9c0\ua9e5\uaa29-\uaa36\uaa43\uaa4c-\uaa4d\uaa7b-\uaa7d\uaab0\uaab2-\uaab4\uaab7-\uaab8\uaabe-\uaabf\uaac1\uaaeb-\uaaef\uaaf5-\uaaf6\uabe3-\uabea\uabec-\uabed\ufb1e\ufe00-\ufe0f\ufe20-\ufe2f\U000101fd\U000102e0\U00010376-\U0001037a\U00010a01-\U00010a03\U00010a05-\U00010a06\U00010a0c-\U00010a0f\U00010a38-\U00010a3a\U00010a3f\U00010ae5-\U00010ae6\U00010d24-\U00010d27\U00010d69-\U00010d6d\U00010eab-\U00010eac\U00010efa-\U00010eff\U00010f46-\U00010f50\U00010f82-\U00010f85\U00011000-\U00011002\U00011038-\U00011046\U00011070\U00011073-\U00011074\U0001107f-\U00011082\U000110b0-\U000110ba\U000110c2\U00011100-\U00011102\U00011127-\U00011134\U00011145-\U00011146\U00011173\U00011180-\U00011182\U000111b3-\U000111c0\U000111c9-\U000111cc\U000111ce-\U000111cf\U0001122c-\U00011237\U0001123e\U00011241\U000112df-\U000112ea\U00011300-\U00011303\U0001133b-\U0001133c\U0001133e-\U00011344\U00011347-\U00011348\U0001134b-\U0001134d\U00011357\U00011362-\U00011363\U00011366-\U0001136c\U00011370-\U00011374\U000113b8-\U000113c0\U000113c2\U000113c5\U000113c7-\U000113ca\U000113cc-\U000113d0\U000113d2\U000113e1-\U000113e2\U00011435-\U00011446\U0001145e\U000114b0-\U000114c3\U000115af-\U000115b5\U000115b8-\U000115c0\U000115dc-\U000115dd\U00011630-\U00011640\U000116ab-\U000116b7\U0001171d-\U0001172b\U0001182c-\U0001183a\U00011930-\U00011935\U00011937-\U00011938\U0001193b-\U0001193e\U00011940\U00011942-\U00011943\U000119d1-\U000119d7\U000119da-\U000119e0\U000119e4\U00011a01-\U00011a0a\U00011a33-\U00011a39\U00011a3b-\U00011a3e\U00011a47\U00011a51-\U00011a5b\U00011a8a-\U00011a99\U00011b60-\U00011b67\U00011c2f-\U00011c36\U00011c38-\U00011c3f\U00011c92-\U00011ca7\U00011ca9-\U00011cb6\U00011d31-\U00011d36\U00011d3a\U00011d3c-\U00011d3d\U00011d3f-\U00011d45\U00011d47\U00011d8a-\U00011d8e\U00011d90-\U00011d91\U00011d93-\U00011d97\U00011ef3-\U00011ef6\U00011f00-\U00011f01\U00011f03\U00011f34-\U00011f3a\U00011f3e-\U00011f42\U00011f5a\U00013440\U00013447-\U00013455\U0001611e-\U0001612f\U00016af0-\U00016af4\U00016b30-\U00016b36\U00016f4f\U00016f51-\U00016f87\U00016f8f-\U00016f92\U00016fe4\U00016ff0-\U00016ff1\U0001bc9d-\U0001bc9e\U0001cf00-\U0001cf2d\U0001cf30-\U0001cf46\U0001d165-\U0001d169\U0001d16d-\U0001d172\U0001d17b-\U0001d182\U0001d185-\U0001d18b\U0001d1aa-\U0001d1ad\U0001d242-\U0001d244\U0001da00-\U0001da36\U0001da3b-\U0001da6c\U0001da75\U0001da84\U0001da9b-\U0001da9f\U0001daa1-\U0001daaf\U0001e000-\U0001e006\U0001e008-\U0001e018\U0001e01b-\U0001e021\U0001e023-\U0001e024\U0001e026-\U0001e02a\U0001e08f\U0001e130-\U0001e136\U0001e2ae\U0001e2ec-\U0001e2ef\U0001e4ec-\U0001e4ef\U0001e5ee-\U0001e5ef\U0001e6e3\U0001e6e6\U0001e6ee-\U0001e6ef\U0001e6f5\U0001e8d0-\U0001e8d6\U0001e944-\U0001e94a\U000e0100-\U000e01ef]'::"text", ''::"text", 'g'::"text");

ALTER FUNCTION "private"."visible_text"("value" "text") OWNER TO "postgres";

--
-- Name: shown_text("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."shown_text"("value" "text") RETURNS "text"
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN "regexp_replace"("private"."visible_text"("value"), '[\u0378-\u0379\u0380-\u0383\u038b\u038d\u03a2\u0530\u0557-\u0558\u058b-\u058c\u0590\u05c8-\u05cf\u05eb-\u05ee\u05f5-\u05ff\u070e\u074b-\u074c\u07b2-\u07bf\u07fb-\u07fc\u082e-\u082f\u083f\u085c-\u085d\u085f\u086b-\u086f\u0892-\u0896\u0984\u098d-\u098e\u0991-\u0992\u09a9\u09b1\u09b3-\u09b5\u09ba-\u09bb\u09c5-\u09c6\u09c9-\u09ca\u09cf-\u09d6\u09d8-\u09db\u09de\u09e4-\u09e5\u09ff-\u0a00\u0a04\u0a0b-\u0a0e\u0a11-\u0a12\u0a29\u0a31\u0a34\u0a37\u0a3a-\u0a3b\u0a3d\u0a43-\u0a46\u0a49-\u0a4a\u0a4e-\u0a50\u0a52-\u0a58\u0a5d\u0a5f-\u0a65\u0a77-\u0a80\u0a84\u0a8e\u0a92\u0aa9\u0ab1\u0ab4\u0aba-\u0abb\u0ac6\u0aca\u0ace-\u0acf\u0ad1-\u0adf\u0ae4-\u0ae5\u0af2-\u0af8\u0b00\u0b04\u0b0d-\u0b0e\u0b11-\u0b12\u0b29\u0b31\u0b34\u0b3a-\u0b3b\u0b45-\u0b46\u0b49-\u0b4a\u0b4e-\u0b54\u0b58-\u0b5b\u0b5e\u0b64-\u0b65\u0b78-\u0b81\u0b84\u0b8b-\u0b8d\u0b91\u0b96-\u0b98\u0b9b\u0b9d\u0ba0-\u0ba2\u0ba5-\u0ba7\u0bab-\u0bad\u0bba-\u0bbd\u0bc3-\u0bc5\u0bc9\u0bce-\u0bcf\u0bd1-\u0bd6\u0bd8-\u0be5\u0bfb-\u0bff\u0c0d\u0c11\u0c29\u0c3a-\u0c3b\u0c45\u0c49\u0c4e-\u0c54\u0c57\u0c5b\u0c5e-\u0c5f\u0c64-\u0c65\u0c70-\u0c76\u0c8d\u0c91\u0ca9\u0cb4\u0cba-\u0cbb\u0cc5\u0cc9\u0cce-\u0cd4\u0cd7-\u0cdb\u0cdf\u0ce4-\u0ce5\u0cf0\u0cf4-\u0cff\u0d0d\u0d11\u0d45\u0d49\u0d50-\u0d53\u0d64-\u0d65\u0d80\u0d84\u0d97-\u0d99\u0db2\u0dbc\u0dbe-\u0dbf\u0dc7-\u0dc9\u0dcb-\u0dce\u0dd5\u0dd7\u0de0-\u0de5\u0df0-\u0df1\u0df5-\u0e00\u0e3b-\u0e3e\u0e5c-\u0e80\u0e83\u0e85\u0e8b\u0ea4\u0ea6\u0ebe-\u0ebf\u0ec5\u0ec7\u0ecf\u0eda-\u0edb\u0ee0-\u0eff\u0f48\u0f6d-\u0f70\u0f98\u0fbd\u0fcd\u0fdb-\u0fff\u10c6\u10c8-\u10cc\u10ce-\u10cf\u1249\u124e-\u124f\u1257\u1259\u125e-\u125f\u1289\u128e-\u128f\u12b1\u12b6-\u12b7\u12bf\u12c1\u12c6-\u12c7\u12d7\u1311\u1316-\u1317\u135b-\u135c\u137d-\u137f\u139a-\u139f\u13f6-\u13f7\u13fe-\u13ff\u169d-\u169f\u16f9-\u16ff\u1716-\u171e\u1737-\u173f\u1754-\u175f\u176d\u1771\u1774-\u177f\u17de-\u17df\u17ea-\u17ef\u17fa-\u17ff\u181a-\u181f\u1879-\u187f\u18ab-\u18af\u18f6-\u18ff\u191f\u192c-\u192f\u193c-\u193f\u1941-\u1943\u196e-\u196f\u1975-\u197f\u19ac-\u19af\u19ca-\u19cf\u19db-\u19dd\u1a1c-\u1a1d\u1a5f\u1a7d-\u1a7e\u1a8a-\u1a8f\u1a9a-\u1a9f\u1aae-\u1aaf\u1ade-\u1adf\u1aec-\u1aff\u1b4d\u1bf4-\u1bfb\u1c38-\u1c3a\u1c4a-\u1c4c\u1c8b-\u1c8f\u1cbb-\u1cbc\u1cc8-\u1ccf\u1cfb-\u1cff\u1f16-\u1f17\u1f1e-\u1f1f\u1f46-\u1f47\u1f4e-\u1f4f\u1f58\u1f5a\u1f5c\u1f5e\u1f7e-\u1f7f\u1fb5\u1fc5\u1fd4-\u1fd5\u1fdc\u1ff0-\u1ff1\u1ff5\u1fff\u2065\u2072-\u2073\u208f\u209d-\u209f\u20c2-\u20cf\u20f1-\u20ff\u218c-\u218f\u242a-\u243f\u244b-\u245f\u2b74-\u2b75\u2cf4-\u2cf8\u2d26\u2d28-\u2d2c\u2d2e-\u2d2f\u2d68-\u2d6e\u2d71-\u2d7e\u2d97-\u2d9f\u2da7\u2daf\u2db7\u2dbf\u2dc7\u2dcf\u2dd7\u2ddf\u2e5e-\u2e7f\u2e9a\u2ef4-\u2eff\u2fd6-\u2fef\u3040\u3097-\u3098\u3100-\u3104\u3130\u318f\u31e6-\u31ee\u321f\ua48d-\ua48f\ua4c7-\ua4cf\ua62c-\ua63f\ua6f8-\ua6ff\ua7dd-\ua7f0\ua82d-\ua82f\ua83a-\ua83f\ua878-\ua87f\ua8c6-\ua8cd\ua8da-\ua8df\ua954-\ua95e\ua97d-\ua97f\ua9ce\ua9da-\ua9dd\ua9ff\uaa37-\uaa3f\uaa4e-\uaa4f\uaa5a-\uaa5b\uaac3-\uaada\uaaf7-\uab00\uab07-\uab08\uab0f-\uab10\uab17-\uab1f\uab27\uab2f\uab6c-\uab6f\uabee-\uabef\uabfa-\uabff\ud7a4-\ud7af\ud7c7-\ud7ca\ud7fc-\ud7ff\ue000-\uf8ff\ufa6e-\ufa6f\ufada-\ufaff\ufb07-\ufb12\ufb18-\ufb1c\ufb37\ufb3d\ufb3f\ufb42\ufb45\ufdd0-\ufdef\ufe1a-\ufe1f\ufe53\ufe67\ufe6c-\ufe6f\ufe75\ufefd-\ufefe\uff00\uffbf-\uffc1\uffc8-\uffc9\uffd0-\uffd1\uffd8-\uffd9\uffdd-\uffdf\uffe7\uffef-\ufff8\ufffc-\uffff\U0001000c\U00010027\U0001003b\U0001003e\U0001004e-\U0001004f\U0001005e-\U0001007f\U000100fb-\U000100ff\U00010103-\U00010106\U00010134-\U00010136\U0001018f\U0001019d-\U0001019f\U000101a1-\U000101cf\U000101fe-\U0001027f\U0001029d-\U0001029f\U000102d1-\U000102df\U000102fc-\U000102ff\U00010324-\U0001032c\U0001034b-\U0001034f\U0001037b-\U0001037f\U0001039e\U000103c4-\U000103c7\U000103d6-\U000103ff\U0001049e-\U0001049f\U000104aa-\U000104af\U000104d4-\U000104d7\U000104fc-\U000104ff\U00010528-\U0001052f\U00010564-\U0001056e\U0001057b\U0001058b\U00010593\U00010596\U000105a2\U000105b2\U000105ba\U000105bd-\U000105bf\U000105f4-\U000105ff\U00010737-\U0001073f\U00010756-\U0001075f\U00010768-\U0001077f\U00010786\U000107b1\U000107bb-\U000107ff\U00010806-\U00010807\U00010809\U00010836\U00010839-\U0001083b\U0001083d-\U0001083e\U00010856\U0001089f-\U000108a6\U000108b0-\U000108df\U000108f3\U000108f6-\U000108fa\U0001091c-\U0001091e\U0001093a-\U0001093e\U0001095a-\U0001097f\U000109b8-\U000109bb\U000109d0-\U000109d1\U00010a04\U00010a07-\U00010a0b\U00010a14\U00010a18\U00010a36-\U00010a37\U00010a3b-\U00010a3e\U00010a49-\U00010a4f\U00010a59-\U00010a5f\U00010aa0-\U00010abf\U00010ae7-\U00010aea\U00010af7-\U00010aff\U00010b36-\U00010b38\U00010b56-\U00010b57\U00010b73-\U00010b77\U00010b92-\U00010b98\U00010b9d-\U00010ba8\U00010bb0-\U00010bff\U00010c49-\U00010c7f\U00010cb3-\U00010cbf\U00010cf3-\U00010cf9\U00010d28-\U00010d2f\U00010d3a-\U00010d3f\U00010d66-\U00010d68\U00010d86-\U00010d8d\U00010d90-\U00010e5f\U00010e7f\U00010eaa\U00010eae-\U00010eaf\U00010eb2-\U00010ec1\U00010ec8-\U00010ecf\U00010ed9-\U00010ef9\U00010f28-\U00010f2f\U00010f5a-\U00010f6f\U00010f8a-\U00010faf\U00010fcc-\U00010fdf\U00010ff7-\U00010fff\U0001104e-\U00011051\U00011076-\U0001107e\U000110c3-\U000110cc\U000110ce-\U000110cf\U000110e9-\U000110ef\U000110fa-\U000110ff\U00011135\U00011148-\U0001114f\U00011177-\U0001117f\U000111e0\U000111f5-\U000111ff\U00011212\U00011242-\U0001127f\U00011287\U00011289\U0001128e\U0001129e\U000112aa-\U000112af\U000112eb-\U000112ef\U000112fa-\U000112ff\U00011304\U0001130d-\U0001130e\U00011311-\U00011312\U00011329\U00011331\U00011334\U0001133a\U00011345-\U00011346\U00011349-\U0001134a\U0001134e-\U0001134f\U00011351-\U00011356\U00011358-\U0001135c\U00011364-\U00011365\U0001136d-\U0001136f\U00011375-\U0001137f\U0001138a\U0001138c-\U0001138d\U0001138f\U000113b6\U000113c1\U000113c3-\U000113c4\U000113c6\U000113cb\U000113d6\U000113d9-\U000113e0\U000113e3-\U000113ff\U0001145c\U00011462-\U0001147f\U000114c8-\U000114cf\U000114da-\U0001157f\U000115b6-\U000115b7\U000115de-\U000115ff\U00011645-\U0001164f\U0001165a-\U0001165f\U0001166d-\U0001167f\U000116ba-\U000116bf\U000116ca-\U000116cf\U000116e4-\U000116ff\U0001171b-\U0001171c\U0001172c-\U0001172f\U00011747-\U000117ff\U0001183c-\U0001189f\U000118f3-\U000118fe\U00011907-\U00011908\U0001190a-\U0001190b\U00011914\U00011917\U00011936\U00011939-\U0001193a\U00011947-\U0001194f\U0001195a-\U0001199f\U000119a8-\U000119a9\U000119d8-\U000119d9\U000119e5-\U000119ff\U00011a48-\U00011a4f\U00011aa3-\U00011aaf\U00011af9-\U00011aff\U00011b0a-\U00011b5f\U00011b68-\U00011bbf\U00011be2-\U00011bef\U00011bfa-\U00011bff\U00011c09\U00011c37\U00011c46-\U00011c4f\U00011c6d-\U00011c6f\U00011c90-\U00011c91\U00011ca8\U00011cb7-\U00011cff\U00011d07\U00011d0a\U00011d37-\U00011d39\U00011d3b\U00011d3e\U00011d48-\U00011d4f\U00011d5a-\U00011d5f\U00011d66\U00011d69\U00011d8f\U00011d92\U00011d99-\U00011d9f\U00011daa-\U00011daf\U00011ddc-\U00011ddf\U00011dea-\U00011edf\U00011ef9-\U00011eff\U00011f11\U00011f3b-\U00011f3d\U00011f5b-\U00011faf\U00011fb1-\U00011fbf\U00011ff2-\U00011ffe\U0001239a-\U000123ff\U0001246f\U00012475-\U0001247f\U00012544-\U00012f8f\U00012ff3-\U00012fff\U00013456-\U0001345f\U000143fb-\U000143ff\U00014647-\U000160ff\U0001613a-\U000167ff\U00016a39-\U00016a3f\U00016a5f\U00016a6a-\U00016a6d\U00016abf\U00016aca-\U00016acf\U00016aee-\U00016aef\U00016af6-\U00016aff\U00016b46-\U00016b4f\U00016b5a\U00016b62\U00016b78-\U00016b7c\U00016b90-\U00016d3f\U00016d7a-\U00016e3f\U00016e9b-\U00016e9f\U00016eb9-\U00016eba\U00016ed4-\U00016eff\U00016f4b-\U00016f4e\U00016f88-\U00016f8e\U00016fa0-\U00016fdf\U00016fe5-\U00016fef\U00016ff7-\U00016fff\U00018cd6-\U00018cfe\U00018d1f-\U00018d7f\U00018df3-\U0001afef\U0001aff4\U0001affc\U0001afff\U0001b123-\U0001b131\U0001b133-\U0001b14f\U0001b153-\U0001b154\U0001b156-\U0001b163\U0001b168-\U0001b16f\U0001b2fc-\U0001bbff\U0001bc6b-\U0001bc6f\U0001bc7d-\U0001bc7f\U0001bc89-\U0001bc8f\U0001bc9a-\U0001bc9b\U0001bca4-\U0001cbff\U0001ccfd-\U0001ccff\U0001ceb4-\U0001ceb9\U0001ced1-\U0001cedf\U0001cef1-\U0001ceff\U0001cf2e-\U0001cf2f\U0001cf47-\U0001cf4f\U0001cfc4-\U0001cfff\U0001d0f6-\U0001d0ff\U0001d127-\U0001d128\U0001d1eb-\U0001d1ff\U0001d246-\U0001d2bf\U0001d2d4-\U0001d2df\U0001d2f4-\U0001d2ff\U0001d357-\U0001d35f\U0001d379-\U0001d3ff\U0001d455\U0001d49d\U0001d4a0-\U0001d4a1\U0001d4a3-\U0001d4a4\U0001d4a7-\U0001d4a8\U0001d4ad\U0001d4ba\U0001d4bc\U0001d4c4\U0001d506\U0001d50b-\U0001d50c\U0001d515\U0001d51d\U0001d53a\U0001d53f\U0001d545\U0001d547-\U0001d549\U0001d551\U0001d6a6-\U0001d6a7\U0001d7cc-\U0001d7cd\U0001da8c-\U0001da9a\U0001daa0\U0001dab0-\U0001deff\U0001df1f-\U0001df24\U0001df2b-\U0001dfff\U0001e007\U0001e019-\U0001e01a\U0001e022\U0001e025\U0001e02b-\U0001e02f\U0001e06e-\U0001e08e\U0001e090-\U0001e0ff\U0001e12d-\U0001e12f\U0001e13e-\U0001e13f\U0001e14a-\U0001e14d\U0001e150-\U0001e28f\U0001e2af-\U0001e2bf\U0001e2fa-\U0001e2fe\U0001e300-\U0001e4cf\U0001e4fa-\U0001e5cf\U0001e5fb-\U0001e5fe\U0001e600-\U0001e6bf\U0001e6df\U0001e6f6-\U0001e6fd\U0001e700-\U0001e7df\U0001e7e7\U0001e7ec\U0001e7ef\U0001e7ff\U0001e8c5-\U0001e8c6\U0001e8d7-\U0001e8ff\U0001e94c-\U0001e94f\U0001e95a-\U0001e95d\U0001e960-\U0001ec70\U0001ecb5-\U0001ed00\U0001ed3e-\U0001edff\U0001ee04\U0001ee20\U0001ee23\U0001ee25-\U0001ee26\U0001ee28\U0001ee33\U0001ee38\U0001ee3a\U0001ee3c-\U0001ee41\U0001ee43-\U0001ee46\U0001ee48\U0001ee4a\U0001ee4c\U0001ee50\U0001ee53\U0001ee55-\U0001ee56\U0001ee58\U0001ee5a\U0001ee5c\U0001ee5e\U0001ee60\U0001ee63\U0001ee65-\U0001ee66\U0001ee6b\U0001ee73\U0001ee78\U0001ee7d\U0001ee7f\U0001ee8a\U0001ee9c-\U0001eea0\U0001eea4\U0001eeaa\U0001eebc-\U0001eeef\U0001eef2-\U0001efff\U0001f02c-\U0001f02f\U0001f094-\U0001f09f\U0001f0af-\U0001f0b0\U0001f0c0\U0001f0d0\U0001f0f6-\U0001f0ff\U0001f1ae-\U0001f1e5\U0001f203-\U0001f20f\U0001f23c-\U0001f23f\U0001f249-\U0001f24f\U0001f252-\U0001f25f\U0001f266-\U0001f2ff\U0001f6d9-\U0001f6db\U0001f6ed-\U0001f6ef\U0001f6fd-\U0001f6ff\U0001f7da-\U0001f7df\U0001f7ec-\U0001f7ef\U0001f7f1-\U0001f7ff\U0001f80c-\U0001f80f\U0001f848-\U0001f84f\U0001f85a-\U0001f85f\U0001f888-\U0001f88f\U0001f8ae-\U0001f8af\U0001f8bc-\U0001f8bf\U0001f8c2-\U0001f8cf\U0001f8d9-\U0001f8ff\U0001fa58-\U0001fa5f\U0001fa6e-\U0001fa6f\U0001fa7d-\U0001fa7f\U0001fa8b-\U0001fa8d\U0001fac7\U0001fac9-\U0001facc\U0001fadd-\U0001fade\U0001faeb-\U0001faee\U0001faf9-\U0001faff\U0001fb93\U0001fbfb-\U0001ffff\U0002a6e0-\U0002a6ff\U0002b81e-\U0002b81f\U0002ceae-\U0002ceaf\U0002ebe1-\U0002ebef\U0002ee5e-\U0002f7ff\U0002fa1e-\U0002ffff\U0003134b-\U0003134f\U0003347a-\U000e0000\U000e0002-\U000e001f\U000e0080-\U000e00ff\U000e01f0-\U0010ffff]'::"text", ''::"text", 'g'::"text");

ALTER FUNCTION "private"."shown_text"("value" "text") OWNER TO "postgres";

--
-- Name: is_shown_line("text", integer); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."is_shown_line"("value" "text", "longest" integer) RETURNS boolean
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN (("char_length"("value") <= "longest") AND ("private"."shown_text"("value") <> ''::"text") AND ("value" !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::"text") AND ("value" = "private"."without_bidi_controls"("value")));

ALTER FUNCTION "private"."is_shown_line"("value" "text", "longest" integer) OWNER TO "postgres";

--
-- Name: is_team_member(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."is_team_member"() RETURNS boolean
    LANGUAGE "sql" STABLE
    SET "search_path" TO ''
    AS $$
  select coalesce(
    (select auth.jwt()) ->> 'role' = 'authenticated'
    and (select auth.jwt()) -> 'app_metadata' ->> 'team' = 'stagedoor'
    and ((select auth.jwt()) -> 'is_anonymous') is distinct from 'true'::jsonb
    and (select private.session_is_live()),
    false
  )
$$;

ALTER FUNCTION "private"."is_team_member"() OWNER TO "postgres";

--
-- Name: is_time_zone("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."is_time_zone"("zone" "text") RETURNS boolean
    LANGUAGE "plpgsql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    AS $_$
begin
  if zone is null or char_length(zone) > 64 or zone !~ '^[A-Za-z]+(/[A-Za-z0-9_+-]+)+$' then
    return false;
  end if;
  perform timestamptz '2000-01-01 00:00:00+00' at time zone zone;
  return true;
exception when others then
  return false;
end;
$_$;

ALTER FUNCTION "private"."is_time_zone"("zone" "text") OWNER TO "postgres";

--
-- Name: is_web_address("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."is_web_address"("value" "text") RETURNS boolean
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN (("char_length"("value") <= 2000) AND ("value" ~ '^https://[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$'::"text"));

ALTER FUNCTION "private"."is_web_address"("value" "text") OWNER TO "postgres";

--
-- Name: iso_time(timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."iso_time"("moment" timestamp with time zone) RETURNS "text"
    LANGUAGE "sql" STABLE
    SET "search_path" TO ''
    RETURN "to_char"("date_trunc"('milliseconds'::"text", (("moment" AT TIME ZONE 'UTC'::"text") + '00:00:00.000999'::interval)), 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"'::"text");

ALTER FUNCTION "private"."iso_time"("moment" timestamp with time zone) OWNER TO "postgres";

--
-- Name: plain_address("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."plain_address"("value" "text") RETURNS boolean
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN (("value" !~ '[\u0001-\u001f\u007f-\u009f]'::"text") AND ("value" !~ '[][<>()\\,;:"]'::"text") AND ("private"."visible_text"("value") = "value") AND ("length"("regexp_replace"("value", '[\u0001-\u007f]'::"text", ''::"text", 'g'::"text")) = "length"("regexp_replace"("lower"("value"), '[\u0001-\u007f]'::"text", ''::"text", 'g'::"text"))) AND ("value" IS NFKC NORMALIZED));

ALTER FUNCTION "private"."plain_address"("value" "text") OWNER TO "postgres";

--
-- Name: refuse_over_allowance("text", "text", timestamp with time zone); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."refuse_over_allowance"("message" "text", "hint" "text", "admits_at" timestamp with time zone) RETURNS "void"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
begin
  if admits_at is null then
    raise exception using errcode = 'PT429', message = message, hint = hint;
  end if;
  raise exception using errcode = 'PT429', message = message, hint = hint, detail = private.iso_time(admits_at);
end;
$$;

ALTER FUNCTION "private"."refuse_over_allowance"("message" "text", "hint" "text", "admits_at" timestamp with time zone) OWNER TO "postgres";

--
-- Name: request_client(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."request_client"() RETURNS "text"
    LANGUAGE "plpgsql" STABLE
    SET "search_path" TO ''
    AS $_$
declare
  headers jsonb;
  given text;
  address inet;
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
    given := btrim(coalesce(
      nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
      substring(headers ->> 'x-forwarded-for' from '([^,]*)$')
    ));
    address := given::inet;
  exception when others then
    return 'unknown';
  end;
  if address is null then
    return 'unknown';
  end if;
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := substring(host(address) from '([^:]*)$')::inet;
  end if;
  if family(address) = 6 then
    return network(set_masklen(address, 64))::text;
  end if;
  return host(address);
end;
$_$;

ALTER FUNCTION "private"."request_client"() OWNER TO "postgres";

--
-- Name: row_of_statement("text"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."row_of_statement"("counter" "text") RETURNS integer
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
declare
  mark text := statement_timestamp()::text || ' ' || txid_current()::text;
  state text := coalesce(current_setting(counter, true), '');
  seen integer := 1;
begin
  if split_part(state, '|', 1) = mark then
    seen := split_part(state, '|', 2)::integer + 1;
  end if;
  perform set_config(counter, mark || '|' || seen, true);
  return seen;
end;
$$;

ALTER FUNCTION "private"."row_of_statement"("counter" "text") OWNER TO "postgres";

--
-- Name: session_is_live(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."session_is_live"() RETURNS boolean
    LANGUAGE "sql" STABLE SECURITY DEFINER
    SET "search_path" TO ''
    AS $_$
  select exists (
    select from auth.sessions s
    where s.id = case
        when (select auth.jwt()) ->> 'session_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then ((select auth.jwt()) ->> 'session_id')::uuid
      end
      and s.user_id::text = (select auth.jwt()) ->> 'sub'
      and (s.not_after is null or s.not_after > now())
  )
$_$;

ALTER FUNCTION "private"."session_is_live"() OWNER TO "postgres";

--
-- Name: show_changed(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."show_changed"() RETURNS "trigger"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
begin
  if tg_op = 'UPDATE' and new.version = old.version then
    return null;
  end if;
  insert into public.show_changes (show_id, changed_at) values (new.id, new.updated_at)
  on conflict (show_id) do update set changed_at = excluded.changed_at;
  return null;
end;
$$;

ALTER FUNCTION "private"."show_changed"() OWNER TO "postgres";

--
-- Name: show_values("jsonb"); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."show_values"("show" "jsonb") RETURNS "jsonb"
    LANGUAGE "sql" IMMUTABLE PARALLEL SAFE
    SET "search_path" TO ''
    RETURN ("show" - ARRAY['id'::"text", 'event_id'::"text", 'version'::"text", 'created_at'::"text", 'updated_at'::"text"]);

ALTER FUNCTION "private"."show_values"("show" "jsonb") OWNER TO "postgres";

--
-- Name: shows_before_insert(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."shows_before_insert"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
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

ALTER FUNCTION "private"."shows_before_insert"() OWNER TO "postgres";

--
-- Name: shows_before_update(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."shows_before_update"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
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

ALTER FUNCTION "private"."shows_before_update"() OWNER TO "postgres";

--
-- Name: shows_keep_history(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."shows_keep_history"() RETURNS "trigger"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
begin
  if new.version <> old.version then
    insert into public.shows_history (show_id, version, show, written_at, replaced_at)
    values (old.id, old.version, to_jsonb(old), old.updated_at, now());
  end if;
  return null;
end;
$$;

ALTER FUNCTION "private"."shows_keep_history"() OWNER TO "postgres";

--
-- Name: shows_published_copy(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."shows_published_copy"() RETURNS "trigger"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
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

ALTER FUNCTION "private"."shows_published_copy"() OWNER TO "postgres";

--
-- Name: shows_ticket_url_host(); Type: FUNCTION; Schema: private; Owner: postgres
--

CREATE OR REPLACE FUNCTION "private"."shows_ticket_url_host"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $_$
begin
  if (tg_op = 'INSERT' or new.ticket_url is distinct from old.ticket_url)
     and new.ticket_url !~ '^https://[^/?#:]+\.[^/?#:.]+([/?#:]|$)' then
    raise exception 'new row for relation "shows" violates check constraint "shows_ticket_url_host"'
      using errcode = '23514',
        hint = 'A ticket link''s site has a dot in its name: https://tickets.example.com/…';
  end if;
  return new;
end;
$_$;

ALTER FUNCTION "private"."shows_ticket_url_host"() OWNER TO "postgres";

--
-- Name: calendar_feed_made_at(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."calendar_feed_made_at"() RETURNS timestamp with time zone
    LANGUAGE "plpgsql" STABLE SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
begin
  if not (select private.is_team_member()) then
    raise exception 'Only the team may see the calendar''s address'
      using errcode = '42501', hint = 'Sign in to the team account.';
  end if;
  return (select made_at from private.calendar_feed);
end;
$$;

ALTER FUNCTION "public"."calendar_feed_made_at"() OWNER TO "postgres";

--
-- Name: contacts_before_insert(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."contacts_before_insert"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
begin
  new.version := 1;
  new.updated_at := now();
  return new;
end;
$$;

ALTER FUNCTION "public"."contacts_before_insert"() OWNER TO "postgres";

--
-- Name: contacts_before_update(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."contacts_before_update"() RETURNS "trigger"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
begin
  if new.id is distinct from old.id then
    raise exception 'A contact''s id cannot be changed'
      using errcode = 'PT400',
            detail = format('Contact %s cannot become %s.', old.id, new.id),
            hint = 'Update the contact''s name, role, email or phone instead.';
  end if;
  new.created_at := old.created_at;
  if private.contact_values(to_jsonb(new)) = private.contact_values(to_jsonb(old)) then
    new.version := old.version;
    new.updated_at := old.updated_at;
  else
    new.version := old.version + 1;
    new.updated_at := now();
  end if;
  return new;
end;
$$;

ALTER FUNCTION "public"."contacts_before_update"() OWNER TO "postgres";

--
-- Name: contacts_edit_budget(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."contacts_edit_budget"() RETURNS "trigger"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
declare
  limits public.contacts_limits;
  at_time timestamptz := clock_timestamp();
  touched integer;
begin
  if coalesce(current_setting('role', true), 'none') in ('none', 'service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  touched := private.row_of_statement('stagedoor.contacts_touched');
  select * into limits from public.contacts_limits where id;
  if not found then
    return new;
  end if;
  if touched > limits.updates_per_request then
    raise exception 'One request may change at most % contact(s)', limits.updates_per_request
      using errcode = 'PT400',
            hint = 'Update contacts one at a time, by id.';
  end if;
  if new.version is not distinct from old.version then
    return new;
  end if;
  -- The settings row is locked, so concurrent changes are counted one after another.
  select * into limits from public.contacts_limits where id for update;
  delete from public.contacts_update_log where changed_at <= at_time - interval '1 day';
  perform private.check_contacts_allowances('changes to contacts', array(select changed_at from public.contacts_update_log),
    limits.updates_per_minute, limits.updates_per_day, at_time);
  insert into public.contacts_update_log (changed_at) values (at_time);
  return new;
end;
$$;

ALTER FUNCTION "public"."contacts_edit_budget"() OWNER TO "postgres";

--
-- Name: contacts_flood_guard(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."contacts_flood_guard"() RETURNS "trigger"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
declare
  limits public.contacts_limits;
  at_time timestamptz := clock_timestamp();
begin
  if coalesce(current_setting('role', true), 'none') in ('none', 'service_role', 'postgres', 'supabase_admin') then
    return null;
  end if;
  select * into limits from public.contacts_limits where id for update;
  if not found then
    return null;
  end if;
  delete from public.contacts_insert_log where inserted_at <= at_time - interval '1 day';
  perform private.check_contacts_allowances('new contacts', array(select inserted_at from public.contacts_insert_log),
    limits.per_minute, limits.per_day, at_time);
  insert into public.contacts_insert_log (inserted_at) values (at_time);
  return null;
end;
$$;

ALTER FUNCTION "public"."contacts_flood_guard"() OWNER TO "postgres";

--
-- Name: contacts_keep_history(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."contacts_keep_history"() RETURNS "trigger"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
begin
  insert into public.contacts_history (contact_id, version, contact, written_at, replaced_at)
  values (old.id, old.version, to_jsonb(old), old.updated_at, now());
  return null;
end;
$$;

ALTER FUNCTION "public"."contacts_keep_history"() OWNER TO "postgres";

--
-- Name: fan_signups_refused(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."fan_signups_refused"() RETURNS integer
    LANGUAGE "plpgsql" STABLE SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
begin
  if not (select private.is_team_member()) then
    raise exception 'Only the team may see how many sign-ups were refused'
      using errcode = '42501', hint = 'Sign in to the team account.';
  end if;
  return (
    select coalesce(sum(refused), 0)::integer
    from private.fan_signups_refusals
    where minute > clock_timestamp() - interval '24 hours'
  );
end;
$$;

ALTER FUNCTION "public"."fan_signups_refused"() OWNER TO "postgres";

--
-- Name: fan_signups_release_held(boolean); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."fan_signups_release_held"("accept" boolean) RETURNS integer
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
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

ALTER FUNCTION "public"."fan_signups_release_held"("accept" boolean) OWNER TO "postgres";

--
-- Name: heartbeat(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."heartbeat"() RETURNS timestamp with time zone
    LANGUAGE "sql" STABLE
    SET "search_path" TO ''
    AS $$ select pg_catalog.now() $$;

ALTER FUNCTION "public"."heartbeat"() OWNER TO "postgres";

--
-- Name: new_calendar_feed_address(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."new_calendar_feed_address"("ending" timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS "jsonb"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
declare
  secret text := encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'hex');
  made timestamptz;
begin
  if not (select private.is_team_member()) then
    raise exception 'Only the team may make the calendar''s address'
      using errcode = '42501', hint = 'Sign in to the team account.';
  end if;
  insert into private.calendar_feed as feed (id, secret_sha256, made_at)
    values (true, private.calendar_feed_hash(secret), clock_timestamp())
    -- Always later than the address it ends, even on a clock that reads the same millisecond twice: made_at
    -- is what the next new address names, so no two addresses share one.
    on conflict (id) do update
      set secret_sha256 = excluded.secret_sha256,
          made_at = greatest(excluded.made_at, feed.made_at + interval '1 millisecond')
      where feed.made_at is not distinct from ending
    returning feed.made_at into made;
  if made is null then
    raise exception 'The calendar''s address changed meanwhile'
      using errcode = 'PT409',
            detail = 'Someone made a new address since this one was read; nothing was ended or made.',
            hint = 'Read the address there is now, and end it only if that is meant.';
  end if;
  return jsonb_build_object('secret', secret, 'made_at', made);
end;
$$;

ALTER FUNCTION "public"."new_calendar_feed_address"("ending" timestamp with time zone) OWNER TO "postgres";

--
-- Name: restore_contacts(timestamp with time zone, boolean); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."restore_contacts"("at" timestamp with time zone, "dry_run" boolean DEFAULT false) RETURNS TABLE("contact" "text", "outcome" "text", "from_version" integer, "now_values" "jsonb", "then_values" "jsonb", "problem" "text")
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $_$
declare
  c public.contacts;
  h public.contacts_history;
  restored public.contacts;
  restore_at timestamptz := restore_contacts.at;
  -- Every column the team writes, in table order: the ones a restore sets.
  columns text := (
    select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
      from pg_attribute a
     where a.attrelid = 'public.contacts'::regclass and a.attnum > 0 and not a.attisdropped
       and private.contact_values(jsonb_build_object(a.attname, true)) <> '{}'::jsonb
  );
begin
  if restore_at is null then
    raise exception 'A time to restore to is required' using errcode = '22004';
  end if;
  perform 1 from public.contacts for update;
  for c in select * from public.contacts order by created_at desc, id loop
    contact := c.id;
    from_version := null;
    now_values := private.contact_values(to_jsonb(c));
    then_values := null;
    problem := null;
    if c.created_at > restore_at then
      outcome := 'added later';
      return next;
      continue;
    end if;
    if c.updated_at <= restore_at then
      continue;
    end if;
    select * into h from public.contacts_history ch
      where ch.contact_id = c.id and ch.written_at <= restore_at and ch.replaced_at > restore_at
      order by ch.version desc limit 1;
    if not found then
      outcome := 'unknown';
      return next;
      continue;
    end if;
    restored := jsonb_populate_record(c, private.contact_values(h.contact));
    then_values := private.contact_values(to_jsonb(restored));
    if then_values = now_values then
      continue;
    end if;
    from_version := h.version;
    if dry_run then
      outcome := 'would restore';
    else
      begin
        execute format(
          'update public.contacts set (%s) = (select %s from jsonb_populate_record(null::public.contacts, $1)) where id = $2',
          columns, columns
        ) using to_jsonb(restored), c.id;
        outcome := 'restored';
      exception when check_violation or not_null_violation then
        outcome := 'refused';
        problem := sqlerrm;
      end;
    end if;
    return next;
  end loop;
end;
$_$;

ALTER FUNCTION "public"."restore_contacts"("at" timestamp with time zone, "dry_run" boolean) OWNER TO "postgres";

SET default_tablespace = '';

SET default_table_access_method = "heap";

--
-- Name: shows; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."shows" (
    "id" "text" NOT NULL,
    "event_id" "uuid" NOT NULL,
    "published" boolean DEFAULT true NOT NULL,
    "venue_name" "text" NOT NULL,
    "venue_street" "text" NOT NULL,
    "venue_town" "text" NOT NULL,
    "venue_county" "text" NOT NULL,
    "venue_postal_code" "text" NOT NULL,
    "venue_country" "text" NOT NULL,
    "starts_at" timestamp with time zone NOT NULL,
    "time_zone" "text" DEFAULT 'Europe/Dublin'::"text" NOT NULL,
    "ticket_url" "text" NOT NULL,
    "ticket_kind" "text" NOT NULL,
    "price" numeric,
    "currency" "text",
    "availability" "text",
    "on_sale_at" timestamp with time zone,
    "status" "text" DEFAULT 'scheduled'::"text" NOT NULL,
    "previous_starts_at" timestamp with time zone,
    "notes" "text",
    "version" integer DEFAULT 1 NOT NULL,
    "created_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    "updated_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    CONSTRAINT "shows_availability_known" CHECK (("availability" = ANY (ARRAY['on-sale'::"text", 'few-left'::"text", 'sold-out'::"text", 'pre-sale'::"text"]))),
    CONSTRAINT "shows_currency_code" CHECK (("currency" ~ '^[A-Z]{3}$'::"text")),
    CONSTRAINT "shows_id_plain" CHECK ((("char_length"("id") <= 100) AND ("id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::"text"))),
    CONSTRAINT "shows_notes_limit" CHECK (("char_length"("notes") <= 2000)),
    CONSTRAINT "shows_notes_plain" CHECK ("private"."is_plain_lines"("notes")),
    CONSTRAINT "shows_on_sale_before_doors" CHECK ((("on_sale_at" IS NULL) OR ("on_sale_at" < "starts_at"))),
    CONSTRAINT "shows_price_cents" CHECK ((("price" >= (0)::numeric) AND ("price" < (100000)::numeric) AND ("price" = "round"("price", 2)))),
    CONSTRAINT "shows_price_with_currency" CHECK ((("price" IS NULL) = ("currency" IS NULL))),
    CONSTRAINT "shows_status_known" CHECK (("status" = ANY (ARRAY['scheduled'::"text", 'postponed'::"text", 'rescheduled'::"text", 'sold-out'::"text", 'cancelled'::"text"]))),
    CONSTRAINT "shows_ticket_kind_known" CHECK (("ticket_kind" = ANY (ARRAY['ticket'::"text", 'venue'::"text"]))),
    CONSTRAINT "shows_ticket_url_https" CHECK ("private"."is_web_address"("ticket_url")),
    CONSTRAINT "shows_ticket_url_visible" CHECK ((("private"."visible_text"("ticket_url") = "ticket_url") AND ("ticket_url" !~ '[\u0001-\u001f\u007f-\u009f]'::"text"))),
    CONSTRAINT "shows_tickets_with_price" CHECK ((("price" IS NOT NULL) OR (("availability" IS NULL) AND ("on_sale_at" IS NULL)))),
    CONSTRAINT "shows_time_zone_known" CHECK ("private"."is_time_zone"("time_zone")),
    CONSTRAINT "shows_venue_country_code" CHECK (("venue_country" ~ '^[A-Z]{2}$'::"text")),
    CONSTRAINT "shows_venue_county_shown" CHECK ("private"."is_shown_line"("venue_county", 100)),
    CONSTRAINT "shows_venue_name_shown" CHECK ("private"."is_shown_line"("venue_name", 200)),
    CONSTRAINT "shows_venue_postal_code_shown" CHECK ("private"."is_shown_line"("venue_postal_code", 20)),
    CONSTRAINT "shows_venue_street_shown" CHECK ("private"."is_shown_line"("venue_street", 200)),
    CONSTRAINT "shows_venue_town_shown" CHECK ("private"."is_shown_line"("venue_town", 100))
);

ALTER TABLE "public"."shows" OWNER TO "postgres";

--
-- Name: restore_show("text", integer, integer); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."restore_show"("show_id" "text", "version" integer, "seen" integer) RETURNS SETOF "public"."shows"
    LANGUAGE "plpgsql"
    SET "search_path" TO ''
    AS $$
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
  if restore_show.seen is null then
    raise exception 'The version seen is required' using errcode = '22004';
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
    where s.id = restore_show.show_id and s.version = restore_show.seen
    returning s.*;
end;
$$;

ALTER FUNCTION "public"."restore_show"("show_id" "text", "version" integer, "seen" integer) OWNER TO "postgres";

--
-- Name: team_calendar_feed("text", "text"); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE OR REPLACE FUNCTION "public"."team_calendar_feed"("secret" "text", "client" "text" DEFAULT NULL::"text") RETURNS "jsonb"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
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

ALTER FUNCTION "public"."team_calendar_feed"("secret" "text", "client" "text") OWNER TO "postgres";

--
-- Name: calendar_feed; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "private"."calendar_feed" (
    "id" boolean DEFAULT true NOT NULL,
    "secret_sha256" "bytea" NOT NULL,
    "made_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    CONSTRAINT "calendar_feed_id_check" CHECK ("id"),
    CONSTRAINT "calendar_feed_secret_sha256_check" CHECK (("octet_length"("secret_sha256") = 32))
);

ALTER TABLE "private"."calendar_feed" OWNER TO "postgres";

--
-- Name: calendar_feed_limits; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "private"."calendar_feed_limits" (
    "id" boolean DEFAULT true NOT NULL,
    "per_client_per_minute" integer DEFAULT 10 NOT NULL,
    "per_caller_per_minute" integer DEFAULT 300 NOT NULL,
    CONSTRAINT "calendar_feed_limits_id_check" CHECK ("id"),
    CONSTRAINT "calendar_feed_limits_per_caller_per_minute_check" CHECK (("per_caller_per_minute" >= 0)),
    CONSTRAINT "calendar_feed_limits_per_client_per_minute_check" CHECK (("per_client_per_minute" >= 0))
);

ALTER TABLE "private"."calendar_feed_limits" OWNER TO "postgres";

--
-- Name: calendar_feed_misses; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "private"."calendar_feed_misses" (
    "id" bigint NOT NULL,
    "caller" "text" NOT NULL,
    "client" "text" NOT NULL,
    "missed_at" timestamp with time zone NOT NULL
);

ALTER TABLE "private"."calendar_feed_misses" OWNER TO "postgres";

--
-- Name: calendar_feed_misses_id_seq; Type: SEQUENCE; Schema: private; Owner: postgres
--

ALTER TABLE "private"."calendar_feed_misses" ALTER COLUMN "id" ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME "private"."calendar_feed_misses_id_seq"
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: fan_signups_refusals; Type: TABLE; Schema: private; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "private"."fan_signups_refusals" (
    "minute" timestamp with time zone NOT NULL,
    "refused" integer NOT NULL,
    CONSTRAINT "fan_signups_refusals_refused_check" CHECK (("refused" > 0))
);

ALTER TABLE "private"."fan_signups_refusals" OWNER TO "postgres";

--
-- Name: calendar_events; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."calendar_events" (
    "id" "uuid" DEFAULT "gen_random_uuid"() NOT NULL,
    "title" "text" NOT NULL,
    "description" "text",
    "start_date" timestamp with time zone NOT NULL,
    "end_date" timestamp with time zone NOT NULL,
    "event_type" "text" DEFAULT 'gig'::"text" NOT NULL,
    "created_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    "sequence" integer DEFAULT 0 NOT NULL,
    "updated_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    CONSTRAINT "calendar_events_check" CHECK (("end_date" >= "start_date")),
    CONSTRAINT "calendar_events_description_check" CHECK (("char_length"("description") <= 2000)),
    CONSTRAINT "calendar_events_description_plain" CHECK ("private"."is_plain_lines"("description")),
    CONSTRAINT "calendar_events_event_type_check" CHECK (("event_type" = ANY (ARRAY['away'::"text", 'gig'::"text", 'rehearsal'::"text", 'recording'::"text", 'promotion'::"text"]))),
    CONSTRAINT "calendar_events_sequence_check" CHECK (("sequence" >= 0)),
    CONSTRAINT "calendar_events_title_check" CHECK ((("char_length"("title") >= 1) AND ("char_length"("title") <= 200))),
    CONSTRAINT "calendar_events_title_shown" CHECK ("private"."is_shown_line"("title", 200))
);

ALTER TABLE "public"."calendar_events" OWNER TO "postgres";

--
-- Name: team_feed_entries; Type: VIEW; Schema: private; Owner: postgres
--

CREATE OR REPLACE VIEW "private"."team_feed_entries" AS
 SELECT ("e"."id")::"text" AS "id",
    'event'::"text" AS "kind",
    "e"."title",
    "e"."description",
    NULL::"text" AS "location",
    "e"."event_type" AS "category",
    true AS "all_day",
    (("e"."start_date" AT TIME ZONE 'UTC'::"text"))::"date" AS "start_day",
    (("e"."end_date" AT TIME ZONE 'UTC'::"text"))::"date" AS "end_day",
    NULL::timestamp with time zone AS "starts_at",
    NULL::timestamp with time zone AS "ends_at",
    NULL::"text" AS "time_zone",
    'CONFIRMED'::"text" AS "status",
    "e"."sequence",
    "e"."updated_at"
   FROM "public"."calendar_events" "e"
  WHERE (NOT (EXISTS ( SELECT
           FROM "public"."shows" "s"
          WHERE ("s"."event_id" = "e"."id"))))
UNION ALL
 SELECT ("e"."id")::"text" AS "id",
    'show'::"text" AS "kind",
    "e"."title",
    NULLIF("concat_ws"('

'::"text", NULLIF("btrim"("e"."description"), ''::"text"), NULLIF("btrim"("s"."notes"), ''::"text")), ''::"text") AS "description",
    "concat_ws"(', '::"text", "s"."venue_name", "s"."venue_street", "s"."venue_town", "s"."venue_county", "s"."venue_postal_code", "s"."venue_country") AS "location",
    "e"."event_type" AS "category",
    false AS "all_day",
    NULL::"date" AS "start_day",
    NULL::"date" AS "end_day",
    "s"."starts_at",
    ("s"."starts_at" + '03:00:00'::interval) AS "ends_at",
    "s"."time_zone",
        CASE "s"."status"
            WHEN 'cancelled'::"text" THEN 'CANCELLED'::"text"
            WHEN 'postponed'::"text" THEN 'TENTATIVE'::"text"
            ELSE 'CONFIRMED'::"text"
        END AS "status",
    ("e"."sequence" + "s"."version") AS "sequence",
    GREATEST("e"."updated_at", "s"."updated_at") AS "updated_at"
   FROM ("public"."calendar_events" "e"
     JOIN "public"."shows" "s" ON (("s"."event_id" = "e"."id")));

ALTER TABLE "private"."team_feed_entries" OWNER TO "postgres";

--
-- Name: contacts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."contacts" (
    "id" "text" NOT NULL,
    "name" "text" NOT NULL,
    "role" "text" NOT NULL,
    "email" "text",
    "phone" "text",
    "created_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    "version" integer DEFAULT 1 NOT NULL,
    "updated_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    CONSTRAINT "contacts_email_check" CHECK (("char_length"("email") <= 320)),
    CONSTRAINT "contacts_id_check" CHECK ((("char_length"("id") >= 1) AND ("char_length"("id") <= 64))),
    CONSTRAINT "contacts_name_check" CHECK ((("char_length"("name") >= 1) AND ("char_length"("name") <= 200))),
    CONSTRAINT "contacts_name_not_blank" CHECK (("private"."shown_text"("name") <> ''::"text")),
    CONSTRAINT "contacts_no_bidi_controls" CHECK ((("private"."without_bidi_controls"("name") = "name") AND ("private"."without_bidi_controls"("role") = "role") AND ("private"."without_bidi_controls"("email") = "email") AND ("private"."without_bidi_controls"("phone") = "phone"))),
    CONSTRAINT "contacts_no_control_characters" CHECK ((("name" !~ '[\u0001-\u001f\u007f-\u009f]'::"text") AND ("role" !~ '[\u0001-\u001f\u007f-\u009f]'::"text") AND (COALESCE("email", ''::"text") !~ '[\u0001-\u001f\u007f-\u009f]'::"text") AND (COALESCE("phone", ''::"text") !~ '[\u0001-\u001f\u007f-\u009f]'::"text"))),
    CONSTRAINT "contacts_phone_check" CHECK (("char_length"("phone") <= 50)),
    CONSTRAINT "contacts_role_check" CHECK ((("char_length"("role") >= 1) AND ("char_length"("role") <= 200))),
    CONSTRAINT "contacts_role_not_blank" CHECK (("private"."shown_text"("role") <> ''::"text"))
);

ALTER TABLE "public"."contacts" OWNER TO "postgres";

--
-- Name: contacts_history; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."contacts_history" (
    "history_id" bigint NOT NULL,
    "contact_id" "text" NOT NULL,
    "version" integer NOT NULL,
    "written_at" timestamp with time zone NOT NULL,
    "replaced_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    "contact" "jsonb" NOT NULL
);

ALTER TABLE "public"."contacts_history" OWNER TO "postgres";

--
-- Name: contacts_history_history_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts_history" ALTER COLUMN "history_id" ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME "public"."contacts_history_history_id_seq"
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: contacts_insert_log; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."contacts_insert_log" (
    "id" bigint NOT NULL,
    "inserted_at" timestamp with time zone NOT NULL
);

ALTER TABLE "public"."contacts_insert_log" OWNER TO "postgres";

--
-- Name: contacts_insert_log_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts_insert_log" ALTER COLUMN "id" ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME "public"."contacts_insert_log_id_seq"
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: contacts_limits; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."contacts_limits" (
    "id" boolean DEFAULT true NOT NULL,
    "per_minute" integer DEFAULT 60 NOT NULL,
    "per_day" integer DEFAULT 1000 NOT NULL,
    "updates_per_minute" integer DEFAULT 120 NOT NULL,
    "updates_per_day" integer DEFAULT 3000 NOT NULL,
    "updates_per_request" integer DEFAULT 1 NOT NULL,
    CONSTRAINT "contacts_limits_id_check" CHECK ("id"),
    CONSTRAINT "contacts_limits_per_day_check" CHECK (("per_day" >= 0)),
    CONSTRAINT "contacts_limits_per_minute_check" CHECK (("per_minute" >= 0)),
    CONSTRAINT "contacts_limits_updates_per_day_check" CHECK (("updates_per_day" >= 0)),
    CONSTRAINT "contacts_limits_updates_per_minute_check" CHECK (("updates_per_minute" >= 0)),
    CONSTRAINT "contacts_limits_updates_per_request_check" CHECK (("updates_per_request" >= 0))
);

ALTER TABLE "public"."contacts_limits" OWNER TO "postgres";

--
-- Name: contacts_update_log; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."contacts_update_log" (
    "id" bigint NOT NULL,
    "changed_at" timestamp with time zone NOT NULL
);

ALTER TABLE "public"."contacts_update_log" OWNER TO "postgres";

--
-- Name: contacts_update_log_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts_update_log" ALTER COLUMN "id" ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME "public"."contacts_update_log_id_seq"
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: fan_signups; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."fan_signups" (
    "id" "uuid" DEFAULT "gen_random_uuid"() NOT NULL,
    "email" "text" NOT NULL,
    "interest" "text" DEFAULT 'all'::"text" NOT NULL,
    "created_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    CONSTRAINT "fan_signups_email_check" CHECK (((("char_length"("email") >= 3) AND ("char_length"("email") <= 254)) AND ("email" ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::"text"))),
    CONSTRAINT "fan_signups_interest_check" CHECK (("interest" = ANY (ARRAY['all'::"text", 'tshirts'::"text"])))
);

ALTER TABLE "public"."fan_signups" OWNER TO "postgres";

--
-- Name: fan_signups_attempts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."fan_signups_attempts" (
    "attempted_at" timestamp with time zone DEFAULT "clock_timestamp"() NOT NULL,
    "client" "text" DEFAULT 'unknown'::"text" NOT NULL,
    "address_key" "text"
);

ALTER TABLE "public"."fan_signups_attempts" OWNER TO "postgres";

--
-- Name: fan_signups_held; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."fan_signups_held" (
    "id" "uuid" DEFAULT "gen_random_uuid"() NOT NULL,
    "email" "text" NOT NULL,
    "interest" "text" DEFAULT 'all'::"text" NOT NULL,
    "created_at" timestamp with time zone DEFAULT "now"() NOT NULL,
    CONSTRAINT "fan_signups_held_email_check" CHECK (((("char_length"("email") >= 3) AND ("char_length"("email") <= 254)) AND ("email" ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::"text"))),
    CONSTRAINT "fan_signups_held_email_check1" CHECK ("private"."plain_address"("email")),
    CONSTRAINT "fan_signups_held_email_deliverable" CHECK ("private"."deliverable_address"("email")),
    CONSTRAINT "fan_signups_held_interest_check" CHECK (("interest" = ANY (ARRAY['all'::"text", 'tshirts'::"text"])))
);

ALTER TABLE "public"."fan_signups_held" OWNER TO "postgres";

--
-- Name: fan_signups_limits; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."fan_signups_limits" (
    "id" boolean DEFAULT true NOT NULL,
    "per_minute" integer DEFAULT 600 NOT NULL,
    "per_client_per_minute" integer DEFAULT 10 NOT NULL,
    "held_per_day" integer DEFAULT 1000 NOT NULL,
    CONSTRAINT "fan_signups_limits_held_per_day_check" CHECK (("held_per_day" >= 0)),
    CONSTRAINT "fan_signups_limits_id_check" CHECK ("id"),
    CONSTRAINT "fan_signups_limits_per_client_per_minute_check" CHECK (("per_client_per_minute" >= 0)),
    CONSTRAINT "fan_signups_limits_per_minute_check" CHECK (("per_minute" >= 0))
);

ALTER TABLE "public"."fan_signups_limits" OWNER TO "postgres";

--
-- Name: published_shows; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."published_shows" (
    "id" "text" NOT NULL,
    "venue_name" "text" NOT NULL,
    "venue_street" "text" NOT NULL,
    "venue_town" "text" NOT NULL,
    "venue_county" "text" NOT NULL,
    "venue_postal_code" "text" NOT NULL,
    "venue_country" "text" NOT NULL,
    "starts_at" timestamp with time zone NOT NULL,
    "time_zone" "text" NOT NULL,
    "ticket_url" "text" NOT NULL,
    "ticket_kind" "text" NOT NULL,
    "price" numeric,
    "currency" "text",
    "availability" "text",
    "on_sale_at" timestamp with time zone,
    "status" "text" NOT NULL,
    "previous_starts_at" timestamp with time zone
);

ALTER TABLE "public"."published_shows" OWNER TO "postgres";

--
-- Name: show_changes; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."show_changes" (
    "show_id" "text" NOT NULL,
    "changed_at" timestamp with time zone DEFAULT "now"() NOT NULL
);

ALTER TABLE "public"."show_changes" OWNER TO "postgres";

--
-- Name: shows_history; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE IF NOT EXISTS "public"."shows_history" (
    "show_id" "text" NOT NULL,
    "version" integer NOT NULL,
    "show" "jsonb" NOT NULL,
    "written_at" timestamp with time zone NOT NULL,
    "replaced_at" timestamp with time zone DEFAULT "now"() NOT NULL
);

ALTER TABLE "public"."shows_history" OWNER TO "postgres";

--
-- Name: calendar_feed_limits calendar_feed_limits_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY "private"."calendar_feed_limits"
    ADD CONSTRAINT "calendar_feed_limits_pkey" PRIMARY KEY ("id");

--
-- Name: calendar_feed_misses calendar_feed_misses_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY "private"."calendar_feed_misses"
    ADD CONSTRAINT "calendar_feed_misses_pkey" PRIMARY KEY ("id");

--
-- Name: calendar_feed calendar_feed_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY "private"."calendar_feed"
    ADD CONSTRAINT "calendar_feed_pkey" PRIMARY KEY ("id");

--
-- Name: fan_signups_refusals fan_signups_refusals_pkey; Type: CONSTRAINT; Schema: private; Owner: postgres
--

ALTER TABLE ONLY "private"."fan_signups_refusals"
    ADD CONSTRAINT "fan_signups_refusals_pkey" PRIMARY KEY ("minute");

--
-- Name: calendar_events calendar_events_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."calendar_events"
    ADD CONSTRAINT "calendar_events_pkey" PRIMARY KEY ("id");

--
-- Name: contacts_history contacts_history_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."contacts_history"
    ADD CONSTRAINT "contacts_history_pkey" PRIMARY KEY ("history_id");

--
-- Name: contacts contacts_id_plain; Type: CHECK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts"
    ADD CONSTRAINT "contacts_id_plain" CHECK ((("id" !~ '[\u0001-\u001f\u007f-\u009f]'::"text") AND ("private"."visible_text"("id") = "id"))) NOT VALID;

--
-- Name: contacts_insert_log contacts_insert_log_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."contacts_insert_log"
    ADD CONSTRAINT "contacts_insert_log_pkey" PRIMARY KEY ("id");

--
-- Name: contacts_limits contacts_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."contacts_limits"
    ADD CONSTRAINT "contacts_limits_pkey" PRIMARY KEY ("id");

--
-- Name: contacts contacts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."contacts"
    ADD CONSTRAINT "contacts_pkey" PRIMARY KEY ("id");

--
-- Name: contacts_update_log contacts_update_log_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."contacts_update_log"
    ADD CONSTRAINT "contacts_update_log_pkey" PRIMARY KEY ("id");

--
-- Name: fan_signups fan_signups_email_deliverable; Type: CHECK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE "public"."fan_signups"
    ADD CONSTRAINT "fan_signups_email_deliverable" CHECK ("private"."deliverable_address"("email")) NOT VALID;

--
-- Name: fan_signups fan_signups_email_plain; Type: CHECK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE "public"."fan_signups"
    ADD CONSTRAINT "fan_signups_email_plain" CHECK ("private"."plain_address"("email")) NOT VALID;

--
-- Name: fan_signups_held fan_signups_held_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."fan_signups_held"
    ADD CONSTRAINT "fan_signups_held_pkey" PRIMARY KEY ("id");

--
-- Name: fan_signups_limits fan_signups_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."fan_signups_limits"
    ADD CONSTRAINT "fan_signups_limits_pkey" PRIMARY KEY ("id");

--
-- Name: fan_signups fan_signups_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."fan_signups"
    ADD CONSTRAINT "fan_signups_pkey" PRIMARY KEY ("id");

--
-- Name: published_shows published_shows_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."published_shows"
    ADD CONSTRAINT "published_shows_pkey" PRIMARY KEY ("id");

--
-- Name: show_changes show_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."show_changes"
    ADD CONSTRAINT "show_changes_pkey" PRIMARY KEY ("show_id");

--
-- Name: shows shows_event_id_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."shows"
    ADD CONSTRAINT "shows_event_id_key" UNIQUE ("event_id");

--
-- Name: shows_history shows_history_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."shows_history"
    ADD CONSTRAINT "shows_history_pkey" PRIMARY KEY ("show_id", "version");

--
-- Name: shows shows_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."shows"
    ADD CONSTRAINT "shows_pkey" PRIMARY KEY ("id");

--
-- Name: calendar_feed_misses_caller_idx; Type: INDEX; Schema: private; Owner: postgres
--

CREATE INDEX "calendar_feed_misses_caller_idx" ON "private"."calendar_feed_misses" USING "btree" ("caller", "missed_at");

--
-- Name: calendar_feed_misses_client_idx; Type: INDEX; Schema: private; Owner: postgres
--

CREATE INDEX "calendar_feed_misses_client_idx" ON "private"."calendar_feed_misses" USING "btree" ("client", "missed_at");

--
-- Name: calendar_events_start_date_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "calendar_events_start_date_idx" ON "public"."calendar_events" USING "btree" ("start_date");

--
-- Name: contacts_created_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "contacts_created_at_idx" ON "public"."contacts" USING "btree" ("created_at" DESC);

--
-- Name: contacts_history_contact_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "contacts_history_contact_idx" ON "public"."contacts_history" USING "btree" ("contact_id", "version" DESC);

--
-- Name: contacts_history_replaced_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "contacts_history_replaced_at_idx" ON "public"."contacts_history" USING "btree" ("replaced_at");

--
-- Name: contacts_insert_log_inserted_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "contacts_insert_log_inserted_at_idx" ON "public"."contacts_insert_log" USING "btree" ("inserted_at");

--
-- Name: contacts_update_log_changed_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "contacts_update_log_changed_at_idx" ON "public"."contacts_update_log" USING "btree" ("changed_at");

--
-- Name: fan_signups_attempts_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "fan_signups_attempts_at_idx" ON "public"."fan_signups_attempts" USING "btree" ("attempted_at");

--
-- Name: fan_signups_attempts_client_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "fan_signups_attempts_client_idx" ON "public"."fan_signups_attempts" USING "btree" ("client", "attempted_at");

--
-- Name: fan_signups_created_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "fan_signups_created_at_idx" ON "public"."fan_signups" USING "btree" ("created_at" DESC);

--
-- Name: fan_signups_email_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX "fan_signups_email_key" ON "public"."fan_signups" USING "btree" ("lower"("email"));

--
-- Name: fan_signups_held_created_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "fan_signups_held_created_at_idx" ON "public"."fan_signups_held" USING "btree" ("created_at" DESC);

--
-- Name: fan_signups_held_email_key; Type: INDEX; Schema: public; Owner: postgres
--

CREATE UNIQUE INDEX "fan_signups_held_email_key" ON "public"."fan_signups_held" USING "btree" ("lower"("email"));

--
-- Name: published_shows_starts_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "published_shows_starts_at_idx" ON "public"."published_shows" USING "btree" ("starts_at");

--
-- Name: shows_starts_at_idx; Type: INDEX; Schema: public; Owner: postgres
--

CREATE INDEX "shows_starts_at_idx" ON "public"."shows" USING "btree" ("starts_at");

--
-- Name: calendar_events calendar_event_first_version; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "calendar_event_first_version" BEFORE INSERT ON "public"."calendar_events" FOR EACH ROW EXECUTE FUNCTION "private"."calendar_event_first_version"();

--
-- Name: calendar_events calendar_event_next_version; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "calendar_event_next_version" BEFORE UPDATE ON "public"."calendar_events" FOR EACH ROW EXECUTE FUNCTION "private"."calendar_event_next_version"();

--
-- Name: contacts contacts_before_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "contacts_before_insert" BEFORE INSERT ON "public"."contacts" FOR EACH ROW EXECUTE FUNCTION "public"."contacts_before_insert"();

--
-- Name: contacts contacts_before_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "contacts_before_update" BEFORE UPDATE ON "public"."contacts" FOR EACH ROW EXECUTE FUNCTION "public"."contacts_before_update"();

--
-- Name: contacts contacts_edit_budget; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "contacts_edit_budget" BEFORE UPDATE ON "public"."contacts" FOR EACH ROW EXECUTE FUNCTION "public"."contacts_edit_budget"();

--
-- Name: contacts contacts_flood_guard; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "contacts_flood_guard" AFTER INSERT ON "public"."contacts" FOR EACH ROW EXECUTE FUNCTION "public"."contacts_flood_guard"();

--
-- Name: contacts contacts_keep_history; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "contacts_keep_history" AFTER UPDATE ON "public"."contacts" FOR EACH ROW WHEN (("old"."version" IS DISTINCT FROM "new"."version")) EXECUTE FUNCTION "public"."contacts_keep_history"();

--
-- Name: fan_signups fan_signups_before_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "fan_signups_before_insert" BEFORE INSERT ON "public"."fan_signups" FOR EACH ROW EXECUTE FUNCTION "private"."fan_signup_before_insert"();

--
-- Name: fan_signups fan_signups_one_removal_per_request; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "fan_signups_one_removal_per_request" AFTER DELETE ON "public"."fan_signups" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "private"."fan_signups_one_removal_per_request"();

--
-- Name: shows shows_before_insert; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "shows_before_insert" BEFORE INSERT ON "public"."shows" FOR EACH ROW EXECUTE FUNCTION "private"."shows_before_insert"();

--
-- Name: shows shows_before_update; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "shows_before_update" BEFORE UPDATE ON "public"."shows" FOR EACH ROW EXECUTE FUNCTION "private"."shows_before_update"();

--
-- Name: shows shows_changed; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "shows_changed" AFTER INSERT OR UPDATE ON "public"."shows" FOR EACH ROW EXECUTE FUNCTION "private"."show_changed"();

--
-- Name: shows shows_keep_history; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "shows_keep_history" AFTER UPDATE ON "public"."shows" FOR EACH ROW EXECUTE FUNCTION "private"."shows_keep_history"();

--
-- Name: shows shows_published_copy; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "shows_published_copy" AFTER INSERT OR DELETE OR UPDATE ON "public"."shows" FOR EACH ROW EXECUTE FUNCTION "private"."shows_published_copy"();

--
-- Name: shows shows_ticket_url_host; Type: TRIGGER; Schema: public; Owner: postgres
--

CREATE OR REPLACE TRIGGER "shows_ticket_url_host" BEFORE INSERT OR UPDATE OF "ticket_url" ON "public"."shows" FOR EACH ROW EXECUTE FUNCTION "private"."shows_ticket_url_host"();

--
-- Name: published_shows published_shows_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."published_shows"
    ADD CONSTRAINT "published_shows_id_fkey" FOREIGN KEY ("id") REFERENCES "public"."shows"("id") ON DELETE CASCADE;

--
-- Name: show_changes show_changes_show_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."show_changes"
    ADD CONSTRAINT "show_changes_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE CASCADE;

--
-- Name: shows shows_event_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."shows"
    ADD CONSTRAINT "shows_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id");

--
-- Name: shows_history shows_history_show_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY "public"."shows_history"
    ADD CONSTRAINT "shows_history_show_id_fkey" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id");

--
-- Name: calendar_feed; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE "private"."calendar_feed" ENABLE ROW LEVEL SECURITY;

--
-- Name: calendar_feed_limits; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE "private"."calendar_feed_limits" ENABLE ROW LEVEL SECURITY;

--
-- Name: calendar_feed_misses; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE "private"."calendar_feed_misses" ENABLE ROW LEVEL SECURITY;

--
-- Name: fan_signups_refusals; Type: ROW SECURITY; Schema: private; Owner: postgres
--

ALTER TABLE "private"."fan_signups_refusals" ENABLE ROW LEVEL SECURITY;

--
-- Name: fan_signups anyone can sign up; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "anyone can sign up" ON "public"."fan_signups" FOR INSERT TO "anon", "authenticated" WITH CHECK (true);

--
-- Name: published_shows anyone reads the published shows; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "anyone reads the published shows" ON "public"."published_shows" FOR SELECT TO "anon", "authenticated" USING (true);

--
-- Name: calendar_events; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."calendar_events" ENABLE ROW LEVEL SECURITY;

--
-- Name: contacts; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts" ENABLE ROW LEVEL SECURITY;

--
-- Name: contacts_history; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts_history" ENABLE ROW LEVEL SECURITY;

--
-- Name: contacts_insert_log; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts_insert_log" ENABLE ROW LEVEL SECURITY;

--
-- Name: contacts_limits; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts_limits" ENABLE ROW LEVEL SECURITY;

--
-- Name: contacts_update_log; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."contacts_update_log" ENABLE ROW LEVEL SECURITY;

--
-- Name: fan_signups; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."fan_signups" ENABLE ROW LEVEL SECURITY;

--
-- Name: fan_signups_attempts; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."fan_signups_attempts" ENABLE ROW LEVEL SECURITY;

--
-- Name: fan_signups_held; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."fan_signups_held" ENABLE ROW LEVEL SECURITY;

--
-- Name: fan_signups_limits; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."fan_signups_limits" ENABLE ROW LEVEL SECURITY;

--
-- Name: contacts only the team adds contacts; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team adds contacts" ON "public"."contacts" FOR INSERT TO "authenticated" WITH CHECK (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: calendar_events only the team adds events; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team adds events" ON "public"."calendar_events" FOR INSERT TO "authenticated" WITH CHECK (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: contacts only the team edits contacts; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team edits contacts" ON "public"."contacts" FOR UPDATE TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member")) WITH CHECK (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: contacts_history only the team reads contact history; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team reads contact history" ON "public"."contacts_history" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: contacts only the team reads contacts; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team reads contacts" ON "public"."contacts" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: calendar_events only the team reads events; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team reads events" ON "public"."calendar_events" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: fan_signups_held only the team reads held sign-ups; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team reads held sign-ups" ON "public"."fan_signups_held" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: fan_signups only the team reads sign-ups; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team reads sign-ups" ON "public"."fan_signups" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: contacts_limits only the team reads the contacts limits; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team reads the contacts limits" ON "public"."contacts_limits" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: fan_signups only the team removes sign-ups; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "only the team removes sign-ups" ON "public"."fan_signups" FOR DELETE TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: published_shows; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."published_shows" ENABLE ROW LEVEL SECURITY;

--
-- Name: show_changes; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."show_changes" ENABLE ROW LEVEL SECURITY;

--
-- Name: shows; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."shows" ENABLE ROW LEVEL SECURITY;

--
-- Name: shows_history; Type: ROW SECURITY; Schema: public; Owner: postgres
--

ALTER TABLE "public"."shows_history" ENABLE ROW LEVEL SECURITY;

--
-- Name: shows the team adds shows; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "the team adds shows" ON "public"."shows" FOR INSERT TO "authenticated" WITH CHECK (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: shows the team changes shows; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "the team changes shows" ON "public"."shows" FOR UPDATE TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member")) WITH CHECK (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: show_changes the team hears of the shows' changes; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "the team hears of the shows' changes" ON "public"."show_changes" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: shows the team reads shows; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "the team reads shows" ON "public"."shows" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: shows_history the team reads the shows' history; Type: POLICY; Schema: public; Owner: postgres
--

CREATE POLICY "the team reads the shows' history" ON "public"."shows_history" FOR SELECT TO "authenticated" USING (( SELECT "private"."is_team_member"() AS "is_team_member"));

--
-- Name: SCHEMA "private"; Type: ACL; Schema: -; Owner: postgres
--

GRANT USAGE ON SCHEMA "private" TO "anon";
GRANT USAGE ON SCHEMA "private" TO "authenticated";
GRANT USAGE ON SCHEMA "private" TO "service_role";

--
-- Name: SCHEMA "public"; Type: ACL; Schema: -; Owner: pg_database_owner
--

GRANT USAGE ON SCHEMA "public" TO "postgres";
GRANT USAGE ON SCHEMA "public" TO "anon";
GRANT USAGE ON SCHEMA "public" TO "authenticated";
GRANT USAGE ON SCHEMA "public" TO "service_role";

--
-- Name: FUNCTION "allowance_admits_at"("counted" timestamp with time zone[], "allowance" integer, "span" interval); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."allowance_admits_at"("counted" timestamp with time zone[], "allowance" integer, "span" interval) FROM PUBLIC;

--
-- Name: FUNCTION "calendar_event_first_version"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."calendar_event_first_version"() FROM PUBLIC;

--
-- Name: FUNCTION "calendar_event_next_version"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."calendar_event_next_version"() FROM PUBLIC;

--
-- Name: FUNCTION "calendar_feed_hash"("secret" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."calendar_feed_hash"("secret" "text") FROM PUBLIC;

--
-- Name: FUNCTION "check_contacts_allowances"("what" "text", "counted" timestamp with time zone[], "per_minute" integer, "per_day" integer, "at_time" timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."check_contacts_allowances"("what" "text", "counted" timestamp with time zone[], "per_minute" integer, "per_day" integer, "at_time" timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION "client_address_key"("given" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."client_address_key"("given" "text") FROM PUBLIC;

--
-- Name: FUNCTION "contact_values"("contact" "jsonb"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."contact_values"("contact" "jsonb") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."contact_values"("contact" "jsonb") TO "anon";
GRANT ALL ON FUNCTION "private"."contact_values"("contact" "jsonb") TO "authenticated";
GRANT ALL ON FUNCTION "private"."contact_values"("contact" "jsonb") TO "service_role";

--
-- Name: FUNCTION "deliverable_address"("value" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."deliverable_address"("value" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."deliverable_address"("value" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."deliverable_address"("value" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."deliverable_address"("value" "text") TO "service_role";

--
-- Name: FUNCTION "fan_signup_before_insert"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."fan_signup_before_insert"() FROM PUBLIC;

--
-- Name: FUNCTION "fan_signup_refuse"("at_time" timestamp with time zone, "admits_at" timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."fan_signup_refuse"("at_time" timestamp with time zone, "admits_at" timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION "fan_signup_spend_refused"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."fan_signup_spend_refused"() FROM PUBLIC;

--
-- Name: FUNCTION "fan_signups_one_removal_per_request"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."fan_signups_one_removal_per_request"() FROM PUBLIC;

--
-- Name: FUNCTION "without_bidi_controls"("value" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."without_bidi_controls"("value" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."without_bidi_controls"("value" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."without_bidi_controls"("value" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."without_bidi_controls"("value" "text") TO "service_role";

--
-- Name: FUNCTION "is_plain_lines"("value" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."is_plain_lines"("value" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."is_plain_lines"("value" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."is_plain_lines"("value" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."is_plain_lines"("value" "text") TO "service_role";

--
-- Name: FUNCTION "visible_text"("value" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."visible_text"("value" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."visible_text"("value" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."visible_text"("value" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."visible_text"("value" "text") TO "service_role";

--
-- Name: FUNCTION "shown_text"("value" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."shown_text"("value" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."shown_text"("value" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."shown_text"("value" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."shown_text"("value" "text") TO "service_role";

--
-- Name: FUNCTION "is_shown_line"("value" "text", "longest" integer); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."is_shown_line"("value" "text", "longest" integer) FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."is_shown_line"("value" "text", "longest" integer) TO "anon";
GRANT ALL ON FUNCTION "private"."is_shown_line"("value" "text", "longest" integer) TO "authenticated";
GRANT ALL ON FUNCTION "private"."is_shown_line"("value" "text", "longest" integer) TO "service_role";

--
-- Name: FUNCTION "is_team_member"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."is_team_member"() FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."is_team_member"() TO "anon";
GRANT ALL ON FUNCTION "private"."is_team_member"() TO "authenticated";

--
-- Name: FUNCTION "is_time_zone"("zone" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."is_time_zone"("zone" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."is_time_zone"("zone" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."is_time_zone"("zone" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."is_time_zone"("zone" "text") TO "service_role";

--
-- Name: FUNCTION "is_web_address"("value" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."is_web_address"("value" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."is_web_address"("value" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."is_web_address"("value" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."is_web_address"("value" "text") TO "service_role";

--
-- Name: FUNCTION "iso_time"("moment" timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."iso_time"("moment" timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION "plain_address"("value" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."plain_address"("value" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."plain_address"("value" "text") TO "anon";
GRANT ALL ON FUNCTION "private"."plain_address"("value" "text") TO "authenticated";
GRANT ALL ON FUNCTION "private"."plain_address"("value" "text") TO "service_role";

--
-- Name: FUNCTION "refuse_over_allowance"("message" "text", "hint" "text", "admits_at" timestamp with time zone); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."refuse_over_allowance"("message" "text", "hint" "text", "admits_at" timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION "request_client"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."request_client"() FROM PUBLIC;

--
-- Name: FUNCTION "row_of_statement"("counter" "text"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."row_of_statement"("counter" "text") FROM PUBLIC;

--
-- Name: FUNCTION "session_is_live"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."session_is_live"() FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."session_is_live"() TO "anon";
GRANT ALL ON FUNCTION "private"."session_is_live"() TO "authenticated";

--
-- Name: FUNCTION "show_changed"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."show_changed"() FROM PUBLIC;

--
-- Name: FUNCTION "show_values"("show" "jsonb"); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."show_values"("show" "jsonb") FROM PUBLIC;
GRANT ALL ON FUNCTION "private"."show_values"("show" "jsonb") TO "anon";
GRANT ALL ON FUNCTION "private"."show_values"("show" "jsonb") TO "authenticated";
GRANT ALL ON FUNCTION "private"."show_values"("show" "jsonb") TO "service_role";

--
-- Name: FUNCTION "shows_before_insert"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."shows_before_insert"() FROM PUBLIC;

--
-- Name: FUNCTION "shows_before_update"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."shows_before_update"() FROM PUBLIC;

--
-- Name: FUNCTION "shows_keep_history"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."shows_keep_history"() FROM PUBLIC;

--
-- Name: FUNCTION "shows_published_copy"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."shows_published_copy"() FROM PUBLIC;

--
-- Name: FUNCTION "shows_ticket_url_host"(); Type: ACL; Schema: private; Owner: postgres
--

REVOKE ALL ON FUNCTION "private"."shows_ticket_url_host"() FROM PUBLIC;

--
-- Name: FUNCTION "calendar_feed_made_at"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."calendar_feed_made_at"() FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."calendar_feed_made_at"() TO "authenticated";

--
-- Name: FUNCTION "contacts_before_insert"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."contacts_before_insert"() FROM PUBLIC;

--
-- Name: FUNCTION "contacts_before_update"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."contacts_before_update"() FROM PUBLIC;

--
-- Name: FUNCTION "contacts_edit_budget"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."contacts_edit_budget"() FROM PUBLIC;

--
-- Name: FUNCTION "contacts_flood_guard"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."contacts_flood_guard"() FROM PUBLIC;

--
-- Name: FUNCTION "contacts_keep_history"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."contacts_keep_history"() FROM PUBLIC;

--
-- Name: FUNCTION "fan_signups_refused"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."fan_signups_refused"() FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."fan_signups_refused"() TO "authenticated";

--
-- Name: FUNCTION "fan_signups_release_held"("accept" boolean); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."fan_signups_release_held"("accept" boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."fan_signups_release_held"("accept" boolean) TO "authenticated";

--
-- Name: FUNCTION "heartbeat"(); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."heartbeat"() FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."heartbeat"() TO "anon";
GRANT ALL ON FUNCTION "public"."heartbeat"() TO "authenticated";

--
-- Name: FUNCTION "new_calendar_feed_address"("ending" timestamp with time zone); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."new_calendar_feed_address"("ending" timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."new_calendar_feed_address"("ending" timestamp with time zone) TO "authenticated";

--
-- Name: FUNCTION "restore_contacts"("at" timestamp with time zone, "dry_run" boolean); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."restore_contacts"("at" timestamp with time zone, "dry_run" boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."restore_contacts"("at" timestamp with time zone, "dry_run" boolean) TO "service_role";

--
-- Name: TABLE "shows"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."id"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("id") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."event_id"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("event_id") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."published"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("published"),UPDATE("published") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."venue_name"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("venue_name"),UPDATE("venue_name") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."venue_street"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("venue_street"),UPDATE("venue_street") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."venue_town"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("venue_town"),UPDATE("venue_town") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."venue_county"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("venue_county"),UPDATE("venue_county") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."venue_postal_code"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("venue_postal_code"),UPDATE("venue_postal_code") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."venue_country"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("venue_country"),UPDATE("venue_country") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."starts_at"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("starts_at"),UPDATE("starts_at") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."time_zone"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("time_zone"),UPDATE("time_zone") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."ticket_url"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("ticket_url"),UPDATE("ticket_url") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."ticket_kind"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("ticket_kind"),UPDATE("ticket_kind") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."price"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("price"),UPDATE("price") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."currency"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("currency"),UPDATE("currency") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."availability"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("availability"),UPDATE("availability") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."on_sale_at"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("on_sale_at"),UPDATE("on_sale_at") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."status"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("status"),UPDATE("status") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."previous_starts_at"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("previous_starts_at"),UPDATE("previous_starts_at") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: COLUMN "shows"."notes"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("notes"),UPDATE("notes") ON TABLE "public"."shows" TO "authenticated";

--
-- Name: FUNCTION "restore_show"("show_id" "text", "version" integer, "seen" integer); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."restore_show"("show_id" "text", "version" integer, "seen" integer) FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."restore_show"("show_id" "text", "version" integer, "seen" integer) TO "authenticated";

--
-- Name: FUNCTION "team_calendar_feed"("secret" "text", "client" "text"); Type: ACL; Schema: public; Owner: postgres
--

REVOKE ALL ON FUNCTION "public"."team_calendar_feed"("secret" "text", "client" "text") FROM PUBLIC;
GRANT ALL ON FUNCTION "public"."team_calendar_feed"("secret" "text", "client" "text") TO "anon";
GRANT ALL ON FUNCTION "public"."team_calendar_feed"("secret" "text", "client" "text") TO "authenticated";

--
-- Name: TABLE "calendar_events"; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE "public"."calendar_events" TO "service_role";
GRANT SELECT ON TABLE "public"."calendar_events" TO "authenticated";

--
-- Name: COLUMN "calendar_events"."id"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("id") ON TABLE "public"."calendar_events" TO "authenticated";

--
-- Name: COLUMN "calendar_events"."title"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("title") ON TABLE "public"."calendar_events" TO "authenticated";

--
-- Name: COLUMN "calendar_events"."description"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("description") ON TABLE "public"."calendar_events" TO "authenticated";

--
-- Name: COLUMN "calendar_events"."start_date"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("start_date") ON TABLE "public"."calendar_events" TO "authenticated";

--
-- Name: COLUMN "calendar_events"."end_date"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("end_date") ON TABLE "public"."calendar_events" TO "authenticated";

--
-- Name: COLUMN "calendar_events"."event_type"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("event_type") ON TABLE "public"."calendar_events" TO "authenticated";

--
-- Name: TABLE "contacts"; Type: ACL; Schema: public; Owner: postgres
--

GRANT ALL ON TABLE "public"."contacts" TO "service_role";
GRANT SELECT ON TABLE "public"."contacts" TO "authenticated";

--
-- Name: COLUMN "contacts"."id"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("id"),UPDATE("id") ON TABLE "public"."contacts" TO "authenticated";

--
-- Name: COLUMN "contacts"."name"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("name"),UPDATE("name") ON TABLE "public"."contacts" TO "authenticated";

--
-- Name: COLUMN "contacts"."role"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("role"),UPDATE("role") ON TABLE "public"."contacts" TO "authenticated";

--
-- Name: COLUMN "contacts"."email"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("email"),UPDATE("email") ON TABLE "public"."contacts" TO "authenticated";

--
-- Name: COLUMN "contacts"."phone"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("phone"),UPDATE("phone") ON TABLE "public"."contacts" TO "authenticated";

--
-- Name: TABLE "contacts_history"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT,DELETE ON TABLE "public"."contacts_history" TO "service_role";
GRANT SELECT ON TABLE "public"."contacts_history" TO "authenticated";

--
-- Name: TABLE "contacts_insert_log"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."contacts_insert_log" TO "service_role";

--
-- Name: TABLE "contacts_limits"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."contacts_limits" TO "service_role";
GRANT SELECT ON TABLE "public"."contacts_limits" TO "authenticated";

--
-- Name: COLUMN "contacts_limits"."per_minute"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("per_minute") ON TABLE "public"."contacts_limits" TO "service_role";

--
-- Name: COLUMN "contacts_limits"."per_day"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("per_day") ON TABLE "public"."contacts_limits" TO "service_role";

--
-- Name: COLUMN "contacts_limits"."updates_per_minute"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("updates_per_minute") ON TABLE "public"."contacts_limits" TO "service_role";

--
-- Name: COLUMN "contacts_limits"."updates_per_day"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("updates_per_day") ON TABLE "public"."contacts_limits" TO "service_role";

--
-- Name: COLUMN "contacts_limits"."updates_per_request"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("updates_per_request") ON TABLE "public"."contacts_limits" TO "service_role";

--
-- Name: TABLE "contacts_update_log"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."contacts_update_log" TO "service_role";

--
-- Name: TABLE "fan_signups"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT,DELETE ON TABLE "public"."fan_signups" TO "authenticated";
GRANT ALL ON TABLE "public"."fan_signups" TO "service_role";

--
-- Name: COLUMN "fan_signups"."email"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("email") ON TABLE "public"."fan_signups" TO "anon";
GRANT INSERT("email") ON TABLE "public"."fan_signups" TO "authenticated";

--
-- Name: COLUMN "fan_signups"."interest"; Type: ACL; Schema: public; Owner: postgres
--

GRANT INSERT("interest") ON TABLE "public"."fan_signups" TO "anon";
GRANT INSERT("interest") ON TABLE "public"."fan_signups" TO "authenticated";

--
-- Name: TABLE "fan_signups_held"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."fan_signups_held" TO "authenticated";
GRANT ALL ON TABLE "public"."fan_signups_held" TO "service_role";

--
-- Name: TABLE "fan_signups_limits"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."fan_signups_limits" TO "service_role";

--
-- Name: COLUMN "fan_signups_limits"."per_minute"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("per_minute") ON TABLE "public"."fan_signups_limits" TO "service_role";

--
-- Name: COLUMN "fan_signups_limits"."per_client_per_minute"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("per_client_per_minute") ON TABLE "public"."fan_signups_limits" TO "service_role";

--
-- Name: COLUMN "fan_signups_limits"."held_per_day"; Type: ACL; Schema: public; Owner: postgres
--

GRANT UPDATE("held_per_day") ON TABLE "public"."fan_signups_limits" TO "service_role";

--
-- Name: TABLE "published_shows"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."published_shows" TO "anon";
GRANT SELECT ON TABLE "public"."published_shows" TO "authenticated";
GRANT SELECT ON TABLE "public"."published_shows" TO "service_role";

--
-- Name: TABLE "show_changes"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."show_changes" TO "authenticated";

--
-- Name: TABLE "shows_history"; Type: ACL; Schema: public; Owner: postgres
--

GRANT SELECT ON TABLE "public"."shows_history" TO "authenticated";

--
-- PostgreSQL database dump complete
--

RESET ALL;
