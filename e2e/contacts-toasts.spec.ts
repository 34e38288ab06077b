/**
 * Toasts never stand over what the person is working on: with three stacked, the Save and Cancel
 * of a card being edited stay visible and pressable, in the third column of a desktop and on a
 * phone, wherever the card is on the screen.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, framesOn, stopClock, test, waitForAnimations } from "./fixtures";
import { addContact, card, editingCard, openContacts, searchBox } from "./contacts-page";
import { uniqueWord } from "./team";

// Where toasts stand once they have slid in and settled: motion as most visitors have it.
test.use({ reducedMotion: "no-preference" });

/**
 * What a person sees of the card's buttons with the toasts up: how many toasts are on screen, and
 * whether pressing the middle of each button would press it rather than something drawn over it.
 */
function underToasts(controls: Locator) {
  return controls.evaluateAll((buttons) => ({
    toasts: document.querySelectorAll("[data-toast-visible]").length,
    pressable: buttons.map((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return `${button.textContent}: ${hit !== null && button.contains(hit) ? "clear" : "covered"}`;
    }),
  }));
}

/** Scrolls so the card's top is `offset` px from the top of the window, or (negative) its bottom from the bottom. */
async function scrollCard(target: Locator, offset: number) {
  await target.evaluate((element, offset) => {
    const box = element.getBoundingClientRect();
    const delta = offset >= 0 ? box.top - offset : box.bottom - (window.innerHeight + offset);
    window.scrollBy(0, delta);
  }, offset);
}

/** Clicks the middle of where `control` is on the screen now (whatever is drawn there gets the click). */
async function pressWhereSeen(page: Page, control: Locator) {
  const box = (await control.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const failures = (page: Page) => page.getByRole("alert").filter({ hasText: "Failed to update contact" });

for (const { device, viewport, column } of [
  { device: "desktop", viewport: { width: 1280, height: 800 }, column: 3 },
  { device: "phone", viewport: { width: 375, height: 667 }, column: 1 },
]) {
  test(`three stacked toasts leave Save and Cancel of the card being edited clear on a ${device}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The page's clock is the test's, running as any clock does until the toasts' lifetime matters.
    await page.clock.install();
    const word = uniqueWord();
    await openContacts(page);
    // Newest first: the first added is the third card, in the third column of a desktop.
    const names = ["Cara", "Brian", "Aoife"].map((first) => `${first} ${word}`);
    for (const name of names) await addContact(page, { name, role: "Booker" });
    await searchBox(page).fill(word);
    const name = column === 3 ? names[0] : names[2];
    await expect(page.getByRole("article").nth(column - 1)).toHaveAccessibleName(name);
    // The toasts of the adds have gone (the pointer moved off them): the three that follow are the only ones.
    await page.mouse.move(1, 1);
    await expect(page.locator("[data-variant]")).toHaveCount(0);
    await page.route(/\/rest\/v1\/contacts\?/, (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"unavailable"}' })
        : route.fallback(),
    );

    // The card low on the screen, where the toasts come in, then high up, under the bar.
    for (const offset of [-8, 110]) {
      await card(page, name).getByRole("button", { name: "Edit contact" }).click();
      const editing = editingCard(page, name);
      await editing.getByLabel("Role").fill(`Agent ${offset}`);
      await scrollCard(editing, offset);
      const save = editing.getByRole("button", { name: "Save", exact: true });
      const cancel = editing.getByRole("button", { name: "Cancel" });
      // Three saves in quick succession, as a person retries: the clock stands still while they are pressed,
      // and moves on only a frame or two at a time (the placement measures in frames), far from the 5 s a
      // toast stays, so all three are up together however long a busy machine takes over each press.
      await stopClock(page);
      // Pressed where they are seen, as a person points: nothing scrolls them out from under a toast.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await pressWhereSeen(page, save);
        await expect(failures(page)).toHaveCount(attempt);
        await page.clock.runFor(200);
      }
      // Three toasts on screen, whole, and none of them over the card's buttons, once they have settled
      // (and while all three are still up: a button clear only after they went proves nothing).
      for (const toast of await failures(page).all()) await expect(toast).toBeInViewport({ ratio: 1 });
      const buttons = editing.getByRole("button", { name: /^(Save|Cancel)$/ });
      const clear = { toasts: 3, pressable: ["Save: clear", "Cancel: clear"] };
      await expect.poll(() => framesOn(page, () => underToasts(buttons)), `card at ${offset} px`).toEqual(clear);
      await waitForAnimations(page);
      expect(await underToasts(buttons), `card at ${offset} px, toasts settled`).toEqual(clear);
      await pressWhereSeen(page, cancel);
      await expect(card(page, name).getByText("Booker", { exact: true })).toBeVisible();
      // The pointer moves on (one resting on a toast would hold it), and the toasts go in their time.
      await page.clock.resume();
      await page.mouse.move(1, 1);
      await expect(page.locator("[data-variant]")).toHaveCount(0);
    }
  });
}
