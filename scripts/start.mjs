#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: the whole product. Builds the site when dist/ holds no finished build for this backend (or
 * with --build), serves it on http://localhost:4321 with the deployed headers, and runs the embedded backend
 * on :54321 (or BACKEND_PORT) with data kept in .data/. When PUBLIC_SUPABASE_URL is set, no local backend
 * starts: the site talks to that project. A build that fails leaves the last good one in place, which is
 * served with a warning if it was built for this backend; a build that stopped part-way is never served.
 * `--dist <folder>` serves (and builds into) another folder than dist/. With the local backend, a change to
 * the published shows rebuilds the site by itself once it has settled (tools/shows-watch.mjs).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SITE_PORT, siteOrigins } from "../server/http.mjs";
import { LOCAL_ANON_KEY, LOCAL_BACKEND_PORT } from "../server/local-keys.mjs";
import { runBackend, stopOnSignal } from "../server/run.mjs";
import { readBuild, unservableBuild } from "../src/integrations/build-record.mjs";
import { contentDir } from "../src/lib/content-dir.mjs";
import { readPublishedShows, showsDigest } from "../src/lib/published-shows.mjs";
import { astroBuild, buildAside } from "../tools/build-aside.mjs";
import { localFunctions } from "../tools/local-functions.mjs";
import { watchShows } from "../tools/shows-watch.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const { values: options } = parseArgs({
  options: { build: { type: "boolean", default: false }, dist: { type: "string", default: "dist" } },
});
const root = resolve(projectRoot, options.dist);
const name = `${options.dist.replace(/\/+$/, "")}/`;
const port = Number(process.env.PORT ?? SITE_PORT);
const hostedUrl = process.env.PUBLIC_SUPABASE_URL;
const backendPort = Number(process.env.BACKEND_PORT ?? LOCAL_BACKEND_PORT);
const backendUrl = hostedUrl ?? `http://127.0.0.1:${backendPort}`;

/**
 * Why the build in `root` must not be served to this backend, or null when it may.
 * @param {import("../src/integrations/build-record.mjs").BuildState} build
 */
const unservable = (build) =>
  unservableBuild(build, name) ??
  (build.state === "complete" && build.supabaseUrl !== backendUrl
    ? `${name} was built to call ${build.supabaseUrl}, not ${backendUrl}.`
    : build.state === "complete" && build.content !== contentDir()
      ? `${name} was built from ${build.content}/, not ${contentDir()}/.`
      : null);

// The backend first: the build reads the tour's published shows from it.
const backend = hostedUrl
  ? null
  : await runBackend({ port: backendPort, allowedOrigins: siteOrigins([SITE_PORT, port]) });
if (hostedUrl) console.log(`Using the Supabase project at ${hostedUrl} (no local backend started).`);

/** Builds the site aside for this backend. */
const build = () =>
  buildAside(root, (folder) =>
    astroBuild({ root: projectRoot, folder, env: { ...process.env, PUBLIC_SUPABASE_URL: backendUrl } }),
  );

// The build bakes the backend's address into the pages, so a start on another backend rebuilds.
const reason = options.build ? "--build asks for a new build." : unservable(readBuild(root));
if (reason) {
  console.log(`${reason} Building the site…`);
  const result = await build();
  if (!result.ok) {
    const refusal = unservable(result.kept);
    if (refusal) {
      console.error(`\n✖ The build failed and there is no good build to serve: ${refusal}`);
      console.error("  Fix the error above and run npm start again.");
      await backend?.close();
      process.exit(result.status);
    }
    const { builtAt } = /** @type {{ builtAt: string }} */ (result.kept);
    console.warn(`\n⚠ The build failed (see above): serving the last good build in ${name}, from ${builtAt}.`);
  }
}

// The team calendar's feed, read as Netlify's function reads it: with the project's anon key.
const anonKey = hostedUrl ? (process.env.PUBLIC_SUPABASE_ANON_KEY ?? "") : LOCAL_ANON_KEY;
const server = createStaticServer({
  root,
  backendUrl,
  functions: localFunctions({ supabaseUrl: backendUrl, anonKey }),
});
let listening;
try {
  listening = await listen(server, port);
} catch (error) {
  console.error(
    `Port ${port} is busy (${/** @type {NodeJS.ErrnoException} */ (error).code}). Stop whatever uses it or set PORT=…`,
  );
  await backend?.close();
  process.exit(1);
}
console.log(`Site: http://localhost:${listening}  (Ctrl-C to stop)`);

// With the local backend, the pages follow the published shows by themselves: a change rebuilds the site
// once it has settled (tools/shows-watch.mjs). A hosted project's site is rebuilt by Netlify.
const watch = backend
  ? watchShows({
      digestNow: async () => showsDigest(await readPublishedShows({ url: backendUrl, key: LOCAL_ANON_KEY })),
      builtDigest: () => {
        const built = readBuild(root);
        return built.state === "complete" ? built.showsDigest : "";
      },
      rebuild: async () => (await build()).ok,
      log: (line) => console.log(line),
    })
  : null;

stopOnSignal(async () => {
  watch?.stop();
  server.closeAllConnections?.();
  server.close();
  await backend?.close();
});
