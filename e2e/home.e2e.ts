import { describe, expect, it } from "vitest";
import { axeViolations, useBrowser } from "./browser";
import { htmlAndCssGzipBytes, inlineScriptBytes, jsonLd, visit } from "./visit";

const getBrowser = useBrowser();

describe("home page", () => {
  it("shows the artist name and the single over a full-screen hero image", async () => {
    const { page, errors, close } = await visit(getBrowser, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Debut Single "Mother" out now', { exact: true }).isVisible()).resolves.toBe(true);
    // The hero fills the screen below the nav bar.
    const hero = await page.locator("main section").first().boundingBox();
    const nav = await page.getByRole("banner").boundingBox();
    expect(hero!.height + nav!.height).toBeGreaterThanOrEqual(800 - 1);
    expect(hero!.width).toBe(1280);
    expect(errors).toEqual([]);
    await close();
  });

  it("loads the hero image first: eager, high priority, AVIF and WebP with explicit size", async () => {
    const { page, close } = await visit(getBrowser, "/");
    const image = page.locator("main picture img");
    expect(await image.getAttribute("loading")).toBe("eager");
    expect(await image.getAttribute("fetchpriority")).toBe("high");
    expect(Number(await image.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await image.getAttribute("height"))).toBeGreaterThan(0);
    const types = await page
      .locator("main picture source")
      .evaluateAll((sources) => sources.map((s) => s.getAttribute("type")));
    expect(types).toEqual(["image/avif", "image/webp"]);
    const srcset = (await page.locator("main picture source").first().getAttribute("srcset")) ?? "";
    expect(srcset.split(",").length).toBeGreaterThan(2);
    // The browser picked and decoded one of them.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await close();
  });

  it("fades the name and the single in over about a second", async () => {
    const { page, close } = await visit(getBrowser, "/");
    const text = page.getByText('Debut Single "Mother" out now', { exact: true }).locator("xpath=..");
    const animation = await text.evaluate((el) => {
      const style = getComputedStyle(el);
      return { name: style.animationName, duration: parseFloat(style.animationDuration) };
    });
    expect(animation.name).toBe("fade-in");
    expect(animation.duration).toBeGreaterThanOrEqual(0.6);
    expect(animation.duration).toBeLessThanOrEqual(1.5);
    // And it ends fully visible.
    await expect.poll(() => text.evaluate((el) => getComputedStyle(el).opacity), { timeout: 3000 }).toBe("1");
    await close();
  });

  it("offers a quieter second way to the single, below Learn More", async () => {
    const { page, close } = await visit(getBrowser, "/");
    const learnMore = page.getByRole("link", { name: "Learn More about the artist" });
    const listen = page.getByRole("main").getByRole("link", { name: "Listen to “Mother”" });
    expect(await listen.getAttribute("href")).toBe("/listen");
    const [primary, secondary] = [(await learnMore.boundingBox())!, (await listen.boundingBox())!];
    expect(secondary.y).toBeGreaterThan(primary.y + primary.height);
    // Quieter: a text link, not a filled button.
    expect(await listen.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgba(0, 0, 0, 0)");
    await listen.click();
    await page.waitForURL(/\/listen$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mother" }).isVisible()).resolves.toBe(true);
    await close();
  });

  it("takes the visitor to the biography with Learn More", async () => {
    const { page, close } = await visit(getBrowser, "/");
    await page.getByRole("link", { name: "Learn More about the artist" }).click();
    await page.waitForURL(/\/bio$/);
    await expect(page.getByRole("heading", { level: 1, name: "Biography" }).isVisible()).resolves.toBe(true);
    await close();
  });

  it("describes the artist as a schema.org MusicGroup", async () => {
    const { page, close } = await visit(getBrowser, "/");
    const group = (await jsonLd(page)).find((data) => data["@type"] === "MusicGroup");
    expect(group).toMatchObject({ "@context": "https://schema.org", name: "Orla Quinlan" });
    expect(String(group!.url)).toMatch(/^https:\/\//);
    expect(String(group!.image)).toMatch(/^https:\/\/.+\.jpg$/);
    await close();
  });

  it("loads no JavaScript file, under 1 KB of inline script, 14 KB of HTML and CSS, and has no accessibility violations", async () => {
    const { page, scripts, close } = await visit(getBrowser, "/");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await inlineScriptBytes(page)).toBeLessThan(1024);
    // HTML and CSS fit in the first 14 KB the server sends.
    expect(await htmlAndCssGzipBytes("/")).toBeLessThanOrEqual(14 * 1024);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
