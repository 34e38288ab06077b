#!/usr/bin/env node
/**
 * Runs the local backend on its own: `node server/cli.mjs` (data in .data/db).
 *
 * Environment: CALENDAR_PASSWORD (the team account's password; "stagedoor-dev" unless NODE_ENV=production,
 * where it must be set, differ from "stagedoor-dev" and have at least 12 characters), TEAM_EMAIL (the team account's e-mail; else PUBLIC_TEAM_EMAIL, else the default),
 * BACKEND_PORT, BACKEND_DATA_DIR and BACKEND_ALLOWED_ORIGINS (extra browser origins, comma-separated).
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEFAULT_ALLOWED_ORIGINS, startBackend } from "./backend.mjs";
import { originsFromEnv } from "./http.mjs";
import { LOCAL_BACKEND_PORT } from "./local-keys.mjs";
import { DEFAULT_TEAM_EMAIL, DEV_TEAM_PASSWORD } from "./team-account.mjs";

export const DEFAULT_DATA_DIR = fileURLToPath(new URL("../.data/db", import.meta.url));

/** The shortest team password accepted with NODE_ENV=production. */
export const MIN_PRODUCTION_PASSWORD_LENGTH = 12;

/**
 * The team account from the environment. In production the password must be given, must not be the
 * development password (it is in the repository) and must be at least 12 characters long.
 */
export function teamFromEnv(env = process.env) {
  const production = env.NODE_ENV === "production";
  const password = env.CALENDAR_PASSWORD || (production ? undefined : DEV_TEAM_PASSWORD);
  if (!password) {
    throw new Error("CALENDAR_PASSWORD is not set: with NODE_ENV=production the team account needs its own password.");
  }
  if (production && password === DEV_TEAM_PASSWORD) {
    throw new Error(
      `CALENDAR_PASSWORD is the development password "${DEV_TEAM_PASSWORD}", which is published in the repository: with NODE_ENV=production choose another.`,
    );
  }
  if (production && [...password].length < MIN_PRODUCTION_PASSWORD_LENGTH) {
    throw new Error(
      `CALENDAR_PASSWORD is shorter than ${MIN_PRODUCTION_PASSWORD_LENGTH} characters: with NODE_ENV=production the shared team password must be at least that long.`,
    );
  }
  // The site signs in with PUBLIC_TEAM_EMAIL (baked into the build), so that one counts too.
  return { email: env.TEAM_EMAIL || env.PUBLIC_TEAM_EMAIL || DEFAULT_TEAM_EMAIL, password };
}

/**
 * The options `npm start`, `npm run dev` and `npm run backend` give startBackend beyond port and data
 * folder: the team account and the browser origins; GoTrue's rate limit and token lifetime stay default.
 * @param {{ env?: NodeJS.ProcessEnv, allowedOrigins?: string[] }} [options]
 */
export function backendOptions({ env = process.env, allowedOrigins = DEFAULT_ALLOWED_ORIGINS } = {}) {
  return {
    team: teamFromEnv(env),
    allowedOrigins: [...allowedOrigins, ...originsFromEnv(env.BACKEND_ALLOWED_ORIGINS)],
  };
}

/**
 * @param {{ port?: number, dataDir?: string, allowedOrigins?: string[] }} [options]
 *   `allowedOrigins`: the origins the site is served from (BACKEND_ALLOWED_ORIGINS adds more)
 */
export async function runBackend({
  port = Number(process.env.BACKEND_PORT ?? LOCAL_BACKEND_PORT),
  dataDir = process.env.BACKEND_DATA_DIR ?? DEFAULT_DATA_DIR,
  allowedOrigins = DEFAULT_ALLOWED_ORIGINS,
} = {}) {
  let options;
  try {
    options = backendOptions({ allowedOrigins });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const { team } = options;
  try {
    const backend = await startBackend({
      ...options,
      port,
      dataDir,
      log: (line) => console.error(`[backend] ${line}`),
    });
    console.log(`Local backend: ${backend.url} (data in ${dataDir}; team account ${team.email})`);
    return backend;
  } catch (error) {
    if (error.code === "EADDRINUSE") {
      console.error(`Port ${port} is busy: is the backend already running? Stop it or set BACKEND_PORT.`);
      process.exit(1);
    }
    throw error;
  }
}

/** Closes the backend (and the database, cleanly) on Ctrl-C; a second Ctrl-C exits at once. */
export function stopOnSignal(stop) {
  let stopping = false;
  const onSignal = () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log("\nStopping…");
    void stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const backend = await runBackend();
  stopOnSignal(() => backend.close());
}
