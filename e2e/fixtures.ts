/**
 * The journeys' shared test object: Playwright Test with the addresses the
 * global setup started, guards that fail any journey whose page throws or
 * breaks the Content-Security-Policy, and the accessibility audit every page
 * gets. A journey that provokes one of those on purpose claims it (removes it
 * from the list) before it ends; whatever is left unclaimed fails the test.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { type OwnBackend, startOwnBackend } from "./own-backend";

type Fixtures = {
  /** The embedded backend the built site talks to. */
  supabaseUrl: string;
  /** Uncaught exceptions in any page of the test; the test fails if one is left unclaimed. */
  pageErrors: string[];
  /** Set to true in a journey that provokes page errors on purpose. */
  allowPageErrors: boolean;
  /**
   * Content-Security-Policy violations the browser reported in any page or frame of the test,
   * as "directive blocked URI"; the test fails if one is left unclaimed. A violation is a
   * feature that works locally and breaks under the deployed policy.
   */
  cspViolations: string[];
  /** Console errors of any page of the test (network failures included). */
  consoleErrors: string[];
  /** Set to true where a console error is a fault (the public pages log none); unclaimed ones then fail the test. */
  failOnConsoleErrors: boolean;
  /**
   * Starts a backend of the test's own and carries the test's browser context to it (e2e/own-backend.ts);
   * it is closed when the test ends.
   */
  ownBackend: (options?: Parameters<typeof startOwnBackend>[2]) => Promise<OwnBackend>;
};

/** The tag that ends the title of a journey that starts a backend of its own: it runs apart (playwright.config.ts). */
const OWN_BACKEND_TAG = "@own-backend";

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter, so one with none takes `{}`.
  /* eslint-disable no-empty-pattern */
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  supabaseUrl: async ({}, use) => {
    await use(process.env.E2E_SUPABASE_URL ?? "");
  },
  /* eslint-enable no-empty-pattern */
  allowPageErrors: [false, { option: true }],
  pageErrors: [
    async ({ context, allowPageErrors }, use) => {
      const errors: string[] = [];
      context.on("weberror", (error) => errors.push(error.error().message));
      await use(errors);
      if (!allowPageErrors) expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      // The browser fires securitypolicyviolation in the document it blocked something in; registered
      // before any page script runs, in every frame, so no violation is missed.
      await context.exposeFunction("__reportCspViolation", (violation: string) => violations.push(violation));
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) =>
          (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
            `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} in ${location.pathname}`,
          ),
        );
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  failOnConsoleErrors: [false, { option: true }],
  consoleErrors: [
    async ({ context, failOnConsoleErrors }, use) => {
      const errors: string[] = [];
      context.on("console", (message) => {
        if (message.type() === "error") errors.push(`${message.text()} (${message.page()?.url() ?? "no page"})`);
      });
      await use(errors);
      if (failOnConsoleErrors) expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  ownBackend: async ({ context, baseURL, supabaseUrl }, use, testInfo) => {
    const started: OwnBackend[] = [];
    await use(async (options) => {
      // Such a journey runs apart from the others (playwright.config.ts), which only its tag tells.
      if (!testInfo.tags.includes(OWN_BACKEND_TAG)) {
        throw new Error(`a journey that starts a backend of its own ends its title with ${OWN_BACKEND_TAG}`);
      }
      const backend = await startOwnBackend(baseURL ?? "", supabaseUrl, options);
      started.push(backend);
      await backend.carry(context);
      return backend;
    });
    // The pages first, so none is left calling a backend that has gone.
    await context.close();
    await Promise.all(started.map((backend) => backend.close()));
  },
});

export { expect };

/** Removes the entries that match `pattern` from a guard's list (the journey expected them) and returns them. */
export function claim(entries: string[], pattern: RegExp): string[] {
  const claimed = entries.filter((entry) => pattern.test(entry));
  entries.splice(0, entries.length, ...entries.filter((entry) => !pattern.test(entry)));
  return claimed;
}

/**
 * Waits until the page has settled as a person sees it: every finite animation
 * and transition (a fade-in, the nav tightening) has run to its end. Endless
 * animations (a pulsing dot) are not waited for.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Audits the page with axe (WCAG 2.2 A and AA) as a person sees it once it has
 * settled: a fade-in caught half-way would read as low contrast, so every
 * finite animation is first played to its end (at once: the end is what is
 * audited, not the wait). A toast already on its way out (dismissed, fading to
 * nothing, taking no presses) is left out: a transition can start between the
 * two steps, and a half-faded card is not something anyone is meant to read.
 *
 * axe runs in the page itself (legacy mode) rather than in each frame with the results put together in a
 * blank page of its own: the site's own frames are all same-origin, and the only other one, the press kit's
 * music player, is a third party's page, not the site's to mend. Only violations are gathered node by node.
 * Both find the same violations at a third of the cost (about 0.2 CPU-seconds a page instead of 0.6).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
  const { violations } = await new AxeBuilder({ page })
    .exclude("[data-variant]:not([data-toast-visible])")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(
    violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    })),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

/**
 * Keeps the text of every toast the page shows, from its first paint (call it before the page opens), for
 * a toast checked after other things: a busy machine may take longer over those than the toast stays.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = ((window as unknown as { toastsShown: string[] }).toastsShown = []);
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-toast-visible]")) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        shown.push(toast.textContent ?? "");
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-toast-visible"] });
  });
}

/** Expects a toast with this title (and description) to have been on screen since the page opened (recordToasts). */
export async function expectToastShown(page: Page, title: string, description = ""): Promise<void> {
  const shown = () => page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown);
  await expect
    .poll(async () => (await shown()).some((text) => text.includes(title) && text.includes(description)), {
      message: `a toast "${title}${description && `: ${description}`}" shown`,
    })
    .toBe(true);
}

/** Expects a toast with this title (and description) to be on screen. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = page.locator("[data-variant]").filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await expect(toast.first()).toBeVisible();
}

/** An image file's format and size, as sharp reads them from its bytes. */
export async function imageSize(bytes: Buffer): Promise<{ format?: string; width?: number; height?: number }> {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}

/**
 * Stops the page's clock (installed with page.clock.install()) a moment ahead of where it stands: it runs on
 * while the test reads it and asks, so on a busy machine that moment may have passed, and the next is later.
 */
export async function stopClock(page: Page) {
  for (let ahead = 100; ; ahead *= 4) {
    const at = (await page.evaluate(() => Date.now())) + ahead;
    try {
      await page.clock.pauseAt(at);
      return;
    } catch (error) {
      if (ahead > 60_000 || !String(error).includes("to the past")) throw error;
    }
  }
}

/** Moves a stopped clock on by a frame or so, then reads `what`: for polling what the page measures in frames. */
export async function framesOn<T>(page: Page, what: () => Promise<T>): Promise<T> {
  await page.clock.runFor(20);
  return what();
}
