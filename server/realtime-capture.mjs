// @ts-check
/**
 * The changes a request makes to streamed tables besides the one it writes: rows a trigger or a database
 * function writes (a show's change noted in show_changes, a restore). A hosted project streams every
 * change from the write-ahead log, whoever made it; the REST handler reports only the rows of the table it
 * wrote, so each streamed table carries a trigger that notes the other changes of a request, which the
 * request takes back before it commits and hands to realtime in the order they were made.
 *
 * The trigger notes a change only inside a request (a setting the request sets for its transaction), never
 * the table the request writes itself (reported already), and nothing of a write made outside a request (a
 * test's or a tool's own SQL). The notes live in a schema of the local backend's own, not in the migrations:
 * a hosted project needs none of it.
 */

import { quote } from "./rest.mjs";

/** @typedef {import("@electric-sql/pglite").PGlite} PGlite */
/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */
/** @typedef {import("./rest.mjs").RowChange} RowChange */
/** @typedef {import("./database.mjs").Table} Table */

/** What a request that calls a function (not a table) says it writes: no table has this name. */
const A_FUNCTION = "(a function)";

const SETUP = `
create schema if not exists local_realtime;
revoke all on schema local_realtime from public;
create unlogged table if not exists local_realtime.changes (
  id bigint generated always as identity primary key,
  table_name text not null,
  type text not null,
  record jsonb not null,
  old jsonb
);
create or replace function local_realtime.note_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The trigger's condition lets through only a request's changes to a table it does not write itself.
  insert into local_realtime.changes (table_name, type, record, old)
  values (
    tg_table_name,
    tg_op,
    case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end,
    case when tg_op = 'INSERT' then null else to_jsonb(old) end
  );
  perform set_config('local_realtime.noted', 'yes', true);
  return null;
end;
$$;
revoke all on function local_realtime.note_change() from public;
`;

/** Quotes a string for SQL. */
const literal = (/** @type {string} */ text) => `'${text.replaceAll("'", "''")}'`;

/**
 * Notes the other changes of requests on `db`'s streamed tables; call again with the tables whenever they
 * are read again (a table added to the publication later gets its trigger then).
 * @param {PGlite} db
 */
export function createRealtimeCapture(db) {
  /** @type {Set<string>} */
  const watched = new Set();
  let setUp = false;

  /**
   * Puts the trigger on every streamed table of `tables` that has none yet.
   * @param {Map<string, Table>} tables
   */
  async function watch(tables) {
    const streamed = [...tables.values()].filter((table) => table.realtime && !watched.has(table.name));
    if (streamed.length === 0) return;
    if (!setUp) {
      await db.exec(SETUP);
      setUp = true;
    }
    await db.exec(
      streamed
        .map(
          (table) =>
            // Only inside a request that writes another table: the request's own rows cost no call.
            `create or replace trigger local_realtime_note_change after insert or update or delete ` +
            `on public.${quote(table.name)} for each row when (coalesce(current_setting('local_realtime.written', true), '') ` +
            `not in ('', ${literal(table.name)})) execute function local_realtime.note_change();`,
        )
        .join("\n"),
    );
    for (const table of streamed) watched.add(table.name);
  }

  return { watch };
}

/**
 * What a request sets `local_realtime.written` to for its transaction (a read sets it empty): the table it
 * writes, or that it calls a function (`table` null), so the trigger notes only the other changes.
 * @param {string | null} table
 */
export function writtenBy(table) {
  return table ?? A_FUNCTION;
}

/**
 * Takes back the changes noted in this transaction, grouped by table in the order they were made (a run of
 * changes to one table is one group). Call at the end of the request's transaction, made as `role`.
 * @param {Transaction} tx
 * @param {string} role
 * @returns {Promise<{ table: string, changes: RowChange[] }[]>}
 */
export async function takeNotedChanges(tx, role) {
  /** @type {{ rows: { noted: boolean }[] }} */
  const { rows } = await tx.query("select current_setting('local_realtime.noted', true) = 'yes' as noted");
  if (!rows[0]?.noted) return [];
  // The notes are the backend's, not the caller's: taken back under the database's own role, then the
  // caller's again for the rest of the transaction.
  await tx.query("select set_config('role', 'none', true)");
  /** @type {{ rows: { table_name: string, type: RowChange["type"], record: Record<string, unknown>, old: Record<string, unknown> | null }[] }} */
  const { rows: noted } = await tx.query(
    `with taken as (delete from local_realtime.changes returning *)
     select table_name, type, record, old from taken order by id`,
  );
  await tx.query("select set_config('role', $1, true)", [role]);
  /** @type {{ table: string, changes: RowChange[] }[]} */
  const groups = [];
  for (const { table_name: table, type, record, old } of noted) {
    const last = groups.at(-1);
    const change = { type, record, old };
    if (last?.table === table) last.changes.push(change);
    else groups.push({ table, changes: [change] });
  }
  return groups;
}
