#!/usr/bin/env node
// @ts-check
/**
 * `npm run dev`: the Astro dev server on http://localhost:4321 plus the
 * embedded backend (unless PUBLIC_SUPABASE_URL points at a hosted project).
 */
import { spawn } from "node:child_process";
import { SITE_PORT, siteOrigins } from "../server/http.mjs";
import { runBackend, stopOnSignal } from "../server/run.mjs";

// The dev server's port (`npm run dev -- --port 3000`), and the next few: Astro moves on when one is busy.
const portFlag = process.argv.indexOf("--port");
const sitePort = Number(portFlag > 0 ? process.argv[portFlag + 1] : SITE_PORT) || SITE_PORT;
const sitePorts = Array.from({ length: 10 }, (_, i) => sitePort + i);

const backend = process.env.PUBLIC_SUPABASE_URL
  ? null
  : await runBackend({ allowedOrigins: siteOrigins([SITE_PORT, ...sitePorts]) });
const astro = spawn("node_modules/.bin/astro", ["dev", ...process.argv.slice(2)], { stdio: "inherit" });

// Ctrl-C reaches Astro too (same terminal); either way the database is closed before exiting.
stopOnSignal(async () => {
  astro.kill("SIGTERM");
  await backend?.close();
});
astro.on("exit", async (code) => {
  await backend?.close();
  process.exit(code ?? 0);
});
