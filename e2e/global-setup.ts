/**
 * Starts what a visitor's browser talks to: the embedded backend (fresh, in a
 * temporary data folder) on the port the build points at, and the built site
 * from dist/ served with netlify.toml's headers on a free port. The workers
 * read both addresses from the environment this sets.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBackend } from "../server/backend.mjs";
import { siteOrigins } from "../server/http.mjs";
import { LOCAL_SUPABASE_URL } from "../server/local-keys.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";
import { journeyBackendOptions } from "./own-backend";

const distDir = fileURLToPath(new URL(`../${process.env.E2E_DIST ?? "dist"}/`, import.meta.url));
// The build bakes in PUBLIC_SUPABASE_URL; the journeys must run the backend at that address.
const backendUrl = new URL(process.env.PUBLIC_SUPABASE_URL ?? LOCAL_SUPABASE_URL);

export default async function globalSetup() {
  if (!existsSync(`${distDir}/index.html`)) {
    throw new Error(`No build in ${distDir}: run \`npm run build\` first (npm test does).`);
  }
  // The site's server starts first: its origin is the one the backend must let the browser call from.
  const server = createStaticServer({ root: distDir, backendUrl: backendUrl.origin });
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
      ...journeyBackendOptions(),
      allowedOrigins: siteOrigins([port]),
    });
  } catch (error) {
    await closeServer();
    rmSync(dataDir, { recursive: true, force: true });
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(
        `Port ${backendUrl.port} (from PUBLIC_SUPABASE_URL=${backendUrl.origin}) is busy: stop \`npm start\`/\`npm run dev\`, ` +
          "or build and test with another PUBLIC_SUPABASE_URL port.",
      );
    }
    throw error;
  }
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_SUPABASE_URL = backend.url;
  return async () => {
    await closeServer();
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
