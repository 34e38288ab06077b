/** The press kit's live photos (src/content/photos.yaml): each image with its alt text and photographer's credit. */
import { contentFiles } from "../lib/content-schemas";
import { content } from "./content";
import { imageNamed } from "./images";

export const photos = content.photos.map(({ id, image, alt, credit }) => ({
  src: imageNamed(image, `${contentFiles.photos.path}, photo "${id}", field image`),
  alt,
  credit,
}));
