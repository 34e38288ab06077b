// @ts-check
/**
 * The production build's guard against placeholders. The site is built from stand-in content until the real
 * values are filled in: addresses under .example, profile links marked as placeholders, a generic playlist
 * as the press kit's player. Development builds and the tests keep them; a production build (Netlify sets
 * CONTEXT=production) that still holds one stops, listing each with the file and line to change.
 *
 * The content is read as text, whatever its format (TypeScript data modules, YAML or Markdown content), from
 * src/data/ and src/content/; comments and tests are skipped, as they never reach a page. What counts as a
 * placeholder, in an address, a link, a bare domain or an international phone number:
 * - anything under .example, the top-level domain reserved for examples (RFC 2606): it reaches nobody;
 * - a UK phone number from Ofcom's ranges reserved for drama (020 7946 0xxx, 0161 496 0xxx, 07700 900xxx…);
 * - a link with "placeholder" in it;
 * - a Spotify-curated playlist (Spotify's own playlists have ids starting 37i9dQZF1), the generic player
 *   the press kit starts with, rather than the artist's own release;
 * - a stand-in id: a run of six or more zeros, or one of the made-up ids the content starts with;
 * - a photographer's name invented for the placeholder photos, as a credit (src/integrations/drawn-artwork.mjs);
 * - an image the repository draws as a placeholder (`npm run artwork`), in src/assets/ or public/, known by
 *   its digest whatever its name.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { contentDir } from "../lib/content-dir.mjs";
import { DRAWN_ARTWORK, INVENTED_CREDITS } from "./drawn-artwork.mjs";

/** @typedef {{ path: string, text: string }} ContentFile a file, by its path from the project's root */
/** @typedef {{ file: string, line?: number, value: string, why: string }} Placeholder */
/** @typedef {{ path: string, sha256: string }} ImageFile an image, by its path from the project's root */

/** Where the images the pages show are kept (the encodings in src/assets/encoded/ are derived from them). */
const IMAGE_FOLDERS = ["src/assets", "public"];
const IMAGE_FILE = /\.(?:jpe?g|png|webp|avif|gif)$/i;

/** Where the owner's content lives: the typed modules, and the content collections' folder. */
const contentFolders = () => ["src/data", contentDir()];
const TEXT_FILE = /\.(?:[cm]?[jt]s|json|ya?ml|mdx?|toml|txt)$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** The made-up ids the content starts with that look like real ones (a YouTube video id is 11 characters). */
const STAND_IN_IDS = ["M0therPlace"];

