// @ts-check
/**
 * A database of the PostgreSQL 15 server tools/postgres.mjs starts, set up as a hosted Supabase project: the
 * local backend's own bootstrap (server/database.mjs) with Supabase Auth's tables as a hosted project's Auth
 * server makes them, then the migrations applied as postgres. The database tests' harness
 * (supabase/tests/harness) makes its templates with it, and `npm run db:types` the database it generates the
 * checked-in types and schema from, so both read the same schema.
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import { bootstrapSql, migrate, readMigrations } from "../server/database.mjs";

/** @typedef {import("../server/database.mjs").DefaultGrants} DefaultGrants */
/** @typedef {import("../server/database.mjs").Migration} Migration */
/** @typedef {import("../server/database.mjs").Session} Session */
/** @typedef {{ socketFolder: string, user: string }} PostgresAddress where a server listens, and its superuser */

/** Supabase Auth's tables as a hosted project's Auth server makes them (the local backend has its own). */
const HOSTED_AUTH = readFileSync(new URL("../supabase/tests/harness/hosted-auth.sql", import.meta.url), "utf8");

/**
 * What a database gets before the migrations: the local backend's bootstrap of a hosted project whose
 * default grants are `grants`, with Supabase Auth's tables as the Auth server makes them there.
 * @param {DefaultGrants} grants
 */
const hostedBootstrap = (grants) => bootstrapSql(grants, HOSTED_AUTH);

/**
 * A connection to one database of the server, as its superuser.
 * @param {PostgresAddress} address
 * @param {string} database
 * @returns {pg.ClientConfig}
 */
export function connectionOptions(address, database) {
  return { host: address.socketFolder, user: address.user, database };
}

/**
 * Runs one statement on the server's maintenance database (CREATE and DROP DATABASE cannot run elsewhere).
 * @param {PostgresAddress} address
 * @param {string} sql
 */
export async function onServer(address, sql) {
  const client = new pg.Client(connectionOptions(address, "postgres"));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` on one connection of `pool` inside BEGIN (`begin` says which) and COMMIT, or ROLLBACK if it throws.
 * @template T
 * @param {pg.Pool} pool
 * @param {string} begin
 * @param {(client: pg.PoolClient) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function inTransaction(pool, begin, work) {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A pool of PostgreSQL connections as the Session that database.mjs's migrate() takes.
 * @param {pg.Pool} pool
 * @returns {Session}
 */
function pgSession(pool) {
  return {
    exec: (sql) => pool.query(sql),
    query: (sql, params) => pool.query(sql, params),
    transaction: (work) =>
      inTransaction(pool, "begin", (client) =>
        work({ exec: (sql) => client.query(sql), query: (sql, params) => client.query(sql, params) }),
      ),
  };
}

/**
 * Creates `database` on the server as a hosted project whose default grants are `grants`, and applies
 * `migrations` (every one unless told) as postgres.
 * @param {PostgresAddress} address
 * @param {string} database
 * @param {{ grants: DefaultGrants, migrations?: Migration[] }} options
 */
export async function createHostedDatabase(address, database, { grants, migrations = readMigrations() }) {
  await onServer(address, `create database ${database}`);
  const pool = new pg.Pool({ ...connectionOptions(address, database), max: 1 });
  try {
    await migrateHosted(address, pool, grants, migrations);
  } finally {
    await pool.end();
  }
}

/** The advisory lock, in the server's maintenance database, that one bootstrap at a time holds. */
const BOOTSTRAP_LOCK = 7_211_905;

/**
 * Bootstraps the database `pool` connects to as a hosted project whose default grants are `grants` and
 * applies `migrations` (those not applied yet), one database of the server at a time. The bootstrap also
 * changes what belongs to the whole server (its roles, their memberships and settings): two databases
 * bootstrapped at once would update the same catalog rows, and PostgreSQL refuses the second ("tuple
 * concurrently updated"). Advisory locks are held per database, so the lock is taken in the maintenance one.
 * @param {PostgresAddress} address
 * @param {pg.Pool} pool
 * @param {DefaultGrants} grants
 * @param {Migration[]} migrations
 */
export async function migrateHosted(address, pool, grants, migrations) {
  const lock = new pg.Client(connectionOptions(address, "postgres"));
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [BOOTSTRAP_LOCK]);
    await migrate(pgSession(pool), migrations, { bootstrap: hostedBootstrap(grants) });
  } finally {
    // Ending the session lets the lock go, whatever happened.
    await lock.end();
  }
}
