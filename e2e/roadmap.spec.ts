/**
 * The roadmap checklist as the team uses it, all in this browser's storage:
 * adding, ticking and deleting tasks (with Undo), the backup file out and back
 * in, two tabs in step, and what the page says when the storage is full or
 * holds a roadmap it cannot read. Copy, order and the store's rules are the
 * roadmap's unit tests.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, stopClock, test } from "./fixtures";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { ROADMAP_STORAGE_KEY, ROADMAP_UNREADABLE_KEY } from "../src/features/roadmap/roadmap";
import { downloadDuring } from "./team";

const group = (page: Page, name: string) => page.getByRole("region", { name });
const task = (scope: Page | Locator, text: string) => scope.getByRole("checkbox", { name: new RegExp(`^${text}`) });
const addButton = (scope: Locator) => scope.getByRole("button", { name: "Add", exact: true });

/** Every task's state and text, group by group, as the page shows them. */
const checklist = (page: Page) =>
  page
    .getByRole("region")
    .evaluateAll((sections) =>
      sections.map((section) =>
        [...section.querySelectorAll("li")].map(
          (item) =>
            `${item.querySelector("input")?.checked ? "[x]" : "[ ]"} ${item.querySelector("label")?.textContent}`,
        ),
      ),
    );

/** Chooses a file named `name` holding `text` in the Import dialog, as a person picks one. */
async function importFile(page: Page, name: string, text: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Import roadmap (.json)" }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

test("adds, ticks and deletes tasks, brings one back with Undo, and finds it all after a reload", async ({ page }) => {
  // Tall enough that the first group's every task is in view at the top of the page: nothing the journey
  // presses is scrolled half under the sticky nav, where axe would count a button as too small a target.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await recordLayoutShifts(page);
  // The page's clock is the test's, running as any clock does until the Undo toast's lifetime matters.
  await page.clock.install();
  await page.goto("/roadmap");
  await expect(page.getByRole("heading", { level: 1, name: "Project Roadmap" })).toBeVisible();
  await expect(page.getByText("Track progress across different phases of the project.")).toBeVisible();
  const planning = group(page, "Planning & Setup");
  const content = group(page, "Content & Strategy");
  const tour = group(page, "Tour & Events");
  await expect(planning.getByRole("checkbox")).toHaveCount(8);
  await expect(content.getByRole("checkbox")).toHaveCount(6);
  await expect(tour.getByRole("checkbox")).toHaveCount(7);
  await expect(page.getByText("0 of 21 tasks done (0%)")).toBeVisible();
  // The tool takes its placeholder's place: nothing on the page moves.
  expect(await layoutShifts(page)).toEqual([]);

  // Text and owner are trimmed; the form empties for the next task.
  await tour.getByPlaceholder("New task").fill("  Print tour posters  ");
  await tour.getByPlaceholder("Owner").fill("  Aoife ");
  await addButton(tour).click();
  await expect(task(tour, "Print tour posters")).not.toBeChecked();
  await expect(tour.getByText("(Aoife)")).toBeVisible();
  await expect(tour.getByPlaceholder("New task")).toHaveValue("");
  await expect(tour.getByPlaceholder("Owner")).toHaveValue("");
  // Enter adds too, and the owner may stay empty; a double-click on Add adds once.
  await content.getByPlaceholder("New task").fill("Book a photographer");
  await content.getByPlaceholder("New task").press("Enter");
  await expect(content.getByRole("checkbox", { name: "Book a photographer", exact: true })).toBeVisible();
  await planning.getByPlaceholder("New task").fill("Book the mastering engineer");
  await addButton(planning).dblclick();
  await expect(task(planning, "Book the mastering engineer")).toHaveCount(1);
  await expect(planning.getByRole("checkbox")).toHaveCount(9);
  // A task without text is not added, and nothing is said.
  await content.getByPlaceholder("New task").fill("    ");
  await content.getByPlaceholder("Owner").fill("Orla");
  await addButton(content).click();
  await expect(content.getByRole("checkbox")).toHaveCount(7);
  await expect(content.getByPlaceholder("Owner")).toHaveValue("Orla");

  // A done task is struck through, and the figures follow.
  await task(planning, "Launch the website").check();
  await task(planning, "Put together the EPK").check();
  await expect(planning.getByText("Launch the website")).toHaveCSS("text-decoration-line", "line-through");
  await expect(planning.getByText("2/9", { exact: true })).toBeVisible();
  await expect(planning.getByRole("progressbar", { name: "Planning & Setup progress" })).toHaveAttribute(
    "aria-valuetext",
    "2 of 9 tasks done",
  );
  await expect(page.getByText("2 of 24 tasks done (8%)")).toBeVisible();

  // Deleted, then brought back by the toast's Undo: in its place, still done, with focus on it.
  const before = await checklist(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(planning.getByRole("button", { name: "Delete task: Put together the EPK" })).toBeInViewport();
  // The clock stands still until the pointer holds the toast: its 10 s do not run out first on a busy machine.
  await stopClock(page);
  await planning.getByRole("button", { name: "Delete task: Put together the EPK" }).click();
  await expect(task(planning, "Put together the EPK")).toHaveCount(0);
  const toast = page
    .getByRole("status")
    .filter({ hasText: "“Put together the EPK” was deleted from Planning & Setup." });
  await expect(toast).toContainText("Task deleted");
  // The page as a person works with it, a toast on top, held open by the focus on its button. (Pointed at while
  // the clock stands, the toast is not yet in its place: it moves from under the pointer once the clock runs,
  // and its 10 s would run out during a slow audit.)
  await toast.getByRole("button", { name: "Undo" }).focus();
  await page.clock.resume();
  await expectAccessible(page);
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(task(planning, "Put together the EPK")).toBeChecked();
  await expect(task(planning, "Put together the EPK")).toBeFocused();
  expect(await checklist(page)).toEqual(before);

  // From the keyboard, focus moves on to the next task's delete button; a double-click deletes one task only.
  await content.getByRole("button", { name: "Delete task: Apply for arts funding" }).focus();
  await page.keyboard.press("Enter");
  await expect(content.getByRole("button", { name: "Delete task: Reach out to bookers" })).toBeFocused();
  await planning.getByRole("button", { name: "Delete task: Share the team calendar" }).dblclick();
  await expect(planning.getByRole("checkbox")).toHaveCount(8);
  await expect(task(planning, "Book the mastering engineer")).toHaveCount(1);

  const kept = await checklist(page);
  await page.reload();
  await expect(task(tour, "Print tour posters")).toBeVisible();
  expect(await checklist(page)).toEqual(kept);
  await expect(task(content, "Apply for arts funding")).toHaveCount(0);
  await expect(task(planning, "Launch the website")).toBeChecked();
});

test("moves nothing as the roadmap replaces its placeholder on a phone and a tablet", async ({ page }) => {
  await recordLayoutShifts(page);
  // The desktop width is the first journey's.
  for (const width of [375, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/roadmap");
    await expect(group(page, "Tour & Events").getByRole("checkbox")).toHaveCount(7);
    expect(await layoutShifts(page), `${width} px`).toEqual([]);
  }
});

test("exports the roadmap, resets it behind a confirmation, imports the export back and refuses a file that is not one", async ({
  page,
}) => {
  await page.goto("/roadmap");
  const planning = group(page, "Planning & Setup");
  const tour = group(page, "Tour & Events");
  await task(planning, "Finalise the EP artwork").check();
  await tour.getByPlaceholder("New task").fill('Print "Mother" posters & flyers 🎶');
  await addButton(tour).click();
  const worked = await checklist(page);

  const { filename, text } = await downloadDuring(page, () =>
    page.getByRole("button", { name: "Export roadmap (.json)" }).click(),
  );
  expect(filename).toMatch(/^roadmap-\d{4}-\d{2}-\d{2}\.json$/);
  expect(JSON.parse(text).groups[2].tasks.at(-1)).toMatchObject({ text: 'Print "Mother" posters & flyers 🎶' });

  // Reset asks first, with Cancel focused; Escape and Cancel change nothing.
  const reset = page.getByRole("button", { name: "Reset to defaults" });
  const resetDialog = page.getByRole("dialog", { name: "Reset the roadmap to its defaults?" });
  await reset.click();
  await expect(resetDialog).toContainText(
    "The 22 tasks on this page will be replaced by the 21 tasks of the default roadmap",
  );
  await expect(resetDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(resetDialog).toBeHidden();
  await expect(reset).toBeFocused();
  await reset.click();
  await resetDialog.getByRole("button", { name: "Cancel" }).click();
  expect(await checklist(page)).toEqual(worked);
  // On a phone the dialog opens under the pointer: a double-click on Reset does not confirm it.
  await page.setViewportSize({ width: 375, height: 760 });
  await reset.dblclick();
  await expect(resetDialog).toBeVisible();
  expect(await checklist(page)).toEqual(worked);
  await resetDialog.getByRole("button", { name: "Reset roadmap" }).click();
  await expect(page.getByRole("status").getByText("The roadmap is back to its default tasks.")).toBeVisible();
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(page.getByText("0 of 21 tasks done (0%)")).toBeVisible();

  // A file that is not a backup changes nothing, and says why.
  await importFile(page, "notes.json", "Galway, Donegal, Dublin");
  await expect(page.getByRole("alert").filter({ hasText: "Could not import" })).toHaveText(
    "Could not import “notes.json”: the file is not valid JSON. Nothing was changed.",
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await importFile(page, "huge.json", " ".repeat(1024 * 1024 + 1));
  await expect(page.getByRole("alert").filter({ hasText: "Could not import" })).toHaveText(
    "Could not import “huge.json”: the file is larger than 1 MB. Nothing was changed.",
  );

  // The export goes back in once confirmed (Cancel changes nothing; the same file chosen again is read
  // again), and stays after a reload.
  const importDialog = page.getByRole("dialog", { name: "Replace the roadmap with this backup?" });
  await importFile(page, filename, text);
  await importDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByText("0 of 21 tasks done (0%)")).toBeVisible();
  await importFile(page, filename, text);
  await expect(importDialog).toContainText(
    `“${filename}” holds 22 tasks, 1 done. They will replace the 21 tasks on this page.`,
  );
  await importDialog.getByRole("button", { name: "Replace roadmap" }).click();
  await expect(page.getByRole("status").getByText(`Imported 22 tasks from “${filename}”.`)).toBeVisible();
  expect(await checklist(page)).toEqual(worked);
  await page.reload();
  await expect(task(tour, 'Print "Mother" posters')).toBeVisible();
  expect(await checklist(page)).toEqual(worked);
});

test("keeps two open tabs in step", async ({ page, context }) => {
  await page.goto("/roadmap");
  const other = await context.newPage();
  await other.goto("/roadmap");
  await expect(group(other, "Tour & Events").getByRole("checkbox")).toHaveCount(7);

  await task(group(page, "Tour & Events"), "Plan the Spain tour").check();
  await expect(task(group(other, "Tour & Events"), "Plan the Spain tour")).toBeChecked();
  await group(other, "Content & Strategy").getByPlaceholder("New task").fill("Pitch to radio");
  await addButton(group(other, "Content & Strategy")).click();
  await expect(task(group(page, "Content & Strategy"), "Pitch to radio")).toBeVisible();
  await expect(task(group(page, "Tour & Events"), "Plan the Spain tour")).toBeChecked();

  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await page.getByRole("button", { name: "Reset roadmap" }).click();
  await expect(other.getByText("0 of 21 tasks done (0%)")).toBeVisible();
  await expect(task(group(other, "Content & Strategy"), "Pitch to radio")).toHaveCount(0);
});

test("says at once when the browser's storage is full, keeps the change on screen and saves again once it can", async ({
  page,
}) => {
  // A storage that refuses every write while the page says so.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if ((window as unknown as { storageFull?: boolean }).storageFull) {
        throw new DOMException(
          `Failed to set the '${key}' property on 'Storage': exceeded the quota.`,
          "QuotaExceededError",
        );
      }
      setItem.call(this, key, value);
    };
  });
  await page.goto("/roadmap");
  const planning = group(page, "Planning & Setup");
  const tour = group(page, "Tour & Events");
  await task(planning, "Launch the website").check();
  await page.evaluate(() => ((window as unknown as { storageFull: boolean }).storageFull = true));

  await task(tour, "Plan the Italy tour").check();
  const warning = page.getByRole("alert").filter({ hasText: "Not saved" });
  await expect(warning).toHaveText(
    "Not saved: this browser's storage is full. Your changes are on screen but not saved in this browser, and a reload would lose them. Export the roadmap (.json) to keep them. Each change tries to save again.",
  );
  await expect(task(tour, "Plan the Italy tour")).toBeChecked();
  await expect(warning).toBeInViewport();
  await expectAccessible(page);
  // The export beside the warning keeps the change.
  const { text } = await downloadDuring(page, () =>
    page.locator("[data-save-warning]").getByRole("button", { name: "Export roadmap (.json)" }).click(),
  );
  const tourTasks: { text: string; completed: boolean }[] = JSON.parse(text).groups[2].tasks;
  expect(tourTasks.find((saved) => saved.text === "Plan the Italy tour")?.completed).toBe(true);

  // Each change tries again; the warning goes once a save works.
  await page.evaluate(() => ((window as unknown as { storageFull: boolean }).storageFull = false));
  await task(tour, "Plan the Spain tour").check();
  await expect(warning).toHaveCount(0);
  await expect(
    page.getByRole("status").getByText("Saved: your changes are stored in this browser again."),
  ).toBeVisible();
  await page.reload();
  await expect(task(tour, "Plan the Italy tour")).toBeChecked();
  await expect(task(tour, "Plan the Spain tour")).toBeChecked();
  await expect(task(planning, "Launch the website")).toBeChecked();
});

