// @ts-check
/**
 * Loads one page in Chromium as a phone would, without touching it, and
 * records every response until the network goes quiet: that is "before any
 * interaction". Then, for each `client:visible` island, checks that its
 * component chunk was not fetched at load and is fetched once the island is
 * scrolled into view. The browser journey of the budgets (e2e/budgets.spec.ts)
 * loads and weighs pages with the same functions.
 */
import { summarizeResponses } from "./page-weight.mjs";

/** @typedef {import("playwright-core").Browser} Browser */
/** @typedef {import("playwright-core").Page} Page */
/** @typedef {import("./page-weight.mjs").RecordedResponse} RecordedResponse */
/** @typedef {{ width: number, height: number }} Viewport */

/**
 * A `client:visible` island as the page lays it out: its component's name and chunk, and where its first
 * box sits in the document (null without a box).
 * @typedef {object} Island
 * @property {number} index its place among the page's client:visible islands
 * @property {string} name
 * @property {string} componentUrl
 * @property {string} rendererUrl the framework's code (React's, for these islands)
 * @property {number | null} top
 * @property {number | null} bottom
 * @property {boolean} inFirstViewport
 */

/**
 * An island with what the bench saw: was its chunk fetched at load, and after scrolling to it?
 * @typedef {Island & { requestedAtLoad: boolean, requestedAfterScroll: boolean, shortViewport?: Viewport, unplaced?: boolean }} IslandCheck
 */

/** @typedef {import("./page-weight.mjs").PageWeight & { url: string, status: number, islands: IslandCheck[] }} PageMeasurement */

/** Lighthouse's mobile device (Moto G Power): 412×823 CSS pixels at 1.75×. */
export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) " +
    "Chrome/136.0.0.0 Mobile Safari/537.36",
};

const QUIET_MS = 1_500;
const SETTLE_LIMIT_MS = 15_000;
/** How long an island may take to fetch its code once scrolled to: generous, as a busy machine is slow to. */
const ISLAND_WAIT_MS = 20_000;

/**
 * @param {string} url
 * @param {string} origin
 */
function isThirdParty(url, origin) {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && parsed.origin !== origin;
  } catch {
    return false;
  }
}

/**
 * Resolves when no request has been in flight for `QUIET_MS` (or after `SETTLE_LIMIT_MS`).
 * @param {Page} page
 * @returns {Promise<void>}
 */
export function networkQuiet(page) {
  return new Promise((resolve) => {
    let inFlight = 0;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const started = Date.now();
    const done = () => {
      clearTimeout(timer);
      clearTimeout(limit);
      page.off("request", onRequest);
      page.off("requestfinished", onEnd);
      page.off("requestfailed", onEnd);
      resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, QUIET_MS);
    };
    const onRequest = () => {
      inFlight += 1;
      clearTimeout(timer);
    };
    const onEnd = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const limit = setTimeout(done, Math.max(0, SETTLE_LIMIT_MS - (Date.now() - started)));
    page.on("request", onRequest);
    page.on("requestfinished", onEnd);
    page.on("requestfailed", onEnd);
    arm();
  });
}

/**
 * The page's `client:visible` islands, with where their first box sits in the document.
 * @param {Page} page
 * @returns {Promise<Island[]>}
 */
export function visibleIslands(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('astro-island[client="visible"]')].map((island, index) => {
      // Islands are display:contents; Astro observes their children, so measure those.
      // Children without a box (hidden templates, styles) report 0×0 at the top: skip them.
      const boxes = [...island.children]
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0 || box.height > 0);
      const top = boxes.length ? Math.min(...boxes.map((box) => box.top)) + window.scrollY : null;
      const bottom = boxes.length ? Math.max(...boxes.map((box) => box.bottom)) + window.scrollY : null;
      return {
        index,
        name: JSON.parse(island.getAttribute("opts") || "{}").name ?? island.getAttribute("component-export"),
        componentUrl: new URL(island.getAttribute("component-url") ?? "", location.href).href,
        rendererUrl: new URL(island.getAttribute("renderer-url") ?? "", location.href).href,
        top,
        bottom,
        inFirstViewport: top !== null && bottom !== null && top < window.innerHeight && bottom > 0,
      };
    }),
  );
}

/**
 * What one load of a page brought: the navigation's status, every request made (other hosts' too, which
 * may never finish here) and every finished response with its body.
 * @typedef {object} RecordedLoad
 * @property {number} status
 * @property {{ url: string, resourceType: string }[]} requested
 * @property {RecordedResponse[]} responses
 */

/**
 * Loads `url` in `page` without touching it, recording every request and every finished response until
 * the network is quiet: what the page costs before any interaction. Stops recording then, so what the
 * visitor does next is not counted.
 * @param {Page} page
 * @param {string} url absolute, or relative to the context's base URL
 * @returns {Promise<RecordedLoad>}
 */
