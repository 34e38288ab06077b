/**
 * The images the content names by their file in src/assets/ (a release's cover, the press photos), as the
 * pages' images: the schema has checked that each file is there.
 */
import type { ImageMetadata } from "astro";

/** Every image in src/assets/ (the encodings kept in src/assets/encoded/ aside), by its path from here. */
const images = import.meta.glob<ImageMetadata>(["../assets/**/*.{jpg,jpeg,png,webp,avif}", "!../assets/encoded/**"], {
  eager: true,
  import: "default",
});

/** The image `name` names in src/assets/; `where` says who names it, for the message when it is not there. */
export function imageNamed(name: string | undefined, where: string): ImageMetadata {
  const image = name === undefined ? undefined : images[`../assets/${name}`];
  if (!image) throw new Error(`${where}: there is no image src/assets/${name ?? ""}`);
  return image;
}
