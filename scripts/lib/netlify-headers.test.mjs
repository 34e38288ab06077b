import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { headersFor, parseNetlifyHeaders } from "./netlify-headers.mjs";

const rules = parseNetlifyHeaders(readFileSync(new URL("../../netlify.toml", import.meta.url), "utf8"));

describe("netlify.toml headers", () => {
  it("caches hashed assets for a year, immutably", () => {
    expect(headersFor(rules, "/_astro/client.abc123.js")["Cache-Control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not cache pages as immutable", () => {
    expect(headersFor(rules, "/tour")["Cache-Control"]).toBeUndefined();
  });

  it("sends the security headers on every page", () => {
    const headers = headersFor(rules, "/");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBeTruthy();
    expect(headers["Permissions-Policy"]).toContain("camera=()");
  });
});
