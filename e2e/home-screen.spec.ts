/**
 * The site's icons, as a fan's browser finds them: every page names the tab's icon, the home-screen icon
 * and the web manifest in its head; each answers as the site is served, with its type and size; the
 * browser decodes the ICO and reads the manifest under the site's Content-Security-Policy.
 */
import { ALL_PAGES } from "../src/data/pages.mjs";
import { directiveSources } from "../src/integrations/csp.mjs";
import { claim, expect, imageSize, test } from "./fixtures";

/** The head's icon and manifest links, by what each is for. */
const headLinks = (page: import("@playwright/test").Page) =>
  page
    .locator("head link[rel~=icon], head link[rel=apple-touch-icon], head link[rel=manifest]")
    .evaluateAll((links) => links.map((link) => `${link.getAttribute("rel")} ${link.getAttribute("href")}`));

test("every page, the not-found page too, names the icons and the web manifest", async ({ page, consoleErrors }) => {
  for (const path of [...ALL_PAGES, "/no-such-page"]) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    expect(await headLinks(page), path).toEqual([
      "icon /favicon.ico",
      "icon /favicon.svg",
      "apple-touch-icon /apple-touch-icon.png",
      "manifest /manifest.webmanifest",
    ]);
  }
  claim(consoleErrors, /status of 404/);
});

test("the icons and the manifest answer with their type and size, and the browser reads them", async ({
  page,
  request,
}) => {
  const get = async (path: string, type: string) => {
    const response = await request.get(path);
    expect([response.status(), response.headers()["content-type"]], path).toEqual([200, type]);
    return response.body();
  };
  expect(await imageSize(await get("/apple-touch-icon.png", "image/png"))).toEqual({
    format: "png",
    width: 180,
    height: 180,
  });
  await get("/favicon.ico", "image/x-icon");
  await get("/favicon.svg", "image/svg+xml");

  const manifest = JSON.parse((await get("/manifest.webmanifest", "application/manifest+json")).toString());
  expect(manifest).toMatchObject({ name: "Orla Quinlan", short_name: "Orla Quinlan", start_url: "/" });
  expect(manifest.display).toBe("standalone");
  for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const { width, height } = await imageSize(await get(icon.src, icon.type));
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }

  const response = await page.goto("/");
  expect(directiveSources(response!.headers()["content-security-policy"] ?? "", "manifest-src")).toEqual(["'self'"]);
  // The browser decodes the ICO (it picks one of its sizes) ...
  const decoded = await page.evaluate(async () => {
    const image = new Image();
    image.src = "/favicon.ico";
    await image.decode();
    return image.naturalWidth;
  });
  expect([16, 32, 48]).toContain(decoded);
  // ... and reads the manifest the page links, as it does when a fan installs the site.
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send("Page.getAppManifest", {});
  expect(read.errors).toEqual([]);
  expect(new URL(read.url).pathname).toBe("/manifest.webmanifest");
  expect(JSON.parse(read.data ?? "{}").name).toBe("Orla Quinlan");
});
