import { describe, expect, it } from "vitest";
import { axeViolations, useBrowser } from "./browser";
import { visit } from "./visit";

const getBrowser = useBrowser();

describe("unknown routes", () => {
  it.each(["/no-such-page", "/tour/2023", "/%E0%A4%A"])("%s answers 404 with the not-found page", async (path) => {
    const { page, response, errors, broken, close } = await visit(getBrowser, path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText("404 Not Found", { exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.title()).toContain("404 Not Found");
    // The shared nav is there to find a way back.
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(true);
    // Every file the page needs loads; the only console error is Chrome reporting the page's own 404.
    expect(broken).toEqual([]);
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await close();
  });

  it("is kept out of search results and leads back home", async () => {
    const { page, close } = await visit(getBrowser, "/no-such-page");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" }).isVisible()).resolves.toBe(true);
    await close();
  });

  it("has no accessibility violations", async () => {
    const { page, close } = await visit(getBrowser, "/no-such-page");
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
