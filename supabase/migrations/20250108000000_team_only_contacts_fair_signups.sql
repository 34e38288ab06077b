-- The team's directory is the team's, and fan sign-ups that one stranger cannot block.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - Contacts, their history and their limits are for a session of the shared team account only
--   (private.is_team_member(), 20250103000000_team_only_calendar.sql), as the calendar is. The anon
--   role loses every right on them, and any other signed-in account sees no row and changes none.
--   The service role keeps what it had (restore_contacts, erasure, the limits).
-- - The flood allowances on new and changed contacts stay, as a guard against a leaked password; only
--   the team can spend them now. A refusal keeps SQLSTATE PT429, its message and hint, and its detail
--   is the time (ISO 8601, UTC, with its offset) at which that allowance next admits a request.
-- - Names, roles, e-mails and phones hold no bidirectional control characters, and a name or role made
--   only of combining marks, of any script, counts as blank.
-- - Fan sign-ups: one per request, an allowance per client address besides the shared one, and
--   refusals recorded (answered 429 without an exception, so they are kept) for the team to count.
-- - The API roles lose what older projects' default privileges gave them on the identity sequences.

-- ---------------------------------------------------------------------------
-- Contacts and their history: the team only.

revoke all on public.contacts from anon, authenticated;
grant select on public.contacts to authenticated;
grant insert (id, name, role, email, phone) on public.contacts to authenticated;
grant update (id, name, role, email, phone) on public.contacts to authenticated;

drop policy if exists "contacts are readable by the team" on public.contacts;
drop policy if exists "the team can add contacts" on public.contacts;
drop policy if exists "the team can edit contacts" on public.contacts;

create policy "only the team reads contacts" on public.contacts
  for select to authenticated using ((select private.is_team_member()));
create policy "only the team adds contacts" on public.contacts
  for insert to authenticated with check ((select private.is_team_member()));
create policy "only the team edits contacts" on public.contacts
  for update to authenticated
  using ((select private.is_team_member())) with check ((select private.is_team_member()));

revoke all on public.contacts_history from anon, authenticated;
grant select on public.contacts_history to authenticated;

drop policy if exists "contact history is readable by the team" on public.contacts_history;
create policy "only the team reads contact history" on public.contacts_history
  for select to authenticated using ((select private.is_team_member()));

-- The team may read the limits (the page can say them); only the service role or the SQL editor
-- changes them, so a leaked password cannot lift them.
revoke all on public.contacts_limits, public.contacts_insert_log, public.contacts_update_log from anon, authenticated;
grant select on public.contacts_limits to authenticated;
drop policy if exists "only the team reads the contacts limits" on public.contacts_limits;
create policy "only the team reads the contacts limits" on public.contacts_limits
  for select to authenticated using ((select private.is_team_member()));

-- The functions over contacts: triggers and the whole-table restore, never the API roles'.
revoke all on function public.contacts_before_insert() from public, anon, authenticated;
revoke all on function public.contacts_before_update() from public, anon, authenticated;
revoke all on function public.contacts_keep_history() from public, anon, authenticated;
revoke all on function public.contacts_flood_guard() from public, anon, authenticated;
revoke all on function public.contacts_edit_budget() from public, anon, authenticated;
revoke all on function public.restore_contacts(timestamptz, boolean) from public, anon, authenticated;
grant execute on function public.restore_contacts(timestamptz, boolean) to service_role;

-- Projects created while the default privileges granted anon and authenticated every sequence in
-- public still hold USAGE, SELECT and UPDATE on the identity sequences (setval() or nextval() would let
-- them move the ids or learn how many rows were ever written). Nothing of the app needs them.
revoke all on sequence public.contacts_history_history_id_seq from public, anon, authenticated;
revoke all on sequence public.contacts_insert_log_id_seq from public, anon, authenticated;
revoke all on sequence public.contacts_update_log_id_seq from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Shared by the allowances below.

