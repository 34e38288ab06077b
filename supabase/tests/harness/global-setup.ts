/**
 * Once per Vitest run, before the database tests: starts the PostgreSQL 15 server they share
 * (tools/postgres.mjs), and makes on it, for each kind of hosted project, a template database bootstrapped
 * by the local backend's own bootstrap (with Supabase Auth's tables as on a hosted project), and a copy of
 * it with every migration applied as postgres. Each test file copies one of them (CREATE DATABASE …
 * TEMPLATE, a fraction of a second) instead of migrating its own. The server stops when the run ends.
 */
import type { TestProject } from "vitest/node";
import { readMigrations, SUPERUSER } from "../../../server/database.mjs";
import { createHostedDatabase } from "../../../tools/hosted-database.mjs";
import { startPostgres } from "../../../tools/postgres.mjs";
import { type DefaultGrants, templateName } from "./engines";

const KINDS: DefaultGrants[] = ["automatic", "none"];

export default async function setup(project: TestProject) {
  const server = startPostgres({ superuser: SUPERUSER });
  const address = { socketFolder: server.socketFolder, user: SUPERUSER };
  try {
    const migrations = readMigrations();
    for (const grants of KINDS) {
      for (const migrated of [false, true]) {
        await createHostedDatabase(address, templateName(grants, migrated), {
          grants,
          migrations: migrated ? migrations : [],
        });
      }
    }
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide("postgres", address);
  return () => server.stop();
}
