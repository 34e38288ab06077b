import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, baseURL, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

/** The Spotify player cannot load offline; its failures are not the page's. */
const ownErrors = (errors: string[]) => errors.filter((error) => !/open\.spotify\.com|spotify/i.test(error));

/** Waits until every island on the page has hydrated (Astro drops the ssr attribute). */
const hydrated = (page: Page) => page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));

/** Width and height from a JPEG's start-of-frame header; throws if the bytes are not a JPEG. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("not a JPEG: no start-of-image marker");
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw new Error(`not a JPEG: no marker at byte ${offset}`);
    const marker = bytes[offset + 1]!;
    // Fill bytes and the markers that carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), hold the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error("not a JPEG: no start-of-frame header");
}

/** The photographers, in the order of the photos. */
const credits = [
  "Aisling Brennan",
  "Aisling Brennan",
  "Rory Gallagher",
  "Niamh Doherty",
  "Rory Gallagher",
  "Niamh Doherty",
  "Aisling Brennan",
];

/** Opens /epk with JavaScript switched off, as a visitor whose scripts are blocked sees it. */
async function openWithoutJavaScript() {
  const context = await getBrowser().newContext({
    baseURL,
    javaScriptEnabled: false,
    acceptDownloads: true,
    viewport: { width: 1280, height: 800 },
  });
  return openPage(getBrowser, "/epk", { context });
}

/** Opens /epk, scrolls the carousel into view and waits for it to be interactive. */
async function openCarousel() {
  const { page, errors, context } = await openPage(getBrowser, "/epk");
  const carousel = page.getByRole("region", { name: "Photo carousel" });
  await page.getByRole("heading", { name: "Live Photos" }).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Next photo" }).scrollIntoViewIfNeeded();
  await hydrated(page);
  await carousel.getByText(/^Photo 1 of 7/).waitFor();
  return { page, errors, context, carousel };
}

