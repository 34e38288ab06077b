/**
 * Starts what a visitor's browser talks to: the embedded backend (fresh,
 * in memory) on the port the build points at, and the built site from dist/
 * served with netlify.toml's headers on a free port.
 */
import { existsSync } from "node:fs";
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
  let backend: Awaited<ReturnType<typeof startBackend>>;
  try {
    backend = await startBackend({ port: Number(backendUrl.port), host: backendUrl.hostname });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(
        `Port ${backendUrl.port} is busy: stop \`npm start\`/\`npm run dev\` before running the browser tests.`,
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
  };
}
