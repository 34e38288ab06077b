/**
 * For tests of what the build renders: Astro's container (pages and components rendered as the build
 * does), and a rendered page opened as a visitor's browser would open it at a given moment, its inline
 * scripts run against that clock and the site's rules for shows (src/styles/global.css) applied.
 */
import { readFileSync } from "node:fs";
import { getContainerRenderer } from "@astrojs/react";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { loadRenderers } from "astro:container";
// @ts-expect-error -- jsdom ships no type declarations; the calls below are typed by hand.
import { JSDOM } from "jsdom";

type Dom = { window: { document: Document; getComputedStyle: (element: Element) => CSSStyleDeclaration } };

/** Astro's container, with React, ready to render pages and components. */
export async function createRenderer(): Promise<AstroContainer> {
  // Outside a build, each read of an imported image's metadata is recorded in this set, which
  // astro:assets only creates in the process that runs Vite's plugins, not in the test worker.
  const state = globalThis as { astroAsset?: { referencedImages?: Set<string> } };
  state.astroAsset = { ...state.astroAsset, referencedImages: state.astroAsset?.referencedImages ?? new Set() };
  return AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
}

/**
 * The rules for shows from global.css. jsdom knows no cascade layers, so they are taken out of their
 * `@layer components { … }` block as they stand.
 */
function showRules(): string {
  const css = readFileSync(new URL("../styles/global.css", import.meta.url), "utf8");
  const start = css.indexOf("{", css.indexOf("@layer components")) + 1;
  // The first block only, to its own closing brace: the file has other blocks after it.
  let depth = 1;
  let end = start;
  for (; end < css.length && depth > 0; end++) {
    if (css[end] === "{") depth++;
    else if (css[end] === "}") depth--;
  }
  const rules = css.slice(start, end - 1);
  if (!rules.includes(".show-stack")) throw new Error("global.css's first @layer components block has no show rules");
  return rules;
}

/** `html` opened in a browser whose clock reads `openedAt`: its inline scripts have run. */
export function openAt(html: string, openedAt: string): { document: Document; shown: (element: Element) => boolean } {
  const dom: Dom = new JSDOM(`<style>${showRules()}</style>${html}`, {
    runScripts: "dangerously",
    beforeParse: (window: { Date: DateConstructor }) => {
      window.Date.now = () => Date.parse(openedAt);
    },
  });
  const { document, getComputedStyle } = dom.window;
  /** Whether the rules give `element` or one of its ancestors no box at all. */
  const undisplayed = (element: Element) => {
    for (let at: Element | null = element; at; at = at.parentElement) {
      if (getComputedStyle(at).display === "none") return true;
    }
    return false;
  };
  // Visible to the visitor: not hidden by an attribute or by the rules (visibility is inherited; display is not).
  const shown = (element: Element) =>
    !element.closest("[hidden]") && getComputedStyle(element).visibility !== "hidden" && !undisplayed(element);
  return { document, shown };
}
