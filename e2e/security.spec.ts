/**
 * The headers every answer carries, as the site is served (netlify.toml and
 * the build's _headers): a strict Content-Security-Policy that reaches only
 * the site's own backend, and the security headers on every page, the 404
 * page included, and long caching for hashed files only. That the pages run under the policy without a violation is
 * checked by every journey (the guard in ./fixtures); here the guard is shown
 * to catch one.
 */
import { ALL_PAGES } from "../src/data/pages.mjs";
import { claim, expect, test } from "./fixtures";

/** The sources a policy gives one directive. */
function sources(policy: string, directive: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found ? found.slice(1) : [];
}

for (const path of [...ALL_PAGES, "/no-such-page"]) {
  test(`${path} is sent as a page with the Content-Security-Policy and the security headers`, async ({
    request,
    supabaseUrl,
  }) => {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    const policy = headers["content-security-policy"] ?? "";
    expect({
      default: sources(policy, "default-src"),
      frameAncestors: sources(policy, "frame-ancestors"),
      object: sources(policy, "object-src"),
      base: sources(policy, "base-uri"),
      formAction: sources(policy, "form-action"),
      frame: sources(policy, "frame-src"),
      img: sources(policy, "img-src"),
    }).toEqual({
      default: ["'none'"],
      frameAncestors: ["'none'"],
      object: ["'none'"],
      base: ["'self'"],
      formAction: ["'self'"],
      frame: ["https://open.spotify.com"],
      img: ["'self'"],
    });
    // Scripts: our own files and hashed inline scripts only; never 'unsafe-inline' or 'unsafe-eval'.
    const [self, ...hashes] = sources(policy, "script-src");
    expect(self).toBe("'self'");
    expect(hashes.filter((source) => !/^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toEqual([]);
    // The pages may reach the site itself and the one backend the build was made for, nothing else.
    const backend = new URL(supabaseUrl).origin;
    expect(sources(policy, "connect-src")).toEqual(["'self'", backend, backend.replace(/^http/, "ws")]);
    expect({
      nosniff: headers["x-content-type-options"],
      frames: headers["x-frame-options"],
      referrer: headers["referrer-policy"],
      transport: headers["strict-transport-security"],
      cache: headers["cache-control"],
    }).toEqual({
      nosniff: "nosniff",
      frames: "DENY",
      referrer: "strict-origin-when-cross-origin",
      transport: "max-age=31536000",
      cache: undefined,
    });
    expect(headers["permissions-policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  });
}

test("a script slipped into a page is blocked, and the violation is caught", async ({ page, cspViolations }) => {
  await page.goto("/bio");
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations).toEqual(["script-src-elem blocked inline in /bio"]);
  claim(cspViolations, /^script-src-elem blocked inline/);
});

test("a check running in a page may read the site's own files, as audits fetch robots.txt", async ({ page }) => {
  await page.goto("/");
  const robots = await page.evaluate(async () => (await fetch("/robots.txt")).text());
  expect(robots).toMatch(/^User-agent: \*$/m);
});

test("hashed files are cached for a year, immutably", async ({ request }) => {
  const html = await (await request.get("/merch")).text();
  const assets = [...new Set(html.match(/\/_astro\/[^"' )]+\.(?:js|css|avif|webp|jpg)/g))];
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets.slice(0, 5)) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
  }
});

test("the site takes no writes: any method but GET and HEAD is refused with 405", async ({ request }) => {
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    const response = await request.fetch("/listen", { method, data: "email=a@example.com" });
    expect(response.status(), method).toBe(405);
    expect(response.headers()["allow"], method).toBe("GET, HEAD");
  }
  expect((await request.head("/listen")).status()).toBe(200);
});

test("the deploy's own configuration is not served: _headers is a 404 page", async ({ request }) => {
  for (const path of ["/_headers", "/%5Fheaders", "/./_headers"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
    expect(await response.text(), path).not.toContain("Content-Type: text/calendar");
  }
});
