// @ts-check
/**
 * `npm run team:password`: creates the shared team account of a Supabase project if missing, or sets
 * a new password on it, through the Auth admin API (supabase-js `auth.admin`, the service-role key).
 * Either way the account ends with its e-mail confirmed and the team mark in app_metadata. Setting a
 * new password ends every session of the account (Supabase Auth signs it out everywhere).
 *
 * The service-role key comes from the environment only; nothing here writes or prints it.
 */
import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { MAX_PASSWORD_LENGTH } from "../../server/gotrue.mjs";
import { DEFAULT_TEAM_EMAIL, MIN_TEAM_PASSWORD_LENGTH, TEAM_APP_METADATA } from "../../server/team-account.mjs";

/**
 * The WebSocket class supabase-js takes for realtime. ws's class fits at run time (supabase-js documents
 * it for Node), but one of its constructor overloads takes no address, which the type does not allow.
 * @typedef {NonNullable<NonNullable<import("@supabase/supabase-js").SupabaseClientOptions<"public">["realtime"]>["transport"]>} RealtimeTransport
 */

/** A problem the person running the command can fix; its message says how. */
export class TeamPasswordError extends Error {}

/** Reads the settings from the environment; throws TeamPasswordError naming what is missing. */
export function settingsFromEnv(env = process.env) {
  const url = env.SUPABASE_URL || env.PUBLIC_SUPABASE_URL;
  if (!url) {
    throw new TeamPasswordError(
      "Set SUPABASE_URL (or PUBLIC_SUPABASE_URL) to the project's URL, e.g. https://<ref>.supabase.co.",
    );
  }
  const serviceRoleKey = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!serviceRoleKey) {
    throw new TeamPasswordError(
      "Set SUPABASE_SERVICE_ROLE_KEY to the project's service_role key (Dashboard → Project Settings → API). " +
        "It is read from the environment only, never written or printed.",
    );
  }
  return { url, serviceRoleKey, email: (env.TEAM_EMAIL || DEFAULT_TEAM_EMAIL).trim().toLowerCase() };
}

/**
 * Throws TeamPasswordError unless `password` is one Supabase Auth and the team's rules accept.
 * @param {unknown} password
 * @returns {asserts password is string}
 */
function checkTeamPassword(password) {
  if (typeof password !== "string" || [...password].length < MIN_TEAM_PASSWORD_LENGTH) {
    throw new TeamPasswordError(`The team password must be at least ${MIN_TEAM_PASSWORD_LENGTH} characters long.`);
  }
  if ([...password].length > MAX_PASSWORD_LENGTH) {
    throw new TeamPasswordError(
      `The team password may be at most ${MAX_PASSWORD_LENGTH} characters long (Supabase Auth's limit).`,
    );
  }
  if (password !== password.trim()) {
    throw new TeamPasswordError("The team password may not start or end with a space.");
  }
}

/**
 * Turns an admin API failure into a message that says what to check.
 * @param {{ status?: number, code?: string, name?: string, message: string }} error
 * @param {string} url
 */
function explain(error, url) {
  if (error.status === 401 || error.status === 403 || error.code === "not_admin" || error.code === "bad_jwt") {
    return new TeamPasswordError(
      `The project at ${url} refused the key (${error.status} ${error.code ?? error.message}): ` +
        "SUPABASE_SERVICE_ROLE_KEY must be that project's service_role key, not the anon key.",
    );
  }
  if (error.status === 0 || error.name === "AuthRetryableFetchError") {
    return new TeamPasswordError(`Could not reach ${url} (${error.message}). Check SUPABASE_URL and the network.`);
  }
  return new TeamPasswordError(`Supabase Auth refused the change: ${error.message} (${error.status ?? "?"})`);
}

/**
 * Finds the account with `email`, page by page (the admin API has no lookup by e-mail).
 * @param {import("@supabase/supabase-js").SupabaseClient["auth"]["admin"]} admin
 * @param {string} email
 */
async function findUser(admin, email) {
  const perPage = 1000;
  for (let page = 1; page < 1000; page++) {
    const { data, error } = await admin.listUsers({ page, perPage });
    if (error) throw error;
    const user = data.users.find((candidate) => candidate.email?.toLowerCase() === email);
    if (user) return user;
    if (data.users.length < perPage) return null;
  }
  return null;
}

/**
 * Creates the team account or rotates its password, re-asserting the team mark.
 * @param {{ url: string, serviceRoleKey: string, email: string, password: string }} settings
 * @returns {Promise<"created" | "updated">}
 */
export async function setTeamPassword({ url, serviceRoleKey, email, password }) {
  checkTeamPassword(password);
  // Node 20 has no global WebSocket, which supabase-js wants at creation even though this uses no realtime.
  const supabase = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: /** @type {RealtimeTransport} */ (/** @type {unknown} */ (WebSocket)) },
  });
  const admin = supabase.auth.admin;
  try {
    const existing = await findUser(admin, email);
    const { error } = existing
      ? await admin.updateUserById(existing.id, { password, email_confirm: true, app_metadata: TEAM_APP_METADATA })
      : await admin.createUser({ email, password, email_confirm: true, app_metadata: TEAM_APP_METADATA });
    if (error) throw error;
    return existing ? "updated" : "created";
  } catch (error) {
    if (error instanceof TeamPasswordError) throw error;
    throw explain(/** @type {Error & { status?: number, code?: string }} */ (error), url);
  }
}

/**
 * Reads a line from a TTY without echoing it (Ctrl-C aborts).
 * @param {string} question
 * @param {{ input?: NodeJS.ReadStream, output?: NodeJS.WritableStream }} [streams]
 * @returns {Promise<string>}
 */
function promptHidden(question, { input = process.stdin, output = process.stderr } = {}) {
  return new Promise((resolve, reject) => {
    output.write(question);
    let answer = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    /** @param {string} chunk */
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          done();
          output.write("\n");
          return resolve(answer);
        }
        if (char === "\u0003") {
          done();
          output.write("\n");
          return reject(new TeamPasswordError("Cancelled."));
        }
        if (char === "\u007f" || char === "\b") answer = [...answer].slice(0, -1).join("");
        else answer += char;
      }
    };
    const done = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
    };
    input.on("data", onData);
  });
}

/**
 * The new password: typed twice at a terminal, else TEAM_PASSWORD or the first line of stdin.
 * @param {{ env?: NodeJS.ProcessEnv, input?: NodeJS.ReadStream, output?: NodeJS.WritableStream }} [streams]
 */
export async function readNewPassword({ env = process.env, input = process.stdin, output = process.stderr } = {}) {
  if (input.isTTY) {
    const first = await promptHidden(`New team password (at least ${MIN_TEAM_PASSWORD_LENGTH} characters): `, {
      input,
      output,
    });
    checkTeamPassword(first);
    const second = await promptHidden("Type it again: ", { input, output });
    if (first !== second) throw new TeamPasswordError("The two passwords differ; nothing was changed.");
    return first;
  }
  if (env.TEAM_PASSWORD) return env.TEAM_PASSWORD;
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of input) chunks.push(chunk);
  const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0];
  if (!line) {
    throw new TeamPasswordError("No password given: type it at a terminal, or pipe it in, or set TEAM_PASSWORD.");
  }
  return line;
}
