/** One Chromium per test file, and the helpers every end-to-end test shares. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { CHROMIUM_ARGS } from "../tools/chromium.mjs";

export const baseURL = inject("baseURL");

let browser: Browser | undefined;

/** Launches the browser for this file and closes it afterwards. */
export function useBrowser(): () => Browser {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject("chromiumPath"), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("browser not started");
    return browser;
  };
}

export type PageOptions = { viewport?: { width: number; height: number }; context?: BrowserContext };

/** Opens `path` in a fresh context (or the given one) and collects console errors. */
export async function openPage(
  getBrowser: () => Browser,
  path: string,
  options: PageOptions = {},
): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  const context =
    options.context ??
    (await getBrowser().newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } }));
  const page = await context.newPage();
  // Fail on the step that hangs, inside the test's own time limit, so the report names it.
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(path);
  return { page, errors, context };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core (WCAG 2.2 A and AA) on the page and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Audit the page as a person sees it once it has settled: a fade-in caught
  // half-way would read as low contrast. Endless animations (a pulsing dot) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // evaluate() runs through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((v: AxeViolation) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}

/** Waits for a toast with this title and description to be shown. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator("[data-variant]").filter({ hasText: title });
  const match = description ? toast.filter({ hasText: description }) : toast;
  await match.first().waitFor({ state: "visible", timeout: 10_000 });
}

/** Lists requests of one kind made while `action` runs. */
export async function requestsDuring(page: Page, action: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  const listener = (request: { url(): string }) => urls.push(request.url());
  page.on("request", listener);
  try {
    await action();
  } finally {
    page.off("request", listener);
  }
  return urls;
}

/** Runs `action`, waits for the download it starts, and returns the file's name and text. */
export async function downloadDuring(
  page: Page,
  action: () => Promise<void>,
): Promise<{ filename: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 10_000 }), action()]);
  const path = await download.path();
  return { filename: download.suggestedFilename(), text: readFileSync(path, "utf8") };
}

/**
 * Expects `element` to fit a window `width` wide: the page does not scroll sideways, the element
 * ends inside the window, and its own text does not run past its box (clipped text is as lost as
 * text off screen).
 */
export async function expectToFitWidth(page: Page, element: Locator, width: number): Promise<void> {
  const { pageWidth, windowWidth } = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    windowWidth: window.innerWidth,
  }));
  const { right, textOverflow } = await element.evaluate((node) => ({
    right: node.getBoundingClientRect().right,
    textOverflow: node.scrollWidth - node.clientWidth,
  }));
  expect({ windowWidth, pageFits: pageWidth <= width, elementFits: right <= width, textOverflow }).toEqual({
    windowWidth: width,
    pageFits: true,
    elementFits: true,
    textOverflow: 0,
  });
}
