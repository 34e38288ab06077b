import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

describe("shared navigation", () => {
  it("links the artist name home and shows Home, Bio, Tour and Merch", async () => {
    const { page } = await openPage(getBrowser, "/bio");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Orla Quinlan" }).getAttribute("href")).resolves.toBe("/");
    for (const [label, href] of [
      ["Home", "/"],
      ["Bio", "/bio"],
      ["Tour", "/tour"],
      ["Merch", "/merch"],
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true }).getAttribute("href")).resolves.toBe(href);
    }
    await page.context().close();
  });

  it("shows the current page's link in a heavier weight", async () => {
    const { page } = await openPage(getBrowser, "/tour");
    const nav = page.getByRole("navigation", { name: "Main" });
    const weight = (name: string) =>
      nav.getByRole("link", { name, exact: true }).evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(await weight("Tour")).toBeGreaterThan(await weight("Bio"));
    await expect(nav.getByRole("link", { name: "Tour", exact: true }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
    await page.context().close();
  });

  it("tightens its padding once the page has scrolled more than 50 px", async () => {
    const { page } = await openPage(getBrowser, "/bio", { viewport: { width: 390, height: 400 } });
    const header = page.getByRole("banner");
    const padding = () => header.evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
    // Long enough to scroll whatever the page's copy is.
    await page.evaluate(() => (document.body.style.minHeight = "3000px"));
    const before = await padding();
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(400);
    expect(await padding()).toBe(before);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(padding, { timeout: 2000 }).toBeLessThan(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(padding, { timeout: 2000 }).toBe(before);
    await page.context().close();
  });

  describe("tightening without moving the page", () => {
    /**
     * Starts recording, every frame, where the main content sits in the document and whether the
     * bar is tight, plus every layout shift the browser reports.
     */
    async function record(page: Page) {
      await settled(page);
      await page.evaluate(() => {
        const main = document.getElementById("main")!;
        const nav = document.getElementById("site-nav")!;
        const log = { mainTops: [] as number[], shifts: [] as number[], tight: [] as boolean[] };
        (window as unknown as { __nav: typeof log }).__nav = log;
        // The bar's own links move as its padding changes; anything else that moves is a shift of the page.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const { value, sources } = entry as unknown as { value: number; sources: { node?: Node }[] };
            if (sources.some((source) => !source.node || !nav.contains(source.node))) log.shifts.push(value);
          }
        }).observe({ type: "layout-shift", buffered: false });
        const frame = () => {
          log.mainTops.push(main.getBoundingClientRect().top + window.scrollY);
          log.tight.push(nav.hasAttribute("data-scrolled"));
          requestAnimationFrame(frame);
        };
        frame();
      });
      return () =>
        page.evaluate(
          () => (window as unknown as { __nav: { mainTops: number[]; shifts: number[]; tight: boolean[] } }).__nav,
        );
    }

    /** Waits for the page's fade-in: its slide moves the content, and its transform adds to the page's height. */
    const settled = (page: Page) =>
      page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
    const scrollMax = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

    it.each(["/bio", "/tour", "/merch", "/listen"])(
      "%s: scrolling down past 50 px and back up with the wheel moves nothing under the bar",
      async (path) => {
        const { page, errors } = await openPage(getBrowser, path, { viewport: { width: 390, height: 700 } });
        expect(await scrollMax(page)).toBeGreaterThan(200);
        const recorded = await record(page);
        await page.mouse.move(195, 400);
        for (let step = 0; step < 4; step += 1) {
          await page.mouse.wheel(0, 60);
          await page.waitForTimeout(120);
        }
        await expect.poll(async () => (await recorded()).tight.at(-1)).toBe(true);
        await page.waitForTimeout(500);
        for (let step = 0; step < 6; step += 1) {
          await page.mouse.wheel(0, -60);
          await page.waitForTimeout(120);
        }
        await expect.poll(async () => (await recorded()).tight.at(-1)).toBe(false);
        await page.waitForTimeout(500);
        const { mainTops, shifts, tight } = await recorded();
        expect(tight).toContain(true);
        expect(Math.max(...mainTops) - Math.min(...mainTops)).toBeLessThan(0.5);
        expect(shifts).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      },
    );

    it.each(["End", "wheel"] as const)(
      "a page with 50 to 74 px to scroll stays at its end after scrolling there (%s)",
      async (how) => {
        const { page } = await openPage(getBrowser, "/merch", { viewport: { width: 1280, height: 800 } });
        // Size the window so that the page has 65 px to scroll, as in the report.
        await settled(page);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width: 1280, height: height - 65 });
        const max = await scrollMax(page);
        expect(max).toBeGreaterThan(50);
        expect(max).toBeLessThan(75);
        const recorded = await record(page);
        if (how === "End") {
          await page.locator("body").click({ position: { x: 5, y: 300 } });
          await page.keyboard.press("End");
        } else {
          await page.mouse.move(640, 300);
          await page.mouse.wheel(0, 400);
        }
        await expect.poll(() => scrollY(page)).toBe(max);
        // Well past the bar's 300 ms transition: still at the end, bar tight, nothing moved.
        await page.waitForTimeout(1000);
        expect(await scrollY(page)).toBe(max);
        const { mainTops, shifts, tight } = await recorded();
        expect(tight.at(-1)).toBe(true);
        expect(Math.max(...mainTops) - Math.min(...mainTops)).toBeLessThan(0.5);
        expect(shifts).toEqual([]);
        await page.context().close();
      },
    );
  });
});
