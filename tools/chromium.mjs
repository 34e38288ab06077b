// @ts-check
/**
 * Finds the system Chromium the browser tests drive. On a fresh machine, as
 * root, it installs Debian's package; otherwise it says exactly what to run.
 * No test step ever downloads a browser build of its own.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

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

/**
 * Chromium's address bar suggestions are a web page of their own in Chromium 156, made in a process of its own
 * for every new window (two of them, one for the AI mode's), although a headless browser never shows them. In a
 * journey every page is a new window: turned off, a new page costs half the CPU time (0.3 CPU-seconds instead
 * of 0.6, measured), and the journeys a fifth of theirs (282 CPU-seconds instead of 357).
 */
const UNSEEN_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * What Playwright's `launchOptions` need to start the journeys' browser: the launch switches, and the browser
 * UI no journey sees turned off. Playwright passes a `--disable-features=` list of its own, which a second one
 * would replace: the browser starts through `chromium-features.sh`, which merges every list into one.
 */
export function journeyBrowser() {
  return {
    executablePath: fileURLToPath(new URL("chromium-features.sh", import.meta.url)),
    args: [...CHROMIUM_ARGS, `--disable-features=${UNSEEN_BROWSER_UI.join(",")}`],
    env: { ...process.env, STAGEDOOR_CHROMIUM: ensureChromium() },
  };
}

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
