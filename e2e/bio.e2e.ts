import { describe, expect, it } from "vitest";
import { axeViolations, useBrowser } from "./browser";
import { htmlAndCssGzipBytes, inlineScriptBytes, visit } from "./visit";

const getBrowser = useBrowser();

describe("biography page", () => {
  it("tells the story in the spec's order, one paragraph per topic", async () => {
    const { page, errors, close } = await visit(getBrowser, "/bio");
    await expect(page.getByRole("heading", { level: 1, name: "Biography" }).isVisible()).resolves.toBe(true);
    const paragraphs = (await page.getByRole("main").locator("p").allInnerTexts()).map((p) => p.replace(/\s+/g, " "));
    const topics = [
      /Ones To Watch Festival in 2024.*2025/,
      /folk, indie and Irish music/,
      /management deal/,
      /August 2024/,
      /produced with [A-Z]\w+ [A-Z]\w+ and [A-Z]\w+ [A-Z]\w+/,
      /"Mother".*March 7th 2025.*domestic violence/,
      /full EP releases in April.*tour/,
    ];
    // Each topic is found in a paragraph at or after the previous topic's paragraph.
    let index = 0;
    for (const topic of topics) {
      const found = paragraphs.findIndex((text, i) => i >= index && topic.test(text));
      expect(found, `${topic} after paragraph ${index}`).toBeGreaterThanOrEqual(index);
      index = found;
    }
    expect(paragraphs.length).toBeGreaterThanOrEqual(5);
    expect(errors).toEqual([]);
    await close();
  });

  it("marks Bio as the current page in the nav", async () => {
    const { page, close } = await visit(getBrowser, "/bio");
    const current = page.getByRole("navigation", { name: "Main" }).locator("[aria-current=page]");
    expect(await current.allInnerTexts()).toEqual(["Bio"]);
    await close();
  });

  it("slides the page in over about a second", async () => {
    const { page, close } = await visit(getBrowser, "/bio");
    const animation = await page
      .getByRole("main")
      .evaluate((el) => [getComputedStyle(el).animationName, parseFloat(getComputedStyle(el).animationDuration)]);
    expect(animation).toEqual(["page-in", 1]);
    await close();
  });

  it("loads no JavaScript file, under 1 KB of inline script, 14 KB of HTML and CSS, and has no accessibility violations", async () => {
    const { page, scripts, close } = await visit(getBrowser, "/bio");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await inlineScriptBytes(page)).toBeLessThan(1024);
    // HTML and CSS fit in the first 14 KB the server sends.
    expect(await htmlAndCssGzipBytes("/bio")).toBeLessThanOrEqual(14 * 1024);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
