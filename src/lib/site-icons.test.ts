// The icons a fan's browser and home screen show, and the manifest that names them: what the manifest
// says matches the files `npm run artwork` drew into public/.
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { site } from "../data/site";
import { siteSettings } from "../data/site-settings";
import { APPLE_TOUCH_ICON, FAVICON_ICO, MANIFEST_ICONS, webManifest } from "./site-icons.mjs";

const publicFile = (path: string) => readFileSync(new URL(`../../public${path}`, import.meta.url));

describe("the web manifest", () => {
  const manifest = webManifest({ ...site, description: siteSettings.description });

  it("names the site, opens the home page full screen, in the site's colours", () => {
    expect(manifest).toMatchObject({
      name: "Orla Quinlan",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    // A home screen shows about 12 characters under an icon before it cuts the name short.
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it("lists a 192 and a 512 pixel icon, each a PNG of that size in public/", async () => {
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of manifest.icons) {
      const { format, width, height } = await sharp(publicFile(icon.src)).metadata();
      expect([format, `${width}x${height}`], icon.src).toEqual(["png", icon.sizes]);
    }
    expect(MANIFEST_ICONS.map((icon) => icon.path)).toEqual(manifest.icons.map((icon) => icon.src));
  });
});

describe("the icons in public/", () => {
  it("has the home-screen icon an iPhone asks for: a 180 pixel square PNG, opaque to its corners", async () => {
    const icon = sharp(publicFile(APPLE_TOUCH_ICON.path));
    expect(await icon.metadata()).toMatchObject({ format: "png", width: 180, height: 180 });
    // iOS rounds the corners itself; a transparent corner would show black.
    const { data, info } = await icon.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[info.channels - 1]).toBe(255);
  });

  it("has /favicon.ico with the tab's sizes", () => {
    const ico = publicFile(FAVICON_ICO.path);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => ico.readUInt8(6 + 16 * index));
    expect(sizes).toEqual(FAVICON_ICO.sizes);
  });
});
