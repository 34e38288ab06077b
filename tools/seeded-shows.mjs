#!/usr/bin/env node
// @ts-check
/**
 * Prints, as JSON, the published shows a new local backend holds: supabase/seed.sql's, read with the anon
 * key over REST from a backend started in memory on a free port for the purpose. The build reads these
 * when it is pointed at the local backend and none is running (src/lib/shows-loader.ts), and the browser
 * journeys check the pages against them (e2e/content.ts), as their backend starts with the same seed.
 *
 * What it read is kept in node_modules/.cache/ under a hash of everything that shapes it (the seed, the
 * migrations, the backend's code and database engine, this reader's), so the next call (a build, astro check,
 * a test) prints it without starting a database; any change to those files reads the shows afresh.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const CACHE_FILE = join(root, "node_modules/.cache/stagedoor-seeded-shows/shows.json");

/** The files whose content decides what a new local backend answers: each one's path and text, hashed. */
function sourcesKey() {
  /** @param {string} folder @param {RegExp} pattern */
  const filesOf = (folder, pattern) =>
    readdirSync(join(root, folder))
      .filter((name) => pattern.test(name))
      .sort()
      .map((name) => `${folder}/${name}`);
  const files = [
    "node_modules/@electric-sql/pglite/package.json",
    "supabase/seed.sql",
    "tools/seeded-shows.mjs",
    ...filesOf("supabase/migrations", /\.sql$/),
    ...filesOf("server", /^(?!.*\.test\.).*\.mjs$/),
    // The reader (src/lib/published-shows.mjs) and the columns, rules and paging it imports.
    ...filesOf("src/lib", /^(?!.*\.test\.).*\.mjs$/),
  ];
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

/** The kept JSON for `key`, or null. */
function cached(/** @type {string} */ key) {
  try {
    const kept = JSON.parse(readFileSync(CACHE_FILE, "utf8"));
    return kept.key === key && typeof kept.shows === "string" ? kept.shows : null;
  } catch {
    return null;
  }
}

/** Keeps `shows` for `key`, written whole (then renamed) so that a reader beside it never reads half a file. */
function keep(/** @type {string} */ key, /** @type {string} */ shows) {
  try {
    mkdirSync(join(CACHE_FILE, ".."), { recursive: true });
    const partial = `${CACHE_FILE}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify({ key, shows }));
    renameSync(partial, CACHE_FILE);
  } catch {
    // A cache that cannot be written only costs the next call a database start.
  }
}

/** The seed's published shows as JSON, read from a backend started for the purpose. */
async function readFromBackend() {
  const { startBackend } = await import("../server/backend.mjs");
  const { readSeed } = await import("../server/database.mjs");
  const { LOCAL_ANON_KEY } = await import("../server/local-keys.mjs");
  const { readPublishedShows } = await import("../src/lib/published-shows.mjs");
  const backend = await startBackend({ port: 0, seed: readSeed() });
  try {
    return JSON.stringify(await readPublishedShows({ url: backend.url, key: LOCAL_ANON_KEY }));
  } finally {
    await backend.close();
  }
}

const key = sourcesKey();
let shows = cached(key);
const kept = shows !== null;
if (shows === null) {
  shows = await readFromBackend();
  keep(key, shows);
}
// `--summary`: a line for a person (npm test's first step) rather than the JSON.
if (process.argv.includes("--summary")) {
  const count = JSON.parse(shows).length;
  console.log(`The seed's ${count} published shows, ${kept ? "as kept" : "read from a new local backend"}.`);
} else {
  process.stdout.write(shows);
}
