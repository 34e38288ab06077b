/**
 * What every page costs before the visitor does anything, judged by the bench's own budgets of a page's
 * weight and islands (tools/bench/budgets.mjs), each named and judged as the bench names and judges it: the
 * zero-JS pages load no script file and under 1 KB of inline script, the first-round-trip pages fit HTML and
 * CSS in 14 KB gzipped, /listen keeps its own script small, the team pages keep their JavaScript at load under
 * a ceiling, and island pages load an island's code only once it is seen. Every page, the tools too, loads
 * without a broken file (and, as every journey, without a CSP violation). The page is loaded, recorded and
 * weighed by the bench's own code (tools/bench/measure-page.mjs), so the two cannot disagree on what a page
 * weighs.
 */
import type { Page } from "@playwright/test";
import { ALL_PAGES } from "../src/data/pages.mjs";
import { type Budget, budgetsOn, type Judgement } from "../tools/bench/budgets.mjs";
import {
  islandChecks,
  loadWeight,
  MOBILE,
  recordLoad,
  viewportAbove,
  visibleIslands,
} from "../tools/bench/measure-page.mjs";
import { expect, test } from "./fixtures";

/** The budgets of a page's weight and of its islands, each with its limit on the page. */
const budgetsOf = (path: string) => ({ weight: budgetsOn("weight", path), islands: budgetsOn("islands", path) });

/** Every budget of `held` judged on `figures`, as "label: detail" for each judgement that fails. */
function missed(held: { budget: Budget; limit: unknown }[], figures: unknown) {
  return held.flatMap(({ budget, limit }) =>
    ([budget.judge(figures, limit)].flat() as Judgement[])
      .filter((judgement) => !judgement.pass)
      .map((judgement) => `${judgement.name ?? budget.label(limit)}: ${judgement.detail}`),
  );
}

/** The `index`th `client:visible` island of the page. */
const islandAt = (page: Page, index: number) => page.locator('astro-island[client="visible"]').nth(index);

test.use({ ...MOBILE, failOnConsoleErrors: true });

for (const path of ALL_PAGES) {
  const budgets = budgetsOf(path);
  const labels = [...budgets.weight, ...budgets.islands].map(({ budget, limit }) => budget.label(limit));
  const title = labels.length > 0 ? labels.join(", ") : "no budget of its own";
  test(`${path} loads without a broken file, within its budgets: ${title}`, async ({ page, browser, baseURL }) => {
    const islandPage = budgets.islands.length > 0;
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

    expect(missed(budgets.weight, weight), "budgets missed").toEqual([]);
    if (islandPage) {
      const requested = load.requested.map(({ url }) => url);
      const islands = await visibleIslands(page);
      for (const island of islands) {
        // Neither the island's framework has come yet…
        expect(requested, `${island.name}'s framework before it is seen`).not.toContain(island.rendererUrl);
      }
      // …nor its code, which comes once the visitor scrolls to it, and the island then comes alive.
      const checks = await islandChecks(page, islands, requested);
      expect(missed(budgets.islands, checks), "budgets missed").toEqual([]);
      for (const check of checks) await expect(islandAt(page, check.index)).not.toHaveAttribute("ssr");
    }
  });
}
