// The seed's published shows are read from a new local backend once and then kept: the next call answers the
// same shows without starting a database, and a change to the seed (as to the migrations or the backend's code)
// reads them afresh rather than answer what an older seed held. Run on a copy of the project, whose cache is
// its own.
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { copyProject } from "./project-copy.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const copy = copyProject(root, {
  prefix: "stagedoor-seeded-shows-",
  only: ["package.json", "tools/seeded-shows.mjs", "server", "src/lib", "supabase"],
  // What this test proves is the shows' cache, not initdb, which npm test's first step has already run.
  keptDatabase: true,
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Runs the copy's tools/seeded-shows.mjs: what it prints, with `--summary` or as JSON. */
async function seededShows(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["tools/seeded-shows.mjs", ...args], {
    cwd: copy,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

const venues = (json: string) => (JSON.parse(json) as { venue_name: string }[]).map((show) => show.venue_name);

describe("the seed's published shows", () => {
  it("are read from a new backend once, kept, and read afresh after the seed changes", async () => {
    expect(await seededShows("--summary")).toBe("The seed's 3 published shows, read from a new local backend.\n");
    expect(await seededShows("--summary")).toBe("The seed's 3 published shows, as kept.\n");
    expect(venues(await seededShows())).toEqual(["The Salthill Room", "The Harbour Loft", "The Cornmarket Room"]);

    const seed = join(copy, "supabase/seed.sql");
    writeFileSync(seed, readFileSync(seed, "utf8").replace("'The Salthill Room'", "'The Claddagh Hall'"));
    expect(await seededShows("--summary")).toBe("The seed's 3 published shows, read from a new local backend.\n");
    expect(venues(await seededShows())).toEqual(["The Claddagh Hall", "The Harbour Loft", "The Cornmarket Room"]);
  });
});
