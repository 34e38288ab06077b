/**
 * Toasts never stand over a control a person could use: on the roadmap with a toast up (also where
 * both right-hand corners hold buttons), on /contacts right after the team sign-in, and when a burst
 * of toasts comes at once (at most three stand, and every one was said).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, expectToast, framesOn, stopClock, test, waitForAnimations } from "./fixtures";
import { enterContacts } from "./contacts-page";

// Where toasts stand once they have slid in and settled: motion as most visitors have it.
test.use({ reducedMotion: "no-preference" });

/**
 * The visible controls (of the whole page, or of `within`) a toast on screen overlaps, as "toast text →
 * control name" (none when every toast is clear), and how many toasts are on screen, whole.
 */
function coveredControls(page: Page, within: Locator = page.locator("body")) {
  return within.evaluate((root) => {
    const box = (element: Element) => element.getBoundingClientRect();
    const toasts = [...document.querySelectorAll("[data-toast-visible]")];
    const seen = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest(".sr-only:not(:focus)") &&
      box(element).width > 0 &&
      box(element).bottom > 0 &&
      box(element).top < innerHeight;
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";
    const controls = [root, ...root.querySelectorAll(selector)].filter(
      (control) => control.matches(selector) && !control.closest("[data-toaster]") && seen(control),
    );
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return {
      whole: toasts.filter((toast) => box(toast).top >= 0 && box(toast).bottom <= innerHeight).length,
      covered: toasts.flatMap((toast) =>
        controls
          .filter((control) => overlap(box(toast), box(control)))
          .map(
            (control) =>
              `${toast.textContent} → ${control.getAttribute("aria-label") ?? control.textContent ?? control.tagName}`,
          ),
      ),
    };
  });
}

/** Every toast text the page put in front of a screen reader, in order (recorded from the first paint). */
async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = ((window as unknown as { said: string[] }).said = []);
    new MutationObserver(() => {
      for (const region of document.querySelectorAll("[data-toaster] [aria-live]")) {
        const text = region.textContent ?? "";
        if (!said.includes(text)) said.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const group = (page: Page, name: string) => page.getByRole("region", { name });

test("a roadmap toast leaves every control clear, also where both right-hand corners hold buttons", async ({
  page,
}) => {
  // The page's clock is the test's, running as any clock does until the toast's lifetime matters.
  await page.clock.install();
  await page.goto("/roadmap");
  const tour = group(page, "Tour & Events");
  await expect(tour.getByRole("checkbox")).toHaveCount(7);
  // Scrolled so that the summary's buttons stand just under the nav, in the top right corner, and the Tour
  // group's delete buttons run down to the bottom right corner.
  const reset = page.getByRole("button", { name: "Reset to defaults" });
  for (let settle = 0; settle < 2; settle += 1) {
    await reset.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().top - 110));
  }
  const deletes = tour.getByRole("button", { name: /^Delete task:/ });
  const low = await deletes.evaluateAll((buttons) =>
    buttons.findIndex((button) => {
      const { top, bottom } = button.getBoundingClientRect();
      return top > innerHeight - 140 && bottom < innerHeight - 16;
    }),
  );
  expect(low, "a delete button in the bottom right corner").toBeGreaterThanOrEqual(0);
  const last = deletes.nth(low);
  const name = (await last.getAttribute("aria-label"))!.replace("Delete task: ", "");
  // Deleted from the keyboard: focus moves on to the next delete button, low at the right.
  await last.focus();
  // The clock stands still, moving on a frame at a time (the placement measures in frames), until the pointer
  // holds the toast: its 10 s do not run out on a busy machine before the toast is checked and pointed at.
  await stopClock(page);
  await page.keyboard.press("Enter");
  const toast = page.getByRole("status").filter({ hasText: `“${name}” was deleted from Tour & Events.` });
  await expect(toast).toContainText("Task deleted");
  await expect.poll(() => framesOn(page, () => coveredControls(page))).toEqual({ whole: 1, covered: [] });
  // The page as a person works with it, the toast held open by the pointer over it.
  await toast.hover();
  await page.clock.resume();
  await expect.poll(() => coveredControls(page)).toEqual({ whole: 1, covered: [] });
  await expectAccessible(page);
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(tour.getByRole("checkbox", { name: new RegExp(`^${name}`) })).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1280, height: 640 },
]) {
  test(`toasts right after the team sign-in leave every control of /contacts clear at ${viewport.width} × ${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The page's clock is the test's: once access is granted it stands still (a frame at a time once the list
    // is in), so the sign-in's toast is still up beside the list's however long a busy machine takes.
    await page.clock.install();
    await enterContacts(page);
    await stopClock(page);
    await expectToast(page, "Contacts loaded", "contacts loaded from the shared database");
    await expect(page.getByRole("button", { name: "Add Contact" })).toBeVisible();
    await expect.poll(() => framesOn(page, () => coveredControls(page))).toEqual({ whole: 2, covered: [] });
    await page.clock.resume();
    await expectAccessible(page);
  });
}

test("a burst of six toasts shows three at once, each of them said, and none over the control in use", async ({
  page,
}) => {
  await recordAnnouncements(page);
  // The page's clock is the test's, running as any clock does until the toasts' lifetime matters.
  await page.clock.install();
  await page.goto("/roadmap");
  const planning = group(page, "Planning & Setup");
  await expect(planning.getByRole("checkbox")).toHaveCount(8);
  const names = await planning
    .getByRole("button", { name: /^Delete task:/ })
    .evaluateAll((buttons) =>
      buttons.slice(0, 6).map((button) => button.getAttribute("aria-label")!.replace("Delete task: ", "")),
    );
  // Six deletes in a row, with the clock standing still (a frame at a time once all are pressed): the burst
  // as it comes on a quick machine, however long a busy one takes over each press.
  await stopClock(page);
  for (const name of names) await planning.getByRole("button", { name: `Delete task: ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `“${names[5]}” was deleted` })).toBeVisible();
  // Three stacked toasts are taller than any gap between this page's controls: the control in use (focus has
  // moved on to the next delete button) stays clear.
  const inUse = page.locator(":focus");
  await expect(inUse).toHaveAccessibleName(/^Delete task:/);
  await expect.poll(() => framesOn(page, () => coveredControls(page, inUse))).toEqual({ whole: 3, covered: [] });
  await waitForAnimations(page);
  expect(await coveredControls(page, inUse)).toEqual({ whole: 3, covered: [] });
  await expect(page.locator("[data-toast-visible]")).toHaveCount(3);
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
  for (const name of names) {
    expect(said).toContain(`Task deleted“${name}” was deleted from Planning & Setup.Undo`);
  }
});
