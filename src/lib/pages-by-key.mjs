// @ts-check
/**
 * Reading every row of a query through PostgREST, a page at a time, by key: the build's and the Netlify
 * function's read of the published shows (published-shows.mjs) and every list a team page reads whole
 * (read-all-pages.ts). A hosted project answers at most its max-rows a request (1,000 unless the team set
 * fewer), so each page asks for the rows after the last one read, in an order its key makes total (a column,
 * then id), and the read stops at the first page that comes back empty. Paging by offset skipped a row, or
 * read one twice, when a row before the offset went or came between two pages (a show unpublished while
 * the build read), and stopping at a page shorter than asked ended the read after one page on a project
 * whose max-rows is lower. The team pages' lists do stop there (`endsShort`): a person waits for them, and the
 * team's project keeps the default (docs/operations.md); the build and the scheduled function read on. Only a row whose own key changes between two pages can still come twice (moved
 * later: its later copy is kept, in its place) or be left out of that read (moved earlier, onto a page
 * already read: the change makes the next read, which finds it).
 */

/** Rows asked for a request: a hosted project answers at most 1,000 a request by default. */
export const ROWS_PER_REQUEST = 1000;

/**
 * @typedef {object} KeyOrder the order of a read by key: by `column`, then by id ascending
 * @property {string} column
 * @property {boolean} ascending
 */

/**
 * A read's order as PostgREST's `order` parameter takes it: `starts_at.asc,id.asc`.
 * @param {KeyOrder} order
 */
export const orderByKey = ({ column, ascending }) => `${column}.${ascending ? "asc" : "desc"},id.asc`;

/**
 * A value as a logic tree holds it: double-quoted, its backslashes and double quotes escaped, so the dots,
 * colons, commas and parentheses of a timestamp or an id are read as the value's own.
 * @param {unknown} value
 */
const quoted = (value) => `"${String(value).replace(/["\\]/g, "\\$&")}"`;

/**
 * The rows after `row` in `order`, as the items of a PostgREST logic tree (what supabase-js' `.or()` takes;
 * `or=(…)` in a URL): `starts_at.gt."…",and(starts_at.eq."…",id.gt."…")`.
 * @param {KeyOrder} order
 * @param {Record<string, unknown>} row a row with its column and id
 */
function rowsAfter({ column, ascending }, row) {
  const at = quoted(row[column]);
  return `${column}.${ascending ? "gt" : "lt"}.${at},and(${column}.eq.${at},id.gt.${quoted(row.id)})`;
}

/**
 * Whether `row` holds the key a page can start after: the order's column and an id.
 * @param {unknown} row
 * @param {KeyOrder} order
 * @returns {row is Record<string, unknown>}
 */
function keyed(row, { column }) {
  if (typeof row !== "object" || row === null) return false;
  const { [column]: value, id } = /** @type {Record<string, unknown>} */ (row);
  return value !== null && value !== undefined && id !== null && id !== undefined;
}

/**
 * Every row, a page at a time: `readPage(after, number)` answers page `number` (1 the first): the rows after
 * the logic tree `after` (null: from the first row), in orderByKey(order), at most ROWS_PER_REQUEST. The next
 * page starts after the last row of a page that has the key; a row without it (not one PostgREST sends) is
 * kept for the caller to judge. Throws what a page throws, and when a page holds no row not read before: a
 * server that ignored the key would otherwise be asked for the same page for ever.
 * With `endsShort`, a page shorter than ROWS_PER_REQUEST is the last, read without asking for the empty one
 * after it: a team page's lists, which a person waits for, on a project that keeps the default max-rows.
 * @template Row
 * @param {KeyOrder} order
 * @param {(after: string | null, number: number) => PromiseLike<Row[]>} readPage
 * @param {{ endsShort?: boolean }} [options]
 * @returns {Promise<Row[]>}
 */
export async function readByKey(order, readPage, { endsShort = false } = {}) {
  /** @type {Map<unknown, Row>} by id (a row without one by a key of its own), in the order read */
  const rows = new Map();
  /** @type {string | null} */
  let after = null;
  for (let number = 1; ; number++) {
    const page = await readPage(after, number);
    if (page.length === 0) return [...rows.values()];
    /** @type {Record<string, unknown> | undefined} */
    let last;
    let fresh = 0;
    for (const row of page) {
      if (!keyed(row, order)) {
        rows.set(Symbol("unkeyed"), row);
        continue;
      }
      const id = String(row.id);
      if (!rows.delete(id)) fresh++;
      rows.set(id, row);
      last = row;
    }
    if (endsShort && page.length < ROWS_PER_REQUEST) return [...rows.values()];
    if (!last || fresh === 0) throw new Error(`page ${number} held no row not read before: the key was not applied`);
    after = rowsAfter(order, last);
  }
}
