#!/usr/bin/env node
// @ts-check
/**
 * Rasterises the site's placeholder artwork (drawn in tools/artwork.mjs) with
 * sharp into src/assets/, and the sharing cards and the site's icons
 * (src/lib/site-icons.mjs) into public/. Replace any file with a real photo
 * or icon of the same name and the pages pick it up.
 * Run: npm run artwork
 */
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import {
  APPLE_TOUCH_ICON,
  FAVICON_ICO,
  FAVICON_SVG,
  MANIFEST_ICONS,
  NOTE_COLOUR,
  THEME_COLOUR,
} from "../src/lib/site-icons.mjs";
import { landscape, siteIcon, singleCover, stageScene, toteBag } from "../tools/artwork.mjs";
import { icoFile } from "../tools/ico.mjs";

const out = new URL("../src/assets/", import.meta.url);
mkdirSync(new URL("photos/", out), { recursive: true });

/**
 * Rasterises `svg` into src/assets/`file`.
 * @param {string} svg
 * @param {string} file
 * @param {{ width: number, height: number, quality?: number, format?: "jpeg" | "png" }} options
 */
async function render(svg, file, { width, height, quality = 78, format = "jpeg" }) {
  const image = sharp(Buffer.from(svg)).resize(width, height);
  const target = new URL(file, out);
  await (format === "png" ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality, mozjpeg: true })).toFile(
    target.pathname,
  );
  console.log(`wrote src/assets/${file}`);
}

const hues = [265, 210, 330, 20, 180, 290, 240];
await render(stageScene({ seed: 7, width: 2400, height: 1350, hue: 250, x: 0.62 }), "hero.jpg", {
  width: 2400,
  height: 1350,
});
await render(landscape({ seed: 3, width: 1200, height: 1600, hue: 140 }), "tour.jpg", { width: 1200, height: 1600 });
for (const [index, hue] of hues.entries()) {
  const svg =
    index === 3
      ? landscape({ seed: 11 + index, width: 1920, height: 1080, hue: 120 })
      : stageScene({ seed: 11 + index, width: 1920, height: 1080, hue, x: 0.3 + ((index * 0.17) % 0.45) });
  await render(svg, `photos/live-${index + 1}.jpg`, { width: 1920, height: 1080 });
}
await render(toteBag({ width: 1200, height: 1200, background: "#f5f1ea" }), "tote-bag.jpg", {
  width: 1200,
  height: 1200,
});
await render(toteBag({ width: 1200, height: 1200, background: "#c9d6cf" }), "tote-bag-detail.jpg", {
  width: 1200,
  height: 1200,
});
// The default sharing image (1200x630) lives in public/ so its URL is stable.
await sharp(Buffer.from(stageScene({ seed: 7, width: 1200, height: 630, hue: 250, x: 0.62 })))
  .jpeg({ quality: 80, mozjpeg: true })
  .toFile(new URL("../public/og-image.jpg", import.meta.url).pathname);
console.log("wrote public/og-image.jpg");

// The single's cover for /listen, and its sharing card: the cover beside a dark band.
await render(singleCover({ width: 1200, height: 1200 }), "mother-cover.jpg", { width: 1200, height: 1200 });
await sharp(Buffer.from(singleCover({ width: 1200, height: 630 })))
  .jpeg({ quality: 80, mozjpeg: true })
  .toFile(new URL("../public/og-listen.jpg", import.meta.url).pathname);
console.log("wrote public/og-listen.jpg");

// The site's icons: the tab's (SVG, and ICO for whatever asks for /favicon.ico), the home screen's, the manifest's.
/** @param {string} path a site path such as /favicon.svg, written into public/ */
const publicFile = (path) => new URL(`../public${path}`, import.meta.url).pathname;
/**
 * The icon as a PNG of `size` pixels.
 * @param {number} size
 * @param {boolean} rounded
 */
const iconPng = (size, rounded) =>
  sharp(Buffer.from(siteIcon({ tile: THEME_COLOUR, note: NOTE_COLOUR, rounded, size })))
    .png({ compressionLevel: 9 })
    .toBuffer();
writeFileSync(publicFile(FAVICON_SVG), siteIcon({ tile: THEME_COLOUR, note: NOTE_COLOUR, rounded: true }));
const tabSizes = await Promise.all(FAVICON_ICO.sizes.map(async (size) => ({ size, png: await iconPng(size, true) })));
writeFileSync(publicFile(FAVICON_ICO.path), icoFile(tabSizes));
writeFileSync(publicFile(APPLE_TOUCH_ICON.path), await iconPng(APPLE_TOUCH_ICON.size, false));
for (const { path, size } of MANIFEST_ICONS) writeFileSync(publicFile(path), await iconPng(size, true));
console.log(
  `wrote public${FAVICON_SVG}, public${FAVICON_ICO.path}, public${APPLE_TOUCH_ICON.path}, ` +
    MANIFEST_ICONS.map(({ path }) => `public${path}`).join(", "),
);
