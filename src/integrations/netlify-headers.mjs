// @ts-check
/**
 * The response headers the deployed site sends, read the way Netlify reads them: the [[headers]] rules of
 * netlify.toml and the `_headers` file the build writes beside the pages, parsed, normalised and merged by
 * Netlify's own parser (@netlify/headers-parser), and matched against a path with its path patterns. The
 * local server (tools/static-server.mjs), the build's checks and the tests all use these, so they see the
 * headers a visitor gets.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllHeaders } from "@netlify/headers-parser";

/** @typedef {import("@netlify/headers-parser").MinimalHeader} HeaderRuleSource a path pattern and its headers */
/** @typedef {import("@netlify/headers-parser").Header} HeaderRule a parsed rule, with the pattern as a RegExp */

const NETLIFY_TOML = fileURLToPath(new URL("../../netlify.toml", import.meta.url));

/**
 * The header rules of any `_headers` files, of netlify.toml and of `rules` given as objects (as a build
 * plugin adds them), in Netlify's order: netlify.toml's value wins over `_headers`' when both set the same
 * header for the same path. Throws when any rule is malformed, as a deploy would fail.
 * @param {{ headersFiles?: string[], rules?: HeaderRuleSource[], netlifyConfigPath?: string }} [sources]
 * @returns {Promise<HeaderRule[]>}
 */
export async function loadNetlifyHeaders({ headersFiles = [], rules = [], netlifyConfigPath = NETLIFY_TOML } = {}) {
  const { headers, errors } = await parseAllHeaders({
    headersFiles,
    netlifyConfigPath,
    configHeaders: rules,
    minimal: false,
  });
  if (errors.length > 0) throw new Error(errors.map((error) => error.message).join("\n"));
  return /** @type {HeaderRule[]} */ (headers);
}

/**
 * Every rule the deployed site answers with: netlify.toml's and those of the build's `_headers` in `root`.
 * @param {string} root the build folder
 */
export function loadSiteHeaders(root) {
  return loadNetlifyHeaders({ headersFiles: [join(root, "_headers")] });
}

/**
 * The headers Netlify sends for `pathname`: those of every rule whose pattern matches it, a later rule's
 * value replacing an earlier one's.
 * @param {HeaderRule[]} rules
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function headersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const rule of rules) {
    if (rule.forRegExp.test(pathname)) Object.assign(headers, rule.values);
  }
  return headers;
}

/**
 * Writes rules in Netlify's `_headers` format: a path, then its headers indented below it.
 * @param {HeaderRuleSource[]} rules
 * @param {string} [comment] put first, each line as a `#` comment
 */
export function renderHeadersFile(rules, comment = "") {
  const head = comment ? `${comment.replace(/^/gm, "# ")}\n` : "";
  const blocks = rules.map(
    (rule) =>
      `${rule.for}\n${Object.entries(rule.values)
        .map(([name, value]) => `  ${name}: ${value}\n`)
        .join("")}`,
  );
  return head + blocks.join("");
}
