import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, baseURL, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

const group = (page: Page, name: string) => page.getByRole("region", { name });
const stored = async (page: Page, key = "roadmapTodos") => page.evaluate((k) => localStorage.getItem(k), key);

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

  it("does nothing for a task without text", async () => {
    const { page } = await openPage(getBrowser, "/roadmap");
    const content = group(page, "Content & Strategy");
    await content.getByPlaceholder("New task").fill("    ");
    await content.getByPlaceholder("Owner").fill("Orla");
    await content.getByRole("button", { name: "Add", exact: true }).click();
    expect(await content.getByRole("checkbox").count()).toBe(6);
    expect(await content.getByPlaceholder("Owner").inputValue()).toBe("Orla");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await stored(page)).toBeNull();
    await page.context().close();
  });

  it.each([
    ["bad JSON", '{"planning": [{"id": 1}]'],
    ["a different shape", "[1, 2, 3]"],
    ["a partial object", '{"planning": []}'],
  ])("falls back to the defaults when the stored roadmap is %s, keeping the old value aside", async (_label, bad) => {
    const context = await contextWithStoredRoadmap(getBrowser(), bad);
    const { page, errors } = await openPage(getBrowser, "/roadmap", { context });
    await group(page, "Planning & Setup").getByRole("checkbox").first().waitFor();
    expect(await group(page, "Planning & Setup").getByRole("checkbox").count()).toBe(8);
    expect(await stored(page, "roadmapTodos.unreadable")).toBe(bad);
    expect(errors).toEqual([]);

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
    const heights = (page: Page, selector: string) =>
      page.$$eval(selector, (boxes) => boxes.map((box) => Math.round(box.getBoundingClientRect().height)));
    const before = await heights(placeholder, "main [aria-busy] > div");
    await noScript.close();

    const { page } = await openPage(getBrowser, "/roadmap", { viewport });
    await group(page, "Planning & Setup").getByRole("checkbox").first().waitFor();
    const after = await heights(page, "main section");
    expect(before).toHaveLength(3);
    after.forEach((height, index) => expect(Math.abs(height - before[index])).toBeLessThanOrEqual(48));
    await page.context().close();
  });
});
