// @ts-check
/**
 * A build of the site with 200 published shows: a local backend of its own (in memory, on a free port) with
 * supabase/seed.sql's three (the owner's words name them), 197 more put on the website as the team does
 * (signed in, each a gig of the calendar and its show, through the REST API), then `astro build` reading them from that backend, as a build reads them from the project, into
 * a folder of its own. Timed from the build's start to its end; then /tour's HTML (bytes and gzip), and how
 * many of the shows /tour lists and have their own calendar file, so a build that quietly dropped some
 * cannot pass. The folder is removed afterwards.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { startBackend } from "../../server/backend.mjs";
import { LOCAL_ANON_KEY } from "../../server/local-keys.mjs";
import { DEFAULT_TEAM_EMAIL, DEV_TEAM_PASSWORD } from "../../server/team-account.mjs";
import { astroBuild } from "../build-aside.mjs";

export const TOUR_BUILD = { shows: 200 };
/** supabase/seed.sql's shows. */
const SEEDED_SHOWS = ["galway-2025-04-23", "donegal-2025-04-26", "dublin-2025-05-02"];

const TOWNS = [
  ["Galway", "County Galway", "H91 X2P4"],
  ["Cork", "County Cork", "T12 R5CP"],
  ["Dublin", "County Dublin", "D08 V6F3"],
  ["Sligo", "County Sligo", "F91 YX82"],
  ["Kilkenny", "County Kilkenny", "R95 D2H4"],
];
const STATUSES = ["scheduled", "scheduled", "scheduled", "sold-out", "postponed", "cancelled"];

/**
 * The `index`th of the shows: two a week from tomorrow, in five towns, some with tickets' facts, some sold
 * out, postponed or cancelled, as a long tour has them.
 * @param {number} index
 * @param {string} eventId its gig
 * @param {number} from the first day (ms)
 */
function benchShow(index, eventId, from) {
  const [town, county, postalCode] = TOWNS[index % TOWNS.length];
  const day = new Date(from + Math.floor(index / 2) * 7 * 86_400_000 + (index % 2) * 3 * 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const id = `${town.toLowerCase()}-${date}`;
  const priced = index % 3 !== 0;
  return {
    id,
    event_id: eventId,
    venue_name: `The Bench Room ${index + 1}`,
    venue_street: `${index + 1} Quay Street`,
    venue_town: town,
    venue_county: county,
    venue_postal_code: postalCode,
    venue_country: "IE",
    starts_at: `${date}T19:30:00Z`,
    ticket_url: `https://tickets.example/orla-quinlan/${id}`,
    ticket_kind: index % 4 === 0 ? "venue" : "ticket",
    price: priced ? 15 + (index % 5) * 2.5 : null,
    currency: priced ? "EUR" : null,
    status: STATUSES[index % STATUSES.length],
  };
}

/**
 * Puts `count` shows on the website of the backend at `url`, as the team: a gig each, then its show.
 * @param {string} url
 * @param {number} count
 * @returns {Promise<string[]>} the shows' ids
 */
async function publishShows(url, count) {
  const supabase = createClient(url, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: /** @type {never} */ (WebSocket) },
  });
  const { error: signInError } = await supabase.auth.signInWithPassword({
    email: DEFAULT_TEAM_EMAIL,
    password: DEV_TEAM_PASSWORD,
  });
  if (signInError) throw new Error(`the team could not sign in: ${signInError.message}`);
  const tomorrow = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1);
  const ids = [];
  for (let index = 0; index < count; index += 1) {
    const draft = benchShow(index, "", tomorrow);
    const { data, error } = await supabase
      .from("calendar_events")
      .insert({
        title: `Gig: ${draft.venue_name}, ${draft.venue_town}`,
        start_date: draft.starts_at,
        end_date: draft.starts_at,
        event_type: "gig",
      })
      .select("id")
      .single();
    if (error) throw new Error(`gig ${index + 1} was refused: ${error.message}`);
    const show = { ...draft, event_id: data.id };
    const { error: showError } = await supabase.from("shows").insert(show);
    if (showError) throw new Error(`show ${show.id} was refused: ${showError.message}`);
    ids.push(show.id);
  }
  await supabase.auth.signOut();
  return ids;
}

/**
 * Builds the site in `root` into `folder` (inside the project) with the shows of a new local backend, once
 * `publish` has added its own, `builds` times over; how long each build took, and what `inspect` read in the
 * folder the last one made.
 * @template T
 * @param {{ root: string, folder: string }} where
 * @param {(url: string) => Promise<string[]>} publish adds shows; their ids
 * @param {(out: string, ids: string[]) => T} inspect
 * @param {number} builds
 * @returns {Promise<{ buildMs: number[], ids: string[], found: T }>}
 */
async function buildWithShows({ root, folder }, publish, inspect, builds) {
  const backend = await startBackend({
    port: 0,
    team: { email: DEFAULT_TEAM_EMAIL, password: DEV_TEAM_PASSWORD },
    seed: readFileSync(join(root, "supabase/seed.sql"), "utf8"),
  });
  const out = join(root, folder);
  try {
    const ids = [...SEEDED_SHOWS, ...(await publish(backend.url))];
    const env = { ...process.env, PUBLIC_SUPABASE_URL: backend.url, TOUR_FROM_SEED: "" };
    const buildMs = [];
    for (let build = 0; build < builds; build += 1) {
      rmSync(out, { recursive: true, force: true });
      const start = performance.now();
      const status = await astroBuild({ root, folder, env });
      buildMs.push(performance.now() - start);
      if (status !== 0) throw new Error(`the build with ${ids.length} published shows failed (exit ${status})`);
    }
    return { buildMs, ids, found: inspect(out, ids) };
  } finally {
    rmSync(out, { recursive: true, force: true });
    await backend.close();
  }
}

/**
 * Builds the site in `root` with 200 published shows into `folder` (inside the project) twice, and measures
 * it; then the same with the seed's shows only, for comparison. The first build finds Astro's and Vite's
 * caches as the bench's own build left them, cold after other shows or with --no-build (measured: 45 s where
 * the next took 13 s, on a quiet moment of a shared machine), so the figures compared are the second's and the seed's, both
 * warm; the first is reported beside them.
 * @param {{ root: string, folder: string }} where
 * @returns {Promise<import("./bench-figures.mjs").TourBuildSummary>}
 */
export async function measureTourBuild(where) {
  const tour = await buildWithShows(
    where,
    (url) => publishShows(url, TOUR_BUILD.shows - SEEDED_SHOWS.length),
    (out, ids) => {
      const html = readFileSync(join(out, "tour.html"));
      const text = html.toString("utf8");
      const calendarDir = join(out, "tour-dates");
      const calendarFiles = existsSync(calendarDir) ? readdirSync(calendarDir) : [];
      return {
        tourHtmlBytes: html.length,
        tourHtmlGzip: gzipSync(html, { level: 9 }).length,
        listed: ids.filter((id) => text.includes(`id="${id}"`)).length,
        calendarFiles: ids.filter((id) => calendarFiles.includes(`${id}.ics`)).length,
      };
    },
    2,
  );
  const seed = await buildWithShows(
    where,
    async () => [],
    (out) => gzipSync(readFileSync(join(out, "tour.html")), { level: 9 }).length,
    1,
  );
  return {
    shows: tour.ids.length,
    firstBuildMs: tour.buildMs[0],
    buildMs: tour.buildMs[1],
    seedShows: seed.ids.length,
    seedBuildMs: seed.buildMs[0],
    seedTourGzip: seed.found,
    ...tour.found,
  };
}
