/**
 * The files that say what the migrations make are what they make, read from a copy of the run's migrated
 * PostgreSQL 15 database: the database's TypeScript types (src/lib/database.types.ts), written by Supabase's
 * generator, and the schema as it stands (supabase/schema.sql), dumped as `supabase db dump` does. A migration
 * added or changed without `npm run db:types` fails here; the type check then holds every mapper and the
 * contact description to the new schema, and a reader finds each function and policy as it is now in one place.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DATABASE_TYPES_FILE, dumpSchema, generateDatabaseTypes, SCHEMA_FILE } from "../../tools/database-types.mjs";
import { onServer } from "../../tools/hosted-database.mjs";
import { templateName } from "./harness/engines";

const address = inject("postgres");
const database = `generated_${process.pid}`;

beforeAll(() => onServer(address, `create database ${database} template ${templateName("none", true)}`));
afterAll(() => onServer(address, `drop database if exists ${database}`));

describe("the files generated from the migrations", () => {
  it("checks in the types Supabase's generator makes from the migrated schema", async () => {
    const fresh = await generateDatabaseTypes({ ...address, database });
    expect(fresh).toContain("contacts_history");
    expect(
      readFileSync(DATABASE_TYPES_FILE, "utf8"),
      "src/lib/database.types.ts differs from what the migrations make: run `npm run db:types` and check the file in",
    ).toBe(fresh);
  });

  it("checks in the schema as the migrations leave it, each function as last defined", async () => {
    const fresh = await dumpSchema({ ...address, database });
    // The trigger function that three migrations define, as the last one leaves it, and the tables' policies.
    expect(fresh).toContain('CREATE OR REPLACE FUNCTION "private"."fan_signup_before_insert"()');
    expect(fresh.match(/FUNCTION "private"\."fan_signup_before_insert"\(\) RETURNS/g)).toHaveLength(1);
    expect(fresh).toMatch(/CREATE POLICY .* ON "public"\."calendar_events"/);
    expect(fresh).not.toMatch(/^-- Dumped|^\\restrict/m);
    expect(
      readFileSync(SCHEMA_FILE, "utf8"),
      "supabase/schema.sql differs from what the migrations make: run `npm run db:types` and check the file in",
    ).toBe(fresh);
  });
});
