-- A heartbeat the site's scheduled function calls with the anon key every run
-- (netlify/functions/rebuild-when-due): a real query on the database, so a free project, which Supabase
-- pauses after 7 days without one, stays awake through the team's quiet weeks. It reads nothing and
-- writes nothing: the database's clock, as POST /rest/v1/rpc/heartbeat answers it.

create function public.heartbeat()
returns timestamptz
language sql
stable
set search_path = ''
as $$ select pg_catalog.now() $$;

revoke execute on function public.heartbeat() from public, anon, authenticated;
grant execute on function public.heartbeat() to anon, authenticated;
