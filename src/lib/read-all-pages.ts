/**
 * Reading a whole table through supabase-js, which a hosted project answers at most 1,000 rows a request:
 * every feature that lists all rows reads them here, a page at a time by key (src/lib/pages-by-key.mjs, which
 * the build's read of the published shows shares). A page shorter than 1,000 rows is the last: a list of a few
 * hundred is one request, as a person waits for it; the team's project keeps the default max-rows of 1,000
 * (docs/operations.md).
 */
import { readByKey, ROWS_PER_REQUEST, type KeyOrder } from "./pages-by-key.mjs";

type Page = { data: unknown[] | null; error: unknown; status: number };

/** A supabase-js select as the pages narrow it: after a row, in order, so many rows; awaited, a page. */
interface KeyedQuery<Query> extends PromiseLike<Page> {
  or(filters: string): Query;
  order(column: string, options: { ascending: boolean }): Query;
  limit(count: number): Query;
}

/**
 * Every row `select()` reads (a fresh query for each page, its filters but no order or range), in `order`
 * (a column, then id ascending), so neither the row limit nor a row removed meanwhile cuts a row off. A
 * failed page throws the server's error, with the HTTP status added (0: no answer).
 */
export async function readAllPages<Query extends KeyedQuery<Query>>(
  select: () => Query,
  order: KeyOrder,
): Promise<unknown[]> {
  return readByKey(
    order,
    async (after) => {
      const query = after === null ? select() : select().or(after);
      const { data, error, status } = await query
        .order(order.column, { ascending: order.ascending })
        .order("id", { ascending: true })
        .limit(ROWS_PER_REQUEST);
      if (error) throw Object.assign(error as object, { status });
      return (data ?? []) as Record<string, unknown>[];
    },
    { endsShort: true },
  );
}
