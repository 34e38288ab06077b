/**
/**
 * The press kit (/epk) as a journalist uses it: finds it from the footer of
 * any page, reads the header, the latest release with its player and the
 * bios, steps through the live photos, takes the full-size press photos and
 * finds whom to call. What the page shows is the content's (src/content/epk.md,
 * releases.yaml, links.yaml, press.yaml); the words themselves are checked
 * beside the data (src/data/epk.test.ts, press-contacts.test.ts).
 */
import { readFileSync } from "node:fs";
import { PUBLIC_PAGES } from "../src/data/pages.mjs";
import { content } from "./content";
import { claim, expect, expectAccessible, imageSize, test } from "./fixtures";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";

const { epk } = content;

test.use({ failOnConsoleErrors: true });

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

/** The carousel as the page marks it. */
const CAROUSEL = '[aria-roledescription="carousel"]';

test("a journalist reads the press kit, looks through the live photos and finds whom to contact", async ({
  page,
  context,
}) => {
  // The player comes from Spotify, which this machine cannot reach: a stand-in answers for it.
  await context.route("https://open.spotify.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: '<!doctype html><html lang="en"><title>Player</title></html>' }),
  );
  await recordLayoutShifts(page);
  // The carousel's clock is the test's, to show that no time passing moves it.
  await page.clock.install();
  await page.goto("/epk");

  await test.step("the header, the latest release with its player, and the two bios", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" })).toBeVisible();
    await expect(page.getByText(epk.genreLine, { exact: true })).toBeVisible();
    const release = page.getByRole("region", { name: "Latest Release" });
    await expect(release.getByRole("heading", { level: 2, name: "Latest Release" })).toBeVisible();
    const player = release.locator("iframe");
    // Named after the release it plays, which the content names.
    await expect(player).toHaveAttribute("title", "Player: the Mother EP by Orla Quinlan");
    await expect(player).toHaveAttribute("loading", "lazy");
    // 600 px tall, as docs/features.md#press-kit promises, and playing the release from Spotify.
    expect(Math.round((await player.boundingBox())!.height)).toBe(600);
    await expect.poll(() => page.frames().map((frame) => frame.url())).toContain(epk.release.player);
    for (const link of [
      { label: "Artist profile", href: epk.profileUrl },
      { label: "The Mother EP", href: epk.release.page },
    ]) {
      const anchor = release.getByRole("link", { name: `${link.label} (opens in a new tab)` });
      await expect(anchor).toHaveAttribute("href", link.href!);
      await expect(anchor).toHaveAttribute("target", "_blank");
      await expect(anchor).toHaveAttribute("rel", "noopener noreferrer");
    }
    const short = page.getByRole("region", { name: "Short bio" });
    await expect(short.locator("p").first()).toHaveText(epk.shortBio);
    await expect(short.getByText("Free to quote in full or in part, no permission needed.")).toBeVisible();
    const long = page.getByRole("region", { name: "Biography" });
    await expect(long.locator("p")).toHaveText([...epk.bio]);
    // The short bio, for quoting, comes first.
    const [shortBox, longBox] = [(await short.boundingBox())!, (await long.boundingBox())!];
    expect(shortBox.y + shortBox.height).toBeLessThanOrEqual(longBox.y);
  });

  const carousel = page.getByRole("region", { name: "Photo carousel" });
  const next = carousel.getByRole("button", { name: "Next photo" });
  const previous = carousel.getByRole("button", { name: "Previous photo" });
  const position = (n: number) => carousel.getByText(new RegExp(`^Photo ${n} of 7 · Photo: ${credits[n - 1]}$`));

  await test.step("the carousel keeps its 16:9 frame while its code arrives, so nothing shifts", async () => {
    const frame = carousel.locator(".swiper");
    const before = (await frame.boundingBox())!;
    expect(before.width / before.height).toBeCloseTo(16 / 9, 1);
    await expect(page.locator("astro-island[ssr]")).toHaveCount(1);
    await page.getByRole("heading", { name: "Live Photos" }).scrollIntoViewIfNeeded();
    await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
    await expect(position(1)).toBeVisible();
    const after = (await frame.boundingBox())!;
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(await layoutShifts(page, { within: CAROUSEL })).toEqual([]);
  });

  await test.step("seven described photos, stepped through with Previous and Next, and never on their own", async () => {
    const images = carousel.getByRole("img");
    await expect(images).toHaveCount(7);
    for (const alt of await images.evaluateAll((all) => all.map((image) => image.getAttribute("alt")))) {
      expect(alt).toMatch(/\w{3}/);
    }
    for (const button of [previous, next]) {
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(position(2)).toBeVisible();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(position(1)).toBeVisible();
    // Minutes pass and the photo stays.
    await page.clock.fastForward("05:00");
    await expect(position(1)).toBeVisible();
  });

  await test.step("from the keyboard: arrow keys, and Enter on Next up to the last photo, where the focus stays", async () => {
    await next.focus();
    await page.keyboard.press("ArrowRight");
    await expect(position(2)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(position(3)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(position(2)).toBeVisible();
    for (let n = 3; n <= 7; n += 1) {
      await page.keyboard.press("Enter");
      await expect(position(n)).toBeVisible();
    }
    await expect(next).toBeDisabled();
    await page.keyboard.press("Enter");
    await expect(position(7)).toBeVisible();
    await expect(next).toBeFocused();
    // Shift+Tab reaches Previous, which goes back.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(position(6)).toBeVisible();
  });

  await test.step("the keys of the page stay the page's: Page Down scrolls past the carousel, arrows elsewhere leave the photo", async () => {
    await carousel.scrollIntoViewIfNeeded();
    // Focus leaves the carousel for the page itself, as a click on its text gives it.
    await page.locator("body").evaluate((body) => {
      (document.activeElement as HTMLElement | null)?.blur();
      body.focus();
    });
    const scrolled = () => page.evaluate(() => window.scrollY);
    const before = await scrolled();
    await page.keyboard.press("PageDown");
    await expect.poll(scrolled).toBeGreaterThan(before);
    await page.keyboard.press("ArrowRight");
    await expect(position(6)).toBeVisible();
  });

  const pressPhotos = page.getByRole("region", { name: "Press photos" });

  await test.step("every press photo is credited and downloads as a full-size JPEG of the size it states", async () => {
    await expect(pressPhotos.getByRole("heading", { level: 2, name: "Press photos" })).toBeVisible();
    const items = pressPhotos.getByRole("listitem");
    await expect(items.getByText(/^Photo: /)).toHaveText(credits.map((credit) => `Photo: ${credit}`));
    // The largest photo the carousel ever shows: a download must be at least that big.
    const shownWidth = Math.max(
      ...(await carousel.locator("img").first().getAttribute("srcset"))!
        .split(",")
        .map((candidate) => Number(/(\d+)w\s*$/.exec(candidate.trim())![1])),
    );
    for (let n = 1; n <= 7; n += 1) {
      const item = items.nth(n - 1);
      await expect(item.getByRole("img")).toHaveAttribute("alt", /\w{3}/);
      const link = item.getByRole("link", { name: new RegExp(`^Download photo ${n} of 7 \\(JPEG, \\d+ × \\d+\\)$`) });
      await expect(link).toHaveAttribute("download", `orla-quinlan-photo-${n}.jpg`);
      const [, width, height] = /(\d+) × (\d+)/.exec((await link.textContent())!)!;
      const response = await page.request.get((await link.getAttribute("href"))!);
      expect(response.headers()["content-type"], `photo ${n}`).toBe("image/jpeg");
      const size = await imageSize(await response.body());
      expect(size, `photo ${n}`).toEqual({ format: "jpeg", width: Number(width), height: Number(height) });
      expect(size.width, `photo ${n}`).toBeGreaterThanOrEqual(shownWidth);
    }
    // Following a link saves the file under its meaningful name.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      pressPhotos.getByRole("link", { name: /^Download photo 3 of 7 / }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("orla-quinlan-photo-3.jpg");
    const saved = await imageSize(readFileSync(await download.path()));
    expect(saved.format).toBe("jpeg");
    await expect(pressPhotos.getByRole("link", { name: /^Download photo 3 of 7 / })).toHaveText(
      `Download photo 3 of 7 (JPEG, ${saved.width} × ${saved.height})`,
    );
  });

  await test.step("booking, press and management each have a name, a company and working e-mail and phone links", async () => {
    const contacts = page.getByRole("region", { name: "Contacts" });
    await contacts.scrollIntoViewIfNeeded();
    for (const contact of content.press) {
      const card = contacts
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 3, name: contact.role, exact: true }) });
      await expect(card.locator("address p").first()).toHaveText(contact.name);
      await expect(card.locator("address p").nth(1)).toHaveText(contact.company);
      await expect(card.getByRole("link", { name: contact.email })).toHaveAttribute("href", `mailto:${contact.email}`);
      if (contact.phone)
        await expect(card.getByRole("link", { name: contact.phone })).toHaveAttribute(
          "href",
          `tel:+${contact.phone.replace(/\D/g, "")}`,
        );
      else await expect(card.getByRole("link", { name: /^\+/ })).toHaveCount(0);
    }
    // Audited once the reader has been everywhere: the carousel loaded and stepped, the contacts in view.
    await expectAccessible(page);
  });

  await test.step("reading never fetched a full-size photo: the downloads are plain links, and the carousel the only island", async () => {
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    const hrefs = await pressPhotos
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs).toHaveLength(7);
    // The one asked for above was saved by the download, outside the page.
    expect(fetched.filter((url) => hrefs.includes(url))).toEqual([]);
    await expect(page.locator("astro-island")).toHaveCount(1);
  });
});