-- A time as ISO 8601 in UTC with its offset, rounded up to the millisecond (a client that waits
-- until then is admitted): 2025-01-04T09:31:00.250+00:00.
create or replace function private.iso_time(moment timestamptz)
returns text
language sql
stable
set search_path = ''
return to_char(
  date_trunc('milliseconds', (moment at time zone 'UTC') + interval '999 microseconds'),
  'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"'
);

-- When an allowance of `allowance` requests in any `span` next admits one, given the times of the
-- requests it counted within the span (any order): once the allowance-th newest has left the span,
-- fewer than `allowance` remain. Null for an allowance of 0, which never admits.
create or replace function private.allowance_admits_at(counted timestamptz[], allowance integer, span interval)
returns timestamptz
language sql
immutable
set search_path = ''
return (
  select t + span
  from unnest(counted) as t
  where allowance > 0
  order by t desc
  offset greatest(allowance - 1, 0)
  limit 1
);

-- How many rows the statement running now has passed to this trigger so far, this one included,
-- counted in the transaction's setting `counter`. A PostgREST request is one statement in one
-- transaction, so this is the number of rows the request sent.
create or replace function private.row_of_statement(counter text)
returns integer
language plpgsql
set search_path = ''
as $$
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

-- Refuses a request an allowance has no room for: SQLSTATE PT429 (HTTP 429), the message and hint, and
-- in the detail the time the allowance next admits one (none for an allowance of 0).
create or replace function private.refuse_over_allowance(message text, hint text, admits_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if admits_at is null then
    raise exception using errcode = 'PT429', message = message, hint = hint;
  end if;
  raise exception using errcode = 'PT429', message = message, hint = hint, detail = private.iso_time(admits_at);
end;
$$;

-- Checks the two allowances of a kind of change to contacts against the times it was counted in the last
-- day, `counted`: at most `per_minute` in any 60 seconds and `per_day` in any 24 hours. Refuses as above.
create or replace function private.check_contacts_allowances(
  what text, counted timestamptz[], per_minute integer, per_day integer, at_time timestamptz
)
returns void
language plpgsql
set search_path = ''
as $$
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

revoke all on function private.refuse_over_allowance(text, text, timestamptz) from public;
revoke all on function private.check_contacts_allowances(text, timestamptz[], integer, integer, timestamptz) from public;
revoke all on function private.iso_time(timestamptz) from public;
revoke all on function private.allowance_admits_at(timestamptz[], integer, interval) from public;
revoke all on function private.row_of_statement(text) from public;

-- ---------------------------------------------------------------------------
-- Contacts' allowances, counted for the team alone (the only role left that can write), with the
-- time each next admits a request in the refusal's detail.

create or replace function public.contacts_flood_guard() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

create or replace function public.contacts_edit_budget() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

revoke all on function public.contacts_flood_guard() from public, anon, authenticated;
revoke all on function public.contacts_edit_budget() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- No bidirectional controls, and no names of combining marks alone.
--
-- The bidirectional controls (Unicode's Bidi_Control property: U+061C, U+200E, U+200F, U+202A-U+202E,
-- U+2066-U+2069) reorder what follows them: a name "\u202e" + reversed text shows as other words, and
-- History would show a change between two values that look the same. They are refused in every field,
-- as control characters are. Rows saved before are mended, never refused, so this migration cannot fail
-- on them: the controls are removed by an ordinary update, so the history keeps the value as it was.
create or replace function private.without_bidi_controls(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
return regexp_replace(value, '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g');

revoke all on function private.without_bidi_controls(text) from public;
grant execute on function private.without_bidi_controls(text) to anon, authenticated, service_role;

-- The id check is taken off while rows are mended: as a NOT VALID check it still holds for every row an
-- update writes, so an id saved before it would stop its own mend. It comes back below, NOT VALID again.
alter table public.contacts drop constraint if exists contacts_id_plain;

update public.contacts set
  name = private.without_bidi_controls(name),
  role = private.without_bidi_controls(role),
  email = private.without_bidi_controls(email),
  phone = private.without_bidi_controls(phone)
where private.without_bidi_controls(name) <> name or private.without_bidi_controls(role) <> role
   or private.without_bidi_controls(email) <> email or private.without_bidi_controls(phone) <> phone;

-- What a person cannot see: the characters of 20250107000000_contacts_visible_names_plain_ids.sql,
-- then every combining mark (General_Category Mn, Mc and Me, of every script), which on its own shows
-- as a stray mark over nothing (a lone U+064B, U+05B0, U+0E31, U+093C, U+3099, U+0489, U+1CF00).
-- PostgreSQL's regular expressions have no \p{M}, so the marks are listed as ranges, made with Node
-- 20.20 (Unicode 17.0) by testing /\p{M}/u on every code point outside the surrogates and joining the
-- runs. A name with letters keeps its marks: only what is left after removing them must be non-empty.
create or replace function private.visible_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
return regexp_replace(
  regexp_replace(value, '[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\U0001d159\U0001d165-\U0001d169\U0001d16d-\U0001d172\U00016fe4\ufdd0-\ufdef\ufffe\uffff]', '', 'g'),
  '[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5\u05c7\u0610-\u061a\u064b-\u065f'
  '\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7-\u06e8\u06ea-\u06ed\u0711\u0730-\u074a\u07a6-\u07b0\u07eb-\u07f3'
  '\u07fd\u0816-\u0819\u081b-\u0823\u0825-\u0827\u0829-\u082d\u0859-\u085b\u0897-\u089f\u08ca-\u08e1'
  '\u08e3-\u0903\u093a-\u093c\u093e-\u094f\u0951-\u0957\u0962-\u0963\u0981-\u0983\u09bc\u09be-\u09c4'
  '\u09c7-\u09c8\u09cb-\u09cd\u09d7\u09e2-\u09e3\u09fe\u0a01-\u0a03\u0a3c\u0a3e-\u0a42\u0a47-\u0a48'
  '\u0a4b-\u0a4d\u0a51\u0a70-\u0a71\u0a75\u0a81-\u0a83\u0abc\u0abe-\u0ac5\u0ac7-\u0ac9\u0acb-\u0acd'
  '\u0ae2-\u0ae3\u0afa-\u0aff\u0b01-\u0b03\u0b3c\u0b3e-\u0b44\u0b47-\u0b48\u0b4b-\u0b4d\u0b55-\u0b57'
  '\u0b62-\u0b63\u0b82\u0bbe-\u0bc2\u0bc6-\u0bc8\u0bca-\u0bcd\u0bd7\u0c00-\u0c04\u0c3c\u0c3e-\u0c44'
  '\u0c46-\u0c48\u0c4a-\u0c4d\u0c55-\u0c56\u0c62-\u0c63\u0c81-\u0c83\u0cbc\u0cbe-\u0cc4\u0cc6-\u0cc8'
  '\u0cca-\u0ccd\u0cd5-\u0cd6\u0ce2-\u0ce3\u0cf3\u0d00-\u0d03\u0d3b-\u0d3c\u0d3e-\u0d44\u0d46-\u0d48'
  '\u0d4a-\u0d4d\u0d57\u0d62-\u0d63\u0d81-\u0d83\u0dca\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf\u0df2-\u0df3\u0e31'
  '\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ece\u0f18-\u0f19\u0f35\u0f37\u0f39\u0f3e-\u0f3f'
  '\u0f71-\u0f84\u0f86-\u0f87\u0f8d-\u0f97\u0f99-\u0fbc\u0fc6\u102b-\u103e\u1056-\u1059\u105e-\u1060'
  '\u1062-\u1064\u1067-\u106d\u1071-\u1074\u1082-\u108d\u108f\u109a-\u109d\u135d-\u135f\u1712-\u1715'
  '\u1732-\u1734\u1752-\u1753\u1772-\u1773\u17b4-\u17d3\u17dd\u180b-\u180d\u180f\u1885-\u1886\u18a9'
  '\u1920-\u192b\u1930-\u193b\u1a17-\u1a1b\u1a55-\u1a5e\u1a60-\u1a7c\u1a7f\u1ab0-\u1add\u1ae0-\u1aeb'
  '\u1b00-\u1b04\u1b34-\u1b44\u1b6b-\u1b73\u1b80-\u1b82\u1ba1-\u1bad\u1be6-\u1bf3\u1c24-\u1c37\u1cd0-\u1cd2'
  '\u1cd4-\u1ce8\u1ced\u1cf4\u1cf7-\u1cf9\u1dc0-\u1dff\u20d0-\u20f0\u2cef-\u2cf1\u2d7f\u2de0-\u2dff'
  '\u302a-\u302f\u3099-\u309a\ua66f-\ua672\ua674-\ua67d\ua69e-\ua69f\ua6f0-\ua6f1\ua802\ua806\ua80b'
  '\ua823-\ua827\ua82c\ua880-\ua881\ua8b4-\ua8c5\ua8e0-\ua8f1\ua8ff\ua926-\ua92d\ua947-\ua953\ua980-\ua983'
  '\ua9b3-\ua9c0\ua9e5\uaa29-\uaa36\uaa43\uaa4c-\uaa4d\uaa7b-\uaa7d\uaab0\uaab2-\uaab4\uaab7-\uaab8'
  '\uaabe-\uaabf\uaac1\uaaeb-\uaaef\uaaf5-\uaaf6\uabe3-\uabea\uabec-\uabed\ufb1e\ufe00-\ufe0f\ufe20-\ufe2f'
  '\U000101fd\U000102e0\U00010376-\U0001037a\U00010a01-\U00010a03\U00010a05-\U00010a06\U00010a0c-\U00010a0f'
  '\U00010a38-\U00010a3a\U00010a3f\U00010ae5-\U00010ae6\U00010d24-\U00010d27\U00010d69-\U00010d6d'
  '\U00010eab-\U00010eac\U00010efa-\U00010eff\U00010f46-\U00010f50\U00010f82-\U00010f85'
  '\U00011000-\U00011002\U00011038-\U00011046\U00011070\U00011073-\U00011074\U0001107f-\U00011082'
  '\U000110b0-\U000110ba\U000110c2\U00011100-\U00011102\U00011127-\U00011134\U00011145-\U00011146\U00011173'
  '\U00011180-\U00011182\U000111b3-\U000111c0\U000111c9-\U000111cc\U000111ce-\U000111cf'
  '\U0001122c-\U00011237\U0001123e\U00011241\U000112df-\U000112ea\U00011300-\U00011303\U0001133b-\U0001133c'
  '\U0001133e-\U00011344\U00011347-\U00011348\U0001134b-\U0001134d\U00011357\U00011362-\U00011363'
  '\U00011366-\U0001136c\U00011370-\U00011374\U000113b8-\U000113c0\U000113c2\U000113c5\U000113c7-\U000113ca'
  '\U000113cc-\U000113d0\U000113d2\U000113e1-\U000113e2\U00011435-\U00011446\U0001145e\U000114b0-\U000114c3'
  '\U000115af-\U000115b5\U000115b8-\U000115c0\U000115dc-\U000115dd\U00011630-\U00011640'
  '\U000116ab-\U000116b7\U0001171d-\U0001172b\U0001182c-\U0001183a\U00011930-\U00011935'
  '\U00011937-\U00011938\U0001193b-\U0001193e\U00011940\U00011942-\U00011943\U000119d1-\U000119d7'
  '\U000119da-\U000119e0\U000119e4\U00011a01-\U00011a0a\U00011a33-\U00011a39\U00011a3b-\U00011a3e\U00011a47'
  '\U00011a51-\U00011a5b\U00011a8a-\U00011a99\U00011b60-\U00011b67\U00011c2f-\U00011c36'
  '\U00011c38-\U00011c3f\U00011c92-\U00011ca7\U00011ca9-\U00011cb6\U00011d31-\U00011d36\U00011d3a'
  '\U00011d3c-\U00011d3d\U00011d3f-\U00011d45\U00011d47\U00011d8a-\U00011d8e\U00011d90-\U00011d91'
  '\U00011d93-\U00011d97\U00011ef3-\U00011ef6\U00011f00-\U00011f01\U00011f03\U00011f34-\U00011f3a'
  '\U00011f3e-\U00011f42\U00011f5a\U00013440\U00013447-\U00013455\U0001611e-\U0001612f\U00016af0-\U00016af4'
  '\U00016b30-\U00016b36\U00016f4f\U00016f51-\U00016f87\U00016f8f-\U00016f92\U00016fe4\U00016ff0-\U00016ff1'
  '\U0001bc9d-\U0001bc9e\U0001cf00-\U0001cf2d\U0001cf30-\U0001cf46\U0001d165-\U0001d169'
  '\U0001d16d-\U0001d172\U0001d17b-\U0001d182\U0001d185-\U0001d18b\U0001d1aa-\U0001d1ad'
  '\U0001d242-\U0001d244\U0001da00-\U0001da36\U0001da3b-\U0001da6c\U0001da75\U0001da84\U0001da9b-\U0001da9f'
  '\U0001daa1-\U0001daaf\U0001e000-\U0001e006\U0001e008-\U0001e018\U0001e01b-\U0001e021'
  '\U0001e023-\U0001e024\U0001e026-\U0001e02a\U0001e08f\U0001e130-\U0001e136\U0001e2ae\U0001e2ec-\U0001e2ef'
  '\U0001e4ec-\U0001e4ef\U0001e5ee-\U0001e5ef\U0001e6e3\U0001e6e6\U0001e6ee-\U0001e6ef\U0001e6f5'
  '\U0001e8d0-\U0001e8d6\U0001e944-\U0001e94a\U000e0100-\U000e01ef]',
  '', 'g');

update public.contacts set
  name = case when private.visible_text(name) = '' then '(no name)' else name end,
  role = case when private.visible_text(role) = '' then '(no role)' else role end
where private.visible_text(name) = '' or private.visible_text(role) = '';

alter table public.contacts drop constraint if exists contacts_no_bidi_controls;
alter table public.contacts add constraint contacts_no_bidi_controls check (
  private.without_bidi_controls(name) = name and private.without_bidi_controls(role) = role
  and private.without_bidi_controls(email) = email and private.without_bidi_controls(phone) = phone
);

alter table public.contacts add constraint contacts_id_plain check (
  id !~ '[\u0001-\u001f\u007f-\u009f]' and private.visible_text(id) = id
) not valid;

-- ---------------------------------------------------------------------------
-- Fan sign-ups that one stranger cannot block.
--
-- - One sign-up per request for the API roles (the form sends one): a batch of 60 copies would
--   otherwise spend a minute's allowance at once. Refused whole with SQLSTATE PT400 (HTTP 400).
-- - Two allowances, each over any 60 seconds: `per_client_per_minute` attempts from one client
--   address, and `per_minute` from everyone together, a high backstop. A client's attempts refused by
--   its own allowance do not count towards the shared one, so one client flooding leaves the others
--   their share. New and repeated addresses count alike, so the allowance reveals nothing.
-- - A refused attempt is answered 429 without an exception: the trigger sets PostgREST's
--   response.status (and a Retry-After header in response.headers) and drops the row, so the
--   transaction commits and the refusal is recorded; an exception would roll back its own record.
--   PostgREST honours both settings for table writes (PostgREST 8 and later, so every hosted project);
--   the local backend does the same. The answer has no body: a refused insert has no row to return.
-- - The team reads how many attempts the allowances refused in the last 24 hours with
--   public.fan_signups_refused().
alter table public.fan_signups_limits
  add column if not exists per_client_per_minute integer not null default 10 check (per_client_per_minute >= 0);
alter table public.fan_signups_limits alter column per_minute set default 600;
-- The shared allowance was the only one; it becomes the backstop, unless its owner already changed it.
update public.fan_signups_limits set per_minute = 600 where per_minute = 60;
grant update (per_client_per_minute) on public.fan_signups_limits to service_role;

alter table public.fan_signups_attempts add column if not exists client text not null default 'unknown';
create index if not exists fan_signups_attempts_client_idx on public.fan_signups_attempts (client, attempted_at);

-- Refusals per minute, kept for a day: one row a minute however hard a client floods.
create table if not exists private.fan_signups_refusals (
  minute timestamptz primary key,
  refused integer not null check (refused > 0)
);
alter table private.fan_signups_refusals enable row level security;
revoke all on private.fan_signups_refusals from public, anon, authenticated, service_role;

-- The client a request comes from, as the key of its allowance.
--
-- Hosted projects sit behind Cloudflare, which sets `cf-connecting-ip` to the address that connected to
-- it, replacing any value the client sent. Supabase's guide to per-IP rate limiting in a pre-request
-- function ("Securing your API") reads the first entry of `x-forwarded-for` instead, but that entry is
-- whatever the client put there (Cloudflare appends to a forwarded-for the client sent; reported in
-- supabase discussion #34647), so a stranger could claim a new address on every request. Without
-- `cf-connecting-ip` (a gateway other than Cloudflare), the last entry of `x-forwarded-for` is taken:
-- the one the nearest proxy appended. The local backend puts the socket's address in both headers and
-- never passes on a value the client sent. An IPv6 client counts by its /64, which one household or
-- phone holds whole; an IPv4-mapped IPv6 address counts as its IPv4 address.
create or replace function private.request_client()
returns text
language plpgsql
stable
set search_path = ''
as $$
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
$$;

revoke all on function private.request_client() from public;

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
  from_client timestamptz[];
  from_everyone timestamptz[];
  admits_at timestamptz;
  earlier public.fan_signups;
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') then
    if private.row_of_statement('stagedoor.fan_signups_sent') > 1 then
      raise exception 'One request may add at most 1 sign-up'
        using errcode = 'PT400', hint = 'Send one address a request.';
    end if;
    -- One attempt at a time, so concurrent sign-ups count each other.
    select * into limits from public.fan_signups_limits where id for update;
    delete from public.fan_signups_attempts where attempted_at <= at_time - interval '1 minute';
    client_key := private.request_client();
    from_everyone := array(select attempted_at from public.fan_signups_attempts);
    from_client := array(select a.attempted_at from public.fan_signups_attempts a where a.client = client_key);
    if cardinality(from_client) >= limits.per_client_per_minute then
      admits_at := private.allowance_admits_at(from_client, limits.per_client_per_minute, interval '1 minute');
    elsif cardinality(from_everyone) >= limits.per_minute then
      admits_at := private.allowance_admits_at(from_everyone, limits.per_minute, interval '1 minute');
    end if;
    if cardinality(from_client) >= limits.per_client_per_minute or cardinality(from_everyone) >= limits.per_minute then
      perform set_config('response.status', '429', true);
      perform set_config('response.headers', jsonb_build_array(jsonb_build_object('Retry-After',
        greatest(1, ceil(extract(epoch from coalesce(admits_at, at_time + interval '1 minute') - at_time)))::integer::text
      ))::text, true);
      insert into private.fan_signups_refusals (minute, refused) values (date_trunc('minute', at_time), 1)
        on conflict (minute) do update set refused = fan_signups_refusals.refused + 1;
      delete from private.fan_signups_refusals where minute <= at_time - interval '25 hours';
      return null;
    end if;
    insert into public.fan_signups_attempts (attempted_at, client) values (at_time, client_key);
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

-- How many sign-up attempts the allowances refused in the last 24 hours (counted by the minute), for
-- the team's /fans page. Anyone else is refused: the anon role cannot execute it (HTTP 401), another
-- signed-in account gets SQLSTATE 42501 (HTTP 403).
create or replace function public.fan_signups_refused()
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
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

revoke all on function public.fan_signups_refused() from public, anon, authenticated;
grant execute on function public.fan_signups_refused() to authenticated;
