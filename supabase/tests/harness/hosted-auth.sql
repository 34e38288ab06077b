-- Supabase Auth's own tables on a hosted project, as far as this project's SQL and its tests meet them,
-- for the database tests on PostgreSQL (PGlite gets the local backend's, server/database.mjs). On a
-- hosted project the Auth server makes them with its own migrations (the supabase/auth repository,
-- migrations/), which are the reference: supabase_auth_admin owns them, row-level security is on with
-- no policy, and postgres may select from them (granted with the grant option) but owns none. Runs as
-- the superuser, after hosted-project.sql, once in each database.

do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole noreplication;
  end if;
end
$$;
grant all on schema auth to supabase_auth_admin;

do $$
begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception when duplicate_object then null;
end
$$;

-- The columns of users that the tests write; a hosted project has some thirty more.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);

-- A signed-in session, every column as Auth's migrations leave it. Signing out deletes its row (every
-- row of the user by default), and so does a new password (every other session of the user).
create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default current_timestamp,
  updated_at timestamptz default current_timestamp,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text check (char_length(scopes) <= 4096)
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

alter type auth.aal_level owner to supabase_auth_admin;
alter table auth.users owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.users enable row level security;
alter table auth.sessions enable row level security;
revoke all on auth.users, auth.sessions from anon, authenticated, service_role;
grant select on auth.users, auth.sessions to postgres with grant option;
