// @ts-check
/** What `npm run bench` records about the run besides the figures: the commit, the browser, file names. */
import { execFileSync } from "node:child_process";

/**
 * The commit being measured, or null outside a git checkout.
 * @param {string} root
 */
export function gitCommit(root) {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

/** The browser's version line, or its path when it will not say. @param {string} path */
export function chromiumVersion(path) {
  try {
    return execFileSync(path, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return path;
  }
}

/** A file-name-safe name for a page: "/" is "home". @param {string} path */
export function slug(path) {
  return path === "/" ? "home" : path.replace(/^\//, "").replace(/\W+/g, "-");
}

/** Two decimals, for the load averages. @param {number} value */
export function round(value) {
  return Math.round(value * 100) / 100;
}
