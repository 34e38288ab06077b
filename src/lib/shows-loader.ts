/**
 * The tour's dates as a content collection read from the configured project: the published shows
 * (public.shows) of PUBLIC_SUPABASE_URL, with PUBLIC_SUPABASE_ANON_KEY, each turned into a tour date
 * entry and checked by the schema the tour file's dates had (src/lib/content-schemas.ts). When the project
 * cannot be reached, or answers something that is not a show, the build stops with one line naming the
 * project, and the site online stays as it was.
 *
 * The local backend is the default project. When none is running at a local address (a build on its own,
 * `astro check`), the shows are those a new local backend holds, from supabase/seed.sql
 * (tools/seeded-shows.mjs), and the build says so; `npm start` builds with its backend running. The unit
 * tests' content (src/test/content-store.ts) is always the seed's (TOUR_FROM_SEED=1), whatever answers on
 * the local port.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Loader } from "astro/loaders";
import { AstroError } from "astro/errors";
import { LOCAL_ANON_KEY, localSupabaseUrl } from "../../server/local-keys.mjs";
import { readPublishedShows, showsDigest, tourDateEntryOf, type ShowRow } from "./published-shows.mjs";

/** Where the shows are read from. */
interface ShowsProject {
  url: string;
  key: string;
}

/** The project the build is configured for (astro.config.mjs fills in the local backend outside production). */
function configuredProject(env: Record<string, string | undefined> = process.env): ShowsProject {
  return { url: env.PUBLIC_SUPABASE_URL || localSupabaseUrl(env), key: env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_ANON_KEY };
}

/** The error that stops the build: one line, naming the project, and no stack trace. */
function showsError(url: string, reason: string): Error {
  const error = new AstroError(
    `The tour could not be read from the project ${url}: ${reason}. The site was not built.`,
    "Check PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY, and that the project is up, then build again.",
  );
  error.stack = "";
  return error;
}

const SEEDED_SHOWS = fileURLToPath(new URL("../../tools/seeded-shows.mjs", import.meta.url));

/** The shows a new local backend holds (supabase/seed.sql's), read from one started aside. */
async function seededShows(): Promise<Record<string, unknown>[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [SEEDED_SHOWS], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, unknown>[];
}

/** Whether `url` is a local backend's address with nothing listening there, as `reason` says. */
const noLocalBackend = (url: string, reason: string) =>
  /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url) && reason.includes("ECONNREFUSED");

interface ShowsLoaderOptions {
  project?: () => ShowsProject;
  fromSeed?: () => boolean;
  read?: typeof readPublishedShows;
  seeded?: () => Promise<Record<string, unknown>[]>;
}

/** The collection's loader: every published show of the project, by id, as a tour date entry. */
export function publishedShowsLoader({
  project = configuredProject,
  read = readPublishedShows,
  seeded = seededShows,
  fromSeed = () => process.env.TOUR_FROM_SEED === "1",
}: ShowsLoaderOptions = {}): Loader {
  return {
    name: "published-shows",
    load: async ({ store, parseData, logger }) => {
      const { url, key } = project();
      let rows: Record<string, unknown>[];
      try {
        rows = fromSeed() ? await seeded() : await read({ url, key });
      } catch (error) {
        const reason = (error as Error).message;
        if (!noLocalBackend(url, reason)) throw showsError(url, reason);
        logger.info(
          `No local backend answers at ${url}: the tour is supabase/seed.sql's, as a new local backend holds it.`,
        );
        rows = await seeded();
      }
      const entries = new Map<string, Record<string, unknown>>();
      for (const row of rows) {
        const id = typeof row.id === "string" ? row.id : JSON.stringify(row.id);
        if (entries.has(id)) throw showsError(url, `show ${id} is listed twice`);
        try {
          entries.set(id, await parseData({ id, data: tourDateEntryOf(row as unknown as ShowRow) }));
        } catch (error) {
          const found = (error as Error).message.replace(/\s+/g, " ").trim();
          throw showsError(url, `show ${id} is not one the site can show (${found})`);
        }
      }
      // Each entry carries the digest of the whole read it came from: the build's record of which shows its pages
      // render is taken from the entries the pages read (renderedShowsDigest), not from this read. The store is
      // emptied and filled with no pause between, so it never holds part of one read.
      const digest = showsDigest(rows);
      store.clear();
      for (const [id, data] of entries) store.set({ id, data, digest });
    },
  };
}
