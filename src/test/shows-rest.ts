/**
 * A project's /rest/v1/published_shows as the anon key reads it, for the tests of readPublishedShows: the
 * published rows by doors, then id, with a request's key (`or=(…)`, as src/lib/pages-by-key.mjs writes it),
 * offset and limit applied as PostgREST applies them, and at most `maxRows` rows a request (a hosted project's
 * max-rows).
 */

/** A show as this fake holds it: what the paging reads, and whether the anon key may see it. */
export type FakeShow = { id: string; starts_at: string; published: boolean };

/** `count` published shows two to an hour (s0000 alone at the first), so pages meet inside an hour too. */
export function pairedShows(count: number): FakeShow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `s${String(index).padStart(4, "0")}`,
    starts_at: new Date(Date.UTC(2027, 0, 1, Math.floor((index + 1) / 2))).toISOString().replace(".000Z", "+00:00"),
    published: true,
  }));
}

/** The key a request's `or` names: the rows after these doors and id. */
const KEY = /^\(starts_at\.gt\."([^"]*)",and\(starts_at\.eq\."\1",id\.gt\."((?:[^"\\]|\\.)*)"\)\)$/;

/**
 * The project's fetch over `published_shows` (changed as the test likes between two requests), the queries asked
 * (decoded) and how many requests were answered. `afterPage(n)` runs once request n is answered.
 */
export function showsRest(
  shows: FakeShow[],
  { maxRows = 1000, afterPage = () => {} }: { maxRows?: number; afterPage?: (page: number) => void } = {},
) {
  const asked: URLSearchParams[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const { pathname, searchParams: query } = new URL(String(input));
    asked.push(query);
    // The anon key reads nothing of public.shows itself (supabase/migrations/20250121000000).
    if (!pathname.endsWith("/rest/v1/published_shows")) {
      return Response.json({ code: "42501", details: null, hint: null, message: "permission denied" }, { status: 401 });
    }
    let rows = shows
      .filter((show) => show.published)
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || (a.id < b.id ? -1 : 1));
    const or = query.get("or");
    if (or !== null) {
      const [, at, id] = or.match(KEY) ?? [];
      if (at === undefined) return new Response(`{"message":"failed to parse logic tree (${or})"}`, { status: 400 });
      const after = (show: FakeShow) =>
        Date.parse(show.starts_at) > Date.parse(at) || (show.starts_at === at && show.id > id!.replace(/\\(.)/g, "$1"));
      rows = rows.filter(after);
    }
    const offset = Number(query.get("offset") ?? 0);
    const page = rows.slice(offset, offset + Math.min(Number(query.get("limit") ?? Infinity), maxRows));
    afterPage(asked.length);
    return new Response(JSON.stringify(page.map(({ id, starts_at }) => ({ id, starts_at }))));
  };
  return { fetch, asked };
}
