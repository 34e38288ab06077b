// @ts-check
/**
 * The embedded Postgres (PGlite): bootstraps what a hosted Supabase project
 * already has, then applies supabase/migrations/*.sql once each, in order,
 * recording each in a ledger.
 *
 * A brand-new database (in memory, or an empty data folder) starts from a
 * cached snapshot of the bootstrapped and migrated database when one exists:
 * Postgres' initdb is most of a cold start (about 5 s, far more on a busy
 * machine), loading a snapshot about 1 s. The snapshot's name is a hash of
 * PGlite's version, initdb's options, the bootstrap and every migration, so
 * any change to them builds a new one from scratch.
 */
import { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL("../supabase/migrations/", import.meta.url));

/** The local backend's starting data (never applied to a hosted project). */
export const readSeed = () => readFileSync(new URL("../supabase/seed.sql", import.meta.url), "utf8");
const SNAPSHOT_CACHE_DIR = fileURLToPath(new URL("../node_modules/.cache/stagedoor-backend/", import.meta.url));

// The package does not export its package.json; find it beside the entry point (dist/index.cjs).
const PGLITE_VERSION = JSON.parse(
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "../package.json"),
    "utf8",
  ),
).version;

/** The superuser, as on a hosted project; postgres, the migrations' owner, is not one (hosted-project.sql). */
export const SUPERUSER = "supabase_admin";

/** What a hosted project has before its first migration: roles, grants, the publication, the auth helpers. */
const HOSTED_PROJECT = readFileSync(new URL("./hosted-project.sql", import.meta.url), "utf8");

/**
 * The default privileges of postgres in schema public, by the kind of hosted project. Projects made before
 * Supabase stopped exposing new tables and functions automatically (new projects from 30 May 2026, existing
 * ones from 30 October 2026) grant whatever postgres creates there to the three API roles; later ones grant
 * nothing until a migration does. The local backend is a project of the later kind; the database tests hold
 * the migrations to both.
 * @type {Record<DefaultGrants, string>}
 */
const DEFAULT_GRANTS_SQL = {
  none: "",
  automatic: `
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
`,
};

/** @typedef {"none" | "automatic"} DefaultGrants */

// The ledger of applied migrations, which both engines keep (the Supabase CLI keeps its own on a hosted
// project). Only the superuser's own connection touches it.
const LEDGER = `
create schema if not exists stagedoor_internal;
revoke all on schema stagedoor_internal from public;
create table if not exists stagedoor_internal.schema_migrations (
  version text primary key,
  applied_at timestamptz not null default now()
);
alter table stagedoor_internal.schema_migrations add column if not exists checksum text;
`;

// Supabase Auth's tables as far as the local /auth/v1 needs them. Hosted projects have their own (managed
// by the Auth server), so they are made here, never by a migration. Only the backend's own (superuser)
// connection writes them. As on a hosted project, row-level security is on with no policy, anon and
// authenticated may call the auth helpers but read no table, and postgres may read the sessions (Auth
// grants it SELECT on its tables), which a security definer function owned by postgres may then consult.
const LOCAL_AUTH = `
create table if not exists auth.users (
  id uuid primary key,
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text unique check (email = lower(email)),
  encrypted_password text,
  email_confirmed_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  banned_until timestamptz,
  last_sign_in_at timestamptz,
  identity_id uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  -- As on a hosted project: when set, the session ends then (refresh refused, its tokens worth nothing).
  not_after timestamptz
);
alter table auth.sessions add column if not exists not_after timestamptz;
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
-- Refresh tokens are kept as SHA-256 hashes: a copy of the database does not hand out sessions.
create table if not exists auth.refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
alter table auth.users enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
revoke all on all tables in schema auth from anon, authenticated, service_role;
grant select on auth.users, auth.sessions, auth.refresh_tokens to postgres with grant option;
`;

