/**
 * What every page costs before the visitor does anything, judged by the
 * budgets the bench reports on (BUDGETS in tools/bench/bench-report.mjs) for
 * the pages in src/data/pages.mjs: zero-JS pages load no script file and under
 * 1 KB of inline script, first-round-trip pages fit HTML and CSS in 14 KB
 * gzipped, small-script pages keep their own script small, the team pages keep
 * their JavaScript at load under a ceiling, and island pages load an island's
 * code only once it is seen. Every page, the tools too, loads
 * without a broken file (and, as every journey, without a CSP violation).
 * The page is loaded, recorded and weighed by the bench's own code
 * (tools/bench/measure-page.mjs), so the two cannot disagree on what a page weighs.
 */
import type { Page } from "@playwright/test";
import { ALL_PAGES } from "../src/data/pages.mjs";
import { BUDGETS } from "../tools/bench/bench-report.mjs";
import {
  islandChecks,
  loadWeight,
  MOBILE,
  recordLoad,
  viewportAbove,
  visibleIslands,
} from "../tools/bench/measure-page.mjs";
import { expect, test } from "./fixtures";

/** The budgets a page is held to, as the test's title names them. */
function budgetsOf(path: string): string[] {
  const budgets: string[] = [];
  if (BUDGETS.zeroJsPages.includes(path)) budgets.push("no script file", "inline JS under 1 KB");
  if (BUDGETS.firstRoundTripPages.includes(path)) budgets.push("HTML+CSS within 14 KB gzip");
  if (path in BUDGETS.smallScriptPages) budgets.push("a small script of its own");
  if (path in BUDGETS.jsAtLoadMax) budgets.push("JavaScript at load within its ceiling");
  if (BUDGETS.islandPages.includes(path)) budgets.push("islands loaded only when seen");
  return budgets;
}

/** The `index`th `client:visible` island of the page. */
const islandAt = (page: Page, index: number) => page.locator('astro-island[client="visible"]').nth(index);

test.use({ ...MOBILE, failOnConsoleErrors: true });

for (const path of ALL_PAGES) {
  const budgets = budgetsOf(path);
  const title = budgets.length > 0 ? budgets.join(", ") : "no budget of its own";
  test(`${path} loads without a broken file, within its budgets: ${title}`, async ({ page, browser, baseURL }) => {
    const islandPage = BUDGETS.islandPages.includes(path);
    if (islandPage) {
      // An island in the first screen is rightly loaded at once; to see one wait, the page is opened
      // in a window that ends above its highest island, as the bench does. Measured in a context of
      // its own, so nothing it loads is in this page's cache.
      const probe = await browser.newContext({ ...MOBILE, baseURL });
      const islands = await probe.newPage().then(async (probePage) => {
        await probePage.goto(path);
        return visibleIslands(probePage);
      });
      await probe.close();
      const highest = Math.min(...islands.map((island) => island.top ?? Infinity));
      expect(highest, "a client:visible island on the page").toBeLessThan(Infinity);
      if (highest < MOBILE.viewport.height) await page.setViewportSize(viewportAbove(highest, MOBILE.viewport.width));
    }
    // Before any interaction: loaded, and the network quiet, recorded and weighed as the bench does.
    const load = await recordLoad(page, path);
    const weight = loadWeight(load, new URL(page.url()).origin);
    // The page's own answer is checked on its own; a frame's page is another site's to answer for.
    const broken = load.responses.filter(({ status, resourceType }) => status >= 400 && resourceType !== "document");
    expect(
      broken.map(({ status, url }) => `${status} ${url}`),
      "files that failed",
    ).toEqual([]);
    expect(load.status, "the page's own answer").toBe(200);
    expect(weight.htmlCssGzip, "the page was weighed").toBeGreaterThan(0);

    if (BUDGETS.zeroJsPages.includes(path)) {
      expect(weight.jsFiles, "script files").toEqual([]);
      expect(weight.inlineJsBytes, "bytes of inline script").toBeLessThan(BUDGETS.inlineJsUnder);
    }
    if (BUDGETS.firstRoundTripPages.includes(path)) {
      expect(weight.htmlCssGzip, "HTML+CSS gzipped").toBeLessThanOrEqual(BUDGETS.htmlCssMax);
    }
    const ownScriptMax = (BUDGETS.smallScriptPages as Record<string, number>)[path];
    if (ownScriptMax !== undefined) {
      // Its own script does load (the page needs it), and weighs little.
      expect(weight.jsFiles.length, "script files").toBeGreaterThan(0);
      expect(weight.jsGzip, `script gzipped (${weight.jsFiles.join(", ")})`).toBeLessThanOrEqual(ownScriptMax);
    }
    const jsAtLoadMax = (BUDGETS.jsAtLoadMax as Record<string, number>)[path];
    if (jsAtLoadMax !== undefined) {
      expect(
        weight.jsGzip,
        `JavaScript gzipped before any interaction (${weight.jsFiles.length} files)`,
      ).toBeLessThanOrEqual(jsAtLoadMax);
    }
    if (islandPage) {
      const requested = load.requested.map(({ url }) => url);
      const islands = await visibleIslands(page);
      for (const island of islands) {
        // Neither the island's framework has come yet…
        expect(requested, `${island.name}'s framework before it is seen`).not.toContain(island.rendererUrl);
      }
      // …nor its code, which comes once the visitor scrolls to it, and the island then comes alive.
      for (const check of await islandChecks(page, islands, requested)) {
        expect(check.requestedAtLoad, `${check.name} fetched before it is seen`).toBe(false);
        expect(check.requestedAfterScroll, `${check.name} fetched once scrolled to`).toBe(true);
        await expect(islandAt(page, check.index)).not.toHaveAttribute("ssr");
      }
    }
  });
}
