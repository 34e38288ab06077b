-- A news sign-up's address is one a mail can be sent to. Besides the control and invisible characters it
-- already refused, an address now holds none of the characters RFC 5322 allows in one only between quotes:
-- < > ( ) [ ] \ , ; : and the quote itself. No fan types them, but a hostile page or a slip does:
-- "<script>alert(1)</script>@x.ie" was taken onto the team's list, and into its CSV.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - private.plain_address(), which the checks of public.fan_signups and public.fan_signups_held call, refuses
--   them too. A check is not run again on the rows it has passed, so the addresses already on either list stay
--   as they are, for the team to see on /fans and remove.

create or replace function private.plain_address(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return value !~ '[\u0001-\u001f\u007f-\u009f]'
  and value !~ '[][<>()\\,;:"]'
  and private.visible_text(value) = value;
