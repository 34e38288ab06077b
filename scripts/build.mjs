#!/usr/bin/env node
// @ts-check
/**
 * `npm run build` (and Netlify's build): the static site into dist/, built aside and swapped in only once it
 * has finished (tools/build-aside.mjs). A failed build changes nothing in dist/ and says what is still there.
 * Extra arguments go to `astro build`.
 */
import { fileURLToPath } from "node:url";
import { astroBuild, buildAside, keptBuildMessage } from "../tools/build-aside.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const result = await buildAside(fileURLToPath(new URL("../dist", import.meta.url)), (folder) =>
  astroBuild({ root, folder, args: process.argv.slice(2) }),
);
if (!result.ok) {
  console.error(`\n✖ The build failed, so dist/ was left as it was. ${keptBuildMessage(result.kept, "dist/")}`);
  process.exit(result.status);
}
console.log("✔ dist/ holds the new build.");
