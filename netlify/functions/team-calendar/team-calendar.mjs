// @ts-check
/**
 * The team's calendar feed: /calendar/feed/<secret>.ics, the address a phone's calendar app subscribes to.
 * Netlify runs this function on that path; `npm start` serves the same handler on the same path
 * (tools/static-server.mjs). It asks the database function public.team_calendar_feed with the anon key
 * and the secret (no service-role key here), naming the visitor's address so each visitor has its own
 * allowance of wrong guesses, and writes the answer as iCalendar (src/lib/team-feed.mjs).
 *
 * - The current secret: 200, text/calendar, never cached by anyone (`private, no-store`), not indexed.
 * - Any other path under /calendar/feed/, a wrong or ended secret: 404 with an empty body.
 * - A client past its allowance of wrong guesses: 429 with the database's Retry-After, empty body.
 * - The project unreachable or answering something else: 502, saying only that.
 * The secret is never logged; a failure's log line names the status alone.
 */
import { FEED_PATH_PREFIX } from "../../../src/lib/team-feed-path.mjs";
import { checkedFeed, teamFeedCalendar } from "../../../src/lib/team-feed.mjs";

/** The secret, 64 hex digits, then .ics (src/lib/team-feed-path.mjs). */
const FEED_PATH = new RegExp(`^${FEED_PATH_PREFIX}([0-9a-f]{64})\\.ics$`);

/** How long the database may take to answer. */
const DATABASE_TIMEOUT_MS = 10_000;

/** Every answer's headers: the feed is the team's, so nothing keeps a copy and no search engine lists it. */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const config = { path: `${FEED_PATH_PREFIX}*` };

/**
 * @param {number} status
 * @param {Record<string, string>} [headers]
 * @param {string} [body]
 */
const answer = (status, headers = {}, body = "") =>
  new Response(body === "" ? null : body, { status, headers: { ...PRIVATE_HEADERS, ...headers } });

/**
 * The handler for a Supabase project.
 * @param {{ supabaseUrl: string | undefined, anonKey: string | undefined, now?: () => Date }} settings
 * @returns {(request: Request, context?: { ip?: string }) => Promise<Response>}
 */
export function teamCalendarHandler({ supabaseUrl, anonKey, now = () => new Date() }) {
  return async (request, context) => {
    if (request.method !== "GET" && request.method !== "HEAD") return answer(405, { Allow: "GET, HEAD" });
    const url = new URL(request.url);
    const secret = FEED_PATH.exec(url.pathname)?.[1];
    if (!secret) return answer(404);
    if (!supabaseUrl || !anonKey) {
      console.error("Team calendar feed: PUBLIC_SUPABASE_URL or PUBLIC_SUPABASE_ANON_KEY is not set.");
      return answer(502, { "Content-Type": "text/plain; charset=utf-8" }, "The calendar cannot be read now.\n");
    }
    let reply;
    try {
      reply = await fetch(new URL("/rest/v1/rpc/team_calendar_feed", supabaseUrl), {
        method: "POST",
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ secret, ...(context?.ip ? { client: context.ip } : {}) }),
        signal: AbortSignal.timeout(DATABASE_TIMEOUT_MS),
      });
    } catch (error) {
      console.error(
        `Team calendar feed: the project could not be reached (${error instanceof Error ? error.name : "error"}).`,
      );
      return answer(502, { "Content-Type": "text/plain; charset=utf-8" }, "The calendar cannot be read now.\n");
    }
    if (reply.status === 429) {
      const retryAfter = reply.headers.get("Retry-After");
      return answer(429, retryAfter && /^\d{1,6}$/.test(retryAfter) ? { "Retry-After": retryAfter } : {});
    }
    let text;
    try {
      if (!reply.ok) throw new Error(`the project answered ${reply.status}`);
      // PostgREST writes the function's null as `null`; an empty body is read the same way.
      const body = (await reply.text()).trim();
      if (body === "" || body === "null") return answer(404);
      text = teamFeedCalendar(checkedFeed(JSON.parse(body)), { host: url.hostname, now: now() });
    } catch (error) {
      console.error(`Team calendar feed: ${error instanceof Error ? error.message : "unreadable answer"}.`);
      return answer(502, { "Content-Type": "text/plain; charset=utf-8" }, "The calendar cannot be read now.\n");
    }
    return answer(
      200,
      { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="team-calendar.ics"' },
      request.method === "HEAD" ? "" : text,
    );
  };
}

/** Netlify's entry point: the project named in the site's environment (the same two values the pages are built with). */
export default function teamCalendar(/** @type {Request} */ request, /** @type {{ ip?: string }} */ context) {
  return teamCalendarHandler({
    supabaseUrl: process.env.PUBLIC_SUPABASE_URL,
    anonKey: process.env.PUBLIC_SUPABASE_ANON_KEY,
  })(request, context);
}
