// The public pages as the build renders them, checked for what a visitor relies on: every
// bordered control in their static markup shows an edge of at least 3:1 (non-text contrast),
// every page but the home page opens with the kit's heading, and the press kit keeps its
// sections in order.
import { getContainerRenderer } from "@astrojs/react";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { loadRenderers } from "astro:container";
// @ts-expect-error -- jsdom ships no type declarations; the one call below is typed by hand.
import { JSDOM } from "jsdom";
import colors from "tailwindcss/colors";
import { beforeAll, describe, expect, it } from "vitest";
import { pageHeadingClass } from "./ui/styles";
import { contrast, tailwindColour } from "../test/contrast";
import NotFound from "../pages/404.astro";
import Bio from "../pages/bio.astro";
import Epk from "../pages/epk.astro";
import Home from "../pages/index.astro";
import Listen from "../pages/listen.astro";
import Merch from "../pages/merch.astro";
import Tour from "../pages/tour.astro";

const pages = {
  "/": Home,
  "/bio": Bio,
  "/tour": Tour,
  "/listen": Listen,
  "/epk": Epk,
  "/merch": Merch,
  "/404": NotFound,
};

// Not named for its type: Tailwind scans tests too, and that word alone would add a layout class to every page's CSS.
let astro: AstroContainer;
beforeAll(async () => {
  // Outside a build, each read of an imported image's metadata is recorded in this set, which
  // astro:assets only creates in the process that runs Vite's plugins, not in the test worker.
  const state = globalThis as { astroAsset?: { referencedImages?: Set<string> } };
  state.astroAsset = { ...state.astroAsset, referencedImages: state.astroAsset?.referencedImages ?? new Set() };
  astro = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
});

async function render(path: keyof typeof pages): Promise<Document> {
  const html = await astro.renderToString(pages[path], { request: new Request(`https://example.test${path}`) });
  const dom: { window: { document: Document } } = new JSDOM(html);
  return dom.window.document;
}

describe("the public pages", () => {
  it("gives every bordered control of the pages an edge of at least 3:1 on white and on the stone-50 page", async () => {
    const checked: string[] = [];
    for (const path of Object.keys(pages) as (keyof typeof pages)[]) {
      const document = await render(path);
      const controls = [...document.querySelectorAll("main a, main button, main input, main select, main textarea")];
      for (const control of controls) {
        const colour = tailwindColour(control.getAttribute("class") ?? "", "border");
        if (!colour) continue;
        const name = `${path}: ${control.textContent?.trim() || control.getAttribute("name") || control.outerHTML.slice(0, 80)}`;
        expect(contrast(colour, colors.white), name).toBeGreaterThanOrEqual(3);
        expect(contrast(colour, colors.stone[50]), name).toBeGreaterThanOrEqual(3);
        checked.push(name);
      }
    }
    // Some pages have none (/, /bio, /tour): the check has found the others' (the sign-up field, the carousel's
    // arrows, the merch stepper), so a selector that matched nothing would not pass it.
    expect(checked.length).toBeGreaterThanOrEqual(3);
  });

  for (const path of ["/bio", "/tour", "/listen", "/epk", "/merch", "/404"] as const) {
    it(`opens ${path} with one heading in the kit's page heading style`, async () => {
      const headings = [...(await render(path)).querySelectorAll("h1")];
      expect(headings).toHaveLength(1);
      expect(headings[0].getAttribute("class")).toBe(pageHeadingClass);
    });
  }

  it("shows the sign-up form's e-mail field with the kit's 3:1 edge", async () => {
    const field = (await render("/listen")).querySelector("input[type=email]")!;
    expect(contrast(tailwindColour(field.getAttribute("class")!, "border")!, colors.white)).toBeGreaterThanOrEqual(3);
  });

  it("keeps the press kit's sections in order, from the latest release to the contacts", async () => {
    const headings = [...(await render("/epk")).querySelectorAll("main h2")].map((h) => h.textContent?.trim());
    expect(headings).toEqual(["Latest Release", "Short bio", "Biography", "Live Photos", "Press photos", "Contacts"]);
  });
});
