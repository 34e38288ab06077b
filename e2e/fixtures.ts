/**
 * The journeys' shared test object: Playwright Test with the addresses the
 * global setup started, a guard that fails any journey whose page throws, and
 * the accessibility audit every page gets.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = {
  /** The embedded backend the built site talks to. */
  supabaseUrl: string;
  /** Uncaught exceptions in any page of the test; the test fails if one is left unclaimed. */
  pageErrors: string[];
  /** Set to true in a journey that provokes page errors on purpose. */
  allowPageErrors: boolean;
};

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
});

export { expect };

/**
 * Audits the page with axe (WCAG 2.2 A and AA) as a person sees it once it has
 * settled: a fade-in caught half-way would read as low contrast. Endless
 * animations (a pulsing dot) are not waited for.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    })),
  ).toEqual([]);
}

/** Expects a toast with this title (and description) to be on screen. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = page.locator("[data-variant]").filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await expect(toast.first()).toBeVisible();
}
