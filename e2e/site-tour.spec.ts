/**
 * A visitor's tour of the public site, on a desktop and on a phone: the home
 * page, the story, the tour dates and their calendar files, the nav (which
 * tightens on scroll without moving the page), the footer, /listen, and the
 * page a wrong address leads to. Every page is audited with axe once; the
 * guards in ./fixtures fail the tour on any uncaught error, console error or
 * Content-Security-Policy violation along the way.
 */
import ICAL from "ical.js";
import type { Locator, Page } from "@playwright/test";
import { content } from "./content";
import { claim, expect, expectAccessible, test, waitForAnimations } from "./fixtures";
import { layoutShifts, recordLayoutShifts, recordLayoutShiftsFromNow } from "./layout-shifts";

// The fade-in and the nav tightening are part of the tour: motion as most visitors have it.
test.use({ failOnConsoleErrors: true, reducedMotion: "no-preference" });

const main = (page: Page) => page.getByRole("main");
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

const { tourDates } = content;

/**
 * A tour date's day as the card shows it on the day the journeys run, a year or more after the fixture's tour
 * of 2025 (docs/features.md#tour): "April 23rd 2025".
 */
const dayOf = (date: (typeof tourDates)[number]) => `${date.dateText} 2025`;

/** The name of a tour date's venue as the card shows it: "The Salthill Room, Galway". */
const venueOf = (date: (typeof tourDates)[number]) => `${date.venue.name}, ${date.venue.address.locality}`;

/** A profile's link in the footer and on /listen is named for screen readers: "Orla Quinlan on Spotify". */
const onService = (service: string) => `Orla Quinlan on ${service}`;

/** The CSS animation an element plays on arrival, and for how many seconds. */
const arrival = (element: Locator) =>
  element.evaluate((element) => {
    const style = getComputedStyle(element);
    return { name: style.animationName, seconds: parseFloat(style.animationDuration) };
  });

