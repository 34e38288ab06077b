import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import RoadmapSkeleton from "./RoadmapSkeleton.astro";
import { groupClasses, summaryClasses, taskClasses } from "./roadmap.styles";

/** The placeholder's HTML as the page serves it (rendered in Node: Astro's compiler does not run under jsdom). */
async function skeleton(): Promise<string> {
  const container = await AstroContainer.create();
  return container.renderToString(RoadmapSkeleton);
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** How often an element with exactly these classes occurs. */
const count = (html: string, classes: string) => html.split(`class="${classes}"`).length - 1;

describe("the roadmap's placeholder", () => {
  it("is built from the tool's own boxes: the summary, then the three groups, each boxed once", async () => {
    const html = await skeleton();
    expect(html.indexOf(`class="${summaryClasses.card}"`)).toBeLessThan(html.indexOf(`class="${groupClasses.grid}"`));
    expect(count(html, summaryClasses.card)).toBe(1);
    expect(count(html, groupClasses.card)).toBe(defaultRoadmap.length);
  });

  it("holds a row for each default task of each group, with its text and then its owner, no space between", async () => {
    const html = await skeleton();
    const groups = html.split(/data-group-id="/).slice(1);
    expect(groups.map((group) => group.slice(0, group.indexOf('"')))).toEqual(defaultRoadmap.map(({ id }) => id));
    defaultRoadmap.forEach((group, index) => {
      expect(count(groups[index], taskClasses.row)).toBe(group.tasks.length);
      for (const task of group.tasks) {
        // The owner follows the text straight away, as in the tool: a space between could wrap the line.
        const label = new RegExp(
          `>${escapeRegExp(escapeHtml(task.text))}</span><span class="${taskClasses.owner}"[^>]*>\\(${escapeRegExp(task.owner)}\\)</span>`,
        );
        expect(groups[index]).toMatch(label);
      }
    });
  });
});
