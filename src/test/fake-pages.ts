/**
 * How the fake client (fake-client.ts) answers a read a page at a time, as PostgREST pages it: by the key
 * src/lib/pages-by-key.mjs writes (the rows after a row), or by a range, within the read's limit and the
 * project's max-rows.
 */

/** The parts of a table read that choose its page. */
type PagedRequest = { table: string; after?: string; range?: [number, number]; limit?: number };

/** The id of the row a read by key starts after (the last `id.gt."…"` of its logic tree), or undefined. */
export const afterId = (request: PagedRequest) =>
  request.after?.match(/id\.gt\."((?:[^"\\]|\\.)*)"\)$/)?.[1]?.replace(/\\(.)/g, "$1");

/**
 * The page of `rows` (the table's, in the read's order) a read asks for: those after the row its key names
 * (or in its range), as many as its limit and the project's `maxRows` allow. A key naming a row the table no
 * longer holds is the test's mistake: said at once.
 */
export function pageOf(rows: unknown[], request: PagedRequest, maxRows: number): unknown[] {
  const [first, last] = request.range ?? [0, Infinity];
  const id = afterId(request);
  const from = id === undefined ? first : rows.findIndex((row) => String((row as { id?: unknown }).id) === id) + 1;
  if (from === 0 && id !== undefined) throw new Error(`fake client: ${request.table} holds no row ${id} to read after`);
  return rows.slice(from, Math.min(last + 1, from + (request.limit ?? Infinity), from + maxRows));
}
