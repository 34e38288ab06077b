import { describe, expect, it } from "vitest";
import { axeViolations, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

const group = (page: import("playwright-core").Page, name: string) => page.getByRole("region", { name });

describe("roadmap", () => {
  it("shows the three groups with their default tasks", async () => {
    const { page, errors } = await openPage(getBrowser, "/roadmap");
    await expect(page.getByRole("heading", { level: 1, name: "Project Roadmap" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Track progress across different phases of the project.").isVisible()).resolves.toBe(
      true,
    );
    await group(page, "Planning & Setup").getByRole("checkbox").first().waitFor();
    expect(await group(page, "Planning & Setup").getByRole("checkbox").count()).toBe(8);
    expect(await group(page, "Content & Strategy").getByRole("checkbox").count()).toBe(6);
    expect(await group(page, "Tour & Events").getByRole("checkbox").count()).toBe(7);
    await expect(group(page, "Tour & Events").getByText("Plan the Italy tour").isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("strikes through completed tasks and remembers everything across reloads", async () => {
    const { page } = await openPage(getBrowser, "/roadmap");
    const planning = group(page, "Planning & Setup");
    const task = planning.getByRole("checkbox", { name: /Launch the website/ });
    await task.check();
    const text = planning.getByText("Launch the website");
    expect(await text.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");

    const tour = group(page, "Tour & Events");
    await tour.getByPlaceholder("New task").fill("  Print tour posters  ");
    await tour.getByPlaceholder("Owner").fill("  Aoife ");
    await tour.getByRole("button", { name: "Add" }).click();
    await expect(tour.getByText("Print tour posters").isVisible()).resolves.toBe(true);
    await expect(tour.getByText("(Aoife)").isVisible()).resolves.toBe(true);
    expect(await tour.getByPlaceholder("New task").inputValue()).toBe("");
    expect(await tour.getByPlaceholder("Owner").inputValue()).toBe("");
    expect(await tour.getByRole("checkbox").count()).toBe(8);

    await group(page, "Content & Strategy")
      .getByRole("button", { name: "Delete task: Apply for arts funding" })
      .click();
    expect(await group(page, "Content & Strategy").getByRole("checkbox").count()).toBe(5);

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("roadmapTodos"))) ?? "{}");
    const added = stored.tour.at(-1);
    expect(added).toMatchObject({ text: "Print tour posters", owner: "Aoife", completed: false });
    expect(added.id).toMatch(/^[a-z0-9]{9}$/);

    await page.reload();
    await group(page, "Tour & Events").getByText("Print tour posters").waitFor();
    expect(
      await group(page, "Planning & Setup")
        .getByRole("checkbox", { name: /Launch the website/ })
        .isChecked(),
    ).toBe(true);
    expect(await group(page, "Content & Strategy").getByRole("checkbox").count()).toBe(5);
    await page.context().close();
  });

  it("does nothing for a task without text", async () => {
    const { page } = await openPage(getBrowser, "/roadmap");
    const content = group(page, "Content & Strategy");
    await content.getByPlaceholder("New task").fill("    ");
    await content.getByPlaceholder("Owner").fill("Orla");
    await content.getByRole("button", { name: "Add" }).click();
    expect(await content.getByRole("checkbox").count()).toBe(6);
    expect(await content.getByPlaceholder("Owner").inputValue()).toBe("Orla");
    await page.context().close();
  });

  it("falls back to the defaults when the stored roadmap is unreadable, keeping the old value aside", async () => {
    const { baseURL } = await import("./browser");
    const context = await getBrowser().newContext({ baseURL });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("roadmapTodos", '{"planning": [{"id": 1}]');
        sessionStorage.setItem("seeded", "1");
      }
    });
    const { page, errors } = await openPage(getBrowser, "/roadmap", { context });
    await group(page, "Planning & Setup").getByRole("checkbox").first().waitFor();
    expect(await group(page, "Planning & Setup").getByRole("checkbox").count()).toBe(8);
    expect(await page.evaluate(() => localStorage.getItem("roadmapTodos.unreadable"))).toBe('{"planning": [{"id": 1}]');
    expect(errors.filter((error) => !/Stored roadmap ignored/.test(error))).toEqual([]);
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
    await context.close();
  });
});
