// @ts-check
/**
 * The schema cache: the tables of schema public as REST and Realtime see them, read again only when the
 * schema has changed since it was last read. As on a hosted project, where PostgREST reloads its cache
 * when an event trigger tells it of DDL, the database tells the backend of every command that may change
 * what the cache holds (a migration applied while the backend runs, a test's or a tool's own SQL), so a
 * table created at any time is found at its first request, and a name no table has costs no query at all:
 * a flood of unknown names reads nothing. The trigger lives in the backend's own schema, never in the
 * migrations: a hosted project has its own.
 */
import { readSchema } from "./database.mjs";

/** @typedef {import("@electric-sql/pglite").PGlite} PGlite */
/** @typedef {import("./database.mjs").Table} Table */

/** The channel the database announces schema changes on. */
const SCHEMA_CHANNEL = "stagedoor_schema_changed";

/**
 * The commands that cannot change what the cache holds (its tables' columns, keys, publication and
 * replica identity; nor a role's column grants): the capture's own triggers (realtime-capture.mjs) are
 * created as the cache is read, and must not mark it stale again.
 */
const IGNORED_TAGS = new Set([
  "CREATE TRIGGER",
  "ALTER TRIGGER",
  "DROP TRIGGER",
  "CREATE FUNCTION",
  "ALTER FUNCTION",
  "DROP FUNCTION",
  "CREATE POLICY",
  "ALTER POLICY",
  "DROP POLICY",
  "COMMENT",
]);

// DDL (ddl_command_end) and drops (sql_drop) both announce the command's tag. An event trigger cannot be
// created twice, so it is created only where the database has none yet (a kept data folder keeps it).
const SETUP = `
create or replace function stagedoor_internal.schema_changed()
returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('${SCHEMA_CHANNEL}', tg_tag);
end;
$$;
revoke all on function stagedoor_internal.schema_changed() from public;
do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'stagedoor_schema_changed') then
    create event trigger stagedoor_schema_changed on ddl_command_end
      execute function stagedoor_internal.schema_changed();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'stagedoor_schema_dropped') then
    create event trigger stagedoor_schema_dropped on sql_drop
      execute function stagedoor_internal.schema_changed();
  end if;
end;
$$;
`;

/**
 * Reads the schema and keeps it, with what it takes to keep it current.
 * @param {PGlite} db a session of the superuser (an event trigger is the superuser's to create)
 * @param {object} [options]
 * @param {(tables: Map<string, Table>) => Promise<void>} [options.onRead] told of every reading, before it is used
 * @param {(line: string) => void} [options.log]
 */
export async function createSchemaCache(db, { onRead = async () => {}, log = () => {} } = {}) {
  /** Schema changes the database has announced; the cache is current while it was read at this count. */
  let changes = 0;
  let readAt = -1;
  /** @type {Map<string, Table>} */
  let tables = new Map();
  /** @type {Promise<void> | null} */
  let rereading = null;

  let watching = true;
  try {
    await db.listen(SCHEMA_CHANNEL, (tag) => {
      if (!IGNORED_TAGS.has(tag)) changes += 1;
    });
    await db.exec(SETUP);
  } catch (error) {
    // Without the announcements, the cache is read again whenever a name is missing, as it was before them.
    watching = false;
    log(`schema cache: schema changes will not be announced (${/** @type {Error} */ (error).message})`);
  }

  /** Reads the schema again; readings asked for together share one. */
  function reread() {
    rereading ??= (async () => {
      const at = changes;
      const read = await readSchema(db);
      await onRead(read);
      tables = read;
      readAt = at;
    })().finally(() => (rereading = null));
    return rereading;
  }

  await reread();
  // What setting up and the first reading did themselves (the capture's first tables and triggers) is in that
  // reading: nothing else reaches the database before the backend is ready.
  readAt = changes;

  /**
   * The table named `name`, read again first if the schema has changed since the cache was read (a reading
   * under way when a change was announced is followed by another). Without announcements, a missing name
   * reads the schema again.
   * @param {string} name
   * @returns {Promise<Table | undefined>}
   */
  async function findTable(name) {
    if (watching) {
      while (readAt !== changes) await reread();
    } else if (!tables.has(name)) {
      await reread();
    }
    return tables.get(name);
  }

  return {
    findTable,
    /** The table named `name` as last read, without reading again. */
    cached: (/** @type {string} */ name) => tables.get(name),
    /**
     * A number that changes whenever the schema may have (or always, when changes are not announced): what
     * is learnt of the schema (a role's column grants) may be kept while it stays the same.
     */
    version: () => (watching ? changes : Number.NaN),
  };
}
