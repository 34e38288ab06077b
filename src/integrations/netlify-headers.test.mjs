import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { headersFor, parseHeadersFile, parseNetlifyHeaders, renderHeadersFile } from "./netlify-headers.mjs";

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

describe("the build's _headers file", () => {
  it("reads back what it writes", () => {
    const rules = [
      { for: "/tour.ics", values: { "Content-Type": "text/calendar; charset=utf-8" } },
      {
        for: "/tour-dates/a.ics",
        values: { "Content-Type": "text/calendar; charset=utf-8", "X-Robots-Tag": "noindex" },
      },
    ];
    const text = renderHeadersFile(rules, "written by the build");
    expect(text.startsWith("# written by the build\n/tour.ics\n  Content-Type: text/calendar; charset=utf-8\n")).toBe(
      true,
    );
    expect(parseHeadersFile(text)).toEqual(rules);
  });

  it("applies an exact rule to its own path only", () => {
    const rules = parseHeadersFile("/tour-dates/a.ics\n  Content-Type: text/calendar\n");
    expect(headersFor(rules, "/tour-dates/a.ics")["Content-Type"]).toBe("text/calendar");
    expect(headersFor(rules, "/tour-dates/b.ics")["Content-Type"]).toBeUndefined();
  });
});
