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
