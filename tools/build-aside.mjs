// @ts-check
/**
 * Builds the site without ever leaving a half-written build where it is served from. Astro builds into a
 * folder beside the target (dist-next/ for dist/); only a finished build, one carrying its build record
 * (src/integrations/build-record.mjs), is moved into place: the old build is renamed out of the way, the
 * new one renamed in, the old one deleted. A build that fails or stops part-way is deleted and leaves the
 * target as it was, so the last good build stays servable. `npm run build`, `npm start`, `npm test` and
 * the bench all build this way.
 */
import { spawn } from "node:child_process";
import { existsSync, renameSync, rmSync } from "node:fs";
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
