// @ts-check
/**
 * The site's functions (netlify/functions/) with a path, as `npm start`, the journeys and the bench serve
 * them beside the built pages (tools/static-server.mjs): the same handlers Netlify runs, given the
 * project's address and anon key that Netlify reads from the site's environment.
 */
import { teamCalendarHandler } from "../netlify/functions/team-calendar/team-calendar.mjs";
import { FEED_PATH_PREFIX } from "../src/lib/team-feed-path.mjs";

/**
 * @param {{ supabaseUrl: string, anonKey: string }} project
 * @returns {import("./static-server.mjs").SiteFunction[]}
 */
export function localFunctions({ supabaseUrl, anonKey }) {
  return [{ prefix: FEED_PATH_PREFIX, handle: teamCalendarHandler({ supabaseUrl, anonKey }) }];
}
