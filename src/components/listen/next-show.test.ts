// /listen's next show as a visitor gets it: the build picks the first show that has not ended, and the
// page's own inline script hides it if it has ended by the time someone opens the page.
import { getContainerRenderer } from "@astrojs/react";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { loadRenderers } from "astro:container";
// @ts-expect-error -- jsdom ships no type declarations; the calls below are typed by hand.
import { JSDOM } from "jsdom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import Listen from "../../pages/listen.astro";

type Dom = { window: { document: Document } };

let astro: AstroContainer;
beforeAll(async () => {
  // As in public-pages.test.ts: astro:assets records each image read in a set only Vite's process creates.
  const state = globalThis as { astroAsset?: { referencedImages?: Set<string> } };
  state.astroAsset = { ...state.astroAsset, referencedImages: state.astroAsset?.referencedImages ?? new Set() };
  astro = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Renders /listen as a build at `builtAt` would, then opens it, with its inline scripts, at `openedAt`. */
async function openListen(builtAt: string, openedAt: string): Promise<Document> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(builtAt));
  const html = await astro.renderToString(Listen, { request: new Request("https://example.test/listen") });
  vi.useRealTimers();
  // The page's window has a clock of its own: it reads `openedAt`.
  const dom: Dom = new JSDOM(html, {
    runScripts: "dangerously",
    beforeParse: (window: { Date: DateConstructor }) => {
      window.Date.now = () => Date.parse(openedAt);
    },
  });
  return dom.window.document;
}

const nextShow = (document: Document) => document.querySelector<HTMLElement>('section[aria-labelledby="next-show"]');

describe("/listen's next show", () => {
  it("shows the first date still to come, with its venue and a link to its tickets on /tour", async () => {
    const document = await openListen("2025-04-01T12:00:00Z", "2025-04-02T12:00:00Z");
    const section = nextShow(document)!;
    expect(section.hidden).toBe(false);
    expect(section.querySelector("h2")?.textContent?.trim()).toBe("Next show");
    expect(section.querySelector("p")?.textContent?.replace(/\s+/g, " ").trim()).toBe(
      "April 23rd, The Salthill Room, Galway",
    );
    expect(section.querySelector("time")?.getAttribute("datetime")).toBe("2025-04-23T20:00:00+01:00");
    const link = section.querySelector("a")!;
    expect([link.textContent?.trim(), link.getAttribute("href")]).toEqual([
      "Tickets and details",
      "/tour#galway-2025-04-23",
    ]);
  });

  it("counts a show as next until it is over, not from its doors", async () => {
    const document = await openListen("2025-04-23T20:30:00+01:00", "2025-04-23T21:00:00+01:00");
    expect(nextShow(document)?.querySelector("a")?.getAttribute("href")).toBe("/tour#galway-2025-04-23");
    expect(nextShow(document)?.hidden).toBe(false);
  });

  it("hides a show that has ended by the time the page is opened, when the site was not rebuilt since", async () => {
    const document = await openListen("2025-04-01T12:00:00Z", "2026-11-23T12:00:00Z");
    expect(nextShow(document)?.hidden).toBe(true);
  });

  it("has no next show once the whole tour is over", async () => {
    const document = await openListen("2026-11-23T12:00:00Z", "2026-11-23T12:00:00Z");
    expect(nextShow(document)).toBeNull();
    // The rest of the page is still there.
    expect(document.querySelector("h1")?.textContent).toMatch(/Mother/);
  });
});
