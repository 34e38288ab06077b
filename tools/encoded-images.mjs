// @ts-check
/**
 * The pages' images, encoded once and kept with the project. Astro encodes each photo in every size and format
 * the pages ask for (AVIF, WebP, JPEG), about 130 files and most of a clean build's time, and keeps each in its
 * image cache under the name it gets in dist/_astro/. That name carries a hash of the photo and of the size and
 * format, so a file of that name can only ever hold that encoding. src/assets/encoded/ holds the encodings the
 * pages use: every build first copies them into the image cache, so Astro reuses them instead of encoding them
 * again (on a clean clone and on Netlify alike), and a photo without one is encoded as before. `npm run images`
 * stores the current ones after a photo has changed.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Where the encodings are kept, in the project. */
export const ENCODED_FOLDER = "src/assets/encoded";
/** Astro's image cache, under its default cacheDir (astro.config.mjs does not move it). */
export const IMAGE_CACHE_FOLDER = "node_modules/.astro/assets";
/** The file in ENCODED_FOLDER that says what the folder is; never an encoding. */
const README = "README.md";

/** @param {string} folder */
const filesIn = (folder) => (existsSync(folder) ? readdirSync(folder).filter((name) => name !== README) : []);

/**
 * Copies each kept encoding that Astro's image cache lacks into it. One already there is left alone.
 * @param {string} root the project's folder
 * @returns {number} how many were copied
 */
export function seedImageCache(root) {
  const kept = filesIn(join(root, ENCODED_FOLDER));
  if (kept.length === 0) return 0;
  const cache = join(root, IMAGE_CACHE_FOLDER);
  mkdirSync(cache, { recursive: true });
  let copied = 0;
  for (const name of kept) {
    if (existsSync(join(cache, name))) continue;
    copyFileSync(join(root, ENCODED_FOLDER, name), join(cache, name));
    copied += 1;
  }
  return copied;
}

/**
 * Keeps exactly the encodings `build` uses: each file of its _astro/ folder that Astro's image cache holds
 * (an encoding, not a script, a style sheet or a photo copied as it is) is copied in, and each kept one the
 * build no longer uses is deleted.
 * @param {string} root the project's folder
 * @param {string} build a finished build's folder, e.g. dist/
 * @returns {{ stored: string[], removed: string[] }} the names copied in and the names deleted
 */
export function storeEncodedImages(root, build) {
  const cache = join(root, IMAGE_CACHE_FOLDER);
  const folder = join(root, ENCODED_FOLDER);
  const cached = new Set(filesIn(cache));
  const used = filesIn(join(build, "_astro")).filter((name) => cached.has(name));
  mkdirSync(folder, { recursive: true });
  const kept = new Set(filesIn(folder));
  const stored = used.filter((name) => !kept.has(name));
  for (const name of stored) copyFileSync(join(cache, name), join(folder, name));
  const usedNames = new Set(used);
  const removed = [...kept].filter((name) => !usedNames.has(name));
  for (const name of removed) rmSync(join(folder, name));
  return { stored, removed };
}
