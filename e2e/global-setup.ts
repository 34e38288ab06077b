/**
 * Starts what a visitor's browser talks to: the embedded backend (fresh, in a
 * temporary data folder) on the port the build points at, and the built site
 * from dist/ served with netlify.toml's headers on a free port. The workers
 * read both addresses from the environment this sets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBackend } from "../server/backend.mjs";
import { siteOrigins } from "../server/http.mjs";
import { readSeed } from "../server/database.mjs";
import { LOCAL_ANON_KEY, TEST_SUPABASE_URL } from "../server/local-keys.mjs";
import { readPublishedShows } from "../src/lib/published-shows.mjs";
import { readBuild, unservableBuild } from "../src/integrations/build-record.mjs";
import { contentDir } from "../src/lib/content-dir.mjs";
import { localFunctions } from "../tools/local-functions.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";
import { journeyBackendOptions } from "./own-backend";

const distName = `${process.env.E2E_DIST ?? "dist"}/`;
const distDir = fileURLToPath(new URL(`../${distName}`, import.meta.url));
// The build bakes in PUBLIC_SUPABASE_URL; the journeys must run the backend at that address.
const backendUrl = new URL(process.env.PUBLIC_SUPABASE_URL || TEST_SUPABASE_URL);

export default async function globalSetup() {
  const build = readBuild(distDir);
  const unservable = unservableBuild(build, distName);
  if (unservable) throw new Error(`${unservable} Run \`npm test -- build\` first (npm test does).`);
  if (build.state === "complete" && new URL(build.supabaseUrl).origin !== backendUrl.origin) {
    throw new Error(
      `${distName} was built to call ${build.supabaseUrl}, but PUBLIC_SUPABASE_URL is ${backendUrl.origin}: ` +
        "build again with this PUBLIC_SUPABASE_URL, or run the journeys with the one the build used.",
    );
  }
  // The journeys check what the pages show against the fixture content, so they browse its build only.
  if (build.state === "complete" && build.content !== contentDir()) {
    throw new Error(
      `${distName} was built from ${build.content}/, not from ${contentDir()}/, which the journeys read: ` +
        `build it with \`npm test -- build\` (or STAGEDOOR_CONTENT=${contentDir()} PUBLIC_SUPABASE_URL=${backendUrl.origin} npm run build -- --dist=${distName.slice(0, -1)}).`,
    );
  }
  // The site's server starts first: its origin is the one the backend must let the browser call from.
  const server = createStaticServer({
    root: distDir,
    backendUrl: backendUrl.origin,
    functions: localFunctions({ supabaseUrl: backendUrl.origin, anonKey: LOCAL_ANON_KEY }),
  });
  const port = await listen(server, Number(process.env.E2E_SITE_PORT ?? 0));
  const closeServer = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const dataDir = mkdtempSync(join(tmpdir(), "stagedoor-e2e-db-"));
  let backend: Awaited<ReturnType<typeof startBackend>>;
  try {
    backend = await startBackend({
      port: Number(backendUrl.port),
      host: backendUrl.hostname,
      dataDir,
      seed: readSeed(),
      ...journeyBackendOptions(),
      allowedOrigins: siteOrigins([port]),
    });
  } catch (error) {
    await closeServer();
    rmSync(dataDir, { recursive: true, force: true });
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(
        `Port ${backendUrl.port} (from PUBLIC_SUPABASE_URL=${backendUrl.origin}) is busy, with another test run or a ` +
          "backend started on it: let it end, or build and test with another PUBLIC_SUPABASE_URL port.",
      );
    }
    throw error;
  }
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_SUPABASE_URL = backend.url;
  // The tour the journeys expect: the seed's published shows, as the build read them.
  process.env.E2E_SHOWS = JSON.stringify(await readPublishedShows({ url: backend.url, key: LOCAL_ANON_KEY }));
  return async () => {
    await closeServer();
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
