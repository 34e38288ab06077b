// @ts-check
/**
 * What the migrations make, written down and checked in: the database's TypeScript types
 * (src/lib/database.types.ts) and its schema as it stands (supabase/schema.sql), both read from a database
 * made as a hosted project and migrated (tools/hosted-database.mjs). `npm run db:types` writes them, and a
 * database test compares a fresh copy of each with the file checked in.
 *
 * The types come from Supabase's own generator: @supabase/postgres-meta, the program `supabase gen types
 * typescript` runs, started as the CLI starts it (PG_META_GENERATE_TYPES=typescript), and formatted with the
 * project's Prettier so the file reads as the rest of the code. The schema is a dump of the app's schemas the
 * way `supabase db dump` writes one: pg_dump's --schema-only with every identifier quoted, CREATE made
 * IF NOT EXISTS or OR REPLACE, with nothing that changes from one machine or run to the next (pg_dump's
 * versions and its per-run \restrict key).
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as prettier from "prettier";
import { postgresProgram } from "./postgres.mjs";

/** The generated files, checked in. */
export const DATABASE_TYPES_FILE = fileURLToPath(new URL("../src/lib/database.types.ts", import.meta.url));
export const SCHEMA_FILE = fileURLToPath(new URL("../supabase/schema.sql", import.meta.url));

/** The schemas the migrations make and fill; auth and the roles are the hosted project's. */
const APP_SCHEMAS = ["public", "private"];

const TYPES_HEADER = `// The database's types, generated from the migrated schema by Supabase's generator (@supabase/postgres-meta).
// Do not edit: change a migration, then run \`npm run db:types\`.
`;
const SCHEMA_HEADER = `-- The database's schemas as the migrations leave them (${APP_SCHEMAS.join(", ")}), dumped as \`supabase db dump\` does.
-- Do not edit: change a migration, then run \`npm run db:types\`.
`;

// The package has no exports map; its type generator is the server's entry point in type-generation mode.
const GENERATOR = join(createRequire(import.meta.url).resolve("@supabase/postgres-meta"), "../../server/server.js");

/** @typedef {{ socketFolder: string, user: string, database: string }} DatabaseAddress */

/**
 * The types of one database's public schema, as the file holds them.
 * @param {DatabaseAddress} address
 */
export async function generateDatabaseTypes({ socketFolder, user, database }) {
  const url = `postgresql://${encodeURIComponent(user)}@localhost/${database}?host=${encodeURIComponent(socketFolder)}`;
  const { stdout } = await promisify(execFile)(process.execPath, [GENERATOR], {
    env: {
      ...process.env,
      PG_META_GENERATE_TYPES: "typescript",
      PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: "public",
      PG_META_DB_URL: url,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  const options = await prettier.resolveConfig(DATABASE_TYPES_FILE);
  return prettier.format(TYPES_HEADER + stdout, { ...options, filepath: DATABASE_TYPES_FILE });
}

/**
 * What `supabase db dump` does to pg_dump's output, and what would differ from one run or machine to the next.
 * @type {[RegExp, string][]}
 */
const REWRITES = [
  [/^-- Dumped (from database|by pg_dump) version .*\n/gm, ""],
  [/^\\(un)?restrict \S+\n/gm, ""],
  [/^CREATE SCHEMA "/gm, 'CREATE SCHEMA IF NOT EXISTS "'],
  [/^CREATE TABLE "/gm, 'CREATE TABLE IF NOT EXISTS "'],
  [/^CREATE SEQUENCE "/gm, 'CREATE SEQUENCE IF NOT EXISTS "'],
  [/^CREATE VIEW "/gm, 'CREATE OR REPLACE VIEW "'],
  [/^CREATE FUNCTION "/gm, 'CREATE OR REPLACE FUNCTION "'],
  [/^CREATE TRIGGER "/gm, 'CREATE OR REPLACE TRIGGER "'],
  [/\n{3,}/g, "\n\n"],
];

/**
 * The app's schemas of one database, as the file holds them.
 * @param {DatabaseAddress} address
 */
export async function dumpSchema({ socketFolder, user, database }) {
  const args = ["--schema-only", "--quote-all-identifiers"];
  args.push(...APP_SCHEMAS.flatMap((schema) => ["--schema", schema]));
  args.push("--host", socketFolder, "--username", user, "--dbname", database);
  const { stdout } = await promisify(execFile)(postgresProgram("pg_dump"), args, {
    env: { ...process.env, PGTZ: "UTC" },
    maxBuffer: 16 * 1024 * 1024,
  });
  const dump = REWRITES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), stdout);
  return `${SCHEMA_HEADER}${dump.trim()}\n\nRESET ALL;\n`;
}
