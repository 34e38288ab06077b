// @ts-check
/**
 * Every page of the site, listed once: the sitemap, the benchmark and the
 * browser tests' budgets read it. Plain JavaScript (typed by the check) rather
 * than TypeScript because Node runs the benchmark without a build step.
 */

/** The pages a visitor can reach: in the sitemap, audited by Lighthouse. */
export const PUBLIC_PAGES = /** @type {const} */ (["/", "/bio", "/tour", "/listen", "/epk", "/merch"]);

/** The team's tools: noindex, left out of the sitemap. */
export const TOOL_PAGES = /** @type {const} */ (["/roadmap", "/contacts", "/calendar", "/fans"]);

export const ALL_PAGES = /** @type {const} */ ([...PUBLIC_PAGES, ...TOOL_PAGES]);
