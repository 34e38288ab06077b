-- A show's ticket link names a host a fan's browser can reach: a name with a dot in it (tickets.example.com) or
-- an address, not one word. Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- private.is_web_address() (shows_ticket_url_https) took "https://tickets" or "https://x": a link cut short as it
-- was pasted on a phone, which /tour then offered fans as the way to the tickets and which leads nowhere. A new
-- link is now refused unless its host has a dot (shows_ticket_url_host, SQLSTATE 23514, HTTP 400, as a check):
-- on every insert, and on an update that changes the link (restore_show() putting back a version included).
--
-- Rows saved before. A check would be checked again at every later update of a row, and a link cannot be mended
-- for the team, so a show kept with such a link could not even be cancelled. So the rule is a trigger that looks
-- at a link only when it is written: such a show stays as it is, changeable, until its link is changed.

create or replace function private.shows_ticket_url_host()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' or new.ticket_url is distinct from old.ticket_url)
     and new.ticket_url !~ '^https://[^/?#:]+\.[^/?#:.]+([/?#:]|$)' then
    raise exception 'new row for relation "shows" violates check constraint "shows_ticket_url_host"'
      using errcode = '23514',
        hint = 'A ticket link''s site has a dot in its name: https://tickets.example.com/…';
  end if;
  return new;
end;
$$;

revoke all on function private.shows_ticket_url_host() from public, anon, authenticated;

drop trigger if exists shows_ticket_url_host on public.shows;
create trigger shows_ticket_url_host
  before insert or update of ticket_url on public.shows
  for each row execute function private.shows_ticket_url_host();
