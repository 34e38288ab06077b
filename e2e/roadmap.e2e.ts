import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, baseURL, downloadDuring, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

const group = (page: Page, name: string) => page.getByRole("region", { name });
const stored = async (page: Page, key = "roadmapTodos") => page.evaluate((k) => localStorage.getItem(k), key);

const figure = (scope: Page | Locator, name: string) => scope.getByRole("progressbar", { name });

/** Chooses `text` as the file to import, named `name`, the way a person picks a file in the dialog. */
async function importFile(page: Page, name: string, text: string | Buffer) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Import roadmap (.json)" }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

/** Every task's text and state, group by group, as the page shows them. */
const checklist = (page: Page) =>
  page.$$eval("main section", (sections) =>
    sections.map((section) =>
      [...section.querySelectorAll("li")].map(
        (item) => `${item.querySelector("input")?.checked ? "[x]" : "[ ]"} ${item.querySelector("label")?.textContent}`,
      ),
    ),
  );

/** A fresh context whose localStorage starts with `roadmapTodos` set to `value` (once, not on every reload). */
async function contextWithStoredRoadmap(browser: Browser, value: string) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((raw) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("roadmapTodos", raw);
      sessionStorage.setItem("seeded", "1");
    }
  }, value);
  return context;
}

describe("roadmap", () => {
  it("shows the three groups with their default tasks and owners", async () => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    await expect(page.getByRole("heading", { level: 1, name: "Project Roadmap" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Track progress across different phases of the project.").isVisible()).resolves.toBe(
      true,
    );
    await group(page, "Planning & Setup").getByRole("checkbox").first().waitFor();
    expect(await group(page, "Planning & Setup").getByRole("checkbox").count()).toBe(8);
    expect(await group(page, "Content & Strategy").getByRole("checkbox").count()).toBe(6);
    expect(await group(page, "Tour & Events").getByRole("checkbox").count()).toBe(7);
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(0);
    await expect(group(page, "Tour & Events").getByText("Plan the Italy tour").isVisible()).resolves.toBe(true);
    await expect(
      group(page, "Planning & Setup")
        .getByRole("checkbox", { name: /^Build the team contact sheet ?\(Everyone\)$/ })
        .count(),
    ).resolves.toBe(1);
    for (const name of ["Planning & Setup", "Content & Strategy", "Tour & Events"]) {
      await expect(group(page, name).getByPlaceholder("New task").isVisible()).resolves.toBe(true);
      await expect(group(page, name).getByPlaceholder("Owner").isVisible()).resolves.toBe(true);
      await expect(group(page, name).getByRole("button", { name: "Add", exact: true }).isVisible()).resolves.toBe(true);
    }
    // Nothing is written until something changes.
    expect(await stored(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("strikes through completed tasks and remembers every change across reloads", async () => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    const planning = group(page, "Planning & Setup");
    const text = planning.getByText("Launch the website");
    await planning.getByRole("checkbox", { name: /Launch the website/ }).check();
    expect(await text.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
    await planning.getByRole("checkbox", { name: /Share the team calendar/ }).check();
    await planning.getByRole("checkbox", { name: /Share the team calendar/ }).uncheck();
    expect(
      await planning.getByText("Share the team calendar").evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toBe("none");

    const tour = group(page, "Tour & Events");
    await tour.getByPlaceholder("New task").fill("  Print tour posters  ");
    await tour.getByPlaceholder("Owner").fill("  Aoife ");
    await tour.getByRole("button", { name: "Add", exact: true }).click();
    await expect(tour.getByText("Print tour posters").isVisible()).resolves.toBe(true);
    await expect(tour.getByText("(Aoife)").isVisible()).resolves.toBe(true);
    expect(await tour.getByPlaceholder("New task").inputValue()).toBe("");
    expect(await tour.getByPlaceholder("Owner").inputValue()).toBe("");
    expect(await tour.getByRole("checkbox").count()).toBe(8);
    expect(await tour.getByRole("checkbox", { name: /Print tour posters/ }).isChecked()).toBe(false);

    // An owner may be left empty; Enter adds too.
    const content = group(page, "Content & Strategy");
    await content.getByPlaceholder("New task").fill("Book a photographer");
    await content.getByPlaceholder("New task").press("Enter");
    await expect(content.getByRole("checkbox", { name: "Book a photographer" }).count()).resolves.toBe(1);

    await content.getByRole("button", { name: "Delete task: Apply for arts funding" }).click();
    expect(await content.getByRole("checkbox").count()).toBe(6);
    await expect(content.getByText("Apply for arts funding").count()).resolves.toBe(0);

    const saved = JSON.parse((await stored(page)) ?? "{}");
    const added = saved.tour.at(-1);
    expect(added).toMatchObject({ text: "Print tour posters", owner: "Aoife", completed: false });
    expect(added.id).toMatch(/^[a-z0-9]{9}$/);
    expect(saved.content.at(-1)).toMatchObject({ text: "Book a photographer", owner: "" });
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await group(page, "Tour & Events").getByText("Print tour posters").waitFor();
    expect(
      await group(page, "Planning & Setup")
        .getByRole("checkbox", { name: /Launch the website/ })
        .isChecked(),
    ).toBe(true);
    expect(await group(page, "Content & Strategy").getByRole("checkbox").count()).toBe(6);
    await expect(group(page, "Content & Strategy").getByText("Apply for arts funding").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("adds one task for a double-click on Add, and deletes one task for a double-click on its ✕", async () => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    const planning = group(page, "Planning & Setup");
    const add = planning.getByRole("button", { name: "Add", exact: true });
    await planning.getByPlaceholder("New task").fill("Book the mastering engineer");
    // The page slides in as it loads; measure once it has settled.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    const before = await add.boundingBox();
    await add.dblclick();
    await expect(planning.getByRole("checkbox", { name: "Book the mastering engineer" }).count()).resolves.toBe(1);
    expect(await planning.getByRole("checkbox").count()).toBe(9);
    // The form stays where it was, so the second click pressed Add again (on an empty form: nothing).
    expect(await add.boundingBox()).toEqual(before);
    expect(JSON.parse((await stored(page)) ?? "{}").planning.at(-1)).toMatchObject({
      text: "Book the mastering engineer",
    });

    // Deleting moves the next task up under the pointer; the double-click's second click does not delete it.
    await planning.getByRole("button", { name: "Delete task: Launch the website" }).dblclick();
    expect(await planning.getByRole("checkbox").count()).toBe(8);
    await expect(planning.getByText("Launch the website").count()).resolves.toBe(0);
    await expect(planning.getByText("Update the roadmap every week").count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("brings deleted tasks back with Undo, each where it was and as it was, and keeps them after a reload", async () => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    const planning = group(page, "Planning & Setup");
    await planning.getByRole("checkbox", { name: /Put together the EPK/ }).check();
    const before = await checklist(page);

    // Two neighbours deleted in a row, each with its own toast.
    await planning.getByRole("button", { name: "Delete task: Put together the EPK" }).click();
    await planning.getByRole("button", { name: "Delete task: Launch the website" }).click();
    expect(await planning.getByRole("checkbox").count()).toBe(6);
    const toastFor = (text: string) => page.getByRole("status").filter({ hasText: `“${text}” was deleted from` });
    const epkToast = toastFor("Put together the EPK");
    await epkToast.waitFor();
    expect(await epkToast.textContent()).toBe(
      "Task deleted“Put together the EPK” was deleted from Planning & Setup.Undo",
    );
    await toastFor("Launch the website").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Undone in the order they were deleted: the first goes back between its old neighbours, still done.
    await epkToast.getByRole("button", { name: "Undo" }).click();
    await epkToast.waitFor({ state: "detached" });
    expect(await planning.getByRole("checkbox", { name: /Put together the EPK/ }).isChecked()).toBe(true);
    // Focus goes to the task brought back.
    expect(await page.evaluate(() => document.activeElement?.closest("li")?.textContent)).toMatch(
      /^Put together the EPK/,
    );

    // The second from the keyboard.
    const undoLaunch = toastFor("Launch the website").getByRole("button", { name: "Undo" });
    await undoLaunch.focus();
    await page.keyboard.press("Enter");
    expect(await checklist(page)).toEqual(before);
    const saved = JSON.parse((await stored(page)) ?? "{}").planning;
    expect(saved.slice(3, 5)).toMatchObject([
      { text: "Put together the EPK", completed: true },
      { text: "Launch the website", completed: false },
    ]);

    await page.reload();
    await planning.getByRole("checkbox").first().waitFor();
    expect(await checklist(page)).toEqual(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("says at once when the browser's storage is full, keeps the change on screen, offers the export and saves again once it can", async () => {
    const context = await getBrowser().newContext({ baseURL });
    await context.addInitScript(() => {
      // The first visit saves as usual; from the first reload on, localStorage is full until the test frees it.
      if (sessionStorage.getItem("visited") === null) {
        sessionStorage.setItem("visited", "1");
        return;
      }
      const setItem = Storage.prototype.setItem;
      const page = window as unknown as { storageFull: boolean };
      page.storageFull = true;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (page.storageFull)
          throw new DOMException(
            `Failed to set the '${key}' property on 'Storage': exceeded the quota.`,
            "QuotaExceededError",
          );
        setItem.call(this, key, value);
      };
    });
    const { page, errors } = await openPage(getBrowser, "/roadmap", { context });
    const tour = group(page, "Tour & Events");
    const italy = tour.getByRole("checkbox", { name: /Plan the Italy tour/ });
    const spain = tour.getByRole("checkbox", { name: /Plan the Spain tour/ });
    await group(page, "Planning & Setup")
      .getByRole("checkbox", { name: /Launch the website/ })
      .check();
    await page.reload();
    await italy.waitFor();
    const savedBefore = await stored(page);
    // The page slides in as it loads; measure once it has settled.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    const addBefore = await tour.getByRole("button", { name: "Add", exact: true }).boundingBox();

    await italy.check();
    const warning = page.getByRole("alert").filter({ hasText: "Not saved" });
    await warning.waitFor();
    expect(await warning.textContent()).toBe(
      "Not saved: this browser's storage is full. Your changes are on screen but not saved in this browser, and a reload would lose them. Export the roadmap (.json) to keep them. Each change tries to save again.",
    );
    expect(await italy.isChecked()).toBe(true);
    expect(await stored(page)).toBe(savedBefore);
    // The warning appears below the groups: nothing moves.
    expect(await tour.getByRole("button", { name: "Add", exact: true }).boundingBox()).toEqual(addBefore);
    // It sticks to the bottom of the window, in sight, until the end of the page.
    const inWindow = await warning.evaluate((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return top >= 0 && bottom <= window.innerHeight;
    });
    expect(inWindow).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The export next to the warning keeps the change.
    const { text } = await downloadDuring(page, () =>
      page.locator("[data-save-warning]").getByRole("button", { name: "Export roadmap (.json)" }).click(),
    );
    const tourTasks = JSON.parse(text).groups[2].tasks;
    expect(tourTasks.find((task: { text: string }) => task.text === "Plan the Italy tour").completed).toBe(true);

    // As the warning says, a reload loses the change (the last save is kept).
    await page.reload();
    await italy.waitFor();
    expect(await italy.isChecked()).toBe(false);
    expect(
      await group(page, "Planning & Setup")
        .getByRole("checkbox", { name: /Launch the website/ })
        .isChecked(),
    ).toBe(true);

    // Each change tries again: the warning stays while the storage is full, and goes once a save works.
    await italy.check();
    await warning.waitFor();
    await page.evaluate(() => {
      (window as unknown as { storageFull: boolean }).storageFull = false;
    });
    await spain.check();
    await warning.waitFor({ state: "detached" });
    await expect(
      page.getByRole("status").getByText("Saved: your changes are stored in this browser again.").isVisible(),
    ).resolves.toBe(true);
    const saved = JSON.parse((await stored(page)) ?? "{}");
    expect(
      saved.tour.filter((task: { completed: boolean }) => task.completed).map((task: { text: string }) => task.text),
    ).toEqual(["Plan the Italy tour", "Plan the Spain tour"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("does nothing for a task without text", async () => {
    const { page } = await openPage(getBrowser, "/roadmap");
    const content = group(page, "Content & Strategy");
    await content.getByPlaceholder("New task").fill("    ");
    await content.getByPlaceholder("Owner").fill("Orla");
    await content.getByRole("button", { name: "Add", exact: true }).click();
    expect(await content.getByRole("checkbox").count()).toBe(6);
    expect(await content.getByPlaceholder("Owner").inputValue()).toBe("Orla");
    expect(await page.getByRole("alert").filter({ hasText: /\S/ }).count()).toBe(0);
    expect(await stored(page)).toBeNull();
    await page.context().close();
  });

  it.each([
    ["bad JSON", '{"planning": [{"id": 1}]', "it is not valid JSON"],
    ["a different shape", "[1, 2, 3]", "it is not a roadmap"],
    ["a partial object", '{"planning": []}', "the “Content & Strategy” group is missing"],
  ])(
    "falls back to the defaults when the stored roadmap is %s, says so and keeps the old value aside",
    async (_label, bad, reason) => {
      const context = await contextWithStoredRoadmap(getBrowser(), bad);
      const { page, errors } = await openPage(getBrowser, "/roadmap", { context });
      await group(page, "Planning & Setup").getByRole("checkbox").first().waitFor();
      expect(await group(page, "Planning & Setup").getByRole("checkbox").count()).toBe(8);
      expect(await stored(page, "roadmapTodos.unreadable")).toBe(bad);
      expect(errors).toEqual([]);

      // The team is told, not just the console, and can take the old value away to mend it.
      const notice = page.getByRole("alert").filter({ hasText: "could not be read" });
      expect(await notice.textContent()).toBe(
        `The roadmap saved in this browser could not be read (${reason}), so the default tasks are shown. The saved copy has not been deleted: download it to fix it, then import it.`,
      );
      const download = page.getByRole("button", { name: "Download the saved copy" });
      const copy = await downloadDuring(page, () => download.click());
      expect(copy).toEqual({ filename: "roadmap-unreadable.json", text: bad });
      expect(await axeViolations(page)).toEqual([]);

      // The tool works as usual afterwards, and the kept value survives.
      await group(page, "Tour & Events")
        .getByRole("checkbox", { name: /Plan the Spain tour/ })
        .check();
      await page.reload();
      await group(page, "Tour & Events").getByRole("checkbox").first().waitFor();
      expect(
        await group(page, "Tour & Events")
          .getByRole("checkbox", { name: /Plan the Spain tour/ })
          .isChecked(),
      ).toBe(true);
      expect(await stored(page, "roadmapTodos.unreadable")).toBe(bad);

      // Still told on the next visit, as a reminder rather than an alert, until the team deletes the copy.
      const reminder = page.getByText(/^A roadmap saved in this browser earlier/);
      expect(await reminder.textContent()).toBe(
        `A roadmap saved in this browser earlier could not be read (${reason}) and is still kept aside: download it to fix it, then import it, or delete it.`,
      );
      expect(await notice.count()).toBe(0);
      const remove = page.getByRole("button", { name: "Delete the saved copy" });
      await remove.click();
      const dialog = page.getByRole("dialog", { name: "Delete the saved copy?" });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      expect(await stored(page, "roadmapTodos.unreadable")).toBe(bad);
      await remove.click();
      await dialog.getByRole("button", { name: "Delete copy" }).click();
      const said = page.getByText("The unreadable roadmap copy was deleted.");
      await said.waitFor();
      // Focus is not lost with the buttons: it rests on the sentence that says what happened.
      await expect.poll(() => said.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await stored(page, "roadmapTodos.unreadable")).toBeNull();
      expect(await axeViolations(page)).toEqual([]);
      await page.reload();
      await group(page, "Tour & Events").getByRole("checkbox").first().waitFor();
      await expect(page.getByText(/saved in this browser/).count()).resolves.toBe(0);
      await context.close();
    },
  );

  it("tells of each unreadable copy kept, oldest first, one after another", async () => {
    const context = await getBrowser().newContext({ baseURL });
    await context.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      localStorage.setItem("roadmapTodos.unreadable.1735689600000", "{second");
      localStorage.setItem("roadmapTodos.unreadable", "{first");
      sessionStorage.setItem("seeded", "1");
    });
    const { page, errors } = await openPage(getBrowser, "/roadmap", { context });
    const reminder = page.getByText(/^A roadmap saved in this browser earlier/);
    expect(await reminder.textContent()).toBe(
      "A roadmap saved in this browser earlier could not be read (it is not valid JSON) and is still kept aside: download it to fix it, then import it, or delete it. One more unreadable copy is kept; it is shown once this one is deleted.",
    );
    const download = page.getByRole("button", { name: "Download the saved copy" });
    expect((await downloadDuring(page, () => download.click())).text).toBe("{first");

    await page.getByRole("button", { name: "Delete the saved copy" }).click();
    await page
      .getByRole("dialog", { name: "Delete the saved copy?" })
      .getByRole("button", { name: "Delete copy" })
      .click();
    await page.getByText("The unreadable roadmap copy was deleted.").waitFor();
    expect(await reminder.textContent()).not.toContain("One more");
    expect((await downloadDuring(page, () => download.click())).text).toBe("{second");
    expect(await stored(page, "roadmapTodos.unreadable")).toBeNull();
    expect(await stored(page, "roadmapTodos.unreadable.1735689600000")).toBe("{second");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("warns that the next change replaces an unreadable roadmap it had no room to keep aside", async () => {
    const bad = "[1, 2, 3]";
    const context = await contextWithStoredRoadmap(getBrowser(), bad);
    // A full storage: the copy cannot be written under another key.
    await context.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key.startsWith("roadmapTodos.unreadable")) throw new DOMException("full", "QuotaExceededError");
        setItem.call(this, key, value);
      };
    });
    const { page, errors } = await openPage(getBrowser, "/roadmap", { context });
    const notice = page.getByRole("alert").filter({ hasText: "could not be read" });
    expect(await notice.textContent()).toBe(
      "The roadmap saved in this browser could not be read (it is not a roadmap), so the default tasks are shown. There was no room to keep it aside, so your next change replaces it: download it now to fix it, then import it.",
    );
    // Left where it was, and still there to download.
    expect(await stored(page)).toBe(bad);
    const copy = await downloadDuring(page, () =>
      page.getByRole("button", { name: "Download the saved copy" }).click(),
    );
    expect(copy.text).toBe(bad);
    expect(await page.getByRole("button", { name: "Delete the saved copy" }).count()).toBe(0);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps two open tabs in step", async () => {
    const { page: first, context } = await openPage(getBrowser, "/roadmap");
    const { page: second } = await openPage(getBrowser, "/roadmap", { context });
    await group(second, "Tour & Events").getByRole("checkbox").first().waitFor();
    await group(first, "Tour & Events")
      .getByRole("checkbox", { name: /Plan the Spain tour/ })
      .check();
    await expect
      .poll(() =>
        group(second, "Tour & Events")
          .getByRole("checkbox", { name: /Plan the Spain tour/ })
          .isChecked(),
      )
      .toBe(true);

    await group(second, "Content & Strategy").getByPlaceholder("New task").fill("Pitch to radio");
    await group(second, "Content & Strategy").getByRole("button", { name: "Add", exact: true }).click();
    await group(first, "Content & Strategy").getByText("Pitch to radio").waitFor();
    expect(
      await group(first, "Tour & Events")
        .getByRole("checkbox", { name: /Plan the Spain tour/ })
        .isChecked(),
    ).toBe(true);
    await context.close();
  });

  it("moves keyboard focus to the next task after a delete", async () => {
    const { page } = await openPage(getBrowser, "/roadmap");
    const content = group(page, "Content & Strategy");
    await content.getByRole("button", { name: "Delete task: Order vinyl and CD printing" }).focus();
    await page.keyboard.press("Enter");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(await focused()).toBe("Delete task: Run promotion for the single and EP");
    await page.context().close();
  });

  it.each([375, 800, 1280])("keeps the page still as the tool replaces its placeholder (%i px)", async (width) => {
    const viewport = { width, height: 900 };
    const noScript = await getBrowser().newContext({ baseURL, viewport, javaScriptEnabled: false });
    const placeholder = await noScript.newPage();
    await placeholder.goto("/roadmap");
    // Where each group's box starts (from the page heading: the page itself slides in) and how tall
    // it is. The starts only match if the summary above the groups has its placeholder's size too.
    const boxes = (page: Page, selector: string) =>
      page.$$eval(selector, (elements) => {
        const origin = document.querySelector("main h1")!.getBoundingClientRect().top;
        return elements.map((element) => {
          const { top, height } = element.getBoundingClientRect();
          return [Math.round(top - origin), Math.round(height)];
        });
      });
    const before = await boxes(placeholder, "main [aria-busy] .grid > div");
    await noScript.close();

    const { page } = await openPage(getBrowser, "/roadmap", { viewport });
    await group(page, "Planning & Setup").getByRole("checkbox").first().waitFor();
    const after = await boxes(page, "main section");
    expect(before).toHaveLength(3);
    expect(after).toHaveLength(3);
    after.forEach(([top, height], index) => {
      expect(Math.abs(top - before[index][0])).toBeLessThanOrEqual(2);
      expect(Math.abs(height - before[index][1])).toBeLessThanOrEqual(48);
    });
    await page.context().close();
  });

  it("shows each group's progress and the overall figure, and keeps them up to date", async () => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    const planning = group(page, "Planning & Setup");
    await planning.getByRole("checkbox").first().waitFor();
    await expect(page.getByText("0 of 21 tasks done (0%)").isVisible()).resolves.toBe(true);
    for (const [name, total] of [
      ["Planning & Setup", 8],
      ["Content & Strategy", 6],
      ["Tour & Events", 7],
    ] as const) {
      await expect(group(page, name).getByText(`0/${total}`, { exact: true }).isVisible()).resolves.toBe(true);
      expect(await figure(group(page, name), `${name} progress`).getAttribute("aria-valuetext")).toBe(
        `0 of ${total} tasks done`,
      );
    }

    await planning.getByRole("checkbox", { name: /Launch the website/ }).check();
    await planning.getByRole("checkbox", { name: /Put together the EPK/ }).check();
    await group(page, "Tour & Events")
      .getByRole("checkbox", { name: /Plan the Italy tour/ })
      .check();
    await expect(planning.getByText("2/8", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(group(page, "Tour & Events").getByText("1/7", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("3 of 21 tasks done (14%)").isVisible()).resolves.toBe(true);
    const overall = figure(page, "Overall progress");
    expect(await overall.getAttribute("aria-valuenow")).toBe("3");
    expect(await overall.getAttribute("aria-valuemax")).toBe("21");
    expect(await overall.getAttribute("aria-valuetext")).toBe("3 of 21 tasks done");
    // The bar is filled in proportion (once its short transition ends): a quarter of the planning bar for 2 of 8.
    const fill = () =>
      figure(page, "Planning & Setup progress").evaluate((bar) => {
        const inner = bar.firstElementChild as HTMLElement;
        return inner.getBoundingClientRect().width / bar.getBoundingClientRect().width;
      });
    await expect.poll(fill).toBeCloseTo(0.25, 2);

    // Adding and deleting tasks changes the totals.
    await planning.getByPlaceholder("New task").fill("Register the songs with IMRO");
    await planning.getByRole("button", { name: "Add", exact: true }).click();
    await expect(planning.getByText("2/9", { exact: true }).isVisible()).resolves.toBe(true);
    await planning.getByRole("button", { name: "Delete task: Launch the website" }).click();
    await expect(planning.getByText("1/8", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("2 of 21 tasks done (9%)").isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("exports the roadmap, resets it behind a confirmation, and imports the export back", async () => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    const planning = group(page, "Planning & Setup");
    const tour = group(page, "Tour & Events");
    await planning.getByRole("checkbox", { name: /Finalise the EP artwork/ }).check();
    await tour.getByPlaceholder("New task").fill('Print "Mother" posters & flyers 🎶');
    await tour.getByPlaceholder("Owner").fill("Aoife");
    await tour.getByRole("button", { name: "Add", exact: true }).click();
    const worked = await checklist(page);

    const { filename, text } = await downloadDuring(page, () =>
      page.getByRole("button", { name: "Export roadmap (.json)" }).click(),
    );
    const today = await page.evaluate(() => {
      const now = new Date();
      return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
    });
    expect(filename).toBe(`roadmap-${today}.json`);
    const backup = JSON.parse(text);
    expect(backup).toMatchObject({ format: "stagedoor-roadmap", version: 1 });
    expect(Date.now() - Date.parse(backup.exportedAt)).toBeLessThan(60_000);
    expect(backup.groups.map((g: { title: string }) => g.title)).toEqual([
      "Planning & Setup",
      "Content & Strategy",
      "Tour & Events",
    ]);
    expect(backup.groups[0].tasks[2]).toMatchObject({ text: "Finalise the EP artwork", completed: true });
    expect(backup.groups[2].tasks.at(-1)).toMatchObject({
      text: 'Print "Mother" posters & flyers 🎶',
      owner: "Aoife",
      completed: false,
    });

    // Reset asks first; Escape and Cancel leave everything as it was.
    const resetButton = page.getByRole("button", { name: "Reset to defaults" });
    const resetDialog = page.getByRole("dialog", { name: "Reset the roadmap to its defaults?" });
    await resetButton.click();
    await expect(resetDialog.isVisible()).resolves.toBe(true);
    await expect(
      resetDialog
        .getByText("The 22 tasks on this page will be replaced by the 21 tasks of the default roadmap")
        .isVisible(),
    ).resolves.toBe(true);
    // Cancel has focus, so a stray Enter cannot reset.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(resetDialog.isVisible()).resolves.toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reset to defaults");
    await resetButton.click();
    await resetDialog.getByRole("button", { name: "Cancel" }).click();
    expect(await checklist(page)).toEqual(worked);

    await resetButton.click();
    await resetDialog.getByRole("button", { name: "Reset roadmap" }).click();
    await expect(resetDialog.isVisible()).resolves.toBe(false);
    await expect(
      page.getByRole("status").getByText("The roadmap is back to its default tasks.").isVisible(),
    ).resolves.toBe(true);
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(0);
    await expect(tour.getByText("Print", { exact: false }).count()).resolves.toBe(0);
    await expect(page.getByText("0 of 21 tasks done (0%)").isVisible()).resolves.toBe(true);
    const afterReset = JSON.parse((await stored(page)) ?? "{}");
    expect(afterReset.tour).toHaveLength(7);

    // Import: the dialog says what the file holds before anything is replaced.
    await importFile(page, filename, text);
    const importDialog = page.getByRole("dialog", { name: "Replace the roadmap with this backup?" });
    await importDialog.waitFor();
    await expect(
      importDialog
        .getByText(`“${filename}” holds 22 tasks, 1 done. They will replace the 21 tasks on this page.`)
        .isVisible(),
    ).resolves.toBe(true);
    await importDialog.getByRole("button", { name: "Replace roadmap" }).click();
    await expect(page.getByRole("status").getByText(`Imported 22 tasks from “${filename}”.`).isVisible()).resolves.toBe(
      true,
    );
    expect(await checklist(page)).toEqual(worked);
    await expect(page.getByText("1 of 22 tasks done (4%)").isVisible()).resolves.toBe(true);

    await page.reload();
    await tour.getByText('Print "Mother" posters & flyers 🎶').waitFor();
    expect(await checklist(page)).toEqual(worked);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("does not reset the roadmap for a double-click on Reset to defaults, even where the dialog opens over it", async () => {
    const { page } = await openPage(getBrowser, "/roadmap", { viewport: { width: 375, height: 760 } });
    await page.getByRole("checkbox", { name: /Build the team contact sheet/ }).check();
    const before = await checklist(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const reset = page.getByRole("button", { name: "Reset to defaults" });
    const { x, y, width, height } = (await reset.boundingBox())!;
    await page.mouse.dblclick(x + width / 2, y + height / 2);
    const resetDialog = page.getByRole("dialog", { name: "Reset the roadmap to its defaults?" });
    await expect(resetDialog.isVisible()).resolves.toBe(true);
    // At this size the dialog's Reset roadmap button opens right under the pointer.
    const confirm = (await resetDialog.getByRole("button", { name: "Reset roadmap" }).boundingBox())!;
    expect(y + height / 2).toBeGreaterThan(confirm.y);
    expect(y + height / 2).toBeLessThan(confirm.y + confirm.height);
    expect(await checklist(page)).toEqual(before);
    await resetDialog.getByRole("button", { name: "Cancel" }).click();
    await page.context().close();
  });

  it("imports the bare roadmap kept in localStorage, and cancelling an import changes nothing", async () => {
    const { page } = await openPage(getBrowser, "/roadmap");
    const content = group(page, "Content & Strategy");
    await content.getByRole("checkbox", { name: /Shoot the music videos/ }).check();
    const raw = (await stored(page)) ?? "";
    await content.getByRole("checkbox", { name: /Shoot the music videos/ }).uncheck();
    await content.getByRole("checkbox", { name: /Reach out to bookers/ }).check();
    const current = await checklist(page);

    await importFile(page, "roadmapTodos.json", raw);
    const importDialog = page.getByRole("dialog", { name: "Replace the roadmap with this backup?" });
    await importDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(importDialog.isVisible()).resolves.toBe(false);
    expect(await checklist(page)).toEqual(current);

    // The same file chosen again is read again.
    await importFile(page, "roadmapTodos.json", raw);
    await importDialog.getByRole("button", { name: "Replace roadmap" }).click();
    expect(await content.getByRole("checkbox", { name: /Shoot the music videos/ }).isChecked()).toBe(true);
    expect(await content.getByRole("checkbox", { name: /Reach out to bookers/ }).isChecked()).toBe(false);
    await page.context().close();
  });

  it.each([
    ["a file that is not JSON", "notes.json", "Galway, Donegal, Dublin", "the file is not valid JSON"],
    ["an empty file", "empty.json", "", "the file is empty"],
    [
      "some other JSON file",
      "package.json",
      '{"name":"stagedoor","version":"1.0.0"}',
      "the file is not a roadmap backup",
    ],
    [
      "a backup from a newer version",
      "roadmap-2030-01-01.json",
      '{"format":"stagedoor-roadmap","version":2,"groups":[]}',
      "the backup was made by a newer version of this page (format version 2)",
    ],
    [
      "a backup missing a group",
      "roadmap-cut.json",
      JSON.stringify({
        format: "stagedoor-roadmap",
        version: 1,
        groups: [
          { id: "planning", title: "Planning & Setup", tasks: [] },
          { id: "content", title: "Content & Strategy", tasks: [] },
        ],
      }),
      "the “Tour & Events” group is missing",
    ],
    ["a file over 1 MB", "huge.json", Buffer.alloc(1024 * 1024 + 1, " "), "the file is larger than 1 MB"],
  ])("refuses %s, says why and changes nothing", async (_label, name, text, reason) => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    await group(page, "Tour & Events")
      .getByRole("checkbox", { name: /Plan the Germany tour/ })
      .check();
    const before = await checklist(page);
    const storedBefore = await stored(page);

    await importFile(page, name, text);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(`Could not import “${name}”: ${reason}. Nothing was changed.`);
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    expect(await checklist(page)).toEqual(before);
    expect(await stored(page)).toBe(storedBefore);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows a reset made in another tab", async () => {
    const { page: first, context } = await openPage(getBrowser, "/roadmap");
    await group(first, "Planning & Setup")
      .getByRole("checkbox", { name: /Launch the website/ })
      .check();
    const { page: second } = await openPage(getBrowser, "/roadmap", { context });
    await second.getByText("1 of 21 tasks done (4%)").waitFor();
    await first.getByRole("button", { name: "Reset to defaults" }).click();
    await first.getByRole("button", { name: "Reset roadmap" }).click();
    await expect.poll(() => second.getByText("0 of 21 tasks done (0%)").isVisible()).toBe(true);
    await context.close();
  });
});