/** @type {{ test: (url: URL) => boolean, why: string }[]} */
const RULES = [
  {
    test: (url) => /(^|\.)example$/i.test(url.hostname),
    why: "a .example address, reserved for examples: it reaches nobody",
  },
  { test: (url) => /placeholder/i.test(url.href), why: "marked as a placeholder" },
  {
    test: (url) => url.hostname === "open.spotify.com" && /\/playlist\/37i9dQZF1/.test(url.pathname),
    why: "a playlist Spotify curates, not the artist's own release",
  },
  {
    test: (url) => /0{6,}\d?(?:[/?#]|$)/.test(url.pathname) || STAND_IN_IDS.some((id) => url.href.includes(id)),
    why: "a stand-in id, not a real one",
  },
];

/**
 * Ofcom's UK numbers for drama, as +44 and the digits: 0xxx on 496 in the big cities' codes, 020 7946 0xxx,
 * 01632 960xxx and the mobile 07700 900xxx.
 */
const DRAMA_NUMBER = /^44(?:(?:113|114|115|116|117|118|121|131|141|151|161)4960|2079460|1632960|7700900)\d{3}$/;

/** A link, an e-mail address, a bare domain under .example, or a phone number in international form. */
const CANDIDATE =
  /https?:\/\/[^\s"'`<>()[\]{}]+|[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.example\b|\+\d[\d ().-]{6,}\d/gi;

/** A line that is a comment in a code file, or in a YAML or TOML file, and so never reaches a page. */
function isComment(/** @type {string} */ path, /** @type {string} */ line) {
  const start = line.trimStart();
  if (/\.[cm]?[jt]s$/.test(path)) return /^(\/\/|\/\*|\*)/.test(start);
  if (/\.(ya?ml|toml)$/.test(path)) return start.startsWith("#");
  return false;
}

/**
 * Why `value` (a link, an e-mail address, a domain or a phone number) is a placeholder, or null when it is not.
 * @param {string} value
 */
function placeholderReason(value) {
  const cleaned = value.replace(/[.,;:!?]+$/, "");
  if (cleaned.startsWith("+")) {
    return DRAMA_NUMBER.test(cleaned.replace(/\D/g, "")) ? "a number Ofcom keeps for drama: it reaches nobody" : null;
  }
  // An e-mail address or a bare domain is judged by its domain.
  const address = /^https?:\/\//i.test(cleaned) ? cleaned : `https://${cleaned.split("@").pop()}`;
  let url;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return RULES.find((rule) => rule.test(url))?.why ?? null;
}

/**
 * Every placeholder in the files, with its file and line, in file order.
 * @param {ContentFile[]} files
 * @returns {Placeholder[]}
 */
export function findPlaceholders(files) {
  return files.flatMap(({ path, text }) =>
    text.split("\n").flatMap((line, index) => {
      if (isComment(path, line)) return [];
      const credits = INVENTED_CREDITS.filter((name) => line.includes(name)).map((name) => ({
        file: path,
        line: index + 1,
        value: name,
        why: "a photographer invented for the placeholder photos: credit who took her photo",
      }));
      return [...line.matchAll(CANDIDATE)]
        .flatMap(([value]) => {
          const why = placeholderReason(value);
          return why ? [{ file: path, line: index + 1, value: value.replace(/[.,;:!?]+$/, ""), why }] : [];
        })
        .concat(credits);
    }),
  );
}

/**
 * The content files under the project's content folders (those that exist), tests left out.
 * @param {string} root the project's folder
 * @returns {ContentFile[]}
 */
export function readContentFiles(root) {
  return contentFolders().flatMap((folder) => {
    let entries;
    try {
      entries = readdirSync(join(root, folder), { recursive: true, withFileTypes: true });
    } catch {
      return []; // a folder the content does not use (yet)
    }
    return entries
      .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name) && !TEST_FILE.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
      .map((file) => ({ path: relative(root, file).split(sep).join("/"), text: readFileSync(file, "utf8") }));
  });
}

/**
 * The images under the project's image folders, each with its SHA-256 (the encodings' folder left out).
 * @param {string} root the project's folder
 * @returns {ImageFile[]}
 */
export function readImageFiles(root) {
  return IMAGE_FOLDERS.flatMap((folder) => {
    let entries;
    try {
      entries = readdirSync(join(root, folder), { recursive: true, withFileTypes: true });
    } catch {
      return [];
    }
    return entries
      .filter((entry) => entry.isFile() && IMAGE_FILE.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => !relative(root, file).split(sep).join("/").startsWith("src/assets/encoded/"))
      .sort()
      .map((file) => ({
        path: relative(root, file).split(sep).join("/"),
        sha256: createHash("sha256").update(readFileSync(file)).digest("hex"),
      }));
  });
}

/**
 * Every image that is still the artwork the repository draws as a placeholder.
 * @param {ImageFile[]} images
 * @param {ReadonlyMap<string, string>} [drawn] digest → the file it was drawn as
 * @returns {Placeholder[]}
 */
export function drawnPlaceholders(images, drawn = DRAWN_ARTWORK) {
  return images.flatMap(({ path, sha256 }) => {
    const drawnAs = drawn.get(sha256);
    if (!drawnAs) return [];
    const why = "artwork the repository draws as a placeholder: put her own picture in its place, under the same name";
    return [{ file: path, value: drawnAs === path ? "drawn placeholder" : `drawn as ${drawnAs}`, why }];
  });
}

/**
 * The line of the site settings' own `url:`, or undefined when the file or the field is not there.
 * @param {ContentFile[]} files
 * @param {string} settingsFile
 */
function settingsUrlLine(files, settingsFile) {
  const lines = files.find(({ path }) => path === settingsFile)?.text.split("\n") ?? [];
  const index = lines.findIndex((line) => /^url\s*:/.test(line));
  return index < 0 ? undefined : index + 1;
}

/**
 * The site's public URL: SITE_URL when set, else Netlify's own URL (the site's main address), else the one
 * in the site settings.
 * @param {Record<string, string | undefined>} env
 * @param {string} configured the site settings' URL
 * @returns {{ url: string, source: "SITE_URL" | "URL" | "site settings" }}
 */
export function siteUrlFrom(env, configured) {
  if (env.SITE_URL) return { url: env.SITE_URL, source: "SITE_URL" };
  if (env.URL) return { url: env.URL, source: "URL" };
  return { url: configured, source: "site settings" };
}

/**
 * Why a production build must stop, listing every placeholder, or null when it may go on (or is not a
 * production build). The site URL is checked as resolved: when it comes from the site settings, the line
 * of the settings file that holds it is listed with the rest; when SITE_URL or Netlify's URL replaces it,
 * that line ships nowhere, so it is not listed (the variable's value is checked instead).
 * @param {Record<string, string | undefined>} env
 * @param {{ files: ContentFile[], siteUrl: ReturnType<typeof siteUrlFrom>, settingsFile: string, images?: () => ImageFile[] }} content
 *   `settingsFile`: the site settings' file, whose top-level `url:` is the configured site URL; `images`: the
 *   images to check against the drawn artwork, read only for a production build
 */
export function placeholderProblem(env, { files, siteUrl, settingsFile, images = () => [] }) {
  if (env.CONTEXT !== "production") return null;
  const replaced = siteUrl.source === "site settings" ? undefined : settingsUrlLine(files, settingsFile);
  const found = findPlaceholders(files).filter(({ file, line }) => !(file === settingsFile && line === replaced));
  const siteUrlWhy = siteUrl.source === "site settings" ? null : placeholderReason(siteUrl.url);
  if (siteUrlWhy) found.unshift({ file: `the site URL (${siteUrl.source})`, value: siteUrl.url, why: siteUrlWhy });
  found.push(...drawnPlaceholders(images()));
  if (found.length === 0) return null;
  const lines = found.map(({ file, line, value, why }) => `  ${line ? `${file}:${line}` : file}  ${value}  (${why})`);
  return (
    `Production build stopped: the site still holds ${found.length} placeholder${found.length > 1 ? "s" : ""}. ` +
    `Replace each with the real value in the file named:\n${lines.join("\n")}`
  );
}
