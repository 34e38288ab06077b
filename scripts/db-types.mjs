#!/usr/bin/env node
// @ts-check
/**
 * `npm run db:types`: regenerates from the migrations the files that say what they make,
 * src/lib/database.types.ts and supabase/schema.sql. Starts a PostgreSQL 15 server of its own (as the
 * database tests do), makes a database as a hosted project with every migration applied, and runs Supabase's
 * type generator and pg_dump on it. Run it after adding or changing a migration; the database tests fail while
 * a checked-in file differs from what the migrations make.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { SUPERUSER } from "../server/database.mjs";
import { DATABASE_TYPES_FILE, dumpSchema, generateDatabaseTypes, SCHEMA_FILE } from "../tools/database-types.mjs";
import { createHostedDatabase } from "../tools/hosted-database.mjs";
import { startPostgres } from "../tools/postgres.mjs";

/**
 * Writes `text` to `file`, and says whether that changed it.
 * @param {string} file
 * @param {string} text
 */
function write(file, text) {
  let before = "";
  try {
    before = readFileSync(file, "utf8");
  } catch {
    // Not there yet: written below.
  }
  writeFileSync(file, text);
  console.log(`${before === text ? "Unchanged" : "Wrote"} ${file}`);
}

const server = startPostgres({ superuser: SUPERUSER });
try {
  const address = { socketFolder: server.socketFolder, user: SUPERUSER, database: "types" };
  await createHostedDatabase(address, address.database, { grants: "none" });
  write(DATABASE_TYPES_FILE, await generateDatabaseTypes(address));
  write(SCHEMA_FILE, await dumpSchema(address));
} finally {
  server.stop();
}
