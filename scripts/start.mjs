#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: the whole product. Builds the site if dist/ is missing (or with
 * --build), serves it on http://localhost:4321 with the deployed headers, and
 * runs the embedded backend on :54321 (or BACKEND_PORT) with data kept in .data/.
 * When PUBLIC_SUPABASE_URL is set, no local backend starts: the site talks to that project.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SITE_PORT, siteOrigins } from "../server/http.mjs";
import { LOCAL_BACKEND_PORT, LOCAL_SUPABASE_URL } from "../server/local-keys.mjs";
import { runBackend, stopOnSignal } from "../server/run.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";

const root = fileURLToPath(new URL("../dist/", import.meta.url));
const port = Number(process.env.PORT ?? SITE_PORT);
const hostedUrl = process.env.PUBLIC_SUPABASE_URL;
const backendPort = Number(process.env.BACKEND_PORT ?? LOCAL_BACKEND_PORT);
const backendUrl = hostedUrl ?? `http://127.0.0.1:${backendPort}`;

// The build bakes the backend's address into the pages, so a start on another backend port rebuilds.
const builtForFile = fileURLToPath(new URL("../node_modules/.cache/stagedoor-start.json", import.meta.url));
const builtFor = () => {
  try {
    return JSON.parse(readFileSync(builtForFile, "utf8")).backendUrl;
  } catch {
    return LOCAL_SUPABASE_URL; // what a plain `npm run build` points at
  }
};
if (!existsSync(`${root}index.html`) || process.argv.includes("--build") || builtFor() !== backendUrl) {
  const build = spawnSync("node_modules/.bin/astro", ["build"], {
    stdio: "inherit",
    env: { ...process.env, PUBLIC_SUPABASE_URL: backendUrl },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  mkdirSync(fileURLToPath(new URL("../node_modules/.cache/", import.meta.url)), { recursive: true });
  writeFileSync(builtForFile, JSON.stringify({ backendUrl }));
}

const backend = hostedUrl
  ? null
  : await runBackend({ port: backendPort, allowedOrigins: siteOrigins([SITE_PORT, port]) });
if (hostedUrl) console.log(`Using the Supabase project at ${hostedUrl} (no local backend started).`);

const server = createStaticServer({ root, backendUrl });
try {
  await listen(server, port);
} catch (error) {
  console.error(
    `Port ${port} is busy (${/** @type {NodeJS.ErrnoException} */ (error).code}). Stop whatever uses it or set PORT=…`,
  );
  await backend?.close();
  process.exit(1);
}
console.log(`Site: http://localhost:${port}  (Ctrl-C to stop)`);

stopOnSignal(async () => {
  server.closeAllConnections?.();
  server.close();
  await backend?.close();
});
