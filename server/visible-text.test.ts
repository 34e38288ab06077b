/**
 * private.visible_text(), which decides when a contact's name or role is blank, against the combining
 * marks its migration lists (generated from /\p{M}/u, since PostgreSQL's regular expressions have no
 * \p{M}): every listed code point is a mark, every mark listed counts as nothing on its own, and the
 * letters and digits just outside each run still count.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MIGRATIONS_DIR, openDatabase } from "./database.mjs";

const MIGRATION = "20250108000000_team_only_contacts_fair_signups.sql";

/** The runs of the marks' character class in the migration, as [first, last] code points. */
function listedRuns(): Array<[number, number]> {
  const sql = readFileSync(join(DEFAULT_MIGRATIONS_DIR, MIGRATION), "utf8");
  // The class starts with the combining diacriticals and spans adjacent string constants, which SQL joins.
  const [, written] = sql.match(/'\[(\\u0300-\\u036f\\u0483[^\]]*)\]'/) ?? [];
  const marks = written.replace(/'\s*'/g, "");
  const point = String.raw`\\(?:u([0-9a-f]{4})|U([0-9a-f]{8}))`;
  return [...marks.matchAll(new RegExp(`${point}(?:-${point})?`, "g"))].map((match) => {
    const first = parseInt(match[1] ?? match[2], 16);
    const last = match[3] || match[4] ? parseInt(match[3] ?? match[4], 16) : first;
    return [first, last];
  });
}

let db: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  db = await openDatabase();
});
afterAll(async () => {
  await db.close();
});

/** The code points among `points` that visible_text() leaves something of. */
async function visible(points: number[]): Promise<number[]> {
  const { rows } = await db.query<{ c: number }>(
    "select c from unnest($1::int[]) as c where private.visible_text(chr(c)) <> '' order by c",
    [points],
  );
  return rows.map((row) => row.c);
}

describe("what counts as blank in a name", () => {
  const runs = listedRuns();
  const listed = runs.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i));

  it("lists only combining marks, in runs of more than 300 across every script", () => {
    expect(runs.length).toBeGreaterThan(300);
    expect(listed.filter((c) => !/\p{M}/u.test(String.fromCodePoint(c)))).toEqual([]);
  });

  it("takes every listed mark, alone, for nothing", async () => {
    expect(listed.length).toBeGreaterThan(2500);
    expect(await visible(listed)).toEqual([]);
  });

  it("keeps the letters and digits just outside each run of marks", async () => {
    const neighbours = runs
      .flatMap(([first, last]) => [first - 1, last + 1])
      .filter((c) => /[\p{L}\p{N}]/u.test(String.fromCodePoint(c)));
    expect(neighbours.length).toBeGreaterThan(200);
    expect(await visible(neighbours)).toEqual(neighbours.sort((a, b) => a - b));
  });
});
