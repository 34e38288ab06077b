// @ts-check
/**
 * The mark of a finished build. `astro build` writes `.stagedoor-build.json` into its folder as its very last
 * step (after every page, asset and check), so a folder without it holds a build that stopped part-way, and
 * `npm start`, the journeys and the bench refuse to serve one. The record also says which Supabase address
 * the pages were built to call, and which content they were built from (the owner's, or the tests' fixtures). Netlify publishes no file whose name starts with a dot, so the record never
 * ships; the local server does not serve it either.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { contentDir, OWNER_CONTENT } from "../lib/content-dir.mjs";

export const BUILD_RECORD = ".stagedoor-build.json";

/**
 * @typedef {{ state: "missing" } | { state: "unfinished" } | { state: "complete", builtAt: string, supabaseUrl: string, content: string, showsDigest: string }} BuildState
 */

/**
 * The digest of the published shows the pages in `dir` render, as its /build-info.json says
 * (src/pages/build-info.json.ts: from the tour's entries the pages read); "" when it says none.
 * @param {string} dir
 */
function renderedShows(dir) {
  try {
    const { showsDigest } = JSON.parse(readFileSync(join(dir, "build-info.json"), "utf8"));
    return typeof showsDigest === "string" ? showsDigest : "";
  } catch {
    return "";
  }
}

/**
 * Writes the record once the build has finished; removes any earlier one as the build starts. List it
 * last among the integrations: a check that fails after it would leave a finished-looking build.
 * @returns {import("astro").AstroIntegration}
 */
export function buildRecord() {
  let outDir = "";
  return {
    name: "stagedoor:build-record",
    hooks: {
      "astro:config:done": ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      "astro:build:start": () => rmSync(join(outDir, BUILD_RECORD), { force: true }),
      "astro:build:done": ({ dir }) => {
        const record = {
          builtAt: new Date().toISOString(),
          supabaseUrl: process.env.PUBLIC_SUPABASE_URL ?? "",
          content: contentDir(),
          showsDigest: renderedShows(fileURLToPath(dir)),
        };
        writeFileSync(join(fileURLToPath(dir), BUILD_RECORD), `${JSON.stringify(record, null, 2)}\n`);
      },
    },
  };
}

/**
 * What a build folder holds: nothing, a build that stopped part-way, or a finished build.
 * @param {string} dir
 * @returns {BuildState}
 */
export function readBuild(dir) {
  try {
    const record = JSON.parse(readFileSync(join(dir, BUILD_RECORD), "utf8"));
    if (typeof record.builtAt === "string" && typeof record.supabaseUrl === "string") {
      // A build from before the record named its content was built from the owner's.
      const content = typeof record.content === "string" ? record.content : OWNER_CONTENT;
      const showsDigest = typeof record.showsDigest === "string" ? record.showsDigest : "";
      const { builtAt, supabaseUrl } = record;
      return { state: "complete", builtAt, supabaseUrl, content, showsDigest };
    }
  } catch {
    // no record, or not one this build wrote: judged by what else is there
  }
  return existsSync(dir) && readdirSync(dir).length > 0 ? { state: "unfinished" } : { state: "missing" };
}

/**
 * Why `build` cannot be served, in words for the terminal, or null when it can.
 * @param {BuildState} build
 * @param {string} name how to call the folder, e.g. "dist/"
 */
export function unservableBuild(build, name) {
  if (build.state === "missing") return `There is no build in ${name}.`;
  if (build.state === "unfinished") {
    return `${name} holds a build that stopped part-way (it has no ${BUILD_RECORD}), so some pages may be missing.`;
  }
  return null;
}
