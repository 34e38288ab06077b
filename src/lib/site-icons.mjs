// @ts-check
/**
 * The site's icons and web manifest, named once: `npm run artwork` draws the icons into public/
 * (scripts/make-artwork.mjs), every page's head links them (src/layouts/BaseLayout.astro), and
 * /manifest.webmanifest lists them, so a fan's home-screen bookmark and the browser tab show the artist's
 * mark. Plain JavaScript so the artwork script, run by Node without a build, reads it too.
 */

/** stone-900: the nav bar, the icon's tile and the browser's own bar around the site. */
export const THEME_COLOUR = "#1c1917";
/** stone-100: the icon's note. */
export const NOTE_COLOUR = "#f5f5f4";
/** stone-50: the page, shown while a site opened from the home screen loads. */
const PAGE_COLOUR = "#fafaf9";

/** The tab's icon: an ICO of these sizes for the browsers and crawlers that ask for /favicon.ico, and an SVG. */
export const FAVICON_ICO = { path: "/favicon.ico", sizes: [16, 32, 48] };
export const FAVICON_SVG = "/favicon.svg";
/** The icon an iPhone or iPad puts on the home screen (it rounds the corners itself). */
export const APPLE_TOUCH_ICON = { path: "/apple-touch-icon.png", size: 180 };
/** The manifest's icons: the sizes Android and desktop browsers ask for. */
export const MANIFEST_ICONS = [
  { path: "/icon-192.png", size: 192 },
  { path: "/icon-512.png", size: 512 },
];
export const MANIFEST_PATH = "/manifest.webmanifest";

/**
 * The web manifest: how the site looks once added to a home screen.
 * @param {{ artistName: string, description: string, lang: string }} site
 */
export function webManifest(site) {
  return {
    name: site.artistName,
    short_name: site.artistName,
    description: site.description,
    lang: site.lang,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: PAGE_COLOUR,
    icons: MANIFEST_ICONS.map(({ path, size }) => ({ src: path, sizes: `${size}x${size}`, type: "image/png" })),
  };
}
