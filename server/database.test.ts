/**
 * A new local database holds the one database PGlite opens: the template databases CREATE DATABASE copies are
 * dropped when initdb makes it, so the kept snapshot every later start unpacks lacks them (server/database.mjs).
 * A folder made that way opens again after a restart, its data whole.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.mjs";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function databases(db: Awaited<ReturnType<typeof openDatabase>>) {
  return (await db.query<{ datname: string }>("select datname from pg_database order by 1")).rows.map(
    (row) => row.datname,
  );
}

describe("a new local database", () => {
  it("holds only its own database", async () => {
    const db = await openDatabase();
    try {
      expect(await databases(db)).toEqual(["postgres"]);
    } finally {
      await db.close();
    }
  });

  it("kept in a folder opens again after a restart, its data whole", async () => {
    const folder = mkdtempSync(join(tmpdir(), "stagedoor-database-"));
    folders.push(folder);
    const dataDir = join(folder, "data");
    const first = await openDatabase({ dataDir });
    await first.exec("create table public.kept (word text); insert into public.kept values ('still here')");
    await first.close();
    const again = await openDatabase({ dataDir });
    try {
      expect((await again.query("select word from public.kept")).rows).toEqual([{ word: "still here" }]);
    } finally {
      await again.close();
    }
  });
});
