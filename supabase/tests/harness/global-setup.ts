/**
 * Once per Vitest run, before the database tests: starts the PostgreSQL 15 server they share
 * (tools/postgres.mjs), and makes on it, for each kind of hosted project, a template database bootstrapped
 * by the local backend's own bootstrap (with Supabase Auth's tables as on a hosted project), and a copy of
 * it with every migration applied as postgres. Each test file copies one of them (CREATE DATABASE …
 * TEMPLATE, a fraction of a second) instead of migrating its own. The server stops when the run ends.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate, readMigrations, SUPERUSER } from "../../../server/database.mjs";
import { startPostgres } from "../../../tools/postgres.mjs";
import { connectionOptions, type DefaultGrants, onServer, pgSession, postgresBootstrap, templateName } from "./engines";

const KINDS: DefaultGrants[] = ["automatic", "none"];

export default async function setup(project: TestProject) {
  const server = startPostgres({ superuser: SUPERUSER });
  const address = { socketFolder: server.socketFolder, user: SUPERUSER };
  try {
    const migrations = readMigrations();
    for (const grants of KINDS) {
      for (const migrated of [false, true]) {
        const name = templateName(grants, migrated);
        await onServer(address, `create database ${name}`);
        const pool = new pg.Pool({ ...connectionOptions(address, name), max: 1 });
        try {
          await migrate(pgSession(pool), migrated ? migrations : [], { bootstrap: postgresBootstrap(grants) });
        } finally {
          await pool.end();
        }
      }
    }
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide("postgres", address);
  return () => server.stop();
}
