/**
 * Reads the [[headers]] rules of netlify.toml so the local server sends the
 * same headers (CSP included) as the deployed site, and tests exercise them.
 * Supports the subset the project writes: `for = "..."` and a
 * `[headers.values]` table of `Name = "value"` lines.
 */
import { readFileSync } from "node:fs";

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
