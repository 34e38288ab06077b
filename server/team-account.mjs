/**
 * The one shared team account that the team tools sign in to (Supabase Auth,
 * e-mail and password). Row-level security admits a session only when the
 * account's app_metadata carries TEAM_APP_METADATA, which only the service role
 * can set.
 */

/** The team account's e-mail when PUBLIC_TEAM_EMAIL (build) or TEAM_EMAIL (backend) is unset. */
export const DEFAULT_TEAM_EMAIL = "team@orlaquinlan.example";

/**
 * The e-mail the built site signs in with: PUBLIC_TEAM_EMAIL, else TEAM_EMAIL, else the default. The build
 * bakes it in (astro.config.mjs); the bench and the browser tests give their backends' team account the same.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function builtTeamEmail(env = process.env) {
  return env.PUBLIC_TEAM_EMAIL || env.TEAM_EMAIL || DEFAULT_TEAM_EMAIL;
}

/** The team password outside production when TEAM_PASSWORD is unset. Development only. */
export const DEV_TEAM_PASSWORD = "stagedoor-dev";

/**
 * The team account's password given in the environment: TEAM_PASSWORD, else CALENDAR_PASSWORD, its old name
 * (from when only the calendar had a password), still read with a warning that says to rename it; else
 * undefined.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {(message: string) => void} [warn]
 * @returns {string | undefined}
 */
export function teamPasswordFromEnv(env = process.env, warn = console.warn) {
  if (env.TEAM_PASSWORD) return env.TEAM_PASSWORD;
  if (!env.CALENDAR_PASSWORD) return undefined;
  warn(
    "CALENDAR_PASSWORD is the old name of TEAM_PASSWORD, the whole team's password: it is still read, but rename it to TEAM_PASSWORD.",
  );
  return env.CALENDAR_PASSWORD;
}

/**
 * The shortest team password a hosted project or a production backend accepts: the calendar's password
 * is the team's only guard there.
 */
export const MIN_TEAM_PASSWORD_LENGTH = 12;

/** The mark in app_metadata that the policies check: `auth.jwt() -> 'app_metadata' ->> 'team' = 'stagedoor'`. */
export const TEAM_APP_METADATA = { team: "stagedoor" };
