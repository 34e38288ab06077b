// The photos' encodings kept with the project: a build starts with them in Astro's image cache, so it copies
// them instead of encoding each photo again, and `npm run images` keeps exactly those the last build used.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ENCODED_FOLDER, IMAGE_CACHE_FOLDER, seedImageCache, storeEncodedImages } from "./encoded-images.mjs";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "stagedoor-encoded-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` (name → content) into `folder` under the project. */
function write(folder: string, files: Record<string, string>) {
  mkdirSync(join(root, folder), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, folder, name), text);
}
const contents = (folder: string) =>
  Object.fromEntries(
    readdirSync(join(root, folder)).map((name) => [name, readFileSync(join(root, folder, name), "utf8")]),
  );

describe("a build's start", () => {
  it("puts every kept encoding the image cache lacks into it, and leaves those it has as they are", () => {
    write(ENCODED_FOLDER, {
      "README.md": "what this is",
      "tour.Ab_1x.avif": "kept avif",
      "tour.Ab_2y.webp": "kept webp",
    });
    write(IMAGE_CACHE_FOLDER, { "tour.Ab_2y.webp": "cached webp" });
    expect(seedImageCache(root)).toBe(1);
    expect(contents(IMAGE_CACHE_FOLDER)).toEqual({ "tour.Ab_1x.avif": "kept avif", "tour.Ab_2y.webp": "cached webp" });
    expect(seedImageCache(root)).toBe(0);
  });

  it("leaves the image cache alone when the project keeps no encodings", () => {
    expect(seedImageCache(root)).toBe(0);
    write(ENCODED_FOLDER, { "README.md": "what this is" });
    expect(seedImageCache(root)).toBe(0);
    expect(existsSync(join(root, IMAGE_CACHE_FOLDER))).toBe(false);
  });
});

describe("npm run images", () => {
  it("keeps the encodings the build uses, none of its scripts or plain copies, and drops those it no longer uses", () => {
    write("dist/_astro", {
      "index.Xy12.js": "script",
      "hero.Cd34.jpg": "the photo as it is",
      "hero.Cd34_1a.avif": "new hero avif",
      "tour.Ab_1x.avif": "tour avif",
    });
    write(IMAGE_CACHE_FOLDER, {
      "hero.Cd34_1a.avif": "new hero avif",
      "tour.Ab_1x.avif": "tour avif",
      "old-hero.Ef56_1a.avif": "an encoding of a photo since replaced",
    });
    write(ENCODED_FOLDER, {
      "README.md": "what this is",
      "tour.Ab_1x.avif": "tour avif",
      "old-hero.Ef56_1a.avif": "an encoding of a photo since replaced",
    });
    expect(storeEncodedImages(root, join(root, "dist"))).toEqual({
      stored: ["hero.Cd34_1a.avif"],
      removed: ["old-hero.Ef56_1a.avif"],
    });
    expect(contents(ENCODED_FOLDER)).toEqual({
      "README.md": "what this is",
      "hero.Cd34_1a.avif": "new hero avif",
      "tour.Ab_1x.avif": "tour avif",
    });
    expect(storeEncodedImages(root, join(root, "dist"))).toEqual({ stored: [], removed: [] });
  });
});
