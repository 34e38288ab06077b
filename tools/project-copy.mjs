// @ts-check
/**
 * A copy of the project in a folder of its own, for a test that builds the site while other work reads or
 * writes the project's own generated files: Astro keeps its content store and types under .astro/ and its
 * caches under node_modules/.astro/ and node_modules/.vite/, per project. The copy holds the project's files
 * (never its builds, caches or local data) and a node_modules/ of its own whose packages are links to the
 * project's, so nothing is installed and the copy's caches are its own.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What a copy never takes: builds, caches, local data, test output, git's own folder. */
const LEFT_OUT = /^(\.git|\.astro|\.data|node_modules|dist|dist-.*|test-results|bench-results)$/;

/** Where the local backend keeps its snapshot of the migrated database (server/database.mjs). */
const KEPT_DATABASE = "node_modules/.cache/stagedoor-backend";

/**
 * Copies the project at `root` into a new folder under the system's temporary folder and returns its path.
 * @param {string} root the project's folder
 * @param {{ prefix?: string, only?: string[], filter?: (source: string) => boolean, keptDatabase?: boolean }}
 *   [options] `only`: the paths to copy (all of the project's top-level entries but those LEFT_OUT by default);
 *   `filter`: as cpSync's, for every file and folder copied; `keptDatabase`: the copy's local databases start
 *   from the project's kept snapshot of the migrated database (server/database.mjs) instead of making their own
 *   (an initdb, several CPU-seconds), for a test that proves something else
 * @returns {string}
 */
export function copyProject(root, { prefix = "stagedoor-copy-", only, filter, keptDatabase = false } = {}) {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  const paths = only ?? readdirSync(root).filter((name) => !LEFT_OUT.test(name));
  for (const path of paths) cpSync(join(root, path), join(copy, path), { recursive: true, filter });
  // Every package linked into a node_modules/ of the copy's own, its dot-folders (Astro's and Vite's caches)
  // left out but for .bin.
  mkdirSync(join(copy, "node_modules"));
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (name === ".bin" || !name.startsWith(".")) {
      symlinkSync(join(root, "node_modules", name), join(copy, "node_modules", name));
    }
  }
  if (keptDatabase) {
    mkdirSync(join(root, KEPT_DATABASE), { recursive: true });
    mkdirSync(join(copy, "node_modules/.cache"));
    symlinkSync(join(root, KEPT_DATABASE), join(copy, KEPT_DATABASE));
  }
  return copy;
}
