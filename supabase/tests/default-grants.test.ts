/**
 * The migrations decide every right the browser's roles hold: on a project made when Supabase still
 * granted new tables, sequences and functions to the API roles by default, anon and authenticated hold
 * exactly what they hold on a project made after, where nothing is granted until a migration says so.
 * A new table, sequence or function that a migration forgets to lock down shows up here as a difference.
 */
import { describe, expect, it } from "vitest";
import { TARGETS, type TestDatabase, useDatabase } from "./harness/database";

/** Every right anon and authenticated hold on the schemas public and private and what is in them. */
async function browserRights(db: TestDatabase) {
  const rows = await db.sql<{ right: string }>(`
    with roles(role) as (values ('anon'), ('authenticated')),
    relations as (
      select c.oid, format('%I.%I', n.nspname, c.relname) as name, c.relkind
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'private') and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
    ),
    table_privileges(privilege) as (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')),
    sequence_privileges(privilege) as (values ('USAGE'), ('SELECT'), ('UPDATE'))
    select format('%s may %s table %s', role, privilege, name) as right
      from relations, roles, table_privileges
     where relkind <> 'S' and has_table_privilege(role, oid, privilege)
    union all
    select format('%s may %s column %s.%I', role, privilege, name, a.attname)
      from relations join pg_attribute a on a.attrelid = oid and a.attnum > 0 and not a.attisdropped,
           roles, (values ('SELECT'), ('INSERT'), ('UPDATE'), ('REFERENCES')) p(privilege)
     where relkind <> 'S' and has_column_privilege(role, oid, a.attnum, privilege)
       and not has_table_privilege(role, oid, privilege)
    union all
    select format('%s may %s sequence %s', role, privilege, name)
      from relations, roles, sequence_privileges
     where relkind = 'S' and has_sequence_privilege(role, oid, privilege)
    union all
    select format('%s may execute %I.%I(%s)', role, n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace, roles
     where n.nspname in ('public', 'private') and has_function_privilege(role, p.oid, 'EXECUTE')
    union all
    select format('%s may %s schema %s', role, privilege, schema)
      from roles, (values ('public'), ('private')) s(schema), (values ('USAGE'), ('CREATE')) p(privilege)
     where has_schema_privilege(role, schema, privilege)
    order by 1`);
  return rows.map((row) => row.right);
}

describe.each(["PGlite", "PostgreSQL 15"] as const)("%s", (engine) => {
  const [older, newer] = (["automatic", "none"] as const).map((grants) =>
    useDatabase(TARGETS.find((target) => target.engine === engine && target.grants === grants)!),
  );

  it("gives anon and authenticated on an older project exactly what they hold on a newer one", async () => {
    const granted = await browserRights(newer);
    expect(granted.length).toBeGreaterThan(0);
    expect(await browserRights(older)).toEqual(granted);
  });
});