/**
 * Everything a database gets before the migrations, the same for PGlite and PostgreSQL: the hosted
 * project's world with its kind of default grants, the ledger, then Supabase Auth's tables: the local
 * backend's own by default, or `authTables` (the database tests make them as Supabase Auth does on a
 * hosted project). A migration that forgets a GRANT fails here exactly as it would there.
 * @param {DefaultGrants} defaultGrants
 * @param {string} [authTables]
 */
export function bootstrapSql(defaultGrants, authTables = LOCAL_AUTH) {
  return `${HOSTED_PROJECT}\n${DEFAULT_GRANTS_SQL[defaultGrants]}\n${LEDGER}\n${authTables}`;
}

/** @param {string} text */
const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** @typedef {{ file: string, sql: string, checksum: string }} Migration */

/**
 * The migrations in `migrationsDir`, in the order of their file names.
 * @param {string} [migrationsDir]
 * @returns {Migration[]}
 */
export function readMigrations(migrationsDir = DEFAULT_MIGRATIONS_DIR) {
  return readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(migrationsDir, file), "utf8");
      return { file, sql, checksum: sha256(sql) };
    });
}

/**
 * What migrate() needs of a database session: PGlite is one, and the database tests wrap a PostgreSQL
 * connection as one.
 * @typedef {object} Session
 * @property {(sql: string) => Promise<unknown>} exec runs one or more statements
 * @property {(sql: string, params?: unknown[]) => Promise<{ rows: any[] }>} query
 * @property {<T>(run: (tx: Omit<Session, "transaction">) => Promise<T>) => Promise<T>} transaction
 */

/**
 * Applies the bootstrap, then every migration the ledger does not list yet, each in a transaction of its
 * own and as postgres, the role a hosted project's migrations run as (not a superuser there).
 * @param {Session} db a session of the superuser
 * @param {Migration[]} migrations
 * @param {{ bootstrap: string, log?: (line: string) => void }} options
 */
export async function migrate(db, migrations, { bootstrap, log = () => {} }) {
  await db.exec(bootstrap);
  /** @type {{ rows: { version: string, checksum: string | null }[] }} */
  const { rows } = await db.query("select version, checksum from stagedoor_internal.schema_migrations");
  const applied = new Map(rows.map((row) => [row.version, row.checksum]));
  for (const { file, sql, checksum } of migrations) {
    if (applied.has(file)) {
      const recorded = applied.get(file);
      if (recorded && recorded !== checksum) {
        log(`migration ${file} changed after it was applied; run \`npm run db:reset\` to apply it again`);
      }
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.exec("set local role postgres");
      await tx.exec(sql);
      await tx.exec("reset role");
      await tx.query("insert into stagedoor_internal.schema_migrations (version, checksum) values ($1, $2)", [
        file,
        checksum,
      ]);
    });
  }
}

/** Where the snapshot for `key` is kept in `dir`. */
const snapshotFile = (/** @type {string} */ dir, /** @type {string} */ key) => join(dir, `${key}.tar`);

/**
 * Reads the cached snapshot for `key`, or null.
 * @param {string} dir
 * @param {string} key
 */
function readSnapshot(dir, key) {
  const file = snapshotFile(dir, key);
  try {
    return existsSync(file) ? new Blob([readFileSync(file)]) : null;
  } catch {
    return null;
  }
}

/**
 * Saves a snapshot atomically (written whole to the disk, then renamed), so a parallel start never reads half
 * a file, nor a start after a crash.
 * @param {PGlite} db
 * @param {string} dir
 * @param {string} key
 * @param {(line: string) => void} log
 */
async function writeSnapshot(db, dir, key, log) {
  try {
    // Written out first, so that the snapshot's log holds no more than a start must replay.
    await db.exec("checkpoint");
    const tarball = await db.dumpDataDir("none");
    mkdirSync(dir, { recursive: true });
    const file = snapshotFile(dir, key);
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()), { flush: true });
    renameSync(partial, file);
    // Snapshots of older migrations or PGlite versions, and partial files a crash left, are dead weight.
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const age = Date.now() - statSync(path).mtimeMs;
      if (path !== file && age > (name.endsWith(".partial") ? 600_000 : 86_400_000)) {
        rmSync(path, { force: true });
      }
    }
  } catch (error) {
    const reason = /** @type {Error} */ (error).message;
    log(`could not cache the database snapshot (${reason}); the next fresh start will be slower`);
  }
}

