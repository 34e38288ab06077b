// `npm start` serves a finished build, or the last good one when a new build fails, and refuses with a
// clear message when there is none: never a build that stopped part-way. Each case runs the real script
// on a build folder of its own; the builds that fail are real `astro build` runs, stopped as a deploy
// build without its Supabase key is stopped (in about a second, before any page is written).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_RECORD } from "../src/integrations/build-record.mjs";

const project = "https://abcdefgh.supabase.co";
let folder: string;
let dist: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "stagedoor-start-"));
  dist = join(folder, "dist");
});
afterEach(async () => {
  if (child && child.exitCode === null) {
    const closed = new Promise((resolve) => child?.once("close", resolve));
    child.kill("SIGTERM");
    await closed;
  }
  child = undefined;
  rmSync(folder, { recursive: true, force: true });
});

/** A build folder with a home page, finished (with its record) for `supabaseUrl`, or not. */
function fakeBuild(home: string, finished: { supabaseUrl: string } | null) {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "index.html"), home);
  writeFileSync(join(dist, "404.html"), "not found");
  if (finished) {
    const record = { builtAt: "2026-11-25T09:00:00.000Z", supabaseUrl: finished.supabaseUrl };
    writeFileSync(join(dist, BUILD_RECORD), JSON.stringify(record));
  }
}

/**
 * Runs `npm start` on the build folder against the hosted project (so no local backend starts), on a free
 * port. A build it starts fails: a deploy build without PUBLIC_SUPABASE_ANON_KEY stops while loading.
 * Resolves once the site is served (with its address) or the script has exited (with its status).
 */
function start(...args: string[]) {
  child = spawn(process.execPath, ["scripts/start.mjs", "--dist", dist, ...args], {
    env: { PATH: process.env.PATH ?? "", PORT: "0", PUBLIC_SUPABASE_URL: project, CONTEXT: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise<{ output: string; site?: string; status?: number | null }>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const site = output.match(/Site: (http:\/\/localhost:\d+)/)?.[1];
      if (site) resolve({ output, site });
    };
    child?.stdout?.on("data", read);
    child?.stderr?.on("data", read);
    child?.on("close", (status) => resolve({ output, status }));
  });
}

const home = async (site: string) => (await fetch(`${site}/`)).text();

describe("npm start", () => {
  it("serves a finished build for this backend as it is, without building", async () => {
    fakeBuild("the finished build", { supabaseUrl: project });
    const started = await start();
    expect(started.site).toBeDefined();
    expect(started.output).not.toContain("Building");
    expect(await home(started.site!)).toBe("the finished build");
    // The build record is not part of the site: Netlify does not publish it, and neither does this server.
    expect((await fetch(`${started.site}/${BUILD_RECORD}`)).status).toBe(404);
  });

  it("serves the last good build, saying so, when the new build fails", async () => {
    fakeBuild("the last good build", { supabaseUrl: project });
    const started = await start("--build");
    expect(started.output).toContain("Deploy build stopped");
    expect(started.output).toContain("The build failed (see above): serving the last good build in");
    expect(started.output).toContain("from 2026-11-25T09:00:00.000Z");
    expect(await home(started.site!)).toBe("the last good build");
  });

  it("refuses a build that stopped part-way, and says why, when building again fails", async () => {
    fakeBuild("half a site", null);
    const started = await start();
    expect([started.status, started.site]).toEqual([1, undefined]);
    expect(started.output).toContain("holds a build that stopped part-way");
    expect(started.output).toContain(
      `The build failed and there is no good build to serve: ${dist}/ holds a build that stopped part-way`,
    );
    expect(started.output).toContain("Fix the error above and run npm start again.");
  });

  it("refuses when there is no build at all and the build fails", async () => {
    const started = await start();
    expect([started.status, started.site]).toEqual([1, undefined]);
    expect(started.output).toContain(
      `The build failed and there is no good build to serve: There is no build in ${dist}/.`,
    );
  });

  it("refuses a good build made for another backend rather than serve pages that call the wrong one", async () => {
    fakeBuild("built for the local backend", { supabaseUrl: "http://127.0.0.1:54321" });
    const started = await start();
    expect([started.status, started.site]).toEqual([1, undefined]);
    expect(started.output).toContain(`was built to call http://127.0.0.1:54321, not ${project}.`);
  });
});
