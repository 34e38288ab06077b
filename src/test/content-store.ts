/**
 * Vitest's global setup: the content collections, loaded and checked as a build loads them, into the
 * store the test run reads. Vitest serves modules the way `astro dev` does, and Astro's dev server reads
 * the collections from .astro/data-store.json; `astro sync` writes them to its cache folder instead. So
 * the setup syncs into a cache folder of its own (a build may be writing the default one at the same
 * time) and puts the result where the tests read it. A mistake in the content fails the run with the
 * build's own message. It syncs once per run, though three projects of vitest.config.ts name it.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

// In a Node process of its own: inside Vitest, Astro's Vite plugins answer `import "astro"` with its
// server runtime instead of its API.
const SYNC = `import { sync } from "astro";
await sync({ root: process.argv[1], cacheDir: process.argv[2], logLevel: "error" });`;

/** Set once the content is synced: the projects that read it each name this setup, and one sync serves them all. */
const SYNCED = Symbol.for("stagedoor.contentSynced");

export default function syncContent() {
  const run = globalThis as { [SYNCED]?: boolean };
  if (run[SYNCED]) return;
  run[SYNCED] = true;
  const cacheDir = mkdtempSync(join(tmpdir(), "stagedoor-content-"));
  try {
    execFileSync(process.execPath, ["--input-type=module", "--eval", SYNC, root, cacheDir], {
      cwd: root,
      // The tour's dates are the local backend's seed, whatever backend answers on the local port.
      env: { ...process.env, TOUR_FROM_SEED: "1" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    mkdirSync(join(root, ".astro"), { recursive: true });
    copyFileSync(join(cacheDir, "data-store.json"), join(root, ".astro", "data-store.json"));
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
