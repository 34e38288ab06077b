import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";
import { visit } from "./visit";

const getBrowser = useBrowser();
const everyPage = [
  "/",
  "/bio",
  "/tour",
  "/listen",
  "/epk",
  "/merch",
  "/roadmap",
  "/contacts",
  "/calendar",
  "/fans",
  "/no-such-page",
];

/** The sources a policy gives one directive. */
function sources(policy: string, directive: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found ? found.slice(1) : [];
}

describe("deploy headers", () => {
  it.each(everyPage)("%s is sent with the Content-Security-Policy and the security headers", async (path) => {
    const response = await fetch(`${baseURL}${path}`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(sources(policy, "default-src")).toEqual(["'none'"]);
    expect(sources(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(sources(policy, "object-src")).toEqual(["'none'"]);
    expect(sources(policy, "base-uri")).toEqual(["'self'"]);
    expect(sources(policy, "form-action")).toEqual(["'self'"]);
    // Scripts: our own files and hashed inline scripts only; never 'unsafe-inline' or 'unsafe-eval'.
    const scripts = sources(policy, "script-src");
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
    expect(sources(policy, "connect-src")).toEqual(
      expect.arrayContaining(["https://*.supabase.co", "wss://*.supabase.co"]),
    );
    expect(sources(policy, "frame-src")).toEqual(["https://open.spotify.com"]);
    expect(sources(policy, "img-src")).toEqual(["'self'"]);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(response.headers.get("cache-control")).toBeNull();
  });

  it.each(everyPage)("%s runs under that policy without a violation or a console error", async (path) => {
    const { page, errors, broken, violations, close } = await visit(getBrowser, path);
    await page.waitForLoadState("networkidle");
    // Islands hydrate on idle or when visible: give them the chance, then look again.
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    expect(await violations()).toEqual([]);
    expect(broken).toEqual([]);
    // The press kit's player comes from Spotify, which the test machine cannot reach,
    // and Chrome reports an unknown route's own 404 status as a console error.
    const expected = path === "/no-such-page" ? /status of 404/ : /^$/;
    expect(
      errors.filter(
        (error) =>
          !/open\.spotify\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(error) && !expected.test(error),
      ),
    ).toEqual([]);
    await close();
  });

  it("would report a violation: an injected inline script is blocked", async () => {
    const { page, violations, close } = await visit(getBrowser, "/bio");
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
    await close();
  });

  it("caches hashed assets for a year, immutably", async () => {
    const html = await (await fetch(`${baseURL}/merch`)).text();
    const assets = [...new Set(html.match(/\/_astro\/[^"' )]+\.(?:js|css|avif|webp|jpg)/g))];
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets.slice(0, 5)) {
      const response = await fetch(`${baseURL}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });
});
