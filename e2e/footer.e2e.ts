import { describe, expect, it } from "vitest";
import { social, streaming } from "../src/data/links";
import { useBrowser } from "./browser";
import { visit } from "./visit";

const getBrowser = useBrowser();
const everyPage = ["/", "/bio", "/tour", "/listen", "/epk", "/merch", "/roadmap", "/contacts", "/calendar", "/fans"];

describe("the footer", () => {
  it.each(everyPage)("%s ends with the streaming and social links, each named, and a way to sign up", async (path) => {
    const { page, close } = await visit(getBrowser, path);
    const footer = page.getByRole("contentinfo");
    for (const service of streaming) {
      const link = footer.getByRole("link", { name: `Orla Quinlan on ${service.name}`, exact: true });
      expect(await link.getAttribute("href"), service.name).toBe(service.profile);
      // An icon drawn inline, not a font or a file.
      expect(await link.locator("svg").count()).toBe(1);
    }
    for (const profile of social) {
      const link = footer.getByRole("link", { name: `Orla Quinlan on ${profile.name}`, exact: true });
      expect(await link.getAttribute("href"), profile.name).toBe(profile.href);
    }
    expect(await footer.getByRole("link", { name: "Sign up for news" }).getAttribute("href")).toBe("/listen#signup");
    // Big enough to tap: at least 24 by 24 px (WCAG 2.2 target size).
    for (const box of await footer
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => link.getBoundingClientRect()).map(({ width, height }) => ({ width, height })),
      )) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await close();
  });

  it("takes a fan from any page to the sign-up form", async () => {
    const { page, close } = await visit(getBrowser, "/bio");
    await page.getByRole("contentinfo").getByRole("link", { name: "Sign up for news" }).click();
    await page.waitForURL((url) => url.pathname === "/listen" && url.hash === "#signup");
    await expect(page.getByRole("textbox", { name: "Your e-mail address" }).isVisible()).resolves.toBe(true);
    await close();
  });
});
