#!/usr/bin/env node
// @ts-check
/**
 * `npm run build` (and Netlify's build): the static site into dist/, built aside and swapped in only once it
 * has finished (tools/build-aside.mjs). A failed build changes nothing in dist/ and says what is still there.
 * `--dist=<folder>` builds into another folder (npm test builds the fixture content into dist-test/); other
 * arguments go to `astro build`.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { astroBuild, buildAside, keptBuildMessage } from "../tools/build-aside.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const dist = args.find((arg) => arg.startsWith("--dist="))?.slice("--dist=".length) || "dist";
const name = `${dist.replace(/\/+$/, "")}/`;
const result = await buildAside(join(root, dist), (folder) =>
  astroBuild({ root, folder, args: args.filter((arg) => !arg.startsWith("--dist=")) }),
);
if (!result.ok) {
  console.error(`\n✖ The build failed, so ${name} was left as it was. ${keptBuildMessage(result.kept, name)}`);
  process.exit(result.status);
}
console.log(`✔ ${name} holds the new build.`);
