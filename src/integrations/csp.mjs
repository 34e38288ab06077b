// @ts-check
/**
 * Reading and adjusting a Content-Security-Policy: every inline script in the built HTML must have its
 * SHA-256 in script-src, and the local server adds its backend to connect-src.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Hashes of the executable inline scripts of one HTML document (JSON-LD data blocks do not run).
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/type=["']?application\/(ld\+)?json/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/**
 * Every HTML file under `dir`, at any depth.
 * @param {string} dir
 */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".html"))
    .map((file) => join(dir, file));
}

/**
 * Hashes the build needs that the policy's script-src does not allow, each with the first file it is in.
 * @param {string} policy
 * @param {string} distDir
 */
export function missingScriptHashes(policy, distDir) {
  const allowed = new Set(directiveSources(policy, "script-src"));
  /** @type {Map<string, string>} */
  const missing = new Map();
  for (const file of htmlFiles(distDir)) {
    for (const hash of inlineScriptHashes(readFileSync(file, "utf8"))) {
      if (!allowed.has(hash)) missing.set(hash, file);
    }
  }
  return missing;
}

/**
 * Adds an origin (and its WebSocket twin) to connect-src, for serving against a local backend; a source
 * the policy already lists is not added twice.
 * @param {string} policy
 * @param {string} url
 */
export function withConnectSource(policy, url) {
  const origin = new URL(url).origin;
  const socket = origin.replace(/^http/, "ws");
  return policy.replace(/connect-src ([^;]*)/, (_, /** @type {string} */ sources) => {
    const listed = sources.split(/\s+/);
    const added = [origin, socket].filter((source) => !listed.includes(source));
    return `connect-src ${[...listed, ...added].join(" ")}`;
  });
}

/**
 * The sources a policy lists for one directive (empty when the directive is absent).
 * @param {string} policy
 * @param {string} name
 */
export function directiveSources(policy, name) {
  const directive = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive ? directive.slice(1) : [];
}
