// @ts-check
/**
 * `npm run tour:import`'s work (scripts/tour-import.mjs): the dates a tour file lists become published
 * gigs of the project's calendar, each a gig and its show, as the team would put them on the website on
 * /calendar. By id: a date whose show is already there is left as it is, so running it twice imports
 * nothing the second time. A date the database would refuse is named with the reason before its gig is
 * made (the calendar keeps every event), and a gig an interrupted run left without its show is used again.
 */
import { showProblems, showRowOf } from "../../src/lib/published-shows.mjs";

/**
 * @typedef {import("../../src/lib/published-shows.mjs").TourFileDate} TourFileDate
 * @typedef {{ imported: string[], kept: string[], refused: { id: string, reason: string }[] }} ImportResult
 */

/** What the calendar calls the gig of a date: "Gig: The Salthill Room, Galway". */
export const gigTitleOf = (/** @type {TourFileDate} */ date) => `Gig: ${date.venue.name}, ${date.venue.town}`;

/**
 * The `dates` list of a tour file's parsed YAML, or an Error saying what is wrong with it.
 * @param {unknown} file
 * @returns {unknown[]}
 */
export function datesOfTourFile(file) {
  if (file === null || file === undefined || typeof file !== "object") throw new Error("the file holds no tour");
  const dates = /** @type {{ dates?: unknown }} */ (file).dates;
  if (dates === undefined || dates === null) return [];
  if (!Array.isArray(dates)) throw new Error("its dates are not a list");
  return dates;
}

/**
 * A REST caller for the project as the team's session.
 * @param {string} url
 * @param {string} key the anon key
 * @param {string} accessToken the team session's
 * @param {typeof fetch} fetchImpl
 */
function restAs(url, key, accessToken, fetchImpl) {
  const base = `${url.replace(/\/$/, "")}/rest/v1/`;
  /**
   * @param {string} path
   * @param {RequestInit} [init]
   * @returns {Promise<any[]>}
   */
  return async (path, init = {}) => {
    const response = await fetchImpl(base + path, {
      ...init,
      headers: {
        apikey: key,
        Authorization: `Bearer ${accessToken}`,
        "Content-Type": "application/json",
        Prefer: "return=representation",
        ...init.headers,
      },
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const reason = body?.message ?? `HTTP ${response.status}`;
      throw new Error(body?.details ? `${reason} (${body.details})` : reason);
    }
    return Array.isArray(body) ? body : [];
  };
}

/**
 * Imports `dates` (a tour file's list) into the project at `url` as the team's session.
 * @param {{ url: string, key: string, accessToken: string, dates: unknown[], fetch?: typeof fetch }} options
 * @returns {Promise<ImportResult>}
 */
export async function importTourDates({ url, key, accessToken, dates, fetch: fetchImpl = fetch }) {
  const rest = restAs(url, key, accessToken, fetchImpl);
  /** @type {ImportResult} */
  const result = { imported: [], kept: [], refused: [] };
  for (const [index, listed] of dates.entries()) {
    const date = /** @type {TourFileDate} */ (listed);
    const id = typeof date?.id === "string" ? date.id : `the date at position ${index + 1}`;
    /** @type {ReturnType<typeof showRowOf>} */
    let row;
    try {
      if (typeof date?.id !== "string" || typeof date.venue !== "object" || date.venue === null) {
        throw new Error("it needs an id and a venue");
      }
      row = showRowOf(date);
      const problems = showProblems(row);
      if (problems.length > 0) throw new Error(problems.join("; "));
    } catch (error) {
      result.refused.push({ id, reason: /** @type {Error} */ (error).message });
      continue;
    }
    try {
      if ((await rest(`shows?select=id&id=eq.${encodeURIComponent(id)}`)).length > 0) {
        result.kept.push(id);
        continue;
      }
      const title = gigTitleOf(date);
      const gigs = await rest(
        `calendar_events?select=id&event_type=eq.gig&title=eq.${encodeURIComponent(title)}` +
          `&start_date=eq.${encodeURIComponent(row.starts_at)}`,
      );
      const shown = gigs.length
        ? await rest(`shows?select=event_id&event_id=in.(${gigs.map((gig) => gig.id).join(",")})`)
        : [];
      const free = gigs.find((gig) => !shown.some((show) => show.event_id === gig.id));
      const eventId =
        free?.id ??
        (
          await rest("calendar_events?select=id", {
            method: "POST",
            body: JSON.stringify({
              title,
              description: null,
              start_date: row.starts_at,
              end_date: row.starts_at,
              event_type: "gig",
            }),
          })
        )[0].id;
      await rest("shows?select=id", { method: "POST", body: JSON.stringify({ ...row, event_id: eventId }) });
      result.imported.push(id);
    } catch (error) {
      result.refused.push({ id, reason: /** @type {Error} */ (error).message });
    }
  }
  return result;
}

/**
 * What the command prints.
 * @param {ImportResult} result
 * @param {{ file: string, url: string }} where
 */
export function describeImport(result, { file, url }) {
  const lines = [];
  const list = (/** @type {string[]} */ ids) => ids.join(", ");
  if (result.imported.length > 0) {
    lines.push(
      `Put ${result.imported.length} date(s) of ${file} on the website from ${url}'s calendar: ${list(result.imported)}.`,
    );
  }
  if (result.kept.length > 0) lines.push(`Already in the calendar, left as they are: ${list(result.kept)}.`);
  for (const { id, reason } of result.refused) lines.push(`Not imported: ${id}: ${reason}`);
  if (lines.length === 0) lines.push(`${file} lists no dates: nothing to import.`);
  if (result.refused.length === 0 && result.imported.length + result.kept.length > 0) {
    lines.push(
      `Every date of ${file} is now a published gig: remove the dates from the file; the build no longer reads them.`,
    );
  }
  return lines.join("\n");
}
