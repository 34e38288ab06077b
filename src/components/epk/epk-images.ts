/**
 * The press kit's image pipeline, run at build time: the carousel's responsive
 * AVIF and WebP sets, and for each photo a thumbnail and a print file for the
 * press. The sizes here are the one place the press kit's image widths and
 * layout hints are decided.
 */
import type { ImageMetadata } from "astro";
import { getImage } from "astro:assets";
import { isJpeg, pressDownload, type PressDownload, type Slide } from "../../features/carousel/carousel";

/** A photo as src/data/photos.ts lists it. */
export type Photo = { readonly src: ImageMetadata; readonly alt: string; readonly credit: string };

/** The carousel spans the content column: 1120 px from a 1152 px viewport, the full width below. */
const CAROUSEL_SIZES = "(min-width: 1152px) 1120px, 100vw";
export const CAROUSEL_WIDTHS = [480, 800, 1200, 1600];

/** Press photo thumbnails: four to a row from 1024 px, two below. */
export const THUMBNAIL_SIZES = "(min-width: 1152px) 265px, (min-width: 1024px) 23vw, 45vw";
// The carousel's own smaller sizes, so the thumbnails add no new files to the build.
const THUMBNAIL_WIDTHS = CAROUSEL_WIDTHS.slice(0, 2);

type ResponsiveSet = { src: string; srcset: string; avifSrcset: string; width: number; height: number };

/** One photo at `widths`, as AVIF (for browsers that decode it) and a WebP fallback. */
async function responsiveSet(photo: Photo, widths: number[], sizes: string): Promise<ResponsiveSet> {
  const [avif, webp] = await Promise.all(
    (["avif", "webp"] as const).map((format) => getImage({ src: photo.src, format, widths, sizes })),
  );
  return {
    src: webp.src,
    srcset: webp.srcSet.attribute,
    avifSrcset: avif.srcSet.attribute,
    width: photo.src.width,
    height: photo.src.height,
  };
}

/** The carousel's slides, one per photo, in order. */
export function carouselSlides(photos: readonly Photo[]): Promise<Slide[]> {
  return Promise.all(
    photos.map(async (photo) => {
      const { src, srcset, avifSrcset, width, height } = await responsiveSet(photo, CAROUSEL_WIDTHS, CAROUSEL_SIZES);
      return { src, srcset, avifSrcset, sizes: CAROUSEL_SIZES, width, height, alt: photo.alt, credit: photo.credit };
    }),
  );
}

export type PressPhoto = { alt: string; credit: string; thumbnail: ResponsiveSet; download: PressDownload };

/*
 * Press downloads link to the photographer's original file, not to a JPEG
 * re-encoded here: a re-encode loses detail at print size, and the build's
 * image pipeline strips the embedded colour profile and IPTC/EXIF credit and
 * copyright that print workflows rely on. Only an original that is not a JPEG
 * (a PNG, WebP or AVIF some press tools cannot open) gets a full-width,
 * quality 95 JPEG made at build time instead. The links point at the files;
 * nothing downloads them until someone asks.
 */
async function printFile({ src }: Photo): Promise<{ src: string; width: number; height: number }> {
  if (isJpeg(src.format)) return { src: src.src, width: src.width, height: src.height };
  const image = await getImage({ src, format: "jpeg", width: src.width, quality: 95 });
  return { src: image.src, width: Number(image.attributes.width), height: Number(image.attributes.height) };
}

/** The press photos grid: a thumbnail and a print download per photo, in order. */
export function pressPhotos(photos: readonly Photo[], artistName: string): Promise<PressPhoto[]> {
  return Promise.all(
    photos.map(async (photo, index) => {
      const [file, thumbnail] = await Promise.all([
        printFile(photo),
        responsiveSet(photo, THUMBNAIL_WIDTHS, THUMBNAIL_SIZES),
      ]);
      return {
        alt: photo.alt,
        credit: photo.credit,
        thumbnail,
        download: pressDownload({ ...file, href: file.src, index, total: photos.length, artistName }),
      };
    }),
  );
}
