/**
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
import { LOCAL_SUPABASE_URL } from "../server/local-keys.mjs";
import { ensureChromium } from "../scripts/lib/chromium.mjs";
import { createStaticServer, listen } from "../scripts/lib/static-server.mjs";

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
  const dataDir = mkdtempSync(join(tmpdir(), "stagedoor-e2e-db-"));
  let backend: Awaited<ReturnType<typeof startBackend>>;
  try {
    backend = await startBackend({ port: Number(backendUrl.port), host: backendUrl.hostname, dataDir });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(
        `Port ${backendUrl.port} (from PUBLIC_SUPABASE_URL=${backendUrl.origin}) is busy: stop \`npm start\`/\`npm run dev\`, ` +
          "or build and test with another PUBLIC_SUPABASE_URL port.",
      );
    }
    throw error;
  }
  const server = createStaticServer({ root: distDir, backendUrl: backend.url });
  const port = await listen(server, Number(process.env.E2E_SITE_PORT ?? 0));
  project.provide("baseURL", `http://127.0.0.1:${port}`);
  project.provide("chromiumPath", chromiumPath);
  project.provide("supabaseUrl", backend.url);
  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
