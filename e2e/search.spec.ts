/**
 * How search engines and link previews meet the site: robots.txt names the
 * sitemap, the sitemap lists exactly the public pages (src/data/pages.mjs),
 * and each page says what it is (title, description, canonical address,
 * sharing card, structured data) and ends with the footer's links to the
 * artist's profiles. The team's tools ask to stay out. Read as a crawler does,
 * without running the pages' scripts.
 */
import type { Page } from "@playwright/test";
import { PUBLIC_PAGES, TOOL_PAGES } from "../src/data/pages.mjs";
import { content } from "./content";
import { expect, imageSize, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

/** Opens a page as a crawler reads it: the document, not the images it shows. */
const crawl = (page: Page, path: string) => page.goto(path, { waitUntil: "domcontentloaded" });

/** Every page ends with the footer: the artist's profiles, the press kit and the way to sign up for news. */
async function expectFooter(page: Page) {
  const links = page.getByRole("contentinfo").getByRole("link");
  expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute("href")))).toEqual([
    ...content.profileUrls,
    "/epk",
    "/listen#signup",
  ]);
  const pressKit = page.getByRole("contentinfo").getByRole("link", { name: "Press Kit", exact: true });
  await expect(pressKit).toHaveAttribute("href", "/epk");
}

test("a search engine finds every public page from robots.txt and reads how each wants to be shown", async ({
  page,
  request,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^User-agent: \*$/m);
  expect(robots).not.toMatch(/^Disallow: \/$/m);
  const sitemapUrl = new URL(robots.match(/^Sitemap: (\S+)$/m)![1]);
  expect(sitemapUrl.protocol).toBe("https:");

  const sitemap = await request.get(sitemapUrl.pathname);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]));
  expect(listed.map((url) => url.pathname)).toEqual([...PUBLIC_PAGES]);
  expect(new Set(listed.map((url) => url.origin))).toEqual(new Set([sitemapUrl.origin]));

  const seen = { titles: new Set<string>(), descriptions: new Set<string>(), images: new Set<string>() };
  for (const url of listed) {
    await test.step(url.pathname, async () => {
      await crawl(page, url.pathname);
      const head = await page.locator("html").evaluate((html) => {
        const all = (selector: string) => [...document.querySelectorAll(selector)];
        const content = (name: string) =>
          document.querySelector(`meta[name="${name}"], meta[property="${name}"]`)?.getAttribute("content") ?? null;
        return {
          lang: html.getAttribute("lang"),
          titles: all("title").map((title) => title.textContent ?? ""),
          description: content("description"),
          canonical: all('link[rel="canonical"]').map((link) => link.getAttribute("href")),
          robots: content("robots"),
          og: Object.fromEntries(
            ["title", "description", "url", "type", "image", "image:alt", "image:width", "image:height"].map((key) => [
              key,
              content(`og:${key}`),
            ]),
          ),
          twitter: { card: content("twitter:card"), title: content("twitter:title"), image: content("twitter:image") },
          jsonLd: all('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent ?? "")),
        };
      });
      const [title] = head.titles;
      expect(head).toMatchObject({ lang: "en", titles: [expect.stringContaining("Orla Quinlan")] });
      expect(head.canonical).toEqual([url.href]);
      expect(head.robots).toBeNull();
      // The sharing card repeats them, with absolute addresses on the site's own origin and a 1200 × 630 image.
      expect(head.og).toEqual({
        title,
        description: head.description,
        url: url.href,
        type: "website",
        image: expect.stringMatching(new RegExp(`^${url.origin}/.+\\.jpg$`)),
        "image:alt": expect.stringMatching(/\w{3}/),
        "image:width": "1200",
        "image:height": "630",
      });
      expect(head.twitter).toEqual({ card: "summary_large_image", title, image: head.og.image });
      // The home page and the press kit describe the artist for search engines.
      if (url.pathname === "/" || url.pathname === "/epk") {
        expect(head.jsonLd).toContainEqual(expect.objectContaining({ "@type": "MusicGroup", name: "Orla Quinlan" }));
      }
      await expectFooter(page);
      seen.titles.add(title);
      seen.descriptions.add(head.description!);
      seen.images.add(new URL(head.og.image!).pathname);
    });
  }
  // Every page names and describes itself differently; /listen shares the single's own artwork.
  expect(seen.images).toContain("/og-listen.jpg");
  expect(seen.titles.size).toBe(PUBLIC_PAGES.length);
  expect(seen.descriptions.size).toBe(PUBLIC_PAGES.length);

  // The sharing images are there, at the size the cards state.
  for (const path of seen.images) {
    const response = await request.get(path);
    expect(response.headers()["content-type"], path).toBe("image/jpeg");
    expect(await imageSize(await response.body()), path).toEqual({ format: "jpeg", width: 1200, height: 630 });
  }
});

test("the team's tools ask search engines to stay out, link each other in the team bar, and end with the same footer", async ({
  page,
}) => {
  for (const path of TOOL_PAGES) {
    await crawl(page, path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", /noindex/);
    // The team bar: every team page, in order, the one open marked as the current page.
    const bar = page.getByRole("navigation", { name: "Team tools" });
    await expect(bar.getByRole("link"), path).toHaveText(["Roadmap", "Contacts", "Calendar", "Fans"]);
    expect(await bar.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      ...TOOL_PAGES,
    ]);
    await expect(bar.locator('[aria-current="page"]'), path).toHaveAttribute("href", path);
    await expect(bar.locator("[aria-current]"), path).toHaveCount(1);
    await expectFooter(page);
  }
});

test("the public pages link none of the team's tools, and show no team bar", async ({ page }) => {
  for (const path of [...PUBLIC_PAGES, "/404"]) {
    await crawl(page, path);
    await expect(page.getByRole("navigation", { name: "Team tools" }), path).toHaveCount(0);
    const hrefs = await page.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(
      hrefs.filter((href) => TOOL_PAGES.some((tool) => href === tool || href?.startsWith(`${tool}/`))),
      path,
    ).toEqual([]);
  }
});
