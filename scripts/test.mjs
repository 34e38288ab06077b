#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every check the project has. First the local backend's database is made and kept (a clean clone
 * has none; made once, it spares every later database start its initdb), while the cheap checks (types, lint,
 * format, dead code, package.json's rules) start beside it. Then the production build and the unit and
 * integration tests start, and the browser journeys and `astro check` once the build is made (`astro check`
 * waits for it as both write the project's generated types; a failed build skips both). Each step's output is
 * held until it ends and then printed whole, so steps running together never interleave (a step that runs
 * alone prints as it goes). A failed step is named; the steps that needed it are skipped; the exit status is
 * non-zero. `npm test -- lint unit` runs only the named steps (and what they need first).
 *
 * The run adapts to the machine (tools/test-pace.mjs): Vitest runs a file per core and Playwright a journey per
 * core, each one more, every timeout is made patient for a slower machine, and the journeys that start a backend
 * of their own (PGlite booting in their worker) run at most one per core, the longest of them first.
 *
 * The cheap steps run package.json's own scripts (`npm run lint`, `npm run format:check`, …), so each check
 * is defined once and runs the same alone as here.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_SUPABASE_URL } from "../server/local-keys.mjs";
import { FIXTURE_CONTENT } from "../src/lib/content-dir.mjs";
import { ensureChromium } from "../tools/chromium.mjs";
import { ensurePostgres } from "../tools/postgres.mjs";
import { ensurePythonIcalendar } from "../tools/python-icalendar.mjs";

/**
 * @typedef {object} Step
 * @property {string} id what `npm test -- <id>` selects
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {boolean} [shell] whether `command` is a line for the shell, as a package.json script is
 * @property {string[]} [after] steps that must pass first (when they run at all)
 * @property {string[]} [apart] steps that must have ended first, passed or not (when they run at all)
 * @property {string} [group] a second id that selects it with the others of its group
 * @property {boolean} [prepares] it runs whenever a selected step names it in `after`, even if not named itself
 */

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
/** @param {string} name */
const bin = (name) => `node_modules/.bin/${name}`;

/** @type {Record<string, string>} */
const scripts = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")).scripts;
/**
 * A step that runs the package.json script `script` as `npm run` does (a shell line, with the project's
 * node_modules/.bin first on the PATH), without npm's start-up and banner.
 * @param {string} id
 * @param {string} name
 * @param {string} script
 * @returns {Step}
 */
const npmScript = (id, name, script) => {
  if (!scripts[script]) throw new Error(`package.json has no "${script}" script for the ${id} step`);
  return { id, name: `${name} (npm run ${script})`, command: scripts[script], args: [], shell: true };
};

/** @type {Step[]} */
const STEPS = [
  {
    // The local backend's database, made once and kept (server/database.mjs), and the shows of its seed
    // (tools/seeded-shows.mjs), before the steps that start databases by the dozen: on a clean clone each of
    // them would otherwise make its own at the same time, a few CPU-seconds apiece.
    id: "database",
    name: "the local backend's database and its seeded shows, made once for the steps that use them",
    command: process.execPath,
    args: ["tools/seeded-shows.mjs", "--summary"],
    prepares: true,
  },
  {
    id: "build",
    name: "production build of the fixture content into dist-test/",
    command: process.execPath,
    args: ["scripts/build.mjs", "--dist=dist-test"],
    after: ["database"],
  },
  {
    id: "journeys",
    group: "e2e",
    name: "browser journeys (playwright)",
    command: bin("playwright"),
    args: ["test"],
    after: ["database", "build"],
  },
  { ...npmScript("check", "type check", "typecheck:astro"), after: ["build"] },
  npmScript("types", "type check of the Node code", "typecheck:node"),
  npmScript("lint", "lint", "lint"),
  npmScript("format", "format check", "format:check"),
  npmScript("knip", "unused files, exports and dependencies", "knip"),
  npmScript("package", "package.json: pins, overrides' reasons, what npm start needs", "test:package"),
  {
    id: "unit",
    name: "unit and integration tests (vitest)",
    command: bin("vitest"),
    args: ["run"],
    after: ["database"],
  },
];

const only = process.argv.slice(2);
/** Whether `id` names `step`, by its own id or its group's. */
const names = (/** @type {Step} */ step, /** @type {string} */ id) => step.id === id || step.group === id;
const unknown = only.filter((id) => !STEPS.some((step) => names(step, id)));
if (unknown.length > 0) {
  const ids = [...new Set(STEPS.flatMap((step) => [step.id, ...(step.group ? [step.group] : [])]))];
  console.error(`Unknown step ${unknown.join(", ")}; steps: ${ids.join(", ")}`);
  process.exit(2);
}
const named = (/** @type {Step} */ step) => only.length === 0 || only.some((id) => names(step, id));
const selected = STEPS.filter(
  (step) => named(step) || (step.prepares && STEPS.some((other) => named(other) && other.after?.includes(step.id))),
);
const selectedIds = new Set(selected.map((step) => step.id));
/** The steps `step` waits for: those of its `after` that were selected. */
const prerequisites = (/** @type {Step} */ step) => (step.after ?? []).filter((id) => selectedIds.has(id));
/** The steps `step` waits for, whatever their outcome, and those it must pass after. */
const waitsFor = (/** @type {Step} */ step) => [
  ...prerequisites(step),
  ...(step.apart ?? []).filter((id) => selectedIds.has(id)),
];

// Find (or install) the browser, the database server and Python's icalendar (a second reader of the feeds)
// before spending minutes on the other steps.
// The unit step starts Chromium too, once (tools/chromium-features.test.ts).
if (selected.some((step) => step.group === "e2e" || step.id === "unit")) ensureChromium();
if (selectedIds.has("unit")) ensurePostgres();
if (selectedIds.has("unit")) ensurePythonIcalendar();

// Colours survive the pipe when a person is watching. The project's tools come first on the PATH, as under npm.
const env = {
  ...process.env,
  ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}),
  PATH: [join(projectRoot, "node_modules/.bin"), process.env.PATH ?? ""].join(delimiter),
  // Every step reads the fixture content, never the owner's (src/lib/content-dir.mjs); the journeys browse its
  // build, made beside her own site in dist/. Her own files are checked by the build, never by a test.
  STAGEDOOR_CONTENT: FIXTURE_CONTENT,
  E2E_DIST: "dist-test",
  // The build and the journeys' backend meet on the tests' own port, whatever `npm start` runs meanwhile.
  PUBLIC_SUPABASE_URL: process.env.PUBLIC_SUPABASE_URL || TEST_SUPABASE_URL,
};
const started = Date.now();
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/** @type {Map<string, { status: "passed" | "failed" | "skipped", time: string, detail?: string, tail?: string }>} */
const results = new Map();
/** @type {Set<string>} */
const running = new Set();

