#!/usr/bin/env node
/**
 * `npm test`: every check the project has. Steps run in three stages, cheapest
 * failures first; the steps of a stage run side by side (their output is held
 * and printed whole as each one ends). Stops after the first stage with a
 * failure and names the failed steps.
 *
 * `npm test -- unit e2e` runs only the named steps.
 */
import { spawn } from "node:child_process";
import { ensureChromium } from "../tools/chromium.mjs";

const bin = (name) => `node_modules/.bin/${name}`;

/** @typedef {{ id: string; name: string; command: string; args: string[] }} Step */

/** @type {Step[][]} */
const stages = [
  [
    { id: "check", name: "type check (astro check)", command: bin("astro"), args: ["check"] },
    { id: "lint", name: "lint (eslint)", command: bin("eslint"), args: ["--max-warnings=0", "."] },
    { id: "format", name: "format check (prettier)", command: bin("prettier"), args: ["--check", "."] },
  ],
  [
    { id: "unit", name: "unit and integration tests (vitest)", command: bin("vitest"), args: ["run"] },
    { id: "build", name: "production build (astro build)", command: bin("astro"), args: ["build"] },
  ],
  [{ id: "e2e", name: "browser journeys (playwright)", command: bin("playwright"), args: ["test"] }],
];

const allSteps = stages.flat();
const only = process.argv.slice(2);
const unknown = only.filter((id) => !allSteps.some((step) => step.id === id));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(", ")}; steps: ${allSteps.map((step) => step.id).join(", ")}`);
  process.exit(2);
}
const selected = (/** @type {Step} */ step) => only.length === 0 || only.includes(step.id);

// Find (or install) the browser before spending minutes on the other steps.
if (allSteps.some((step) => step.id === "e2e" && selected(step))) ensureChromium();

/**
 * Runs one step with its output held back, then prints it under the step's name.
 * @param {Step} step
 * @returns {Promise<boolean>} whether it passed
 */
function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const finish = (/** @type {number | null} */ status, /** @type {string} */ extra = "") => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n▶ ${step.name}\n${Buffer.concat(output).toString()}${extra}`);
      console.log(status === 0 ? `✔ ${step.name} (${seconds}s)` : `✖ ${step.name} failed after ${seconds}s`);
      resolve(status === 0);
    };
    child.on("error", (error) => finish(1, `${error.message}\n`));
    child.on("close", (status) => finish(status));
  });
}

const started = Date.now();
for (const stage of stages) {
  const steps = stage.filter(selected);
  if (steps.length === 0) continue;
  console.log(`\n… ${steps.map((step) => step.id).join(", ")}`);
  const results = await Promise.all(steps.map(run));
  const failed = steps.filter((_, index) => !results[index]);
  if (failed.length > 0) {
    console.error(`\n✖ failed: ${failed.map((step) => step.name).join("; ")}`);
    process.exit(1);
  }
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