test("shows the defaults when the saved roadmap cannot be read, and keeps each unreadable copy until it is deleted", async ({
  page,
}) => {
  const bad = '{"planning": [{"id": 1}]';
  await page.addInitScript(
    ({ value, key, asideKey }) => {
      // Once: a reload must find what the page itself saved. A copy kept aside on an earlier visit is there too.
      if (sessionStorage.getItem("seeded")) return;
      localStorage.setItem(key, value);
      localStorage.setItem(asideKey, "{earlier");
      sessionStorage.setItem("seeded", "1");
    },
    { value: bad, key: ROADMAP_STORAGE_KEY, asideKey: ROADMAP_UNREADABLE_KEY },
  );
  await page.goto("/roadmap");
  await expect(group(page, "Planning & Setup").getByRole("checkbox")).toHaveCount(8);
  await expect(page.getByRole("alert").filter({ hasText: "could not be read" })).toHaveText(
    "The roadmap saved in this browser could not be read (it is not valid JSON), so the default tasks are shown. The saved copy has not been deleted: download it to fix it, then import it. One more unreadable copy is kept; it is shown once this one is deleted.",
  );
  const download = page.getByRole("button", { name: "Download the saved copy" });
  expect(await downloadDuring(page, () => download.click())).toEqual({
    filename: "roadmap-unreadable.json",
    text: bad,
  });

  // The tool works as usual, and the copies are still mentioned on the next visit until each is deleted.
  await task(group(page, "Tour & Events"), "Plan the Spain tour").check();
  await page.reload();
  await expect(task(group(page, "Tour & Events"), "Plan the Spain tour")).toBeChecked();
  const reminder = page.getByText(/^A roadmap saved in this browser earlier could not be read/);
  await expect(reminder).toContainText("One more unreadable copy is kept");
  const remove = page.getByRole("button", { name: "Delete the saved copy" });
  const dialog = page.getByRole("dialog", { name: "Delete the saved copy?" });
  await remove.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(reminder).toContainText("One more unreadable copy is kept");
  await remove.click();
  await dialog.getByRole("button", { name: "Delete copy" }).click();
  // Focus is not lost with the buttons: it rests on the sentence that says what happened.
  await expect(page.getByText("The unreadable roadmap copy was deleted.")).toBeFocused();
  await expect(reminder).not.toContainText("One more");
  await remove.click();
  await dialog.getByRole("button", { name: "Delete copy" }).click();
  await expect(reminder).toHaveCount(0);
  await page.reload();
  await expect(task(group(page, "Tour & Events"), "Plan the Spain tour")).toBeChecked();
  await expect(page.getByText(/saved in this browser/)).toHaveCount(0);
});
