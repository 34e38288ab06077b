-- What a hosted Supabase project already has when its first migration runs, as far as this project's SQL
-- meets it. The local backend runs it on PGlite and the database tests (supabase/tests) on PostgreSQL 15,
-- so the migrations meet the same world in both; Supabase's own setup (the supabase/postgres repository,
-- migrations/db) is the reference. It runs as the superuser, supabase_admin as on a hosted project, once
-- in each database; the roles belong to the whole server and are made once.

-- The roles PostgREST switches to for a request (the three API roles, which inherit since 2023), the role
-- it logs in as (authenticator, which inherits nothing and may only switch), and postgres: the owner of
-- everything the migrations make, with the rights a hosted project gives it and no superuser.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin inherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin inherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin inherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- A local database made before this file existed has postgres as its superuser, which cannot be
  -- undone; it keeps working, and `npm run db:reset` makes it afresh as here.
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login nosuperuser createrole createdb replication bypassrls;
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;

-- How long one request may take, by the role it runs as: PostgREST applies the role's settings to each
-- request's transaction.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- postgres owns the database: it may create schemas, and (as pg_database_owner) create in public.
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
end
$$;
grant usage on schema public to postgres, anon, authenticated, service_role;

-- Realtime streams the tables of this publication; postgres owns it, so a migration may add a table.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;

-- Supabase Auth's helpers, as Auth defines them: they read the request's claims, which PostgREST sets for
-- each transaction (the local backend's REST and realtime do the same). The API roles and postgres may
-- call them; what else lives in the schema is Auth's own.
create schema if not exists auth;
revoke all on schema auth from public;
grant usage on schema auth to postgres, anon, authenticated, service_role;

create or replace function auth.uid() returns uuid language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$fn$;
create or replace function auth.role() returns text language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$fn$;
create or replace function auth.email() returns text language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$fn$;
create or replace function auth.jwt() returns jsonb language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$fn$;
