import { describe, expect, it } from "vitest";
import { baseURL, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();
const publicPages = ["/", "/bio", "/tour", "/epk", "/merch"];

const meta = (page: import("playwright-core").Page, selector: string) =>
  page.locator(selector).first().getAttribute("content");

describe("discoverability and sharing", () => {
  it.each(publicPages)(
    "%s has a title, description, canonical URL and sharing cards with absolute images",
    async (path) => {
      const { page, errors } = await openPage(getBrowser, path);
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      expect((await page.title()).length).toBeGreaterThan(5);
      expect((await meta(page, 'meta[name="description"]'))?.length).toBeGreaterThan(30);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toMatch(/^https:\/\//);
      expect(new URL(canonical!).pathname).toBe(path);
      expect(await meta(page, 'meta[property="og:title"]')).toBe(await page.title());
      expect(await meta(page, 'meta[property="og:url"]')).toBe(canonical);
      expect(await meta(page, 'meta[property="og:image"]')).toMatch(/^https:\/\/.+\.jpg$/);
      expect(await meta(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
      expect(await meta(page, 'meta[name="twitter:image"]')).toMatch(/^https:\/\//);
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      // The page runs under the deployed Content-Security-Policy without a single violation.
      expect(errors.filter((error) => !/open\.spotify\.com/.test(error))).toEqual([]);
      await page.context().close();
    },
  );

  it.each(["/roadmap", "/contacts", "/calendar"])("%s is kept out of search results", async (path) => {
    const { page } = await openPage(getBrowser, path);
    expect(await meta(page, 'meta[name="robots"]')).toContain("noindex");
    await page.context().close();
  });

  it("publishes a sitemap of exactly the public pages, named in robots.txt", async () => {
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect(locations).toEqual(publicPages);
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
  });
});

describe("deploy headers", () => {
  it("sends a strict Content-Security-Policy and the security headers with every page", async () => {
    const response = await fetch(`${baseURL}/`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/\*\.supabase\.co/);
    expect(policy).toContain("frame-src https://open.spotify.com");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("caches hashed assets for a year", async () => {
    const html = await (await fetch(`${baseURL}/merch`)).text();
    const asset = html.match(/\/_astro\/[^"' ]+\.(?:js|css)/)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${baseURL}${asset}`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
