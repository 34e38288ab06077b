import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type HeaderRuleSource,
  headersFor,
  loadNetlifyHeaders,
  loadSiteHeaders,
  renderHeadersFile,
} from "./netlify-headers.mjs";

const rules = await loadNetlifyHeaders();
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** An empty build folder, removed after the tests. */
function emptyBuild() {
  const folder = mkdtempSync(join(tmpdir(), "stagedoor-headers-"));
  folders.push(folder);
  return folder;
}

/** A build folder whose `_headers` file holds `text`. */
function buildWithHeadersFile(text: string) {
  const folder = emptyBuild();
  writeFileSync(join(folder, "_headers"), text);
  return folder;
}

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
    expect(headers["Strict-Transport-Security"]).toBe("max-age=31536000");
    // The policy names the configured Supabase project, so the build writes it (site-headers.mjs).
    expect(headers["Content-Security-Policy"]).toBeUndefined();
    expect(headersFor(rules, "/tour-dates/nowhere.ics")["X-Frame-Options"]).toBe("DENY");
  });

  it("refuses a malformed rule instead of serving without it", async () => {
    const config = join(emptyBuild(), "netlify.toml");
    writeFileSync(config, '[[headers]]\n  for = "/*"\n  values = "X-Frame-Options: DENY"\n');
    await expect(loadNetlifyHeaders({ netlifyConfigPath: config })).rejects.toThrow(/"values" must be an object/);
  });
});

describe("the build's _headers file", () => {
  const calendarRules: HeaderRuleSource[] = [
    { for: "/tour.ics", values: { "Content-Type": "text/calendar; charset=utf-8" } },
    {
      for: "/tour-dates/a.ics",
      values: { "Content-Type": "text/calendar; charset=utf-8", "X-Robots-Tag": "noindex" },
    },
  ];

  it("is read back by Netlify's parser as it was written", async () => {
    const text = renderHeadersFile(calendarRules, "written by the build");
    expect(text.startsWith("# written by the build\n/tour.ics\n  Content-Type: text/calendar; charset=utf-8\n")).toBe(
      true,
    );
    const site = await loadSiteHeaders(buildWithHeadersFile(text));
    expect(headersFor(site, "/tour.ics")["Content-Type"]).toBe("text/calendar; charset=utf-8");
    expect(headersFor(site, "/tour-dates/a.ics")).toMatchObject(calendarRules[1].values);
  });

  it("applies an exact rule to its own path only", async () => {
    const site = await loadSiteHeaders(buildWithHeadersFile("/tour-dates/a.ics\n  Content-Type: text/calendar\n"));
    expect(headersFor(site, "/tour-dates/a.ics")["Content-Type"]).toBe("text/calendar");
    expect(headersFor(site, "/tour-dates/b.ics")["Content-Type"]).toBeUndefined();
  });

  it("adds to netlify.toml's rules, whose value wins where both set one header", async () => {
    const site = await loadSiteHeaders(buildWithHeadersFile("/*\n  X-Frame-Options: SAMEORIGIN\n  X-Extra: 1\n"));
    expect(headersFor(site, "/bio")).toMatchObject({ "X-Frame-Options": "DENY", "X-Extra": "1" });
  });

  it("counts as absent when the build wrote none", async () => {
    const site = await loadSiteHeaders(emptyBuild());
    expect(headersFor(site, "/")).toEqual(headersFor(rules, "/"));
  });
});
