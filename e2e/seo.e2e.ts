import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";
import { jsonLd, visit } from "./visit";

const getBrowser = useBrowser();
const publicPages = ["/", "/bio", "/tour", "/listen", "/epk", "/merch"];

const meta = (page: import("playwright-core").Page, selector: string) =>
  page.locator(selector).first().getAttribute("content");

describe("discoverability and sharing", () => {
  it.each(publicPages)(
    "%s has lang, title, description, canonical URL and sharing cards with absolute URLs",
    async (path) => {
      const { page, close } = await visit(getBrowser, path);
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      const title = await page.title();
      expect(title).toContain("Orla Quinlan");
      const description = await meta(page, 'meta[name="description"]');
      expect(description!.length).toBeGreaterThan(50);
      expect(description!.length).toBeLessThanOrEqual(160);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toMatch(/^https:\/\//);
      expect(new URL(canonical!).pathname).toBe(path);
      expect(await meta(page, 'meta[property="og:title"]')).toBe(title);
      expect(await meta(page, 'meta[property="og:description"]')).toBe(description);
      expect(await meta(page, 'meta[property="og:url"]')).toBe(canonical);
      expect(await meta(page, 'meta[property="og:type"]')).toBe("website");
      const image = await meta(page, 'meta[property="og:image"]');
      expect(image).toMatch(/^https:\/\/.+\.jpg$/);
      expect(new URL(image!).origin).toBe(new URL(canonical!).origin);
      expect(await meta(page, 'meta[property="og:image:alt"]')).toMatch(/\w{3}/);
      expect(await meta(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
      expect(await meta(page, 'meta[name="twitter:title"]')).toBe(title);
      expect(await meta(page, 'meta[name="twitter:image"]')).toBe(image);
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      // Every page names itself differently.
      expect(await page.locator("title").count()).toBe(1);
      await close();
    },
  );

  it("gives every public page its own title and description", async () => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const path of publicPages) {
      const { page, close } = await visit(getBrowser, path);
      seen.titles.add(await page.title());
      seen.descriptions.add((await meta(page, 'meta[name="description"]'))!);
      await close();
    }
    expect(seen.titles.size).toBe(publicPages.length);
    expect(seen.descriptions.size).toBe(publicPages.length);
  });

  it("serves the sharing image at the path the cards name, 1200 by 630", async () => {
    const { page, close } = await visit(getBrowser, "/bio");
    const image = new URL((await meta(page, 'meta[property="og:image"]'))!);
    expect(await meta(page, 'meta[property="og:image:width"]')).toBe("1200");
    expect(await meta(page, 'meta[property="og:image:height"]')).toBe("630");
    await page.goto(image.pathname);
    const size = await page.evaluate(() => {
      const img = document.querySelector("img")!;
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([1200, 630]);
    await close();
  });

  it.each(["/roadmap", "/contacts", "/calendar", "/fans"])("%s is kept out of search results", async (path) => {
    const { page, close } = await visit(getBrowser, path);
    expect(await meta(page, 'meta[name="robots"]')).toContain("noindex");
    await close();
  });

  it.each(["/", "/epk"])("%s describes the artist as a schema.org MusicGroup", async (path) => {
    const { page, close } = await visit(getBrowser, path);
    const group = (await jsonLd(page)).find((data) => data["@type"] === "MusicGroup");
    expect(group).toMatchObject({ "@context": "https://schema.org", name: "Orla Quinlan" });
    expect(group!.genre).toEqual(expect.arrayContaining(["Folk", "Indie"]));
    for (const url of [group!.url, group!.image, ...((group!.sameAs as string[]) ?? [])]) {
      expect(String(url)).toMatch(/^https:\/\//);
    }
    await close();
  });

  it("publishes a sitemap of exactly the public pages, named in robots.txt", async () => {
    const response = await fetch(`${baseURL}/sitemap.xml`);
    expect(response.headers.get("content-type")).toContain("xml");
    const sitemap = await response.text();
    expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]));
    expect(locations.map((url) => url.pathname)).toEqual(publicPages);
    expect(new Set(locations.map((url) => url.origin)).size).toBe(1);
    expect(locations[0].protocol).toBe("https:");

    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    const named = robots.match(/^Sitemap: (\S+)$/m)?.[1];
    expect(named).toBe(`${locations[0].origin}/sitemap.xml`);
  });

  it("lets a check running in the page read robots.txt under the security policy", async () => {
    const { page, close } = await visit(getBrowser, "/");
    const text = await page.evaluate(async () => (await fetch("/robots.txt")).text());
    expect(text).toMatch(/^User-agent: \*$/m);
    await close();
  });
});
