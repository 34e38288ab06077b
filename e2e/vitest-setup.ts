/**
 * (The previous browser suite's setup, kept while its files move to Playwright journeys.)
 *
 * Starts what a visitor's browser talks to: the embedded backend (fresh, in a
 * temporary data folder) on the port the build points at, and the built site
 * from dist/ served with netlify.toml's headers on a free port.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startBackend } from "../server/backend.mjs";
import { siteOrigins } from "../server/http.mjs";
import { LOCAL_SUPABASE_URL } from "../server/local-keys.mjs";
import { DEFAULT_TEAM_EMAIL, DEV_TEAM_PASSWORD } from "../server/team-account.mjs";
import { ensureChromium } from "../tools/chromium.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";

const distDir = fileURLToPath(new URL(`../${process.env.E2E_DIST ?? "dist"}/`, import.meta.url));
// The build bakes in PUBLIC_SUPABASE_URL; the tests must run the backend at that address.
const backendUrl = new URL(process.env.PUBLIC_SUPABASE_URL ?? LOCAL_SUPABASE_URL);

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    supabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(`${distDir}/index.html`)) {
    throw new Error(`No build in ${distDir}: run \`npm run build\` first (npm test does).`);
  }
  const chromiumPath = ensureChromium();
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
      // The account the built site signs in to (PUBLIC_TEAM_EMAIL), with the development password the journeys type.
      team: {
        email: process.env.PUBLIC_TEAM_EMAIL || process.env.TEAM_EMAIL || DEFAULT_TEAM_EMAIL,
        password: DEV_TEAM_PASSWORD,
      },
      // The journeys sign in far more often than GoTrue's 30-request burst allows one address.
      authRateLimit: { burst: 10_000, refillPerSecond: 1_000 },
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
  project.provide("baseURL", `http://127.0.0.1:${port}`);
  project.provide("chromiumPath", chromiumPath);
  project.provide("supabaseUrl", backend.url);
  return async () => {
    await closeServer();
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
