/**
 * Every test file has a name of its own: a failure names its file, and a reader looking for the tests of
 * something searches by name. Two files of one name (a backend test and a SQL test both called
 * `outsider.test.ts`) each send the reader to the other; a file named for what it proves does not.
 */
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { projectFiles } from "./project-files.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TEST_FILE = /\.(test|spec)\.(ts|tsx|mjs|js)$/;

/** Every test file of the project, as paths from its root. */
const testFiles = () => projectFiles(ROOT, ".", TEST_FILE);

/** The names that more than one of `paths` has, each with its paths. */
function sharedNames(paths: string[]) {
  const byName = new Map<string, string[]>();
  for (const path of paths) byName.set(basename(path), [...(byName.get(basename(path)) ?? []), path]);
  return [...byName].filter(([, same]) => same.length > 1).map(([name, same]) => `${name}: ${same.sort().join(", ")}`);
}

describe("test file names", () => {
  it("finds two files of one name in different folders, and none among distinct names", () => {
    expect(sharedNames(["server/outsider.test.ts", "supabase/tests/outsider.test.ts", "e2e/outsider.spec.ts"])).toEqual(
      ["outsider.test.ts: server/outsider.test.ts, supabase/tests/outsider.test.ts"],
    );
    expect(sharedNames(["server/outsider.test.ts", "supabase/tests/anon-key-refused.test.ts"])).toEqual([]);
  });

  it("gives every test file in the project a name no other has", () => {
    const files = testFiles();
    // Every kind of test is looked at: the units, the backend's, the SQL's and the browser journeys.
    for (const folder of ["src/", "server/", "supabase/tests/", "e2e/", "tools/"]) {
      expect(files.some((file) => file.startsWith(folder))).toBe(true);
    }
    expect(sharedNames(files), "rename each so that it says what it proves").toEqual([]);
  });
});
