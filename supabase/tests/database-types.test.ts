/**
 * The database's TypeScript types (src/lib/database.types.ts) are what the migrations make: Supabase's
 * generator, run on a copy of the run's migrated PostgreSQL 15 database, writes exactly the file checked in.
 * A migration added without regenerating the file fails here, and the type check then holds every mapper
 * and the contact description to the new schema.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "../../tools/database-types.mjs";
import { onServer, templateName } from "./harness/engines";

const address = inject("postgres");
const database = `types_${process.pid}`;

beforeAll(() => onServer(address, `create database ${database} template ${templateName("none", true)}`));
afterAll(() => onServer(address, `drop database if exists ${database}`));

it("checks in the types Supabase's generator makes from the migrated schema", async () => {
  const fresh = await generateDatabaseTypes({ ...address, database });
  expect(fresh).toContain("contacts_history");
  expect(
    readFileSync(DATABASE_TYPES_FILE, "utf8"),
    "src/lib/database.types.ts differs from what the migrations make: run `npm run db:types` and check the file in",
  ).toBe(fresh);
});
