import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import RoadmapSkeleton from "./RoadmapSkeleton.astro";
import { groupClasses, summaryClasses, taskClasses } from "./roadmap.styles";

/** The placeholder as the page serves it, parsed. (Rendered in Node: Astro's compiler does not run under jsdom.) */
async function skeleton() {
  const container = await AstroContainer.create();
  return new JSDOM(await container.renderToString(RoadmapSkeleton)).window.document.body;
}

describe("the roadmap's placeholder", () => {
  it("is built from the tool's own boxes: the summary, then the three groups", async () => {
    const body = await skeleton();
    const busy = body.querySelector("[aria-busy=true]")!;
    expect(busy.firstElementChild?.className).toBe(summaryClasses.card);
    const groups = [...busy.querySelectorAll(":scope > .grid > div")];
    expect(groups.map((group) => group.className)).toEqual(defaultRoadmap.map(() => groupClasses.card));
    // Only the groups are boxes in a grid: the page's test of the placeholder's size measures those.
    expect(busy.querySelectorAll(".grid > div")).toHaveLength(3);
  });

  it("holds a row for each default task, with its text and owner and no space between them", async () => {
    const body = await skeleton();
    for (const group of defaultRoadmap) {
      const rows = [...body.querySelectorAll(`[data-group-id="${group.id}"] li`)];
      expect(rows.map((row) => row.className)).toEqual(group.tasks.map(() => taskClasses.row));
      const labels = rows.map((row) => row.children[1]);
      expect(labels.map((label) => label.className)).toEqual(group.tasks.map(() => taskClasses.label));
      expect(labels.map((label) => label.textContent?.trim())).toEqual(
        group.tasks.map((task) => `${task.text}(${task.owner})`),
      );
      // The owner follows the text straight away, as in the tool: a space between could wrap the line.
      expect(labels.every((label) => label.children[0].nextSibling === label.children[1])).toBe(true);
    }
  });
});
