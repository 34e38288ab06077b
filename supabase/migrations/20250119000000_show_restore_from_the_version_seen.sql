-- A show's restore puts a kept version back only over the version the restorer saw, as every other change of
-- a show is made (the update names the version it replaces). Before, a restore pressed on a page that had not
-- yet heard of a teammate's change undid it without a word: a show cancelled on one phone was back on sale
-- from another. Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - public.restore_show() takes `seen`, the show's version on the restorer's page. When the show has moved on
--   since, nothing is written and nothing is answered: the page says so, and shows the show as it now is.
-- - The two-argument function goes: a page loaded before this change is refused (it reloads to restore).

drop function if exists public.restore_show(text, integer);

create or replace function public.restore_show(show_id text, version integer, seen integer)
returns setof public.shows
language plpgsql
security invoker
set search_path = ''
as $$
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

revoke all on function public.restore_show(text, integer, integer) from public, anon, authenticated;
grant execute on function public.restore_show(text, integer, integer) to authenticated;