/** Every JSON-LD block on the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

test("a visitor goes from the home page to the story and the tour dates, and adds the tour to a calendar", async ({
  page,
}) => {
  await test.step("the home page shows the artist and the single over a full-screen photo", async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" })).toBeVisible();
    const tagline = page.getByText('Debut Single "Mother" out now', { exact: true });
    await expect(tagline).toBeVisible();
    // The name and the single fade in over about a second.
    const fade = await arrival(tagline.locator("xpath=.."));
    expect(fade.name).toBe("fade-in");
    expect(fade.seconds).toBeGreaterThanOrEqual(0.6);
    expect(fade.seconds).toBeLessThanOrEqual(1.5);
    const [hero, bar] = [
      await main(page).locator("section").first().boundingBox(),
      await page.getByRole("banner").boundingBox(),
    ];
    expect(hero!.width).toBe(1280);
    expect(hero!.height + bar!.height).toBeGreaterThanOrEqual(800 - 1);
    // The photo comes first: eager, high priority, AVIF or WebP in several widths, decoded.
    const heroSection = main(page).locator("section").first();
    const photo = heroSection.locator("picture img");
    await expect(photo).toHaveAttribute("loading", "eager");
    await expect(photo).toHaveAttribute("fetchpriority", "high");
    // Its size is known before it arrives, so nothing moves when it does.
    await expect(photo).toHaveAttribute("width", /^[1-9]\d*$/);
    await expect(photo).toHaveAttribute("height", /^[1-9]\d*$/);
    await expect(heroSection.locator("picture source").first()).toHaveAttribute("srcset", /(,.*){2}/);
    await expect(heroSection.locator("picture source")).toHaveCount(2);
    expect(
      await heroSection.locator("picture source").evaluateAll((all) => all.map((s) => s.getAttribute("type"))),
    ).toEqual(["image/avif", "image/webp"]);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
    await expect(tagline.locator("xpath=..")).toHaveCSS("opacity", "1");
  });

  await test.step("under the hero, no show is coming up: the home page offers the news sign-up instead", async () => {
    const nextShow = page.getByRole("region", { name: "Next show" });
    await nextShow.scrollIntoViewIfNeeded();
    await expect(nextShow.getByText("No shows coming up right now.")).toBeVisible();
    await expect(
      nextShow.getByRole("link", { name: "Sign up for news to hear about the next tour first" }),
    ).toHaveAttribute("href", "/listen#signup");
    await expect(nextShow.locator("time")).toHaveCount(0);
  });

  await test.step("under the next show, the single with the cover releases.yaml names, which arrives without moving anything", async () => {
    await recordLayoutShiftsFromNow(page);
    const release = page.getByRole("region", { name: content.featured.title });
    const cover = release.getByRole("img", { name: content.featured.coverAlt });
    // Below the first screen: lazy, its size known before it arrives, in the encodings /listen's cover has.
    await expect(cover).toHaveAttribute("loading", "lazy");
    await expect(cover).toHaveAttribute("width", /^[1-9]\d*$/);
    await expect(cover).toHaveAttribute("height", /^[1-9]\d*$/);
    await release.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The AVIF of the cover the content names, at the smallest width that fills its 112 px square.
    const shown = await cover.evaluate((img: HTMLImageElement) => ({
      file: new URL(img.currentSrc).pathname,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
    }));
    expect(shown.file).toMatch(
      new RegExp(`^/_astro/${content.featured.cover!.replace(/\.\w+$/, "")}\\.[\\w-]+\\.avif$`),
    );
    expect(shown).toMatchObject({ width: 112, height: 112 });
    await expect(release.getByText("Debut single, out now", { exact: true })).toBeVisible();
    await expect(release.getByRole("link", { name: "Where to listen" })).toHaveAttribute("href", "/listen");
    expect(await layoutShifts(page, { within: "main" })).toEqual([]);
    await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
  });

  await test.step("Learn More leads; the single is a quieter text link under it", async () => {
    const learnMore = page.getByRole("link", { name: "Learn More about the artist" });
    const listen = main(page).getByRole("link", { name: "Listen to “Mother”" });
    await expect(listen).toHaveAttribute("href", "/listen");
    await expect(listen).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    const [primary, secondary] = [(await learnMore.boundingBox())!, (await listen.boundingBox())!];
    expect(secondary.y).toBeGreaterThan(primary.y + primary.height);
    await learnMore.click();
  });

  await test.step("the biography slides in, with Bio marked as the current page", async () => {
    await expect(page).toHaveURL(/\/bio$/);
    await expect(page.getByRole("heading", { level: 1, name: "Biography" })).toBeVisible();
    await expect(main(page).locator("p")).toHaveText(content.bioParagraphs);
    // The single and the EP are out: the story says so, in the order of docs/features.md#bio.
    await expect(main(page).getByText(/"Mother", came out on March 7th 2025/)).toBeVisible();
    expect(await arrival(main(page))).toEqual({ name: "page-in", seconds: 1 });
    await expect(nav(page).locator("[aria-current=page]")).toHaveText(["Bio"]);
    await expectAccessible(page);
    await nav(page).getByRole("link", { name: "Tour", exact: true }).click();
  });

  const card = page.getByRole("region", { name: "Ireland Tour - April 2024" });

  await test.step("the tour card lists the fixture's three dates, each marked past, with Tour in bold in the nav", async () => {
    await expect(page).toHaveURL(/\/tour$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tour Dates" })).toBeVisible();
    expect(tourDates.map((date) => [date.dateText, date.venue.address.locality, date.link.kind])).toEqual([
      ["April 23rd", "Galway", "ticket"],
      ["April 26th", "Donegal Town", "venue"],
      ["May 2nd", "Dublin", "ticket"],
    ]);
    // Built in a later year than the tour's, each date says its year.
    await expect(card.getByRole("listitem")).toHaveText(
      tourDates.map((date) => new RegExp(`^\\s*${dayOf(date)}\\s*Past show[\\s\\S]*${venueOf(date)}`)),
    );
    await expect(card.getByRole("listitem").locator("time")).toHaveText([
      "April 23rd 2025",
      "April 26th 2025",
      "May 2nd 2025",
    ]);
    for (const item of await card.getByRole("listitem").all()) {
      await expect(item.getByText("Past show", { exact: true })).toBeVisible();
    }
    const weight = (name: string) =>
      nav(page)
        .getByRole("link", { name, exact: true })
        .evaluate((element) => Number(getComputedStyle(element).fontWeight));
    expect(await weight("Tour")).toBeGreaterThan(await weight("Bio"));
    await expect(nav(page).locator("[aria-current=page]")).toHaveText(["Tour"]);
  });

  await test.step("a show that is over offers no tickets; the card says none is coming up and leads to the news sign-up", async () => {
    await expect(card.getByRole("link", { name: /^(Tickets|Venue website)/ })).toHaveCount(0);
    for (const date of tourDates) expect(await page.content()).not.toContain(date.link.href);
    await expect(card.getByText("No shows coming up right now.")).toBeVisible();
    // No next show is shown above the dates.
    await expect(card.getByText(/^Next show:/)).toBeHidden();
    // Search engines are told of no event to go to: nothing scheduled in the past.
    const events = (await jsonLd(page)).filter((data) => data["@type"] === "MusicEvent");
    expect(events.filter((event) => Date.parse(String(event.startDate)) < Date.now())).toEqual([]);
    expect(events).toEqual([]);
    const signup = card.getByRole("link", { name: "Sign up for news to hear about the next tour first" });
    await expect(signup).toHaveAttribute("href", "/listen#signup");
  });

  await test.step("a show that is over offers no Add to calendar; its own file stays at its address, and the tour file holds every date, once each", async () => {
    const fetchCalendar = async (href: string) => {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toBe("text/calendar; charset=utf-8");
      return new ICAL.Component(ICAL.parse(await response.text()));
    };
    await expect(card.getByRole("link", { name: /^Add to calendar/ })).toHaveCount(0);
    const uids: unknown[] = [];
    for (const [index, date] of tourDates.entries()) {
      // The address a fan's calendar or an old link may hold answers with that date alone.
      const [event, ...others] = (await fetchCalendar(`/tour-dates/${date.id}.ics`)).getAllSubcomponents("vevent");
      expect(others).toEqual([]);
      expect(event.getFirstPropertyValue("summary")).toBe(`Orla Quinlan at ${venueOf(date)}`);
      // The address on the card is the address in the calendar.
      const address = await card.getByRole("listitem").nth(index).locator("p").nth(2).innerText();
      for (const part of address.split(", ")) expect(event.getFirstPropertyValue("location")).toContain(part);
      expect(event.getFirstPropertyValue("url")).toBe(date.link.href);
      uids.push(event.getFirstPropertyValue("uid"));
    }
    // With every show over, the card offers no "all dates" to add; calendars that hold the file keep it.
    await expect(card.getByRole("link", { name: "Add all dates to your calendar" })).toHaveCount(0);
    const feed = await fetchCalendar("/tour.ics");
    expect(feed.getFirstPropertyValue("x-wr-calname")).toBe("Orla Quinlan tour dates");
    // The same UID as each date's own file: adding both leaves one entry per date.
    expect(feed.getAllSubcomponents("vevent").map((event) => event.getFirstPropertyValue("uid"))).toEqual(uids);
    expect(new Set(uids).size).toBe(tourDates.length);
  });

  await test.step("on a wide screen the photo stays in view beside the card while the dates scroll by", async () => {
    const height = 480;
    await page.setViewportSize({ width: 1280, height });
    const photo = page.getByRole("img", { name: content.tour.photoAlt });
    const [photoBox, cardBox] = [(await photo.boundingBox())!, (await card.boundingBox())!];
    expect(photoBox.x).toBeGreaterThanOrEqual(cardBox.x + cardBox.width);
    // Scroll down to where the content ends and the footer starts, 10 px at a time.
    const views = await page.evaluate(() => {
      const rect = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const end = rect("footer").top + scrollY - innerHeight;
      const seen = [];
      for (let y = 0; y <= end + 10; y += 10) {
        scrollTo({ top: Math.min(y, end), behavior: "instant" });
        const picture = rect("main picture img");
        seen.push({
          y,
          inView: picture.top >= rect("header").bottom - 1 && picture.bottom <= innerHeight + 1,
          cardTop: rect("main section").top,
        });
      }
      return seen;
    });
    // From the moment the whole photo is on screen to the end of the content, it stays there…
    const first = views.findIndex((view) => view.inView);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(views.slice(first).filter((view) => !view.inView)).toEqual([]);
    expect(views.length - first).toBeGreaterThan(6);
    // …while the card scrolls away with the page.
    expect(views[first].cardTop - views.at(-1)!.cardTop).toBeGreaterThan(60);
  });

  await test.step("the footer names every profile and leads to the sign-up form", async () => {
    const links = page.getByRole("contentinfo");
    for (const service of content.streaming) {
      const link = links.getByRole("link", { name: onService(service.name), exact: true });
      await expect(link).toHaveAttribute("href", service.url);
      // An icon drawn inline, not a font or a file.
      await expect(link.locator("svg")).toHaveCount(1);
    }
    for (const profile of content.social) {
      const link = links.getByRole("link", { name: onService(profile.name), exact: true });
      await expect(link).toHaveAttribute("href", profile.url);
    }
    // Big enough to tap: at least 24 by 24 px.
    const sizes = await links
      .getByRole("link")
      .evaluateAll((all) =>
        all.map((link) => link.getBoundingClientRect()).map(({ width, height }) => ({ width, height })),
      );
    expect(sizes.filter(({ width, height }) => width < 24 || height < 24)).toEqual([]);
    await links.getByRole("link", { name: "Sign up for news" }).click();
    await expect(page).toHaveURL(/\/listen#signup$/);
    await expect(page.getByRole("textbox", { name: "Your e-mail address" })).toBeInViewport();
  });
});

test("a visitor on a phone opens the link in bio, moves around with the nav and saves the tour", async ({ page }) => {
  const phone = { width: 375, height: 740 };
  await page.setViewportSize(phone);

  await test.step("/listen shows the single, a big button per service and the sign-up, all within the screen's width", async () => {
    await page.goto("/listen");
    await expect(page.getByRole("heading", { level: 1, name: "Mother" })).toBeVisible();
    const cover = page.getByRole("img", { name: /^Cover of “Mother”/ });
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const fits = (element: Element) => {
      const box = element.getBoundingClientRect();
      return { right: box.right <= innerWidth, clipped: element.scrollWidth > element.clientWidth, height: box.height };
    };
    const { listen } = content.featured;
    for (const service of content.streaming) {
      const button = main(page).getByRole("link", { name: `Listen on ${service.name}` });
      await expect(button).toHaveAttribute("href", listen[service.id as keyof typeof listen]!);
      const { right, clipped, height } = await button.evaluate(fits);
      expect({ service: service.name, right, clipped, tallEnough: height >= 44 }).toEqual({
        service: service.name,
        right: true,
        clipped: false,
        tallEnough: true,
      });
    }
    await expect(page.getByRole("heading", { name: "Sign up for news" })).toBeVisible();
    expect(await page.getByRole("button", { name: "Sign me up" }).evaluate(fits)).toMatchObject({
      right: true,
      clipped: false,
    });
    await expect(main(page).getByRole("link", { name: "Orla Quinlan on Instagram" })).toHaveCount(1);
    // No show is coming up: where the next show would be, the way to hear of the next tour, on this page.
    const nextShow = page.getByRole("region", { name: "Next show" });
    await expect(nextShow.getByText("No shows coming up right now.")).toBeVisible();
    await expect(nextShow.getByRole("link", { name: /^Tickets/ })).toBeHidden();
    await nextShow.getByRole("link", { name: "Sign up for news to hear about the next tour first" }).click();
    await expect(page).toHaveURL(/\/listen#signup$/);
    await expect(page.getByRole("textbox", { name: "Your e-mail address" })).toBeInViewport();
    await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
    // Nothing runs off to the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectAccessible(page);
  });

  await test.step("the nav tightens past 50 px of scrolling and back, and nothing under it moves", async () => {
    const recorded = await recordLayout(page);
    const header = page.getByRole("banner");
    const padding = () => header.evaluate((element) => parseFloat(getComputedStyle(element).paddingTop));
    const loose = await padding();
    await page.mouse.move(180, 400);
    // Still loose at 50 px (docs/features.md#the-navigation-bar), tight one pixel further.
    await page.mouse.wheel(0, 50);
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(50);
    await waitForAnimations(page);
    expect(await padding()).toBe(loose);
    await page.mouse.wheel(0, 1);
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(51);
    await expect.poll(padding).toBeLessThan(loose);
    for (let step = 0; step < 3; step += 1) await page.mouse.wheel(0, 60);
    for (let step = 0; step < 6; step += 1) await page.mouse.wheel(0, -60);
    await expect.poll(padding).toBe(loose);
    await waitForAnimations(page);
    const { mainTops, shifts, tight } = await recorded();
    expect(tight).toContain(true);
    expect(Math.max(...mainTops) - Math.min(...mainTops)).toBeLessThan(0.5);
    expect(shifts).toEqual([]);
  });

  await test.step("the nav names the pages and takes the visitor to each", async () => {
    await expect(nav(page).getByRole("link", { name: "Orla Quinlan" })).toHaveAttribute("href", "/");
    for (const [label, href] of [
      ["Home", "/"],
      ["Bio", "/bio"],
      ["Tour", "/tour"],
      ["Merch", "/merch"],
    ]) {
      await expect(nav(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await nav(page).getByRole("link", { name: "Tour", exact: true }).click();
    await expect(page).toHaveURL(/\/tour$/);
  });

  await test.step("on a phone the tour photo waits under the card", async () => {
    const photo = page.getByRole("img", { name: content.tour.photoAlt });
    await expect(photo).toHaveAttribute("loading", "lazy");
    const cardBox = (await page.getByRole("region", { name: content.tour.title }).boundingBox())!;
    const photoBox = (await photo.boundingBox())!;
    expect(photoBox.y).toBeGreaterThanOrEqual(cardBox.y + cardBox.height);
    expect(photoBox.width).toBeGreaterThan(300);
    // The links wrap on a phone without breaking accessibility.
    await expectAccessible(page);
  });
});

test("a visitor whose clock reads a year on finds the tour as the build left it, and nothing on the page moves", async ({
  page,
}) => {
  // The page's own script decides again with the visitor's clock; a show over at the build stays over.
  await page.clock.install({ time: new Date(Date.now() + 365 * 86_400_000) });
  await recordLayoutShifts(page);
  for (const path of ["/", "/tour", "/listen"]) {
    await test.step(path, async () => {
      await page.goto(path);
      await waitForAnimations(page);
      if (path === "/tour") await expect(main(page).getByText("Past show", { exact: true })).toHaveCount(3);
      await expect(main(page).getByText("No shows coming up right now.")).toBeVisible();
      await expect(main(page).getByRole("link", { name: /^(Tickets|Venue website|Add to calendar)/ })).toHaveCount(0);
      // Every show on the page is marked over, by the build and again by the script.
      expect(
        await page.locator("[data-ends]").evaluateAll((all) => all.every((show) => show.hasAttribute("data-past"))),
      ).toBe(true);
      expect(await layoutShifts(page)).toEqual([]);
    });
  }
});

test("a short page stays at its end when the nav tightens there", async ({ page }) => {
  await page.goto("/merch");
  await waitForAnimations(page);
  // A window 65 px shorter than the page: the end is past the 50 px at which the nav tightens, and
  // within the 24 px its padding gives up, which, were the page to shrink, would pull it back.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: height - 65 });
  const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  expect(end).toBeGreaterThan(50);
  expect(end).toBeLessThan(75);
  for (const how of ["End key", "wheel"]) {
    await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
    await waitForAnimations(page);
    const recorded = await recordLayout(page);
    if (how === "End key") {
      await page.getByRole("heading", { level: 1, name: "Merchandise" }).click();
      await page.keyboard.press("End");
    } else {
      await page.mouse.move(640, 300);
      await page.mouse.wheel(0, 400);
    }
    await expect.poll(() => page.evaluate(() => scrollY), { message: how }).toBe(end);
    // Once the bar has finished tightening (and a frame later), still at the end, and nothing moved.
    await waitForAnimations(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => scrollY), how).toBe(end);
    const { mainTops, shifts, tight } = await recorded();
    expect(tight.at(-1), how).toBe(true);
    expect(Math.max(...mainTops) - Math.min(...mainTops), how).toBeLessThan(0.5);
    expect(shifts, how).toEqual([]);
  }
});

test.describe("with less motion asked for", () => {
  test.use({ reducedMotion: "reduce" });

  test("a visitor who asked for less motion gets each page at once: nothing fades or slides in", async ({ page }) => {
    await page.goto("/");
    const tagline = page.getByText('Debut Single "Mother" out now', { exact: true });
    await expect(tagline).toBeVisible();
    expect((await arrival(tagline.locator("xpath=.."))).name).toBe("none");
    await expect(tagline.locator("xpath=..")).toHaveCSS("opacity", "1");
    await page.getByRole("link", { name: "Learn More about the artist" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Biography" })).toBeVisible();
    expect((await arrival(main(page))).name).toBe("none");
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  });
});

test("a mistyped address gets the not-found page, which leads back home", async ({ page, consoleErrors }) => {
  const broken: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== "document") broken.push(response.url());
  });
  // Among them, calendar files' addresses mistyped as a person or a mail program does: an old date, capitals,
  // a slash at the end. Each gets the page, never a calendar download of it.
  const mistyped = [
    "/no-such-page",
    "/tour/2023",
    "/%E0%A4%A",
    "/tour-dates/galway-2024-04-23.ics",
    "/tour-dates/Galway-2025-04-23.ics",
    "/TOUR.ics",
    "/tour.ics/",
  ];
  for (const path of mistyped) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
      await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
      await expect(page.getByText("404 Not Found", { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(/404 Not Found/);
      // The shared nav is there to find a way back.
      await expect(nav(page)).toBeVisible();
    });
  }
  // Every file the page needs loads; the browser reports only the page's own 404.
  expect(broken).toEqual([]);
  expect(claim(consoleErrors, /status of 404/)).toHaveLength(mistyped.length);
  // Kept out of search results.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expectAccessible(page);
  await main(page).getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" })).toBeVisible();
});

/**
 * Starts recording, every frame, where the main content sits in the document and whether the nav
 * is tight, and every layout shift of the page: the bar's own links move as its padding changes,
 * anything else that moves is a shift.
 */
async function recordLayout(page: Page) {
  await recordLayoutShiftsFromNow(page);
  await page.evaluate(() => {
    const content = document.getElementById("main")!;
    const bar = document.getElementById("site-nav")!;
    const log = { mainTops: [] as number[], tight: [] as boolean[] };
    (window as unknown as { __layout: typeof log }).__layout = log;
    const frame = () => {
      log.mainTops.push(content.getBoundingClientRect().top + scrollY);
      log.tight.push(bar.hasAttribute("data-scrolled"));
      requestAnimationFrame(frame);
    };
    frame();
  });
  return async () => ({
    ...(await page.evaluate(
      () => (window as unknown as { __layout: { mainTops: number[]; tight: boolean[] } }).__layout,
    )),
    shifts: await layoutShifts(page, { outside: "#site-nav" }),
  });
}
