// @ts-check
/**
 * The database's TypeScript types (src/lib/database.types.ts), generated from the schema the migrations
 * make, by Supabase's own generator: @supabase/postgres-meta, the program `supabase gen types typescript`
 * runs, started as the CLI starts it (PG_META_GENERATE_TYPES=typescript) against a PostgreSQL 15 database
 * bootstrapped as a hosted project and migrated. Its output is formatted with the project's Prettier, so
 * the file checked in reads as the rest of the code; `npm run db:types` writes it, and a database test
 * compares a fresh generation with it.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import * as prettier from "prettier";
import { bootstrapSql, migrate, readMigrations, SUPERUSER } from "../server/database.mjs";

/** The generated file, checked in. */
export const DATABASE_TYPES_FILE = fileURLToPath(new URL("../src/lib/database.types.ts", import.meta.url));

const HEADER = `// The database's types, generated from the migrated schema by Supabase's generator (@supabase/postgres-meta).
// Do not edit: change a migration, then run \`npm run db:types\`.
`;

// The package has no exports map; its type generator is the server's entry point in type-generation mode.
const GENERATOR = join(createRequire(import.meta.url).resolve("@supabase/postgres-meta"), "../../server/server.js");

/**
 * The types of one database's public schema, as the file holds them.
 * @param {{ socketFolder: string, user: string, database: string }} address
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
  return prettier.format(HEADER + stdout, { ...options, filepath: DATABASE_TYPES_FILE });
}

/**
 * Bootstraps `database` as a hosted project (Supabase Auth's tables as its Auth server makes them) and
 * applies every migration as postgres, on one connection.
 * @param {{ socketFolder: string, database: string }} address
 */
export async function migrateDatabase({ socketFolder, database }) {
  const client = new pg.Client({ host: socketFolder, user: SUPERUSER, database });
  await client.connect();
  /** @type {import("../server/database.mjs").Session} */
  const session = {
    exec: (sql) => client.query(sql),
    query: (sql, params) => client.query(sql, params),
    async transaction(work) {
      await client.query("begin");
      try {
        const result = await work(session);
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
    },
  };
  try {
    const hostedAuth = readFileSync(new URL("../supabase/tests/harness/hosted-auth.sql", import.meta.url), "utf8");
    await migrate(session, readMigrations(), { bootstrap: bootstrapSql("none", hostedAuth) });
  } finally {
    await client.end();
  }
}
