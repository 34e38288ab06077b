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
 *
 * A session's claims are only a token's: as on a hosted project, the session itself is a row of
 * auth.sessions, which signing in makes and signing out (or a new password) deletes. The team's session
 * (TEAM) is signed in whenever a database opens; db.signIn() signs in any other.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { readMigrations } from "../../../server/database.mjs";
import { DEFAULT_TEAM_EMAIL, TEAM_APP_METADATA } from "../../../server/team-account.mjs";
import { show } from "../../../server/test-helpers";
import { type DefaultGrants, type Engine, type EngineName, type Migration, openEngine } from "./engines";
import { type Claims, type RequestOptions, type Requests, requestsFor } from "./postgrest";

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
  as(who: string | Claims, options?: RequestOptions): Requests;
  /** SQL in a session of its own as the superuser, outside any request: a dashboard's SQL editor, a seed. */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Applies these migrations (those not applied yet), as postgres. */
  migrate(migrations: Migration[]): Promise<void>;
  /** Makes the session of these claims (and its account, the first time), as Supabase Auth's sign-in does; the claims. */
  signIn(claims: Claims): Promise<Claims>;
  /** Ends the session of these claims, as Supabase Auth's sign-out does with scope "local". */
  signOut(claims: Claims): Promise<void>;
  /** Ends every session of the account of these claims, as a sign-out everywhere or a new password does. */
  endSessions(claims: Claims): Promise<void>;
}

/** Writes the account and the session of `claims` into Auth's tables, as the superuser (as Auth itself does). */
async function signIn(engine: Engine, claims: Claims) {
  await engine.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, $3, $4) on conflict (id) do nothing`,
    [claims.sub, claims.email, JSON.stringify(claims.app_metadata ?? {}), JSON.stringify(claims.user_metadata ?? {})],
  );
  await engine.query("insert into auth.sessions (id, user_id) values ($1, $2)", [claims.session_id, claims.sub]);
  return claims;
}

/**
 * A fresh database on `target` for the describe block this is called in: opened before its first test,
 * closed after its last. `migrations` (default: all) are the ones applied when it opens.
 */
export function useDatabase(target: Target, { migrations }: { migrations?: Migration[] } = {}): TestDatabase {
  let engine: Engine | undefined;
  let as: ((who: string | Claims, options?: RequestOptions) => Requests) | undefined;
  // A database made from other migrations than all of them may need PGlite's initdb first (seconds, far
  // more on a busy machine); later runs start from the snapshot it leaves.
  beforeAll(async () => {
    engine = await openEngine(target.engine, target.grants, migrations);
    as = await requestsFor(engine);
    await signIn(engine, TEAM);
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
    signIn: (claims) => signIn(opened().engine, claims),
    signOut: async (claims) => {
      await opened().engine.query("delete from auth.sessions where id = $1", [claims.session_id]);
    },
    endSessions: async (claims) => {
      await opened().engine.query("delete from auth.sessions where user_id = $1", [claims.sub]);
    },
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

/**
 * The request headers a hosted project's gateway hands PostgREST for a client at `address`: Cloudflare
 * sets cf-connecting-ip to the address that connected, whatever the client sent there, and appends that
 * address to any x-forwarded-for the client sent. `sent` is what the client itself put in its request.
 */
export function fromClient(address: string, sent: Record<string, string> = {}): Record<string, string> {
  const forwarded = sent["x-forwarded-for"];
  return { ...sent, "cf-connecting-ip": address, "x-forwarded-for": forwarded ? `${forwarded}, ${address}` : address };
}

/** The addresses `table` (fan_signups, fan_signups_held) holds, in order, as its owner reads them. */
export const emailsIn = async (db: TestDatabase, table: "fan_signups" | "fan_signups_held") =>
  (await db.sql<{ email: string }>(`select email from public.${table} order by email`)).map((row) => row.email);

/**
 * A gig and its show "galway" written straight into the tables by their owner, as rows saved before a migration's
 * rule were (no rule of a later migration in the way): the usual show (server/test-helpers.ts), `values` in place.
 */
export async function showSavedBefore(db: TestDatabase, values: Record<string, unknown> = {}): Promise<void> {
  const [{ id }] = await db.sql<{ id: string }>(
    `insert into public.calendar_events (title, start_date, end_date)
     values ('Gig', '2027-04-23T12:00:00Z', '2027-04-23T12:00:00Z') returning id`,
  );
  const row = Object.entries(show("galway", id, values));
  const places = row.map((_, index) => `$${index + 1}`).join(", ");
  await db.sql(`insert into public.shows (${row.map(([column]) => column).join(", ")}) values (${places})`, [
    ...row.map(([, value]) => value),
  ]);
}

/** A session of the shared team account, which carries the team mark. */
export const TEAM = session({ email: DEFAULT_TEAM_EMAIL, appMetadata: TEAM_APP_METADATA });

/** Another session of the team account (another browser signed in to it): the same user, its own session. */
export const anotherTeamSession = () =>
  session({ email: DEFAULT_TEAM_EMAIL, appMetadata: TEAM_APP_METADATA, sub: TEAM.sub });
