// @ts-check
/**
 * Finds the system Chromium the browser tests drive. On a fresh machine, as
 * root, it installs Debian's package; otherwise it says exactly what to run.
 * No test step ever downloads a browser build of its own.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
  /** @returns {path is string} */ (path) => Boolean(path),
);

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The first Chromium binary that exists, or null. */
function findChromium() {
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** @returns {string} the path of a usable Chromium binary */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const result = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const installed = result.status === 0 ? findChromium() : null;
    if (installed) return installed;
  }
  throw new Error(
    "The browser tests need Chromium at /usr/bin/chromium. Install it with:\n" +
      "  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROMIUM_PATH at an existing Chromium binary.",
  );
}
