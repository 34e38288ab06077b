// @ts-check
/**
 * Where the team's calendar feed is served (netlify/functions/team-calendar/), named once for the function,
 * `npm start` and the calendar page that shows the address: /calendar/feed/<secret>.ics, the secret being
 * the 64 hex digits the database gave once.
 */
export const FEED_PATH_PREFIX = "/calendar/feed/";

/** The path of the feed for `secret`. */
export const feedPath = (/** @type {string} */ secret) => `${FEED_PATH_PREFIX}${secret}.ics`;
