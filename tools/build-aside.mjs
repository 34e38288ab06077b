// @ts-check
/**
 * Builds the site without ever leaving a half-written build where it is served from. Astro builds into a
 * folder beside the target (dist-next/ for dist/); only a finished build, one carrying its build record
 * (src/integrations/build-record.mjs), is moved into place: the old build is renamed out of the way, the
 * new one renamed in, the old one deleted. A build that fails or stops part-way is deleted and leaves the
 * target as it was, so the last good build stays servable. `npm run build`, `npm start`, `npm test` and
 * the bench all build this way. Two builds of one target never run at once (they would write the same folder
 * beside it): a build waits while another process holds the target's lock (dist-building, holding its
 * process id), and takes over a lock whose process has gone.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readBuild } from "../src/integrations/build-record.mjs";
import { seedImageCache } from "./encoded-images.mjs";

/** @typedef {import("../src/integrations/build-record.mjs").BuildState} BuildState */

/**
 * Builds into a folder beside `target` with `build`, then swaps it in when it finished.
 * @param {string} target the folder the site is served from, e.g. /path/to/project/dist
 * @param {(folder: string) => Promise<number>} build builds the site into `folder`; resolves with its exit status
 * @returns {Promise<{ ok: true, build: BuildState } | { ok: false, status: number, kept: BuildState }>}
 *   `kept`: what `target` still holds after a failed build
 */
export async function buildAside(target, build) {
  const lock = join(dirname(target), `${basename(target)}-building`);
  await takeLock(lock, basename(target));
  try {
    return await buildAsideLocked(target, build);
  } finally {
    rmSync(lock, { force: true });
  }
}

/** How often a build waiting for another looks at the lock again. */
const LOCK_POLL_MS = 500;

/** Whether the process `pid` is still running. */
function isRunning(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user's.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * Takes the lock file `lock` for this process, waiting while a running process holds it (saying so once), and
 * taking over one left by a process that has gone.
 * @param {string} lock
 * @param {string} name the target's name, for the message
 */
async function takeLock(lock, name) {
  let said = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      return;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(lock, "utf8"), 10);
    } catch {
      continue; // gone meanwhile
    }
    // A lock still empty is being written: looked at again. One whose process has gone is taken over.
    if (Number.isInteger(holder) && holder !== process.pid && !isRunning(holder)) {
      rmSync(lock, { force: true });
      continue;
    }
    if (!said && Number.isInteger(holder)) {
      console.log(`Another build of ${name}/ is running (process ${holder}): this one starts once it ends.`);
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

/**
 * `buildAside` once the target's lock is held.
 * @param {string} target
 * @param {(folder: string) => Promise<number>} build
 * @returns {Promise<{ ok: true, build: BuildState } | { ok: false, status: number, kept: BuildState }>}
 */
async function buildAsideLocked(target, build) {
  const next = join(dirname(target), `${basename(target)}-next`);
  const previous = join(dirname(target), `${basename(target)}-previous`);
  // A swap cut short between its two renames left the last good build under the old name: put it back.
  if (!existsSync(target) && readBuild(previous).state === "complete") renameSync(previous, target);
  rmSync(next, { recursive: true, force: true });
  const status = await build(next);
  const built = readBuild(next);
  if (status !== 0 || built.state !== "complete") {
    rmSync(next, { recursive: true, force: true });
    return { ok: false, status: status || 1, kept: readBuild(target) };
  }
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, previous);
  renameSync(next, target);
  rmSync(previous, { recursive: true, force: true });
  return { ok: true, build: built };
}

/**
 * Runs `astro build` into `folder` with the terminal's output, the project's kept image encodings in Astro's
 * image cache first (tools/encoded-images.mjs); resolves with its exit status.
 * @param {{ root: string, folder: string, args?: string[], env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<number>}
 */
export function astroBuild({ root, folder, args = [], env = process.env }) {
  seedImageCache(root);
  return new Promise((resolve) => {
    const child = spawn(join(root, "node_modules/.bin/astro"), ["build", "--outDir", folder, ...args], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * What the terminal says after a failed build about the build still in place.
 * @param {BuildState} kept
 * @param {string} name how to call the folder, e.g. "dist/"
 */
export function keptBuildMessage(kept, name) {
  if (kept.state === "complete") return `${name} still holds the last good build, from ${kept.builtAt}.`;
  if (kept.state === "unfinished") return `${name} holds an unfinished earlier build, which will not be served.`;
  return `There is no earlier build in ${name}.`;
}
