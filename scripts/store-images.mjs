#!/usr/bin/env node
// @ts-check
/**
 * `npm run images`: after a photo in src/assets/ is added, replaced or removed, builds the site and keeps
 * exactly the image encodings the pages now use in src/assets/encoded/ (tools/encoded-images.mjs), for
 * every later build to reuse. Commit that folder with the photo. Skipping this changes nothing a visitor
 * sees: builds then encode the new photo themselves, which takes longer.
 */
import { fileURLToPath } from "node:url";
import { astroBuild, buildAside, keptBuildMessage } from "../tools/build-aside.mjs";
import { ENCODED_FOLDER, storeEncodedImages } from "../tools/encoded-images.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = fileURLToPath(new URL("../dist", import.meta.url));
const result = await buildAside(dist, (folder) => astroBuild({ root, folder }));
if (!result.ok) {
  console.error(
    `\n✖ The build failed, so ${ENCODED_FOLDER}/ was left as it was. ${keptBuildMessage(result.kept, "dist/")}`,
  );
  process.exit(result.status);
}
const { stored, removed } = storeEncodedImages(root, dist);
console.log(
  stored.length + removed.length === 0
    ? `✔ ${ENCODED_FOLDER}/ already holds every image encoding the pages use.`
    : `✔ ${ENCODED_FOLDER}/: ${stored.length} encoding(s) stored, ${removed.length} no longer used removed. Commit the folder.`,
);
