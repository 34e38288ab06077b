import { describe, expect, it } from "vitest";
import { axeViolations, baseURL, useBrowser } from "./browser";
import { visit } from "./visit";

const getBrowser = useBrowser();

describe("unknown routes", () => {
  it.each(["/no-such-page", "/tour/2023", "/%E0%A4%A", "/tour-dates/galway-2024-04-23.ics"])(
    "%s answers 404 with the not-found page",
    async (path) => {
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
    },
  );

  it("answers a mistyped tour date file with the 404 page as a page, while the real file stays a calendar", async () => {
    const miss = await fetch(`${baseURL}/tour-dates/galway-2024-04-23.ics`);
    expect(miss.status).toBe(404);
    expect(miss.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await miss.text()).toContain("404 Not Found");
    const hit = await fetch(`${baseURL}/tour-dates/galway-2025-04-23.ics`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    await hit.arrayBuffer();
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
