/**
 * What a database test file uses: every engine and kind of hosted project to run on (TARGETS, for
 * `describe.each`), a fresh database for a describe block (useDatabase), the callers' claims (the team, an
 * account without the team mark), and the migrations before or up to a given one.
 *
 *   describe.each(TARGETS)("$name", (target) => {
 *     const db = useDatabase(target);
 *     it("…", async () => {
 *       const { status, error } = await db.as("anon").insert("contacts", contact("a"));
 *     });
 *   });
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { readMigrations } from "../../../server/database.mjs";
import { DEFAULT_TEAM_EMAIL, TEAM_APP_METADATA } from "../../../server/team-account.mjs";
import { type DefaultGrants, type Engine, type EngineName, type Migration, openEngine } from "./engines";
import { type Claims, type Requests, requestsFor } from "./postgrest";

export type { Answer, Claims } from "./postgrest";

export interface Target {
  engine: EngineName;
  grants: DefaultGrants;
  /** How describe.each names it. */
  name: string;
}

/** Each engine, each as a project that grants new tables and functions to the API roles and as one that does not. */
export const TARGETS: Target[] = (["PGlite", "PostgreSQL 15"] as const).flatMap((engine) =>
  (["automatic", "none"] as const).map((grants) => ({
    engine,
    grants,
    name: `${engine}, ${grants === "automatic" ? "older project (new tables granted to the API roles)" : "newer project (no default grants)"}`,
  })),
);

export interface TestDatabase {
  /** The requests a caller can make: a role's name (the anon or service key) or a session's claims. */
  as(who: string | Claims, options?: { headers?: Record<string, string> }): Requests;
  /** SQL in a session of its own as the superuser, outside any request: a dashboard's SQL editor, a seed. */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Applies these migrations (those not applied yet), as postgres. */
  migrate(migrations: Migration[]): Promise<void>;
}

/**
 * A fresh database on `target` for the describe block this is called in: opened before its first test,
 * closed after its last. `migrations` (default: all) are the ones applied when it opens.
 */
export function useDatabase(target: Target, { migrations }: { migrations?: Migration[] } = {}): TestDatabase {
  let engine: Engine | undefined;
  let as: ((who: string | Claims, options?: { headers?: Record<string, string> }) => Requests) | undefined;
  // A database made from other migrations than all of them may need PGlite's initdb first (seconds, far
  // more on a busy machine); later runs start from the snapshot it leaves.
  beforeAll(async () => {
    engine = await openEngine(target.engine, target.grants, migrations);
    as = await requestsFor(engine);
  }, 180_000);
  afterAll(async () => {
    await engine?.close();
  });
  const opened = () => {
    if (!engine || !as) throw new Error("the database opens in beforeAll: use it inside a test or hook");
    return { engine, as };
  };
  return {
    as: (who, options) => opened().as(who, options),
    sql: async (text, params) => (await opened().engine.query(text, params)) as never,
    migrate: (list) => opened().engine.migrate(list),
  };
}

/** The migrations whose files sort before `file`, and those up to it. */
export const migrationsBefore = (file: string) => readMigrations().filter((migration) => migration.file < file);
export const migrationsUpTo = (file: string) => readMigrations().filter((migration) => migration.file <= file);

/**
 * The claims of a signed-in session's access token, as Supabase Auth issues them; `appMetadata` is what
 * only the service role sets, `userMetadata` what the user may set themself.
 */
export function session({
  email,
  appMetadata = {},
  userMetadata = {},
  ...more
}: { email: string; appMetadata?: Record<string, unknown>; userMetadata?: Record<string, unknown> } & Record<
  string,
  unknown
>): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: randomUUID(),
    aud: "authenticated",
    exp: now + 3600,
    iat: now,
    email,
    phone: "",
    app_metadata: { provider: "email", providers: ["email"], ...appMetadata },
    user_metadata: userMetadata,
    role: "authenticated",
    aal: "aal1",
    session_id: randomUUID(),
    is_anonymous: false,
    ...more,
  };
}

/** A session of the shared team account, which carries the team mark. */
export const TEAM = session({ email: DEFAULT_TEAM_EMAIL, appMetadata: TEAM_APP_METADATA });
