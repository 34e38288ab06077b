/**
 * No source file under src/ is longer than a reader takes in at once: 300 lines. A module past that holds more
 * than one concern and is split by concern (as calendar.ts and contacts.store.ts were); a test file past it is
 * split by what it proves. The database types are written by `npm run db:types`, not read, and are left out.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { projectFiles } from "../tools/project-files.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const MAX_LINES = 300;
const SOURCE = /\.(ts|tsx|mjs|js|astro|css)$/;
const GENERATED = new Set(["src/lib/database.types.ts"]);

/** The number of lines of `text`, a last line break ending the last line rather than starting another. */
function lineCount(text: string): number {
  return text === "" ? 0 : text.replace(/\n$/, "").split("\n").length;
}

describe("the length of the source files under src/", () => {
  it("counts lines as an editor shows them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("one\n")).toBe(1);
    expect(lineCount("one\ntwo")).toBe(2);
    expect(lineCount("one\n\nthree\n")).toBe(3);
  });

  it(`keeps every file within ${MAX_LINES} lines, the generated database types aside`, () => {
    const files = projectFiles(ROOT, "src", SOURCE).filter((file) => !GENERATED.has(file));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(join(ROOT, file), "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long, "split each by concern").toEqual([]);
  });
});