/**
 * Runs one step. Its output is held and printed when it ends, unless `live`.
 * @param {Step} step
 * @param {boolean} live
 * @returns {Promise<number>} its exit status
 */
function run(step, live) {
  const stepStart = Date.now();
  console.log(`▶ ${step.name}${live ? "" : " (started; output follows when it ends)"}`);
  /** @type {Buffer[]} */
  const output = [];
  const child = spawn(step.command, step.args, {
    env,
    cwd: projectRoot,
    shell: step.shell,
    stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const time = seconds(stepStart);
      if (!live) {
        console.log(`\n▶ ${step.name}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status === 0) console.log(`✔ ${step.name} (${time})`);
      else console.error(`✖ ${step.name} failed (exit ${signal ?? status}) after ${time}`);
      results.set(step.id, {
        status: status === 0 ? "passed" : "failed",
        time,
        // A long run's log is often read from its end only (a CI page keeps the last screens): a failed step's
        // own last lines (Vitest's and Playwright's lists of what failed, and why) are said again in the summary.
        ...(status === 0 ? {} : { tail: lastLines(Buffer.concat(output).toString("utf8"), TAIL_LINES) }),
      });
      resolve(status);
    });
  });
}

/** How many of a failed step's last lines the summary repeats. */
const TAIL_LINES = 60;

/**
 * The last `count` lines of `text`, without the colours' escape codes (a CI page shows them as litter).
 * @param {string} text
 * @param {number} count
 */
function lastLines(text, count) {
  // eslint-disable-next-line no-control-regex -- the escape codes are what this removes
  const plain = text.replace(/\u001b\[[0-9;]*m/g, "").trimEnd();
  return plain.split("\n").slice(-count).join("\n");
}

/** Whether every step not yet started waits, directly or not, for `step`: then nothing runs beside it. */
function runsAlone(/** @type {Step} */ step) {
  /** @type {(id: string) => boolean} */
  const dependsOn = (id) => {
    const other = selected.find((candidate) => candidate.id === id);
    return other ? waitsFor(other).some((before) => before === step.id || dependsOn(before)) : false;
  };
  return (
    running.size === 0 && selected.every((other) => other === step || results.has(other.id) || dependsOn(other.id))
  );
}

/** Starts every step whose prerequisites have passed; skips those whose prerequisites failed. */
async function schedule() {
  /** @type {Promise<unknown>[]} */
  const launched = [];
  for (const step of selected) {
    if (results.has(step.id) || running.has(step.id)) continue;
    const before = prerequisites(step);
    const failed = before.filter((id) => results.has(id) && results.get(id)?.status !== "passed");
    if (failed.length > 0) {
      results.set(step.id, { status: "skipped", time: "-", detail: `needs ${failed.join(", ")}` });
      continue;
    }
    if (!before.every((id) => results.get(id)?.status === "passed")) continue;
    if (!waitsFor(step).every((id) => results.has(id))) continue;
    const live = runsAlone(step);
    running.add(step.id);
    launched.push(
      run(step, live).then(() => {
        running.delete(step.id);
        return schedule();
      }),
    );
  }
  await Promise.all(launched);
}

await schedule();

const failed = selected.filter((step) => results.get(step.id)?.status === "failed");
const skipped = selected.filter((step) => results.get(step.id)?.status === "skipped");
const total = seconds(started);
if (failed.length === 0 && skipped.length === 0) {
  console.log(`All checks passed in ${total}.`);
} else {
  for (const step of failed) {
    const tail = results.get(step.id)?.tail;
    if (tail) console.error(`\n✖ ${step.name}: its last lines, again\n${tail}\n`);
  }
  console.error("Summary:");
  for (const step of selected) {
    const result = results.get(step.id);
    const mark = result?.status === "passed" ? "✔" : result?.status === "failed" ? "✖" : "–";
    console.error(
      `  ${mark} ${step.name}: ${result?.status}${result?.detail ? ` (${result.detail})` : ""}, ${result?.time}`,
    );
  }
  console.error(`\n${failed.map((step) => step.id).join(", ")} failed after ${total}.`);
  process.exit(1);
}
