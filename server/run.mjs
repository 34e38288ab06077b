// @ts-check
/**
 * Running the local backend as a process, shared by `npm run backend` (server/cli.mjs), `npm start`,
 * `npm run dev` and `npm run db:reset`: the data folder, the team account and origins from the
 * environment, the start with its console messages, and a clean stop on Ctrl-C.
 */
import { fileURLToPath } from "node:url";
import { DEFAULT_ALLOWED_ORIGINS, startBackend } from "./backend.mjs";
import { readSeed } from "./database.mjs";
import { originsFromEnv } from "./http.mjs";
import { LOCAL_BACKEND_PORT } from "./local-keys.mjs";
import {
  DEFAULT_TEAM_EMAIL,
  DEV_TEAM_PASSWORD,
  MIN_TEAM_PASSWORD_LENGTH,
  teamPasswordFromEnv,
} from "./team-account.mjs";

/** Where the local backend keeps its data unless BACKEND_DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL("../.data/db", import.meta.url));

/**
 * The team account from the environment. In production the password must be given, must not be the
 * development password (it is in the repository) and must be at least MIN_TEAM_PASSWORD_LENGTH long.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {(message: string) => void} [warn] says that the password came under its old name
 * @returns {{ email: string, password: string }}
 */
export function teamFromEnv(env = process.env, warn = console.warn) {
  const production = env.NODE_ENV === "production";
  const password = teamPasswordFromEnv(env, warn) || (production ? undefined : DEV_TEAM_PASSWORD);
  if (!password) {
    throw new Error("TEAM_PASSWORD is not set: with NODE_ENV=production the team account needs its own password.");
  }
  if (production && password === DEV_TEAM_PASSWORD) {
    throw new Error(
      `TEAM_PASSWORD is the development password "${DEV_TEAM_PASSWORD}", which is published in the repository: with NODE_ENV=production choose another.`,
    );
  }
  if (production && [...password].length < MIN_TEAM_PASSWORD_LENGTH) {
    throw new Error(
      `TEAM_PASSWORD is shorter than ${MIN_TEAM_PASSWORD_LENGTH} characters: with NODE_ENV=production the shared team password must be at least that long.`,
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
 * Starts the backend for a person at a terminal: a problem they can fix (a refused team password, a
 * busy port) is printed and ends the process.
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
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
  const { team } = options;
  try {
    const backend = await startBackend({
      ...options,
      port,
      dataDir,
      seed: readSeed(),
      log: (line) => console.error(`[backend] ${line}`),
    });
    console.log(`Local backend: ${backend.url} (data in ${dataDir}; team account ${team.email})`);
    return backend;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "EADDRINUSE") {
      console.error(`Port ${port} is busy: is the backend already running? Stop it or set BACKEND_PORT.`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Closes the backend (and the database, cleanly) on Ctrl-C; a second Ctrl-C exits at once.
 * @param {() => Promise<unknown>} stop
 */
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
