/**
 * The world the migrations meet, the same on both engines and as on a hosted project (server/hosted-project.sql):
 * who owns what, which roles PostgREST may switch to, what a request's transaction carries, and what a new
 * table gives the API roles on an older and on a newer project.
 */
import { describe, expect, it } from "vitest";
import { TARGETS, TEAM, useDatabase } from "./harness/database";
import { openEngine } from "./harness/engines";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  it("has postgres, which is no superuser, own the database and everything the migrations made", async () => {
    expect(
      await db.sql(
        "select rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls, rolcanlogin from pg_roles where rolname = 'postgres'",
      ),
    ).toEqual([
      {
        rolsuper: false,
        rolcreaterole: true,
        rolcreatedb: true,
        rolreplication: true,
        rolbypassrls: true,
        rolcanlogin: true,
      },
    ]);
    const owners = await db.sql(`
      select distinct pg_get_userbyid(owner) as owner from (
        select c.relowner as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'private')
        union all select p.proowner from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'private')
        union all select nspowner from pg_namespace where nspname = 'private'
        union all select pubowner from pg_publication where pubname = 'supabase_realtime'
        union all select datdba from pg_database where datname = current_database()
      ) owned`);
    expect(owners).toEqual([{ owner: "postgres" }]);
  });

  it("lets authenticator, which inherits nothing, switch only to the API roles, which cannot log in", async () => {
    const roles = await db.sql(`
      select r.rolname as role, r.rolcanlogin as login, r.rolinherit as inherit, r.rolbypassrls as bypass_rls,
             coalesce((select array_agg(m.rolname::text order by m.rolname) from pg_auth_members a
                         join pg_roles m on m.oid = a.roleid where a.member = r.oid), '{}') as may_become
        from pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by r.rolname`);
    expect(roles).toEqual([
      { role: "anon", login: false, inherit: true, bypass_rls: false, may_become: [] },
      { role: "authenticated", login: false, inherit: true, bypass_rls: false, may_become: [] },
      {
        role: "authenticator",
        login: true,
        inherit: false,
        bypass_rls: false,
        may_become: ["anon", "authenticated", "service_role"],
      },
      { role: "service_role", login: false, inherit: true, bypass_rls: true, may_become: [] },
    ]);
  });

  it("runs each request with its role's statement timeout: 3 s for anon, 8 s for a session and the service key", async () => {
    const timeout = async (who: Parameters<typeof db.as>[0]) =>
      (await db.as(who).sql("select current_setting('statement_timeout') as timeout, current_user as role")).rows;
    expect(await timeout("anon")).toEqual([{ timeout: "3s", role: "anon" }]);
    expect(await timeout(TEAM)).toEqual([{ timeout: "8s", role: "authenticated" }]);
    expect(await timeout("service_role")).toEqual([{ timeout: "8s", role: "service_role" }]);
  });

  it("hands SQL the request's claims, method, path and headers, as Supabase's auth helpers read them", async () => {
    const { rows } = await db.as(TEAM, { headers: { "X-Forwarded-For": "203.0.113.7" } }).select("contacts", {
      columns: "id",
    });
    expect(rows).toEqual([]);
    const [seen] = (
      await db.as(TEAM, { headers: { "X-Forwarded-For": "203.0.113.7" } }).sql(`
        select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() -> 'app_metadata' ->> 'team' as team,
               current_setting('request.method') as method,
               current_setting('request.headers')::json ->> 'x-forwarded-for' as address`)
    ).rows;
    expect(seen).toEqual({
      uid: TEAM.sub,
      role: "authenticated",
      email: TEAM.email,
      team: "stagedoor",
      method: "POST",
      address: "203.0.113.7",
    });
  });

  it("keeps Supabase Auth's sessions from the API roles, behind row-level security without a policy, readable by postgres", async () => {
    const rights = await db.sql(`
      select r.role, has_schema_privilege(r.role, 'auth', 'usage') as uses_schema,
             has_table_privilege(r.role, 'auth.sessions', 'select') as reads_sessions,
             has_table_privilege(r.role, 'auth.sessions', 'select with grant option') as grants_reading,
             has_table_privilege(r.role, 'auth.sessions', 'delete') as deletes_sessions
        from unnest(array['anon', 'authenticated', 'service_role', 'postgres']) as r(role) order by r.role`);
    expect(rights).toEqual([
      { role: "anon", uses_schema: true, reads_sessions: false, grants_reading: false, deletes_sessions: false },
      {
        role: "authenticated",
        uses_schema: true,
        reads_sessions: false,
        grants_reading: false,
        deletes_sessions: false,
      },
      { role: "postgres", uses_schema: true, reads_sessions: true, grants_reading: true, deletes_sessions: false },
      {
        role: "service_role",
        uses_schema: true,
        reads_sessions: false,
        grants_reading: false,
        deletes_sessions: false,
      },
    ]);
    const [table] = await db.sql(`
      select pg_get_userbyid(c.relowner) <> 'postgres' as owned_by_auth, c.relrowsecurity as row_security,
             (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c where c.oid = 'auth.sessions'::regclass`);
    expect(table).toEqual({ owned_by_auth: true, row_security: true, policies: 0 });
  });

  it(`gives the API roles ${target.grants === "automatic" ? "every right" : "no right"} on a table postgres adds to public`, async () => {
    await db.sql(
      "set role postgres; create table public.probe (id integer generated always as identity primary key); reset role",
    );
    const rights = await db.sql(`
      select has_table_privilege('anon', 'public.probe', 'select') as anon_reads,
             has_table_privilege('authenticated', 'public.probe', 'insert') as session_writes,
             has_table_privilege('service_role', 'public.probe', 'delete') as service_deletes,
             has_sequence_privilege('anon', 'public.probe_id_seq', 'usage') as anon_uses_sequence`);
    const granted = target.grants === "automatic";
    expect(rights).toEqual([
      { anon_reads: granted, session_writes: granted, service_deletes: granted, anon_uses_sequence: granted },
    ]);
  });
});

describe("PostgreSQL 15, several projects made at once", () => {
  it("bootstraps each of them whole, though the roles they change belong to the whole server", async () => {
    // Test files run side by side, each making databases of its own on the one server: every bootstrap grants
    // and sets the same roles, which PostgreSQL refuses to do from two sessions at once.
    const engines = await Promise.all(
      Array.from({ length: 6 }, (_, index) => openEngine("PostgreSQL 15", index % 2 ? "none" : "automatic", [])),
    );
    try {
      const owners = await Promise.all(
        engines.map((engine) =>
          engine.query("select pg_get_userbyid(datdba) as owner from pg_database where datname = current_database()"),
        ),
      );
      expect(owners).toEqual(Array.from({ length: 6 }, () => [{ owner: "postgres" }]));
    } finally {
      await Promise.all(engines.map((engine) => engine.close()));
    }
  });
});
