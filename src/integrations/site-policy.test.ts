import { describe, expect, it } from "vitest";
import { directiveSources } from "./csp.mjs";
import { sitePolicy } from "./site-policy.mjs";

describe("the site's Content-Security-Policy", () => {
  it("lets pages reach the configured Supabase project's own origin only, over https and wss", () => {
    const policy = sitePolicy("https://abcdefgh.supabase.co/");
    expect(directiveSources(policy, "connect-src")).toEqual([
      "'self'",
      "https://abcdefgh.supabase.co",
      "wss://abcdefgh.supabase.co",
    ]);
    expect(policy).not.toContain("*");
  });

  it("follows the build's backend, a local one included", () => {
    expect(directiveSources(sitePolicy("http://127.0.0.1:54331"), "connect-src")).toEqual([
      "'self'",
      "http://127.0.0.1:54331",
      "ws://127.0.0.1:54331",
    ]);
  });

  it("allows scripts only from the site and by hash, and frames only the Spotify player", () => {
    const policy = sitePolicy("https://abcdefgh.supabase.co");
    const [self, ...hashes] = directiveSources(policy, "script-src");
    expect(self).toBe("'self'");
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes.every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
    expect(directiveSources(policy, "default-src")).toEqual(["'none'"]);
    expect(directiveSources(policy, "frame-src")).toEqual(["https://open.spotify.com"]);
    expect(directiveSources(policy, "frame-ancestors")).toEqual(["'none'"]);
  });
});
