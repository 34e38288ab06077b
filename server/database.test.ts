/**
 * A new local database holds the one database PGlite opens: initdb's template databases, which CREATE
 * DATABASE copies, are dropped when it is made, so the snapshot every later start unpacks lacks them too
 * (server/database.mjs). A folder made that way opens again after a restart, its data whole; a kept snapshot
 * cut short is made afresh rather than failing every start.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import { openDatabase } from "./database.mjs";

const folder = mkdtempSync(join(tmpdir(), "stagedoor-database-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
/** The snapshots these tests make and read, apart from the project's own. */
const snapshotDir = join(folder, "snapshots");

async function databases(db: Awaited<ReturnType<typeof openDatabase>>) {
  const { rows } = await db.query<{ datname: string }>("select datname from pg_database order by 1");
  return rows.map((row) => row.datname);
}

const snapshotFiles = () => readdirSync(snapshotDir).filter((name) => name.endsWith(".tar"));

// Each test runs initdb, or opens a database from a snapshot, more than once: as patient as the database tests' hooks.
describe("a new local database", { timeout: patient(60_000) }, () => {
  it("made by initdb in a folder holds only its own database, and opens again after a restart, its data whole", async () => {
    const dataDir = join(folder, "data");
    const first = await openDatabase({ dataDir, snapshotDir });
    expect(await databases(first)).toEqual(["postgres"]);
    await first.exec("create table public.kept (word text); insert into public.kept values ('still here')");
    await first.close();
    const again = await openDatabase({ dataDir, snapshotDir });
    try {
      expect((await again.query("select word from public.kept")).rows).toEqual([{ word: "still here" }]);
    } finally {
      await again.close();
    }
  });

  it("starts from the kept snapshot, which lacks the templates too, and makes it afresh when it was cut short", async () => {
    const [snapshot] = snapshotFiles();
    const whole = statSync(join(snapshotDir, snapshot!)).size;
    const fromSnapshot = await openDatabase({ snapshotDir });
    expect(await databases(fromSnapshot)).toEqual(["postgres"]);
    await fromSnapshot.close();

    truncateSync(join(snapshotDir, snapshot!), Math.floor(whole / 3));
    const lines: string[] = [];
    // Into a folder of its own, which the failed start leaves part-filled.
    const afresh = await openDatabase({
      dataDir: join(folder, "afresh"),
      snapshotDir,
      log: (line) => lines.push(line),
    });
    try {
      expect(await databases(afresh)).toEqual(["postgres"]);
      expect((await afresh.query("select count(*)::int as n from stagedoor_internal.schema_migrations")).rows).toEqual([
        { n: expect.any(Number) },
      ]);
    } finally {
      await afresh.close();
    }
    expect(lines).toEqual([
      expect.stringMatching(/^the kept database snapshot could not be opened \(.+\); making it afresh$/),
    ]);
    // Kept whole again: the next start opens it, without a word.
    expect(snapshotFiles()).toEqual([snapshot]);
    lines.length = 0;
    const next = await openDatabase({ snapshotDir, log: (line) => lines.push(line) });
    await next.close();
    expect(lines).toEqual([]);
  });
});
