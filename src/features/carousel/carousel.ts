/** Pure helpers of the photo carousel. */

export type Slide = {
  /** WebP fallback and its widths; browsers that decode AVIF take `avifSrcset`. */
  src: string;
  srcset: string;
  avifSrcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
  credit: string;
};

/** "Photo 3 of 7" style position text for screen readers and the visible counter. */
export function slidePosition(index: number, total: number): string {
  return `Photo ${index + 1} of ${total}`;
}

/**
 * Press photo downloads: the links under the carousel that hand the press a
 * print file of each photo. They are plain links in the static HTML, so they
 * work before (and without) the carousel's JavaScript.
 */

/** The one format the press downloads come in: every newsroom and print workflow opens JPEG. */
export const PRESS_PHOTO_FORMAT = { label: "JPEG", extension: "jpg", mimeType: "image/jpeg" } as const;

/** Whether an image format (as astro:assets reports it) is already a JPEG. */
export function isJpeg(format: string): boolean {
  return /^jpe?g$/i.test(format.trim());
}

/** "Orla Quinlan" → "orla-quinlan"; "Sinéad Ní Bhriain" → "sinead-ni-bhriain". */
export function fileSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export type PressDownload = {
  href: string;
  /** The name the browser saves it under, e.g. "orla-quinlan-photo-1.jpg". */
  filename: string;
  /** The link's text and accessible name, e.g. "Download photo 1 of 7 (JPEG, 1920 × 1080)". */
  label: string;
  width: number;
  height: number;
};

/** The download link of photo `index` (0-based) of `total`, for a JPEG file of the given size at `href`. */
export function pressDownload(options: {
  href: string;
  width: number;
  height: number;
  index: number;
  total: number;
  artistName: string;
}): PressDownload {
  const { href, width, height, index, total, artistName } = options;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error(`Press photo ${index + 1} has no usable size (${width} × ${height}).`);
  }
  const slug = fileSlug(artistName) || "press";
  return {
    href,
    filename: `${slug}-photo-${index + 1}.${PRESS_PHOTO_FORMAT.extension}`,
    label: `Download ${slidePosition(index, total).toLowerCase()} (${PRESS_PHOTO_FORMAT.label}, ${width} × ${height})`,
    width,
    height,
  };
}
