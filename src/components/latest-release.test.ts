// The release on the home page as the build renders it: under the next show, the cover releases.yaml names,
// described in its words, loaded lazily in AVIF and WebP with its size known before it arrives; a release the
// owner adds with a cover of its own brings that cover.
import type { experimental_AstroContainer as AstroContainer } from "astro/container";
// @ts-expect-error -- jsdom ships no type declarations; the one call below is typed by hand.
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import LatestRelease from "./LatestRelease.astro";
import { content } from "../data/content";
import { latestReleaseOf } from "../data/home";
import { featuredReleaseOf, type Release } from "../data/releases";
import Home from "../pages/index.astro";
import { createRenderer } from "../test/pages";

let astro: AstroContainer;
beforeAll(async () => {
  astro = await createRenderer();
});

const parse = (html: string): Document => (new JSDOM(html) as { window: { document: Document } }).window.document;

/** A single the owner adds, with a cover of its own (an image the site has, other than the fixture's cover). */
const harbour: Release = {
  id: "harbour",
  title: "Harbour",
  type: "single",
  debut: false,
  releaseDate: "2026-02-06T00:00:00+00:00",
  cover: "hero.jpg",
  coverAlt: "Cover of “Harbour”: boats at rest under a low grey sky",
  listen: { spotify: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC" },
};

/** The file in src/assets/ an image's address encodes (the container serves each through /_image?href=…). */
const fileOf = (address: string | null) => /\/src\/assets\/([^?]+)\?/.exec(decodeURIComponent(address ?? ""))?.[1];

describe("the home page's release", () => {
  it("comes after the next show, with the fixture's cover described in releases.yaml's words", async () => {
    const document = parse(await astro.renderToString(Home, { request: new Request("https://example.test/") }));
    const sections = [...document.querySelectorAll("main section[aria-labelledby]")].map((section) =>
      section.getAttribute("aria-labelledby"),
    );
    expect(sections).toEqual(["next-show", "latest-release"]);
    const release = document.querySelector("section[aria-labelledby=latest-release]")!;
    expect(release.querySelector("h2")?.textContent).toBe("Mother");
    expect(release.textContent).toContain("Debut single, out now");
    const cover = release.querySelector("picture img")!;
    expect(cover.getAttribute("alt")).toBe(
      "Cover of “Mother”: a figure in a warm, lit doorway at the end of a dark room",
    );
    expect(fileOf(cover.getAttribute("src"))).toBe("mother-cover.jpg");
    expect(release.querySelector("a")?.getAttribute("href")).toBe("/listen");
  });

  it("loads its cover lazily, in AVIF then WebP at two widths, its size set so nothing moves when it arrives", async () => {
    const document = parse(await astro.renderToString(Home, { request: new Request("https://example.test/") }));
    const picture = document.querySelector("section[aria-labelledby=latest-release] picture")!;
    const img = picture.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).not.toBe("high");
    expect(Number(img.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(img.getAttribute("height"))).toBeGreaterThan(0);
    // The box is a square of its own size, whatever the image's shape.
    expect(img.getAttribute("class")).toMatch(/\baspect-square\b.*\bw-28\b/);
    const sources = [...picture.querySelectorAll("source")];
    expect(sources.map((source) => source.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    for (const source of sources) {
      expect(source.getAttribute("sizes")).toBe("7rem");
      expect(source.getAttribute("srcset")).toMatch(/ 320w, .* 480w$/);
    }
  });

  it("shows the cover of a release the owner adds, with her words for it", async () => {
    const added = featuredReleaseOf([...content.releases, harbour]);
    expect(added.id).toBe("harbour");
    const html = await astro.renderToString(LatestRelease, { props: latestReleaseOf(added, new Date()) });
    const cover = parse(html).querySelector("picture img")!;
    expect(cover.getAttribute("alt")).toBe("Cover of “Harbour”: boats at rest under a low grey sky");
    expect(fileOf(cover.getAttribute("src"))).toBe("hero.jpg");
    expect(parse(html).querySelector("h2")?.textContent).toBe("Harbour");
    expect(parse(html).body.textContent).toContain("New single, out now");
  });
});
