// The press kit's image pipeline, through astro:assets as the dev server runs it: the
// image URLs name the source file, format and width, so the choices are visible here.
import type { ImageMetadata } from "astro";
import { beforeAll, describe, expect, it } from "vitest";
import { photos } from "../../data/photos";
import { CAROUSEL_WIDTHS, carouselSlides, pressPhotos } from "./epk-images";

beforeAll(() => {
  // Outside a build, each read of an imported image's metadata is recorded in this set, which
  // astro:assets only creates in the process that runs Vite's plugins, not in the test worker.
  const state = globalThis as { astroAsset?: { referencedImages?: Set<string> } };
  state.astroAsset = { ...state.astroAsset, referencedImages: state.astroAsset?.referencedImages ?? new Set() };
});

/** The widths a srcset offers, e.g. [480, 800]. */
const widthsOf = (srcset: string) => srcset.split(", ").map((candidate) => Number(/ (\d+)w$/.exec(candidate)![1]));
/** The URLs a srcset lists. */
const urlsOf = (srcset: string) => srcset.split(", ").map((candidate) => candidate.split(" ")[0]);
/** The output format an image URL asks for. */
const formatOf = (url: string) => new URL(url, "http://localhost").searchParams.get("f");

describe("the carousel's photos", () => {
  it("offers every photo, in order, as AVIF with a WebP fallback from 480 to 1600 px wide", async () => {
    const slides = await carouselSlides(photos);
    expect(slides.map((slide) => slide.alt)).toEqual(photos.map((photo) => photo.alt));
    for (const slide of slides) {
      expect(widthsOf(slide.srcset)).toEqual([480, 800, 1200, 1600]);
      expect(widthsOf(slide.avifSrcset)).toEqual([480, 800, 1200, 1600]);
      expect(urlsOf(slide.avifSrcset).map(formatOf)).toEqual(["avif", "avif", "avif", "avif"]);
      expect(formatOf(slide.src)).toBe("webp");
    }
  });

  it("keeps each photo's own proportions and credit, so the slide reserves its space and names the photographer", async () => {
    const [slide] = await carouselSlides(photos.slice(0, 1));
    expect(slide).toMatchObject({ width: photos[0].src.width, height: photos[0].src.height, credit: photos[0].credit });
  });
});

describe("the press photos", () => {
  it("links each download to the photographer's original JPEG at its full size, not to a re-encode", async () => {
    const items = await pressPhotos(photos, "Orla Quinlan");
    for (const [index, { download }] of items.entries()) {
      const { src } = photos[index];
      expect(download.href).toBe(src.src);
      expect(download.filename).toBe(`orla-quinlan-photo-${index + 1}.jpg`);
      expect(download.label).toBe(`Download photo ${index + 1} of 7 (JPEG, ${src.width} × ${src.height})`);
    }
  });

  it("makes a full-size JPEG for an original that is not a JPEG", async () => {
    const png: ImageMetadata = { ...photos[0].src, src: "/@fs/press/live.png", format: "png" };
    const [item] = await pressPhotos([{ src: png, alt: "A live photo", credit: "Aisling Brennan" }], "Orla Quinlan");
    const url = new URL(item.download.href, "http://localhost");
    expect(url.searchParams.get("f")).toBe("jpeg");
    expect(Number(url.searchParams.get("w"))).toBe(png.width);
    expect(item.download.label).toBe(`Download photo 1 of 1 (JPEG, ${png.width} × ${png.height})`);
  });

  it("builds the thumbnails from the carousel's own image files, so the grid adds none to the build", async () => {
    const [slides, items] = await Promise.all([carouselSlides(photos), pressPhotos(photos, "Orla Quinlan")]);
    for (const [index, { thumbnail }] of items.entries()) {
      expect(widthsOf(thumbnail.srcset).every((width) => CAROUSEL_WIDTHS.includes(width))).toBe(true);
      expect(urlsOf(slides[index].srcset)).toEqual(expect.arrayContaining(urlsOf(thumbnail.srcset)));
      expect(urlsOf(slides[index].avifSrcset)).toEqual(expect.arrayContaining(urlsOf(thumbnail.avifSrcset)));
    }
  });
});
