/**
 * Starts what a visitor's browser talks to: the built site from dist/ (served
 * with netlify.toml's headers) on a free port.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { LOCAL_SUPABASE_URL } from "../server/local-keys.mjs";
import { createStaticServer, listen } from "../scripts/lib/static-server.mjs";
import { ensureChromium } from "../scripts/lib/chromium.mjs";

const distDir = fileURLToPath(new URL(`../${process.env.E2E_DIST ?? "dist"}/`, import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(`${distDir}/index.html`)) {
    throw new Error(`No build in ${distDir}: run \`npm run build\` first (npm test does).`);
  }
  const chromiumPath = ensureChromium();
  const server = createStaticServer({
    root: distDir,
    backendUrl: process.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL,
  });
  const port = await listen(server, Number(process.env.E2E_SITE_PORT ?? 0));
  project.provide("baseURL", `http://127.0.0.1:${port}`);
  project.provide("chromiumPath", chromiumPath);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
  };
}
