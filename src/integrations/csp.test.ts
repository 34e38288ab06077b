import { describe, expect, it } from "vitest";
import { directiveSources, inlineScriptHashes, withConnectSource } from "./csp.mjs";
import { sitePolicy } from "./site-policy.mjs";

const deployed = sitePolicy("https://abcdefgh.supabase.co");

describe("Content-Security-Policy helpers", () => {
  it("hashes executable inline scripts and skips JSON-LD data blocks", () => {
    const html =
      '<script>console.log(1)</script><script type="application/ld+json">{"a":1}</script><script src="/x.js"></script>';
    // sha256 of "console.log(1)"
    expect([...inlineScriptHashes(html)]).toEqual(["'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"]);
  });

  it("reads the sources of one directive", () => {
    expect(directiveSources("default-src 'none'; img-src 'self' data:", "img-src")).toEqual(["'self'", "data:"]);
    expect(directiveSources("default-src 'none'", "img-src")).toEqual([]);
  });

  it("adds a local backend to connect-src for local serving, once", () => {
    const local = withConnectSource(deployed, "http://127.0.0.1:54321");
    expect(directiveSources(local, "connect-src")).toEqual([
      "'self'",
      "https://abcdefgh.supabase.co",
      "wss://abcdefgh.supabase.co",
      "http://127.0.0.1:54321",
      "ws://127.0.0.1:54321",
    ]);
    expect(withConnectSource(local, "http://127.0.0.1:54321")).toBe(local);
  });
});
