// Reading every row a page at a time by key (src/lib/pages-by-key.mjs): each page starts after the last row
// read, however its doors and id are spelled, and a server that ignores the key is not asked for ever.
import { describe, expect, it } from "vitest";
import { orderByKey, readByKey } from "./pages-by-key.mjs";

const NEWEST_FIRST = { column: "created_at", ascending: false };

/** A read of `pages` in turn (then empty ones), with the keys it was asked after. */
function pagesOf(pages: Record<string, unknown>[][]) {
  const asked: (string | null)[] = [];
  const readPage = async (after: string | null, number: number) => {
    asked.push(after);
    return pages[number - 1] ?? [];
  };
  return { asked, readPage };
}

describe("reading every row by key", () => {
  it("asks for each page after the last row read, its value and id quoted with their quotes escaped", async () => {
    const first = { id: 'Aoife "the booker" \\ Ní', created_at: "2025-01-02T09:00:00.123456+00:00" };
    const { asked, readPage } = pagesOf([
      [{ id: "z", created_at: "2025-03-01T09:00:00+00:00" }, first],
      [{ id: "a", created_at: "2024-12-01T09:00:00+00:00" }],
    ]);
    expect(orderByKey(NEWEST_FIRST)).toBe("created_at.desc,id.asc");
    expect((await readByKey(NEWEST_FIRST, readPage)).map((row) => row.id)).toEqual(["z", first.id, "a"]);
    expect(asked).toEqual([
      null,
      'created_at.lt."2025-01-02T09:00:00.123456+00:00",and(created_at.eq."2025-01-02T09:00:00.123456+00:00",' +
        'id.gt."Aoife \\"the booker\\" \\\\ Ní")',
      'created_at.lt."2024-12-01T09:00:00+00:00",and(created_at.eq."2024-12-01T09:00:00+00:00",id.gt."a")',
    ]);
  });

  it("keeps the later copy of a row moved later between two pages, in its place", async () => {
    const row = (id: string, created_at: string, version = 1) => ({ id, created_at, version });
    const { readPage } = pagesOf([
      [row("c", "2025-03-01"), row("b", "2025-02-01")],
      [row("a", "2025-01-01"), row("c", "2024-12-01", 2)],
    ]);
    expect(await readByKey(NEWEST_FIRST, readPage)).toEqual([
      row("b", "2025-02-01"),
      row("a", "2025-01-01"),
      row("c", "2024-12-01", 2),
    ]);
  });

  it("stops, saying so, when a page holds no row not read before, as from a server that ignores the key", async () => {
    const same = [{ id: "a", created_at: "2025-01-01" }];
    await expect(readByKey(NEWEST_FIRST, async () => same)).rejects.toThrow(
      "page 2 held no row not read before: the key was not applied",
    );
  });
});
