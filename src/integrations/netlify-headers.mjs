/**
 * Reads the [[headers]] rules of netlify.toml, and the `_headers` file the
 * build writes beside the pages, so the local server sends the same headers
 * (CSP included) as the deployed site, and tests exercise them. Supports the
 * subset the project writes: in netlify.toml `for = "..."` and a
 * `[headers.values]` table of `Name = "value"` lines; in `_headers` a path
 * line followed by indented `Name: value` lines.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function parseNetlifyHeaders(toml) {
  const rules = [];
  let rule = null;
  let inValues = false;
  for (const raw of toml.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (line === "[[headers]]") {
      rule = { for: "", values: {} };
      rules.push(rule);
      inValues = false;
    } else if (line.startsWith("[")) {
      inValues = rule !== null && line === "[headers.values]";
      if (!inValues) rule = line.startsWith("[[headers]]") ? rule : null;
    } else if (rule) {
      const match = line.match(/^("?)([A-Za-z0-9_-]+)\1\s*=\s*"((?:[^"\\]|\\.)*)"$/);
      if (!match) continue;
      const [, , key, value] = match;
      if (inValues) rule.values[key] = value.replace(/\\"/g, '"');
      else if (key === "for") rule.for = value;
    }
  }
  return rules;
}

/** Netlify path patterns: exact paths and a trailing `*` wildcard. */
export function matchesPattern(pattern, pathname) {
  if (pattern.endsWith("*")) return pathname.startsWith(pattern.slice(0, -1));
  return pattern === pathname;
}

export function headersFor(rules, pathname) {
  const headers = {};
  for (const rule of rules) {
    if (matchesPattern(rule.for, pathname)) Object.assign(headers, rule.values);
  }
  return headers;
}

export function loadNetlifyHeaders(path = new URL("../../netlify.toml", import.meta.url)) {
  return parseNetlifyHeaders(readFileSync(path, "utf8"));
}

/** Netlify's `_headers` file format: a path, then its headers indented below it. */
export function parseHeadersFile(text) {
  const rules = [];
  for (const raw of text.split("\n")) {
    if (raw.trim() === "" || raw.trim().startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ for: raw.trim(), values: {} });
      continue;
    }
    const match = raw.trim().match(/^([A-Za-z0-9_-]+)\s*:\s*(.*)$/);
    if (match && rules.length > 0) rules[rules.length - 1].values[match[1]] = match[2];
  }
  return rules;
}

/** Writes rules in the `_headers` format (the inverse of parseHeadersFile). */
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

/** Every rule the deployed site answers with: netlify.toml's, then those of the build's `_headers`. */
export function loadSiteHeaders(root) {
  const file = join(root, "_headers");
  return [...loadNetlifyHeaders(), ...(existsSync(file) ? parseHeadersFile(readFileSync(file, "utf8")) : [])];
}
