#!/usr/bin/env node
/**
 * `npm start`: builds the site if needed and serves dist/ on
 * http://localhost:4321 with the same headers as the deployed site.
 */
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { LOCAL_SUPABASE_URL } from "../server/local-keys.mjs";
import { createStaticServer, listen } from "./lib/static-server.mjs";

const root = fileURLToPath(new URL("../dist/", import.meta.url));
const port = Number(process.env.PORT ?? 4321);

if (!existsSync(`${root}index.html`) || process.argv.includes("--build")) {
  const build = spawnSync("node_modules/.bin/astro", ["build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = createStaticServer({ root, backendUrl: process.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL });
try {
  await listen(server, port);
} catch (error) {
  console.error(`Port ${port} is busy (${error.code}). Stop whatever uses it or set PORT=…`);
  process.exit(1);
}
console.log(`Site: http://localhost:${port}`);

const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
