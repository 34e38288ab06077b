#!/usr/bin/env node
/**
 * `npm run dev`: the Astro dev server on http://localhost:4321 plus the
 * embedded backend (unless PUBLIC_SUPABASE_URL points at a hosted project).
 */
import { spawn } from "node:child_process";
import { runBackend } from "../server/cli.mjs";

const backend = process.env.PUBLIC_SUPABASE_URL ? null : await runBackend();
const astro = spawn("node_modules/.bin/astro", ["dev", ...process.argv.slice(2)], { stdio: "inherit" });

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  astro.kill("SIGTERM");
  await backend?.close();
  process.exit(code);
}
astro.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
