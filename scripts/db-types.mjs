#!/usr/bin/env node
// @ts-check
/**
 * `npm run db:types`: regenerates src/lib/database.types.ts from the migrations. Starts a PostgreSQL 15
 * server of its own (as the database tests do), bootstraps a database as a hosted project, applies every
 * migration and runs Supabase's type generator on it. Run it after adding or changing a migration; the
 * database tests fail while the checked-in file differs from what the migrations make.
 */
import { readFileSync, writeFileSync } from "node:fs";
import pg from "pg";
import { SUPERUSER } from "../server/database.mjs";
import { DATABASE_TYPES_FILE, generateDatabaseTypes, migrateDatabase } from "../tools/database-types.mjs";
import { startPostgres } from "../tools/postgres.mjs";

const DATABASE = "types";
const server = startPostgres({ superuser: SUPERUSER });
try {
  const client = new pg.Client({ host: server.socketFolder, user: SUPERUSER, database: "postgres" });
  await client.connect();
  await client.query(`create database ${DATABASE}`);
  await client.end();
  await migrateDatabase({ socketFolder: server.socketFolder, database: DATABASE });
  const types = await generateDatabaseTypes({ socketFolder: server.socketFolder, user: SUPERUSER, database: DATABASE });
  let before = "";
  try {
    before = readFileSync(DATABASE_TYPES_FILE, "utf8");
  } catch {
    // Not there yet: written below.
  }
  writeFileSync(DATABASE_TYPES_FILE, types);
  console.log(`${before === types ? "Unchanged" : "Wrote"} ${DATABASE_TYPES_FILE}`);
} finally {
  server.stop();
}
