/**
 * The contacts history migration applied to a database that already holds contacts, as a hosted
 * project does: existing rows get a version and a time, and a blank name or role saved before the
 * rule becomes a placeholder whose blank version is kept in the history.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_MIGRATIONS_DIR, openDatabase } from "./database.mjs";

const HISTORY_MIGRATION = "20250104000000_contacts_history.sql";
const temporary: string[] = [];
const folder = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(path);
  return path;
};

afterAll(() => {
  for (const path of temporary) rmSync(path, { recursive: true, force: true });
});

describe("the contacts history migration on existing contacts", () => {
  it("versions every contact, and replaces a blank name or role, keeping the blank one in the history", async () => {
    const migrationsDir = folder("stagedoor-migrations-");
    const dataDir = folder("stagedoor-db-");
    for (const file of readdirSync(DEFAULT_MIGRATIONS_DIR).filter((name) => name < HISTORY_MIGRATION)) {
      copyFileSync(join(DEFAULT_MIGRATIONS_DIR, file), join(migrationsDir, file));
    }
    const before = await openDatabase({ dataDir, migrationsDir, snapshots: false });
    await before.exec(`
      insert into public.contacts (id, name, role, created_at) values
        ('ok', 'Aoife', 'Booker', '2025-01-01T09:00:00Z'),
        ('blank', '   ', 'Agent', '2025-01-02T09:00:00Z');
    `);
    await before.close();

    copyFileSync(join(DEFAULT_MIGRATIONS_DIR, HISTORY_MIGRATION), join(migrationsDir, HISTORY_MIGRATION));
    const after = await openDatabase({ dataDir, migrationsDir, snapshots: false });
    try {
      const { rows } = await after.query<Record<string, unknown>>(
        "select id, name, role, version, updated_at = created_at as unchanged_since_created from public.contacts order by id",
      );
      expect(rows).toEqual([
        { id: "blank", name: "(no name)", role: "Agent", version: 2, unchanged_since_created: false },
        { id: "ok", name: "Aoife", role: "Booker", version: 1, unchanged_since_created: true },
      ]);
      const history = await after.query("select contact_id, version, name from public.contacts_history");
      expect(history.rows).toEqual([{ contact_id: "blank", version: 1, name: "   " }]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