describe("press kit page", () => {
  it("shows the artist name, the genre line and the Latest Release card with its player and links", async () => {
    const { page, errors, context } = await openPage(getBrowser, "/epk");
    await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Folk · Indie · Irish singer-songwriter", { exact: true }).isVisible()).resolves.toBe(
      true,
    );
    const release = page.getByRole("region", { name: "Latest Release" });
    await expect(release.getByRole("heading", { level: 2, name: "Latest Release" }).isVisible()).resolves.toBe(true);
    const player = release.locator("iframe");
    expect(await player.count()).toBe(1);
    expect(await player.getAttribute("title")).toMatch(/\w{3}/);
    expect(await player.getAttribute("height")).toBe("600");
    expect(await player.getAttribute("loading")).toBe("lazy");
    expect(new URL((await player.getAttribute("src"))!).protocol).toBe("https:");
    // Rendered 600 px tall, as the spec says.
    expect(Math.round((await player.boundingBox())!.height)).toBe(600);
    for (const name of [/^Artist profile/, /^The Mother EP/]) {
      const link = release.getByRole("link", { name });
      await expect(link.isVisible(), String(name)).resolves.toBe(true);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(new URL((await link.getAttribute("href"))!).protocol).toBe("https:");
    }
    expect(ownErrors(errors)).toEqual([]);
    await context.close();
  });

  it("has a Biography card of exactly four paragraphs in the spec's order", async () => {
    const { page, context } = await openPage(getBrowser, "/epk");
    const bio = page.getByRole("region", { name: "Biography" });
    await expect(bio.getByRole("heading", { level: 2, name: "Biography" }).isVisible()).resolves.toBe(true);
    const paragraphs = await bio.locator("p").allInnerTexts();
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[0]).toMatch(/Ones To Watch Festival/);
    expect(paragraphs[1]).toMatch(/songs/);
    expect(paragraphs[1]).toMatch(/comedy sketches/);
    expect(paragraphs[2]).toMatch(/folk, indie and Irish/);
    expect(paragraphs[2]).toMatch(/April.*tour.*Ireland|April.*Ireland.*EP/);
    expect(paragraphs[3]).toMatch(/managed|management/);
    expect(paragraphs[3]).toMatch(/produced with/);
    await context.close();
  });

  it("describes the artist as a schema.org MusicGroup", async () => {
    const { page, context } = await openPage(getBrowser, "/epk");
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    const group = blocks.find((data) => data["@type"] === "MusicGroup");
    expect(group).toMatchObject({ "@context": "https://schema.org", name: "Orla Quinlan" });
    await context.close();
  });

  it("downloads the carousel's code only once the carousel scrolls into view", async () => {
    const { page, context } = await openPage(getBrowser, "/epk");
    const island = page.locator("astro-island").filter({ has: page.getByRole("region", { name: "Photo carousel" }) });
    const componentUrl = new URL((await island.getAttribute("component-url"))!, baseURL).href;
    expect(componentUrl).toMatch(/Carousel/);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    // The carousel starts below the fold at 1280×800.
    const box = await page.getByRole("region", { name: "Photo carousel" }).boundingBox();
    expect(box!.y).toBeGreaterThan(800);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const before = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    expect(before).not.toContain(componentUrl);
    expect(requested).not.toContain(componentUrl);
    const loaded = page.waitForRequest(componentUrl, { timeout: 10_000 });
    await page.getByRole("region", { name: "Photo carousel" }).scrollIntoViewIfNeeded();
    await expect(loaded.then((request) => request.url())).resolves.toBe(componentUrl);
    await hydrated(page);
    await context.close();
  });

  it("shows 7 photos in a 16:9 frame with Previous and Next buttons of at least 24×24 px", async () => {
    const { carousel, errors, context } = await openCarousel();
    expect(await carousel.getByRole("img").count()).toBe(7);
    for (const name of ["Previous photo", "Next photo"]) {
      const box = await carousel.getByRole("button", { name }).boundingBox();
      expect(box!.width, name).toBeGreaterThanOrEqual(24);
      expect(box!.height, name).toBeGreaterThanOrEqual(24);
    }
    const frame = await carousel.locator(".swiper").boundingBox();
    const ratio = frame!.width / frame!.height;
    expect(Math.abs(ratio - 16 / 9) / (16 / 9)).toBeLessThanOrEqual(0.01);
    // Every photo has a text alternative.
    const alts = await carousel.getByRole("img").evaluateAll((images) => images.map((img) => img.getAttribute("alt")));
    for (const alt of alts) expect(alt).toMatch(/\w{3}/);
    expect(ownErrors(errors)).toEqual([]);
    await context.close();
  });

  it("steps through the photos with Next and Previous", async () => {
    const { carousel, context } = await openCarousel();
    const next = carousel.getByRole("button", { name: "Next photo" });
    const previous = carousel.getByRole("button", { name: "Previous photo" });
    // Nothing before the first photo.
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await carousel.getByText(/^Photo 2 of 7/).waitFor({ timeout: 5000 });
    expect(await previous.isDisabled()).toBe(false);
    await previous.click();
    await carousel.getByText(/^Photo 1 of 7/).waitFor({ timeout: 5000 });
    // …and nothing after the last.
    for (let i = 0; i < 6; i++) await next.click();
    await carousel.getByText(/^Photo 7 of 7/).waitFor({ timeout: 5000 });
    expect(await next.isDisabled()).toBe(true);
    await context.close();
  });

  it("keeps the keyboard focus on Next when it reaches the last photo", async () => {
    const { page, carousel, context } = await openCarousel();
    const next = carousel.getByRole("button", { name: "Next photo" });
    await next.focus();
    for (let i = 2; i <= 7; i++) {
      await page.keyboard.press("Enter");
      await carousel.getByText(new RegExp(`^Photo ${i} of 7`)).waitFor({ timeout: 5000 });
    }
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press("Enter");
    await expect(carousel.getByText(/^Photo 7 of 7/).isVisible()).resolves.toBe(true);
    expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
    // Shift+Tab reaches Previous, which goes back.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await carousel.getByText(/^Photo 6 of 7/).waitFor({ timeout: 5000 });
    await context.close();
  });

  it("reserves the 16:9 frame before its code loads, so hydrating shifts nothing", async () => {
    const { page, errors, context } = await openPage(getBrowser, "/epk");
    const carousel = page.getByRole("region", { name: "Photo carousel" });
    // Server-rendered, not yet hydrated (it is below the fold).
    expect(await page.locator("astro-island[ssr]").count()).toBeGreaterThan(0);
    const before = (await carousel.locator(".swiper").boundingBox())!;
    expect(Math.abs(before.width / before.height - 16 / 9) / (16 / 9)).toBeLessThanOrEqual(0.01);
    await carousel.scrollIntoViewIfNeeded();
    await hydrated(page);
    await carousel.getByText(/^Photo 1 of 7/).waitFor();
    const after = (await carousel.locator(".swiper").boundingBox())!;
    expect(after.width).toBeCloseTo(before.width, 0);
    expect(after.height).toBeCloseTo(before.height, 0);
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const region = document.querySelector('[aria-roledescription="carousel"]');
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as unknown as {
              value: number;
              sources: { node: Node | null }[];
            }[];
            resolve(
              entries
                .filter((entry) => entry.sources.some((source) => source.node && region?.contains(source.node)))
                .reduce((sum, entry) => sum + entry.value, 0),
            );
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(0), 1000);
        }),
    );
    expect(shifts).toBe(0);
    expect(ownErrors(errors)).toEqual([]);
    await context.close();
  });

  it("steps through the photos with the arrow keys", async () => {
    const { page, carousel, context } = await openCarousel();
    await carousel.getByRole("button", { name: "Next photo" }).focus();
    await page.keyboard.press("ArrowRight");
    await carousel.getByText(/^Photo 2 of 7/).waitFor({ timeout: 5000 });
    await page.keyboard.press("ArrowRight");
    await carousel.getByText(/^Photo 3 of 7/).waitFor({ timeout: 5000 });
    await page.keyboard.press("ArrowLeft");
    await carousel.getByText(/^Photo 2 of 7/).waitFor({ timeout: 5000 });
    await context.close();
  });

  it("never moves on its own", async () => {
    const { page, carousel, context } = await openCarousel();
    const activeAlt = () => carousel.locator(".swiper-slide-active img").evaluate((img) => img.getAttribute("alt"));
    const first = await activeAlt();
    await page.waitForTimeout(4000);
    await expect(carousel.getByText(/^Photo 1 of 7/).isVisible()).resolves.toBe(true);
    expect(await activeAlt()).toBe(first);
    await context.close();
  });

  it("has no accessibility violations, before and after the carousel loads", async () => {
    const { page, context } = await openPage(getBrowser, "/epk");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("region", { name: "Photo carousel" }).scrollIntoViewIfNeeded();
    await hydrated(page);
    await page.getByRole("button", { name: "Next photo" }).click();
    await page.getByText(/^Photo 2 of 7/).waitFor({ timeout: 5000 });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("offers every photo as a full-size JPEG download, named by photo, format and size, without JavaScript", async () => {
    const { page, context } = await openWithoutJavaScript();
    const list = page.getByRole("region", { name: "Press photos" });
    await expect(list.getByRole("heading", { level: 2, name: "Press photos" }).isVisible()).resolves.toBe(true);
    // The largest photo the carousel ever shows: the download must be at least that big.
    const carouselWidths = (await page.locator(".swiper img").first().getAttribute("srcset"))!
      .split(",")
      .map((candidate) => Number(/(\d+)w\s*$/.exec(candidate.trim())![1]));
    const shownWidth = Math.max(...carouselWidths);
    for (let number = 1; number <= 7; number++) {
      const name = new RegExp(`^Download photo ${number} of 7 \\(JPEG, (\\d+) × (\\d+)\\)$`);
      const link = list.getByRole("link", { name });
      await link.scrollIntoViewIfNeeded();
      await expect(link.isVisible(), `photo ${number}`).resolves.toBe(true);
      const [, width, height] = name.exec((await link.textContent())!.trim())!;
      expect(await link.getAttribute("download")).toBe(`orla-quinlan-photo-${number}.jpg`);
      const response = await context.request.get((await link.getAttribute("href"))!);
      expect(response.status(), `photo ${number}`).toBe(200);
      expect(response.headers()["content-type"], `photo ${number}`).toBe("image/jpeg");
      const size = jpegSize(await response.body());
      expect(size, `photo ${number}`).toEqual({ width: Number(width), height: Number(height) });
      expect(size.width, `photo ${number}`).toBeGreaterThanOrEqual(shownWidth);
    }
    // Following a link saves the file under its meaningful name.
    const link = list.getByRole("link", { name: /^Download photo 3 of 7 / });
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 10_000 }), link.click()]);
    expect(download.suggestedFilename()).toBe("orla-quinlan-photo-3.jpg");
    const saved = jpegSize(readFileSync((await download.path())!));
    expect(`Download photo 3 of 7 (JPEG, ${saved.width} × ${saved.height})`).toBe((await link.textContent())!.trim());
    await context.close();
  });

  it("credits the photographer beside every press photo and its download", async () => {
    const { page, context } = await openWithoutJavaScript();
    const items = page.getByRole("region", { name: "Press photos" }).getByRole("listitem");
    expect(await items.count()).toBe(7);
    for (const [index, credit] of credits.entries()) {
      const item = items.nth(index);
      await item.scrollIntoViewIfNeeded();
      await expect(item.getByText(`Photo: ${credit}`, { exact: true }).isVisible(), credit).resolves.toBe(true);
      await expect(item.getByRole("link", { name: /^Download photo/ }).isVisible()).resolves.toBe(true);
      // A thumbnail with the photo's text alternative shows which photo it is.
      expect(await item.getByRole("img").getAttribute("alt")).toMatch(/\w{3}/);
    }
    await context.close();
  });

  it("never fetches a full-size file or adds code for the downloads: they are links only", async () => {
    const { page, context } = await openPage(getBrowser, "/epk");
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    const links = page.getByRole("region", { name: "Press photos" }).getByRole("link");
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(hrefs).toHaveLength(7);
    // Scroll the whole page, so the carousel hydrates and every thumbnail loads.
    await page.getByRole("region", { name: "Photo carousel" }).scrollIntoViewIfNeeded();
    await hydrated(page);
    await page.getByRole("heading", { name: "Contacts" }).scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    for (const href of hrefs) {
      expect(loaded).not.toContain(href);
      expect(requested).not.toContain(href);
    }
    // The carousel stays the page's only island.
    expect(await page.locator("astro-island").count()).toBe(1);
    await context.close();
  });

  it("shows a short bio the press may quote, above the long biography", async () => {
    const { page, context } = await openWithoutJavaScript();
    const short = page.getByRole("region", { name: "Short bio" });
    await expect(short.getByRole("heading", { level: 2, name: "Short bio" }).isVisible()).resolves.toBe(true);
    await expect(
      short.getByText("Free to quote in full or in part, no permission needed.", { exact: true }).isVisible(),
    ).resolves.toBe(true);
    const [text] = await short.locator("p").allInnerTexts();
    const words = text!.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
    expect(words).toBeGreaterThanOrEqual(50);
    expect(words).toBeLessThanOrEqual(100);
    expect(text).toMatch(/Orla Quinlan/);
    const shortBox = (await short.boundingBox())!;
    const longBox = (await page.getByRole("region", { name: "Biography" }).boundingBox())!;
    expect(shortBox.y + shortBox.height).toBeLessThanOrEqual(longBox.y);
    await context.close();
  });

  it("lists booking, press and management contacts with working e-mail and phone links", async () => {
    const { page, context } = await openWithoutJavaScript();
    const contacts = page.getByRole("region", { name: "Contacts" });
    await expect(contacts.getByRole("heading", { level: 2, name: "Contacts" }).isVisible()).resolves.toBe(true);
    const phones: string[] = [];
    for (const role of ["Booking", "Press", "Management"]) {
      const heading = contacts.getByRole("heading", { level: 3, name: role, exact: true });
      await heading.scrollIntoViewIfNeeded();
      await expect(heading.isVisible(), role).resolves.toBe(true);
      const card = contacts
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 3, name: role, exact: true }) });
      const address = card.locator("address");
      expect(await address.count(), role).toBe(1);
      const lines = await address.locator("p").allInnerTexts();
      // Name, then company, both in words.
      expect(lines[0], role).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
      expect(lines[1], role).toMatch(/\p{L}{3}/u);
      const email = card.getByRole("link", { name: /@/ });
      await expect(email.isVisible(), role).resolves.toBe(true);
      const mailto = new URL((await email.getAttribute("href"))!);
      expect(mailto.protocol, role).toBe("mailto:");
      expect(mailto.pathname, role).toBe((await email.textContent())!.trim());
      expect(mailto.pathname, role).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i);
      const phone = card.getByRole("link", { name: /^\+/ });
      if ((await phone.count()) > 0) {
        const tel = (await phone.getAttribute("href"))!;
        expect(tel, role).toMatch(/^tel:\+[1-9]\d{6,14}$/);
        expect(tel.replace(/\D/g, ""), role).toBe((await phone.textContent())!.replace(/\D/g, ""));
        phones.push(tel);
      }
    }
    expect(phones.length).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it("has no accessibility violations in the press photos, short bio and contacts", async () => {
    const { page, context } = await openPage(getBrowser, "/epk");
    // Scrolled past the carousel (which then loads) down to the contacts, as a reader gets there.
    await page.getByRole("region", { name: "Photo carousel" }).scrollIntoViewIfNeeded();
    await hydrated(page);
    await page.getByRole("heading", { name: "Contacts" }).scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