export async function recordLoad(page, url) {
  /** @type {RecordedLoad["requested"]} */
  const requested = [];
  /** @type {Promise<void>[]} */
  const pending = [];
  /** @type {RecordedResponse[]} */
  const responses = [];
  /** @param {import("playwright-core").Request} request */
  const onRequest = (request) => requested.push({ url: request.url(), resourceType: request.resourceType() });
  /** @param {import("playwright-core").Request} request */
  const onFinished = (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        let body = null;
        try {
          body = response ? await response.body() : null;
        } catch {
          body = null; // redirects and aborted bodies have none
        }
        responses.push({
          url: request.url(),
          resourceType: request.resourceType(),
          status: response?.status() ?? 0,
          body,
          isDocument: request.frame() === page.mainFrame() && request.isNavigationRequest(),
        });
      })(),
    );
  };
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  try {
    const quiet = networkQuiet(page);
    const navigation = await page.goto(url, { waitUntil: "load" });
    await quiet;
    await Promise.all(pending);
    return { status: navigation?.status() ?? 0, requested, responses };
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onFinished);
  }
}

/**
 * A recorded load's weight as the budgets read it; requests to other hosts are listed from what was asked
 * (failed requests, to hosts unreachable here, never finish).
 * @param {RecordedLoad} load
 * @param {string} origin the page's own origin
 */
export function loadWeight(load, origin) {
  const weight = summarizeResponses(load.responses, origin);
  weight.thirdParty = [...new Set(load.requested.map(({ url }) => url).filter((url) => isThirdParty(url, origin)))];
  return weight;
}

/**
 * A viewport as wide as `width` that ends above an island whose first box starts at `top`, so the island
 * waits below the fold.
 * @param {number} top
 * @param {number} width
 * @returns {Viewport}
 */
export function viewportAbove(top, width) {
  return { width, height: Math.max(120, Math.floor(top) - 20) };
}

/**
 * Opens `url` in a fresh context of the phone with `viewport` and records its load (recordLoad).
 * @param {Browser} browser
 * @param {string} url
 * @param {Viewport} viewport
 */
async function openRecorded(browser, url, viewport) {
  const context = await browser.newContext({ ...MOBILE, viewport });
  const page = await context.newPage();
  try {
    return { context, page, ...(await recordLoad(page, url)) };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Scrolls each island into view and reports whether its chunk was fetched at load and after.
 * @param {Page} page
 * @param {Island[]} islands
 * @param {string[]} requestedAtLoad the URLs requested before any scrolling
 */
export async function islandChecks(page, islands, requestedAtLoad) {
  /** @type {IslandCheck[]} */
  const checks = [];
  for (const island of islands) {
    const atLoad = requestedAtLoad.includes(island.componentUrl);
    let afterScroll = atLoad;
    if (!atLoad) {
      const fetched = page
        .waitForRequest((request) => request.url() === island.componentUrl, { timeout: ISLAND_WAIT_MS })
        .then(
          () => true,
          () => false,
        );
      await page.evaluate((index) => {
        const element = document.querySelectorAll('astro-island[client="visible"]')[index];
        // Scroll to a child with a box: the island itself is display:contents.
        const children = element ? [...element.children] : [];
        const target = children.find((child) => {
          const box = child.getBoundingClientRect();
          return box.width > 0 || box.height > 0;
        });
        target?.scrollIntoView({ block: "center" });
      }, island.index);
      afterScroll = await fetched;
    }
    checks.push({ ...island, requestedAtLoad: atLoad, requestedAfterScroll: afterScroll });
  }
  return checks;
}

/**
 * Measures one page (in `viewport`, by default the phone's). For an island
 * already inside the first screen (so fetched at load, as it is visible), it
 * reloads with a viewport short enough to put the island below the fold, so
 * laziness is still proven.
 * @param {Browser} browser
 * @param {string} url
 * @param {{ viewport?: Viewport }} [options]
 * @returns {Promise<PageMeasurement>}
 */
export async function measurePage(browser, url, { viewport = MOBILE.viewport } = {}) {
  const origin = new URL(url).origin;
  const first = await openRecorded(browser, url, viewport);
  try {
    const weight = loadWeight(first, origin);
    const islands = await visibleIslands(first.page);
    const requestedAtLoad = first.requested.map(({ url }) => url);
    const checks = await islandChecks(
      first.page,
      islands.filter((island) => !island.inFirstViewport),
      requestedAtLoad,
    );
    for (const island of islands.filter((candidate) => candidate.inFirstViewport)) {
      checks.push(await checkBelowTheFold(browser, url, island, viewport.width));
    }
    checks.sort((a, b) => a.index - b.index);
    return { url, status: first.status, ...weight, islands: checks };
  } finally {
    await first.context.close();
  }
}

/**
 * Checks an island that sits in the phone's first screen again, in a viewport that ends above it.
 * @param {Browser} browser
 * @param {string} url
 * @param {Island} island
 * @param {number} width
 * @returns {Promise<IslandCheck>}
 */
async function checkBelowTheFold(browser, url, island, width) {
  const viewport = viewportAbove(island.top ?? 0, width);
  const short = await openRecorded(browser, url, viewport);
  try {
    const [placed] = (await visibleIslands(short.page)).filter((candidate) => candidate.index === island.index);
    if (!placed || placed.inFirstViewport) {
      return { ...island, requestedAtLoad: true, requestedAfterScroll: true, shortViewport: viewport, unplaced: true };
    }
    const [check] = await islandChecks(
      short.page,
      [placed],
      short.requested.map(({ url: requestedUrl }) => requestedUrl),
    );
    return { ...check, inFirstViewport: true, shortViewport: viewport };
  } finally {
    await short.context.close();
  }
}
