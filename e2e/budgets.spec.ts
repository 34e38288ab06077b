/**
 * What every page costs before the visitor does anything, judged by the
 * budgets the bench reports on (BUDGETS in tools/bench/bench-report.mjs) for
 * the pages in src/data/pages.mjs: zero-JS pages load no script file and under
 * 1 KB of inline script, first-round-trip pages fit HTML and CSS in 14 KB
 * gzipped, small-script pages keep their own script small, the calendar keeps
 * its JavaScript at load under a ceiling, and island pages load an island's
 * code only once it is seen. Every page, the tools too, loads
 * without a broken file (and, as every journey, without a CSP violation).
 */
import type { Page, Request } from "@playwright/test";
import { ALL_PAGES } from "../src/data/pages.mjs";
import { BUDGETS } from "../tools/bench/bench-report.mjs";
import { MOBILE } from "../tools/bench/measure-page.mjs";
import { summarizeResponses } from "../tools/bench/page-weight.mjs";
import { expect, test } from "./fixtures";

type Recorded = Parameters<typeof summarizeResponses>[0][number];

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

/** Records every same-site response with its body, as the bench weighs them. */
function record(page: Page) {
  const responses: Recorded[] = [];
  const pending: Promise<void>[] = [];
  const requested: string[] = [];
  const broken: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  page.on("requestfinished", (request: Request) =>
    pending.push(
      (async () => {
        const response = await request.response();
        if (response && response.status() >= 400 && !request.isNavigationRequest()) {
          broken.push(`${response.status()} ${request.url()}`);
        }
        responses.push({
          url: request.url(),
          resourceType: request.resourceType(),
          status: response?.status() ?? 0,
          body: await response?.body().catch(() => null),
          isDocument: request.frame() === page.mainFrame() && request.isNavigationRequest(),
        });
      })(),
    ),
  );
  return { responses, requested, broken, settled: () => Promise.all(pending) };
}

/** The page's `client:visible` islands: where their code and framework come from, and where they sit. */
function visibleIslands(page: Page) {
  return page.locator('astro-island[client="visible"]').evaluateAll((islands) =>
    islands.map((island) => {
      // Islands are display:contents; the browser sees (and Astro observes) their children.
      const boxes = [...island.children].map((child) => child.getBoundingClientRect()).filter((box) => box.height > 0);
      return {
        name: island.getAttribute("component-export") ?? "",
        componentUrl: new URL(island.getAttribute("component-url") ?? "", location.href).href,
        rendererUrl: new URL(island.getAttribute("renderer-url") ?? "", location.href).href,
        top: Math.min(...boxes.map((box) => box.top)) + scrollY,
      };
    }),
  );
}

/** Scrolls the page's `index`th `client:visible` island into the middle of the window. */
function scrollToIsland(page: Page, index: number) {
  return page
    .locator('astro-island[client="visible"]')
    .nth(index)
    .evaluate((island) =>
      [...island.children]
        .find((child) => child.getBoundingClientRect().height > 0)
        ?.scrollIntoView({ block: "center" }),
    );
}

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
      const probePage = await probe.newPage();
      await probePage.goto(path);
      const highest = Math.min(...(await visibleIslands(probePage)).map((island) => island.top));
      await probe.close();
      expect(highest, "a client:visible island on the page").toBeLessThan(Infinity);
      if (highest < MOBILE.viewport.height) {
        await page.setViewportSize({ width: MOBILE.viewport.width, height: Math.max(120, Math.floor(highest) - 20) });
      }
    }
    const recorded = record(page);
    // Before any interaction: loaded, and the network quiet.
    await page.goto(path, { waitUntil: "networkidle" });
    await recorded.settled();
    const weight = summarizeResponses(recorded.responses, new URL(page.url()).origin);
    expect(recorded.broken, "same-site files that failed").toEqual([]);
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
      const islands = await visibleIslands(page);
      for (const [index, island] of islands.entries()) {
        // Neither the island's code nor its framework has come yet…
        expect(recorded.requested, `${island.name} before it is seen`).not.toContain(island.componentUrl);
        expect(recorded.requested, `${island.name}'s framework before it is seen`).not.toContain(island.rendererUrl);
        // …and both come once the visitor scrolls to it.
        const loaded = page.waitForRequest(island.componentUrl);
        await scrollToIsland(page, index);
        await loaded;
        await expect(page.locator('astro-island[client="visible"]').nth(index)).not.toHaveAttribute("ssr");
      }
    }
  });
}
