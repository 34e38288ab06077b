// The mark of a finished build: what `npm start`, the shows watch and the bench read to know what a folder holds.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_RECORD, buildRecord, readBuild } from "./build-record.mjs";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** Runs the record's hooks on a build folder whose /build-info.json holds `info` (none when undefined). */
function finish(info?: string) {
  const folder = mkdtempSync(join(tmpdir(), "stagedoor-build-record-"));
  folders.push(folder);
  const integration = buildRecord();
  const hooks = integration.hooks as Record<string, (options: unknown) => void>;
  hooks["astro:config:done"]!({ config: { outDir: pathToFileURL(`${folder}/`) } });
  hooks["astro:build:start"]!({});
  expect(readBuild(folder).state).toBe("missing");
  writeFileSync(join(folder, "index.html"), "<html></html>");
  if (info !== undefined) writeFileSync(join(folder, "build-info.json"), info);
  expect(readBuild(folder).state).toBe("unfinished");
  hooks["astro:build:done"]!({ dir: pathToFileURL(`${folder}/`) });
  return readBuild(folder);
}

describe("the build's record", () => {
  it("records the shows digest the pages' own /build-info.json publishes, so it says what the pages render", () => {
    const digest = "a".repeat(64);
    expect(finish(JSON.stringify({ builtAt: "2026-12-01T00:00:00.000Z", showsDigest: digest }))).toMatchObject({
      state: "complete",
      showsDigest: digest,
    });
  });

  it("records no shows digest when the pages publish none, or no readable record, so the site is built again", () => {
    for (const info of [JSON.stringify({ showsDigest: null }), "{ not json", undefined]) {
      expect(finish(info)).toMatchObject({ state: "complete", showsDigest: "" });
    }
  });

  it("is removed as a build starts, so a folder a build stopped in is not taken for a finished one", () => {
    const folder = mkdtempSync(join(tmpdir(), "stagedoor-build-record-"));
    folders.push(folder);
    writeFileSync(join(folder, BUILD_RECORD), JSON.stringify({ builtAt: "x", supabaseUrl: "y" }));
    writeFileSync(join(folder, "index.html"), "<html></html>");
    expect(readBuild(folder).state).toBe("complete");
    const hooks = buildRecord().hooks as Record<string, (options: unknown) => void>;
    hooks["astro:config:done"]!({ config: { outDir: pathToFileURL(`${folder}/`) } });
    hooks["astro:build:start"]!({});
    expect(readBuild(folder).state).toBe("unfinished");
  });
});
