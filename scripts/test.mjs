#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in the order a failure is cheapest
 * to find. Stops at the first failing step and says which one it was.
 */
import { spawnSync } from "node:child_process";
import { ensureChromium } from "../tools/chromium.mjs";

const bin = (name) => `node_modules/.bin/${name}`;

const steps = [
  ["check", "type check (astro check)", bin("astro"), ["check"]],
  ["lint", "lint (eslint)", bin("eslint"), ["--max-warnings=0", "."]],
  ["format", "format check (prettier)", bin("prettier"), ["--check", "."]],
  ["unit", "unit and integration tests (vitest)", bin("vitest"), ["run"]],
  ["build", "production build (astro build)", bin("astro"), ["build"]],
  ["e2e", "browser tests (chromium)", bin("vitest"), ["run", "--config", "vitest.e2e.config.ts"]],
];

// `npm test -- unit e2e` runs only the named steps.
const only = process.argv.slice(2);
const started = Date.now();
// Find (or install) the browser before spending minutes on the other steps.
if (only.length === 0 || only.includes("e2e")) ensureChromium();

const unknown = only.filter((id) => !steps.some(([stepId]) => stepId === id));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(", ")}; steps: ${steps.map(([id]) => id).join(", ")}`);
  process.exit(2);
}

for (const [id, name, command, args] of steps) {
  if (only.length > 0 && !only.includes(id)) continue;
  console.log(`\n▶ ${name}`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
