/**
 * The site as `npm start` serves it for a journey with a backend of its own (e2e/publish-gig.spec.ts): built
 * from a copy of the project into a folder of its own, so the shared build in dist-test/ and the content store
 * the unit tests read never change, and rebuilt by the shows watch (tools/shows-watch.mjs) whenever the
 * published shows differ from what the served build rendered.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { LOCAL_ANON_KEY } from "../server/local-keys.mjs";
import { readBuild } from "../src/integrations/build-record.mjs";
import { readPublishedShows, showsDigest } from "../src/lib/published-shows.mjs";
import { astroBuild, buildAside } from "../tools/build-aside.mjs";
import { copyProject } from "../tools/project-copy.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";
import { watchShows } from "../tools/shows-watch.mjs";
import { patient } from "../tools/test-pace.mjs";
import { expect } from "./fixtures";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The site as `npm start` serves it for a backend: built into a folder of its own, rebuilt by the shows
 * watch whenever the published shows differ from what the served build rendered. Its address is taken
 * before the backend starts, so the backend lets its pages call it; it answers once the first build is made.
 */
export async function siteServer() {
  const folder = mkdtempSync(join(tmpdir(), "stagedoor-e2e-publish-"));
  let site: Server | null = null;
  const server = createServer((request, response) => {
    if (site) site.emit("request", request, response);
    else response.writeHead(503).end();
  });
  const port = await listen(server, 0);
  return {
    folder,
    target: join(folder, "site"),
    port,
    /** Serves the built folder, as npm start does, for pages that call `backendUrl`. */
    serve: (backendUrl: string) => (site ??= createStaticServer({ root: join(folder, "site"), backendUrl })),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export function following(site: Awaited<ReturnType<typeof siteServer>>, backendUrl: string) {
  const { target } = site;
  // Built from a copy of the project: a build rewrites the content store and types under .astro/, which the
  // unit tests and astro check read while this journey runs beside them.
  const project = copyProject(root, { prefix: "stagedoor-e2e-publish-project-" });
  const build = () =>
    buildAside(target, (next) =>
      astroBuild({ root: project, folder: next, env: { ...process.env, PUBLIC_SUPABASE_URL: backendUrl } }),
    );
  /** The published shows as every build reads them: what anyone reads with the anon key. */
  const publishedNow = () => readPublishedShows({ url: backendUrl, key: LOCAL_ANON_KEY });
  const digestNow = async () => showsDigest(await publishedNow());
  const builtDigest = () => {
    const built = readBuild(target);
    return built.state === "complete" ? built.showsDigest : "";
  };
  // Started at the first wait, once the gig is in: a build of the seed's shows before it would only be
  // replaced, a whole build more for the machine while the other steps run beside this journey.
  let watch: ReturnType<typeof watchShows> | null = null;
  const startWatch = () =>
    watchShows({
      digestNow,
      builtDigest,
      rebuild: async () => (await build()).ok,
      intervalMs: 1_000,
      // Long enough for the show's street, put right just after it is added, to go out with it in one build.
      quietMs: 15_000,
    });
  return {
    origin: `http://127.0.0.1:${site.port}`,
    publishedNow,
    /** Stops rebuilding: a change made after this is not built (a journey that ends without needing the build). */
    async stopWatching() {
      watch?.stop();
      await watch?.idle();
    },
    /** Whether the served build renders other shows than the published ones now, so the watch builds again. */
    behind: async () => (await digestNow()) !== builtDigest(),
    /** Waits until the served build renders the published shows as they are now. */
    async caughtUp() {
      watch ??= startWatch();
      const now = await digestNow();
      await expect.poll(builtDigest, { timeout: patient(180_000), intervals: [1_000] }).toBe(now);
      site.serve(backendUrl);
    },
    async close() {
      watch?.stop();
      await watch?.idle();
      await site.close();
      rmSync(project, { recursive: true, force: true });
    },
  };
}

/** Every JSON-LD MusicEvent on the page. */
export async function musicEvents(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((text) => JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[])
    .flat()
    .filter((data) => data["@type"] === "MusicEvent");
}
