-- Every open /calendar hears when a show changes: a teammate's phone shows a show put on the website,
-- postponed, cancelled or restored as it happens, as it does a new event, instead of at its next read.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - public.shows is not streamed itself: the anon key may read published shows, so its subscription would
--   hear of every change to them, and what it is sent of a row would rest on the Realtime server keeping
--   back the columns its role may not select (a hosted project's does, and the local backend's). Instead
--   public.show_changes holds one row per show, its id and when it last
--   changed (its updated_at), written by the database alone after every insert and every real change of
--   public.shows (restore_show() included; an update that changes nothing is no change), and streamed.
-- - Only the team reads it (the same rule as the shows' history); nobody writes it, and anon holds nothing
--   on it, so an anon subscription hears nothing.

create table if not exists public.show_changes (
  show_id text primary key references public.shows (id) on delete cascade,
  changed_at timestamptz not null default now()
);

alter table public.show_changes enable row level security;

revoke all on public.show_changes from public, anon, authenticated;
grant select on public.show_changes to authenticated;

drop policy if exists "the team hears of the shows' changes" on public.show_changes;
create policy "the team hears of the shows' changes" on public.show_changes
  for select to authenticated using ((select private.is_team_member()));

-- After a show is made and after each real change of it (its version moved): its row, with the show's
-- updated_at.
create or replace function private.show_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.version = old.version then
    return null;
  end if;
  insert into public.show_changes (show_id, changed_at) values (new.id, new.updated_at)
  on conflict (show_id) do update set changed_at = excluded.changed_at;
  return null;
end;
$$;

revoke all on function private.show_changed() from public, anon, authenticated;

drop trigger if exists shows_changed on public.shows;
create trigger shows_changed after insert or update on public.shows
  for each row execute function private.show_changed();

-- The shows made before this migration, so the team hears their next change as an update like any other.
insert into public.show_changes (show_id, changed_at)
select id, updated_at from public.shows
on conflict (show_id) do nothing;

do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'show_changes'
  ) then
    alter publication supabase_realtime add table public.show_changes;
  end if;
end
$$;
