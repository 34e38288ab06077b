/**
 * The embedded Postgres (PGlite): bootstraps what a hosted Supabase project
 * already has, then applies supabase/migrations/*.sql once each, in order.
 */
import { PGlite } from "@electric-sql/pglite";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL("../supabase/migrations/", import.meta.url));

// Roles and the realtime publication of a hosted project, and no default grants.
const BOOTSTRAP = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then create publication supabase_realtime; end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
create schema if not exists stagedoor_internal;
create table if not exists stagedoor_internal.schema_migrations (
  version text primary key,
  applied_at timestamptz not null default now()
);
`;

// service_role bypasses RLS as on a hosted project; it has full table rights there too.
const SERVICE_ROLE_GRANTS = `
grant all on all tables in schema public to service_role;
`;

export async function openDatabase({ dataDir, migrationsDir = DEFAULT_MIGRATIONS_DIR } = {}) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  await db.exec(BOOTSTRAP);
  const applied = new Set(
    (await db.query("select version from stagedoor_internal.schema_migrations")).rows.map((r) => r.version),
  );
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = readFileSync(join(migrationsDir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into stagedoor_internal.schema_migrations (version) values ($1)", [file]);
    });
  }
  await db.exec(SERVICE_ROLE_GRANTS);
  return db;
}

/** Column names, types and primary key of every table in schema public. */
export async function readSchema(db) {
  const { rows } = await db.query(`
    select c.relname as table, a.attname as column, t.typname as type,
           coalesce(a.attnum = any(i.indkey), false) as primary_key,
           exists (select 1 from pg_publication_tables p
                   where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = c.relname) as realtime
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_index i on i.indrelid = c.oid and i.indisprimary
    where c.relkind in ('r', 'v', 'p')
    order by c.relname, a.attnum`);
  const tables = new Map();
  for (const row of rows) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], primaryKey: [], realtime: row.realtime };
    table.columns.push({ name: row.column, type: row.type });
    if (row.primary_key) table.primaryKey.push(row.column);
    tables.set(row.table, table);
  }
  return tables;
}
