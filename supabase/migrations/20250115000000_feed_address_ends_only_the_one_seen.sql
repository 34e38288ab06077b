-- A new address for the team's calendar feed ends only the address the team member was shown: two people
-- pressing "New address" at once, or one whose page read the address before a teammate made another, never
-- end each other's new address (the phones subscribed with it would stop getting the team's events, and
-- nothing brings an ended address back: only its hash was kept).
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - public.new_calendar_feed_address(ending) takes when the address it ends was made (null: there is none)
--   and makes the new one only while that is still the current one, in one statement, so of two at once
--   the second finds the first's and changes nothing. Otherwise it answers 409 (PT409), and the page reads
--   the address there is now.
-- - It returns the new secret with when it was made, {"secret": ..., "made_at": ...}, so the page can end
--   it later without reading it again.

drop function if exists public.new_calendar_feed_address();

create or replace function public.new_calendar_feed_address(ending timestamptz default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

revoke all on function public.new_calendar_feed_address(timestamptz) from public, anon, authenticated;
grant execute on function public.new_calendar_feed_address(timestamptz) to authenticated;
