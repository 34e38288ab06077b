/** Nav behaviour constants and the pure "which link is current" rule. */

/** Scroll distance (px) after which the nav tightens its padding: more than 50 px, as the product asks. */
export const NAV_SCROLL_THRESHOLD = 50;

/** Normalises a path so "/bio", "/bio/" and "/bio.html" compare equal. */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\.html$/, "").replace(/\/+$/, "");
  return trimmed === "" || trimmed === "/index" ? "/" : trimmed;
}

/** True when `href` is the page being rendered (decided at build time). */
export function isCurrentLink(href: string, currentPath: string): boolean {
  return normalisePath(href) === normalisePath(currentPath);
}
