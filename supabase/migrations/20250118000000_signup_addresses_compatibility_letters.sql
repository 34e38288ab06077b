-- A fan's address is written in the letters it is read in: an address that Unicode's compatibility
-- normalisation (NFKC) would change is refused, as one with a letter whose lower case is ASCII already is.
-- Such letters passed the rule before: the Angstrom sign (U+212B, lower case å) and the Ohm sign (U+2126, ω),
-- fullwidth letters (ａ), ligatures (ﬁ), the long s (ſ). Anyone could sign up such a spelling of a fan's address
-- first and keep the fan's own off the list (a repeat keeps the first spelling), or fill the list with addresses
-- that look like the fans' own and that no mail reaches. The form sends what a keyboard types (NFC), which this
-- rule keeps.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend (both UTF-8).
--
-- - private.plain_address() also asks the address to be NFKC-normalised. A spelling listed before gives way to
--   the fan's own at its next repeat, as private.fan_signup_before_insert() already has it (the table's check is
--   not run again on the rows it passed).
-- - The held sign-ups with such a letter are cleared, as 20250117000000 cleared those with a look-alike: the
--   team adds or clears the held list in one action, and one of them would make adding them all fail.

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
    = length(regexp_replace(lower(value), '[\u0001-\u007f]', '', 'g'))
  -- Each letter the one it is read as: no compatibility letter (Angstrom and Ohm signs, fullwidth, ligatures).
  and value is nfkc normalized;

delete from public.fan_signups_held where not private.plain_address(email);