/**
 * How initdb makes a new database: with supabase_admin as its superuser, and WAL segments of 1 MB rather
 * than Postgres' 16 MB. A segment is written whole from the start, so the 16 MB one was 40% of every
 * snapshot (41 MB; 30 MB with 1 MB ones), unpacked into memory at every start: measured, a start from the snapshot
 * took 0.47 CPU-s instead of 0.63. Folders made with 16 MB ones keep them (the size is the folder's own, in
 * its control file).
 */
const INITDB_PARAMS = ["--username", SUPERUSER, "--wal-segsize=1"];

/**
 * How Postgres starts: as PGlite starts it, with 16 MB of shared buffers rather than 128 MB. Postgres sets
 * up every buffer at each start: measured, 0.38 CPU-s a start instead of 0.52. The local backend's data is
 * a few MB, and a page the buffers lack is read from memory anyway (PGlite's files are in memory or in the
 * OS's cache).
 */
const START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * The databases initdb makes beside the one PGlite opens: template1, which CREATE DATABASE copies, and
 * template0, to remake it from. A PGlite folder only ever holds its one database, so a new one drops them:
 * they were half of every snapshot (32 MB, 16 MB without), unpacked into memory at every start. Measured, a
 * start from the snapshot took 0.15 CPU-s instead of 0.39. Each is a statement of its own, as DROP
 * DATABASE runs outside any transaction.
 */
const TEMPLATES_DROPPED = [
  "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  "drop database template0",
  "drop database template1",
];

/** Postgres's type OID for boolean. */
const BOOLEAN_OID = 16;

/**
 * How query parameters are sent. PGlite's own boolean serializer throws on a string it does not know
 * ("maybe" from a filter like ?flag=eq.maybe), which would surface as a 500; sent as text, Postgres
 * itself refuses it with 22P02, a 400, as PostgREST answers.
 */
const PARAMETER_SERIALIZERS = {
  /** @param {unknown} value */
  [BOOLEAN_OID]: (value) => (typeof value === "boolean" ? (value ? "t" : "f") : String(value)),
};

/**
 * A file in the data folder naming the role its initdb made superuser (supabase_admin). A folder made
 * before there was one has postgres as its superuser.
 */
const SUPERUSER_FILE = "stagedoor-superuser";

/**
 * Opens (creating if needed) the database and brings it up to date.
 * @param {object} [options]
 * @param {string} [options.dataDir] folder that keeps the data (in memory when absent)
 * @param {string} [options.migrationsDir]
 * @param {Migration[]} [options.migrations] the migrations to apply (by default, every file of migrationsDir)
 * @param {boolean} [options.snapshots] start a brand-new database from the cached snapshot (false: always initdb)
 * @param {string} [options.snapshotDir] where the snapshots are kept (by default, under node_modules/.cache/)
 * @param {DefaultGrants} [options.defaultGrants] the kind of hosted project to be (default: a current one, "none")
 * @param {string} [options.seed] SQL run once, as the superuser, on a database made new here (supabase/seed.sql)
 * @param {(line: string) => void} [options.log]
 */
