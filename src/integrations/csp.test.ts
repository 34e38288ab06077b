import { describe, expect, it } from "vitest";
import { connectSourceAllows, directiveSources, inlineScriptHashes, withConnectSource } from "./csp.mjs";
import { deployedPolicy } from "./netlify-headers.mjs";

const deployed = await deployedPolicy();

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

  it("allows a hosted Supabase project over https and wss", () => {
    expect(connectSourceAllows(deployed, "https://abcdefgh.supabase.co")).toBe(true);
  });

  it("does not allow a Supabase URL on another host, scheme or a look-alike domain", () => {
    expect(connectSourceAllows(deployed, "https://db.example.com")).toBe(false);
    expect(connectSourceAllows(deployed, "http://abcdefgh.supabase.co")).toBe(false);
    expect(connectSourceAllows(deployed, "https://abcdefgh.supabase.co.evil.example")).toBe(false);
    expect(connectSourceAllows(deployed, "https://supabase.co")).toBe(false);
    expect(connectSourceAllows(deployed, "http://127.0.0.1:54321")).toBe(false);
  });

  it("needs both the https and the wss source", () => {
    expect(connectSourceAllows("connect-src https://api.example", "https://api.example")).toBe(false);
    expect(connectSourceAllows("connect-src https://api.example wss://api.example", "https://api.example")).toBe(true);
  });

  it("adds a local backend to connect-src for local serving only", () => {
    const local = withConnectSource(deployed, "http://127.0.0.1:54321");
    expect(connectSourceAllows(local, "http://127.0.0.1:54321")).toBe(true);
    expect(connectSourceAllows(deployed, "http://127.0.0.1:54321")).toBe(false);
  });
});
