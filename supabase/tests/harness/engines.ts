/**
 * The two engines the database tests run on, behind one small interface: PGlite, opened through the local
 * backend's own bootstrap (server/database.mjs), and the PostgreSQL 15 server the run started
 * (global-setup.ts), where each database is a copy of a template that the same bootstrap and migrations
 * made (tools/hosted-database.mjs). Either way the superuser's session bootstraps, and the migrations run as
 * postgres.
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { bootstrapSql, type DefaultGrants, type Migration, migrate, openDatabase } from "../../../server/database.mjs";
import {
  connectionOptions,
  inTransaction,
  migrateHosted,
  onServer,
  type PostgresAddress,
} from "../../../tools/hosted-database.mjs";

export type EngineName = "PGlite" | "PostgreSQL 15";
export type { DefaultGrants, Migration };

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's PostgreSQL server listens, handed from the global setup to every test file. */
    postgres: PostgresAddress;
  }
}

/** What a query inside a transaction can do, on either engine. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** One open database on one engine. */
export interface Engine {
  /** Runs `work` in one transaction (READ ONLY when asked), committed if it returns, rolled back if it throws. */
  transaction<T>(readOnly: boolean, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** SQL in a session of its own, as the superuser, outside any request: the last statement's rows. */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Applies these migrations (those not applied yet), as database.mjs does. */
  migrate(migrations: Migration[]): Promise<void>;
  close(): Promise<void>;
}

/** The template a PostgreSQL test database is copied from: bootstrapped only, or migrated too. */
export function templateName(grants: DefaultGrants, migrated: boolean) {
  return `hosted_${grants}_grants_${migrated ? "migrated" : "bootstrapped"}`;
}

/**
 * A database of PGlite: in memory, bootstrapped and migrated by the local backend's own code, from its
 * cached snapshot of every migration, or (to apply migrations of one's own) of none, as on PostgreSQL.
 */
async function openPglite(grants: DefaultGrants, migrations: Migration[] | undefined): Promise<Engine> {
  const db: PGlite = await openDatabase({ defaultGrants: grants, ...(migrations ? { migrations: [] } : {}) });
  const engine: Engine = {
    transaction: (readOnly, work) =>
      db.transaction(async (tx) => {
        if (readOnly) await tx.query("set transaction read only");
        return work(tx as Queryable);
      }),
    query: async (sql, params) =>
      // Several statements (no parameters) answer one result each: the last one's rows are the answer.
      params ? (await db.query<Record<string, unknown>>(sql, params)).rows : ((await db.exec(sql)).at(-1)?.rows ?? []),
    migrate: (list) => migrate(db, list, { bootstrap: bootstrapSql(grants) }),
    close: () => db.close(),
  };
  if (migrations) await engine.migrate(migrations);
  return engine;
}

let copies = 0;

/**
 * A database of PostgreSQL: a copy of the migrated template, or (to apply migrations of one's own) of the
 * bootstrapped one, dropped again on close.
 */
async function openPostgres(grants: DefaultGrants, migrations: Migration[] | undefined): Promise<Engine> {
  const address = inject("postgres");
  const name = `test_${process.pid}_${++copies}_${grants}`;
  // postgres owns it, as it owns a hosted project's database (a copy would be the superuser's).
  await onServer(
    address,
    `create database ${name} template ${templateName(grants, migrations === undefined)} owner postgres`,
  );
  // Enough connections for the tests that fire a burst of requests at once, as a pooler in front would.
  const pool = new pg.Pool({ ...connectionOptions(address, name), max: 8 });
  const engine: Engine = {
    transaction: (readOnly, work) => inTransaction(pool, readOnly ? "begin read only" : "begin", work),
    query: async (sql, params) => {
      // Several statements (no parameters) answer one result each: the last one's rows are the answer.
      const results: pg.QueryResult | pg.QueryResult[] = await pool.query(sql, params);
      return Array.isArray(results) ? (results.at(-1)?.rows ?? []) : results.rows;
    },
    migrate: (list) => migrateHosted(address, pool, grants, list),
    async close() {
      await pool.end();
      // The pool's connections close a moment after end() returns; the database can go once they have.
      for (let attempt = 1; ; attempt++) {
        try {
          return await onServer(address, `drop database ${name}`);
        } catch (error) {
          if ((error as { code?: string }).code !== "55006" || attempt === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
  if (migrations) await engine.migrate(migrations);
  return engine;
}

/**
 * Opens a fresh database on `name`, bootstrapped as a hosted project with `grants`, with every migration
 * applied or only `migrations`.
 */
export function openEngine(name: EngineName, grants: DefaultGrants, migrations?: Migration[]): Promise<Engine> {
  return name === "PGlite" ? openPglite(grants, migrations) : openPostgres(grants, migrations);
}
