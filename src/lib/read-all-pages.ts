/**
 * Reading a whole table through PostgREST, which a hosted project caps at 1,000 rows a request
 * by default: every feature that lists all rows reads them a page at a time through here.
 */

/** Rows per request: a hosted project answers at most 1,000 rows a request by default. */
const ROWS_PER_REQUEST = 1000;

type Page = { data: unknown[] | null; error: unknown; status: number };

/**
 * Every row of a query, in pages, so the row limit cuts nothing off. `page(from, to)` runs the
 * query for rows `from` to `to` inclusive (supabase-js `.range()`), with an order that makes pages
 * stable. A failed page throws the server's error, with the HTTP status added (0: no answer).
 */
export async function readAllPages(page: (from: number, to: number) => PromiseLike<Page>): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let from = 0; ; from += ROWS_PER_REQUEST) {
    const { data, error, status } = await page(from, from + ROWS_PER_REQUEST - 1);
    if (error) throw Object.assign(error as object, { status });
    rows.push(...(data ?? []));
    if ((data ?? []).length < ROWS_PER_REQUEST) return rows;
  }
}