test("a booker finds the press kit in the footer of every page, the not-found page too", async ({
  page,
  context,
  consoleErrors,
}) => {
  // The player comes from Spotify, which this machine cannot reach: a stand-in answers for it.
  await context.route("https://open.spotify.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: '<!doctype html><html lang="en"><title>Player</title></html>' }),
  );
  const pressKitLink = () => page.getByRole("contentinfo").getByRole("link", { name: "Press Kit", exact: true });
  for (const path of [...PUBLIC_PAGES, "/no-such-page"]) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(pressKitLink()).toHaveAttribute("href", "/epk");
    });
  }
  // From the page a mistyped address leads to, one click reaches the press kit.
  await pressKitLink().click();
  await expect(page).toHaveURL(/\/epk$/);
  await expect(page.getByRole("heading", { level: 2, name: "Latest Release" })).toBeVisible();
  claim(consoleErrors, /status of 404/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a journalist still sees the first photo, is told where the others are, and downloads them", async ({
    page,
  }) => {
    await page.goto("/epk");
    await expect(page.getByRole("region", { name: "Photo carousel" }).getByRole("img").first()).toBeVisible();
    // Its arrows, which cannot turn it, are not offered: a line says where every photo is instead.
    for (const name of ["Previous photo", "Next photo"]) await expect(page.getByRole("button", { name })).toBeHidden();
    await expect(page.getByText(/^Turning the photos needs JavaScript\. .*“Press photos”/)).toBeVisible();
    const links = page.getByRole("region", { name: "Press photos" }).getByRole("link", { name: /^Download photo/ });
    await expect(links).toHaveCount(7);
    const [download] = await Promise.all([page.waitForEvent("download"), links.first().click()]);
    expect(download.suggestedFilename()).toBe("orla-quinlan-photo-1.jpg");
  });
});