export async function openDatabase({
  dataDir,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
  migrations = readMigrations(migrationsDir),
  snapshots = true,
  snapshotDir = SNAPSHOT_CACHE_DIR,
  defaultGrants = "none",
  seed,
  log = () => {},
} = {}) {
  const bootstrap = bootstrapSql(defaultGrants);
  const key = sha256(
    JSON.stringify([
      PGLITE_VERSION,
      INITDB_PARAMS,
      bootstrap,
      TEMPLATES_DROPPED,
      migrations.map(({ file, checksum }) => [file, checksum]),
    ]),
  ).slice(0, 24);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const isNew = !dataDir || !existsSync(join(dataDir, "PG_VERSION"));
  let superuser = SUPERUSER;
  if (dataDir && !isNew) {
    const named = join(dataDir, SUPERUSER_FILE);
    superuser = existsSync(named) ? readFileSync(named, "utf8").trim() : "postgres";
    if (superuser !== SUPERUSER) {
      log(
        `${dataDir} was made with postgres as its superuser, unlike a hosted project (where postgres owns the ` +
          "migrations without being one); `npm run db:reset` makes it afresh as hosted",
      );
    }
  }
  const emptyBefore = !dataDir || readdirSync(dataDir).length === 0;
  /** Starts Postgres on the folder, or on a copy of the snapshot `loadDataDir` in a new one. */
  const start = async (/** @type {Blob | null} */ loadDataDir) => {
    const started = new PGlite({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      // PGlite connects as `username` and then switches to it (SET ROLE); the RESET below leaves the session
      // as itself, as a direct connection is.
      username: superuser,
      initDbStartParams: INITDB_PARAMS,
      startParams: START_PARAMS,
      serializers: PARAMETER_SERIALIZERS,
    });
    await started.waitReady;
    return started;
  };
  let snapshot = isNew && snapshots ? readSnapshot(snapshotDir, key) : null;
  let db;
  try {
    db = await start(snapshot);
  } catch (error) {
    // A snapshot cut short (a full disk, a copy stopped part-way) would fail every start from it: it goes, and
    // this start makes the database afresh, and the snapshot with it.
    if (!snapshot || !emptyBefore) throw error;
    log(`the kept database snapshot could not be opened (${/** @type {Error} */ (error).message}); making it afresh`);
    rmSync(snapshotFile(snapshotDir, key), { force: true });
    if (dataDir) for (const name of readdirSync(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
    snapshot = null;
    db = await start(null);
  }
  await db.exec("reset role");
  // Named before anything else is done in a new folder, so that a start after a crash knows whose it is.
  if (dataDir && isNew) writeFileSync(join(dataDir, SUPERUSER_FILE), `${SUPERUSER}\n`);
  if (isNew && !snapshot) for (const statement of TEMPLATES_DROPPED) await db.exec(statement);
  await migrate(db, migrations, { bootstrap, log });
  if (isNew && snapshots && !snapshot) await writeSnapshot(db, snapshotDir, key, log);
  // After the snapshot, which every database shares, so that only a new local backend's data starts seeded.
  if (isNew && seed) await db.exec(seed);
  return db;
}

/**
 * A table of schema public as the REST and realtime handlers see it.
 * @typedef {object} Table
 * @property {string} name
 * @property {{ name: string, type: string }[]} columns
 * @property {string[]} primaryKey
 * @property {boolean} realtime in the supabase_realtime publication
 * @property {boolean} replicaIdentityFull old rows reach realtime whole
 */

/**
 * Column names, types and primary key of every table in schema public.
 * @param {PGlite} db
 * @returns {Promise<Map<string, Table>>}
 */
export async function readSchema(db) {
  /**
   * @type {{ rows: { table: string, column: string, type: string, primary_key: boolean,
   *   replica_identity_full: boolean, realtime: boolean }[] }}
   */
  const { rows } = await db.query(`
    select c.relname as table, a.attname as column, t.typname as type,
           coalesce(a.attnum = any(i.indkey), false) as primary_key,
           c.relreplident = 'f' as replica_identity_full,
           exists (select 1 from pg_publication_tables p
                   where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = c.relname) as realtime
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_index i on i.indrelid = c.oid and i.indisprimary
    where c.relkind in ('r', 'v', 'p')
    order by c.relname, a.attnum`);
  /** @type {Map<string, Table>} */
  const tables = new Map();
  for (const row of rows) {
    const table = tables.get(row.table) ?? {
      name: row.table,
      columns: [],
      primaryKey: [],
      realtime: row.realtime,
      replicaIdentityFull: row.replica_identity_full,
    };
    table.columns.push({ name: row.column, type: row.type });
    if (row.primary_key) table.primaryKey.push(row.column);
    tables.set(row.table, table);
  }
  return tables;
}
