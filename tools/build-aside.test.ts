// A build is built beside the served folder and swapped in only once it has finished, so the folder a
// visitor is served from never holds half a site: a failed build leaves the last good one in place.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_RECORD, readBuild } from "../src/integrations/build-record.mjs";
import { buildAside } from "./build-aside.mjs";

let folder: string;
let dist: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "stagedoor-build-aside-"));
  dist = join(folder, "dist");
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Writes pages into `dir`, and the build record when the build finished. */
function writeSite(dir: string, pages: Record<string, string>, finished: { builtAt: string } | null) {
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(pages)) writeFileSync(join(dir, file), text);
  if (finished) {
    const record = { builtAt: finished.builtAt, supabaseUrl: "http://127.0.0.1:54321" };
    writeFileSync(join(dir, BUILD_RECORD), JSON.stringify(record));
  }
}

/** A build that writes `pages` (and the record, when it finishes), then exits with `status`. */
const building =
  (pages: Record<string, string>, finished: { builtAt: string } | null, status = 0) =>
  async (into: string) => {
    writeSite(into, pages, finished);
    return status;
  };

const page = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const lastGood = { builtAt: "2026-11-25T09:00:00.000Z" };

describe("building aside", () => {
  it("leaves the last good build whole when a build fails part-way", async () => {
    writeSite(dist, { "index.html": "last good home", "tour.html": "last good tour" }, lastGood);
    // The home page is written, then a bad tour date stops the build before the tour page.
    const outcome = await buildAside(dist, building({ "index.html": "new home" }, null, 1));
    expect(outcome).toEqual({
      ok: false,
      status: 1,
      kept: {
        state: "complete",
        ...lastGood,
        supabaseUrl: expect.any(String),
        content: "src/content",
        showsDigest: "",
      },
    });
    expect([page(dist, "index.html"), page(dist, "tour.html")]).toEqual(["last good home", "last good tour"]);
    expect(readdirSync(folder)).toEqual(["dist"]);
  });

  it("does not swap in a build that ended without finishing, whatever its exit status", async () => {
    writeSite(dist, { "index.html": "last good home" }, lastGood);
    const outcome = await buildAside(dist, building({ "index.html": "new home" }, null));
    expect(outcome.ok).toBe(false);
    expect(page(dist, "index.html")).toBe("last good home");
  });

  it("swaps a finished build in whole: no page of the old build is left behind", async () => {
    writeSite(dist, { "index.html": "old home", "old-page.html": "gone since" }, lastGood);
    const finished = { builtAt: "2026-11-26T09:00:00.000Z" };
    const outcome = await buildAside(dist, building({ "index.html": "new home" }, finished));
    expect(outcome.ok).toBe(true);
    expect(readdirSync(dist).sort()).toEqual([BUILD_RECORD, "index.html"]);
    expect(page(dist, "index.html")).toBe("new home");
    expect(readBuild(dist)).toMatchObject({ state: "complete", builtAt: "2026-11-26T09:00:00.000Z" });
    expect(readdirSync(folder)).toEqual(["dist"]);
  });

  it("makes the first build from nothing, and says there is nothing to keep when the first build fails", async () => {
    expect(await buildAside(dist, async () => 2)).toEqual({ ok: false, status: 2, kept: { state: "missing" } });
    expect(existsSync(dist)).toBe(false);
    const outcome = await buildAside(dist, building({ "index.html": "home" }, lastGood));
    expect(outcome.ok).toBe(true);
    expect(page(dist, "index.html")).toBe("home");
  });

  it("starts afresh when an earlier build was cut off while building aside", async () => {
    writeSite(dist, { "index.html": "last good home" }, lastGood);
    writeSite(join(folder, "dist-next"), { "stale.html": "from a build that was killed" }, null);
    await buildAside(dist, async (into) => {
      expect(existsSync(join(into, "stale.html"))).toBe(false);
      writeSite(into, { "index.html": "new home" }, lastGood);
      return 0;
    });
    expect(readdirSync(dist).sort()).toEqual([BUILD_RECORD, "index.html"]);
  });

  it("puts the last good build back when a swap was cut off between its two renames", async () => {
    writeSite(join(folder, "dist-previous"), { "index.html": "last good home" }, lastGood);
    const outcome = await buildAside(dist, async () => 1);
    expect(outcome).toMatchObject({ ok: false, kept: { state: "complete" } });
    expect(page(dist, "index.html")).toBe("last good home");
  });
});

describe("reading a build folder", () => {
  it("tells a finished build from one that stopped part-way, and from none", () => {
    expect(readBuild(dist)).toEqual({ state: "missing" });
    writeSite(dist, { "index.html": "home" }, null);
    expect(readBuild(dist)).toEqual({ state: "unfinished" });
    writeFileSync(join(dist, BUILD_RECORD), "{ not json");
    expect(readBuild(dist)).toEqual({ state: "unfinished" });
    writeSite(dist, {}, lastGood);
    // A record from before builds noted their content and shows reads as the owner's, with no shows.
    expect(readBuild(dist)).toEqual({
      state: "complete",
      ...lastGood,
      supabaseUrl: "http://127.0.0.1:54321",
      content: "src/content",
      showsDigest: "",
    });
  });
});

describe("two builds of one folder", () => {
  it("run one after the other, never writing the folder beside it at once, the later one swapped in last", async () => {
    let running = 0;
    let most = 0;
    const slow = (pages: Record<string, string>, builtAt: string) => async (into: string) => {
      most = Math.max(most, (running += 1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      writeSite(into, pages, { builtAt });
      running -= 1;
      return 0;
    };
    const first = buildAside(dist, slow({ "index.html": "first" }, "2026-11-25T09:00:00.000Z"));
    const second = buildAside(dist, slow({ "index.html": "second" }, "2026-11-25T09:01:00.000Z"));
    expect((await Promise.all([first, second])).map((outcome) => outcome.ok)).toEqual([true, true]);
    expect(most).toBe(1);
    expect(page(dist, "index.html")).toBe("second");
    expect(readdirSync(folder)).toEqual(["dist"]);
  });

  it("takes over the lock of a build whose process has gone", async () => {
    // A process id no process has: the highest Linux gives is 4,194,304.
    writeFileSync(join(folder, "dist-building"), "4194305");
    const outcome = await buildAside(dist, building({ "index.html": "home" }, lastGood));
    expect(outcome.ok).toBe(true);
    expect(readdirSync(folder)).toEqual(["dist"]);
  });
});
