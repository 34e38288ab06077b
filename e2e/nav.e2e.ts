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
});
