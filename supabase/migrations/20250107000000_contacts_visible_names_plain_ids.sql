-- Contacts a person can tell apart, and ids that are plain text.
--
-- - A name or role made only of combining marks (a lone accent with nothing under it), the null
--   notehead, the Khitan filler or a noncharacter shows as nothing or as a stray mark: such a value
--   now counts as blank too, on top of white space and the format and default-ignorable characters
--   of 20250104100000_contacts_limits_for_edits.sql. A name with letters keeps its accents.
--   Rows saved before are mended as that migration mends them (a placeholder, by an ordinary
--   update, so the history keeps the value as it was), so this migration cannot fail on them.
-- - A contact's id (the app makes it from the time and nine letters and digits) may hold no
--   control, white space or invisible character, so a vCard or a link built from it stays one
--   line. NOT VALID: ids saved before are left as they are rather than refused by the migration.
-- - What a person cannot see is listed once, in private.visible_text(); the checks and the mends
--   below all call it. The checks run as the caller, so every API role may execute it.

create or replace function private.visible_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
return regexp_replace(value, '[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\U0001d159\U0001d165-\U0001d169\U0001d16d-\U0001d172\U00016fe4\ufdd0-\ufdef\ufffe\uffff]', '', 'g');

revoke all on function private.visible_text(text) from public;
grant execute on function private.visible_text(text) to anon, authenticated, service_role;

update public.contacts set name = '(no name)' where private.visible_text(name) = '';
update public.contacts set role = '(no role)' where private.visible_text(role) = '';

alter table public.contacts drop constraint if exists contacts_name_not_blank;
alter table public.contacts add constraint contacts_name_not_blank check (private.visible_text(name) <> '');
alter table public.contacts drop constraint if exists contacts_role_not_blank;
alter table public.contacts add constraint contacts_role_not_blank check (private.visible_text(role) <> '');

alter table public.contacts drop constraint if exists contacts_id_plain;
alter table public.contacts add constraint contacts_id_plain check (
  id !~ '[\u0001-\u001f\u007f-\u009f]' and private.visible_text(id) = id
) not valid;
