#!/usr/bin/env node
// @ts-check
/**
 * Prints, as JSON, the published shows a new local backend holds: supabase/seed.sql's, read with the anon
 * key over REST from a backend started in memory on a free port for the purpose. The build reads these
 * when it is pointed at the local backend and none is running (src/lib/shows-loader.ts), and the browser
 * journeys check the pages against them (e2e/content.ts), as their backend starts with the same seed.
 */
import { startBackend } from "../server/backend.mjs";
import { readSeed } from "../server/database.mjs";
import { LOCAL_ANON_KEY } from "../server/local-keys.mjs";
import { readPublishedShows } from "../src/lib/published-shows.mjs";

const backend = await startBackend({ port: 0, seed: readSeed() });
try {
  process.stdout.write(JSON.stringify(await readPublishedShows({ url: backend.url, key: LOCAL_ANON_KEY })));
} finally {
  await backend.close();
}
