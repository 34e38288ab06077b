// @ts-check
/**
 * The Supabase Auth (GoTrue) subset on /auth/v1 that the team's shared account needs, answering the
 * unmodified supabase-js client as a hosted project with sign-ups turned off does: password and
 * refresh-token grants (refresh tokens rotate; a used one presented again within the reuse interval gets
 * the session's current token, as GoTrue's does, and after it is refused and ends its session), logout,
 * GET/PUT /user (a new password ends the user's other sessions, as GoTrue's does), /settings, and the admin
 * user endpoints for the service role. Sign-ups, anonymous sign-ins included, are refused. Its settings are
 * a hosted project's defaults: no "secure password change" (reauthentication) and no current password asked
 * to set a new one. What needs an e-mail or a text message to be sent is not served, and says so. Users,
 * sessions and refresh tokens live in the `auth` schema the bootstrap creates (database.mjs); passwords are
 * scrypt hashes (passwords.mjs).
 *
 * Wire facts (bodies, codes, claims) follow GoTrue's, as auth-js reads them.
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { AuthError, verifyJwt } from "./auth.mjs";
import { isJsonObject, parseJsonBody } from "./http.mjs";
import { signJwt } from "./local-keys.mjs";
import { hashPassword, verifyPassword } from "./passwords.mjs";
import { createRateLimiter, GOTRUE_TOKEN_RATE_LIMIT } from "./rate-limit.mjs";
import { TEAM_APP_METADATA } from "./team-account.mjs";

/** GoTrue's default access-token lifetime (GOTRUE_JWT_EXP). */
export const DEFAULT_JWT_EXPIRY_SECONDS = 3600;

/** GoTrue's default minimum password length (GOTRUE_PASSWORD_MIN_LENGTH), in bytes as GoTrue counts. */
const MIN_PASSWORD_LENGTH = 6;

/** The longest password Supabase Auth accepts (bcrypt's maximum, in bytes), hosted and local alike. */
export const MAX_PASSWORD_LENGTH = 72;

/** GoTrue's default GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: a rotated token still works this long. */
const DEFAULT_REFRESH_TOKEN_REUSE_SECONDS = 10;

/** Rotations followed at most when a reused token looks for its session's current one. */
const MAX_ROTATIONS_FOLLOWED = 50;

/**
 * The Auth endpoints a hosted project has that send or check e-mail and text messages: the local backend
 * sends none, so it answers them with a clear refusal naming them (docs/local-backend.md lists them; the
 * README's deploying section, step 4, says which to switch off on the hosted project, where each would mail a
 * sign-in or reset link to the team's address).
 * @type {Record<string, string>}
 */
const NOT_SERVED_LOCALLY = {
  "/otp": "one-time sign-in codes and links",
  "/magiclink": "sign-in links by e-mail",
  "/recover": "password-reset e-mails",
  "/resend": "sending a confirmation or sign-in message again",
  "/verify": "the links and codes those messages carry",
  "/invite": "invitations by e-mail",
  "/reauthenticate": "the code that confirms a password change, sent by e-mail",
};

/** What the local backend answers for a feature of Supabase Auth it does not serve (a hosted project does). */
const notServed = (/** @type {string} */ what) =>
  new GoTrueError(422, "not_served_locally", `${what} is not served by the local backend.`);

/** The same, for what would send an e-mail or a text message. */
const notSent = (/** @type {string} */ what) =>
  new GoTrueError(
    422,
    "not_served_locally",
    `${what} is not served by the local backend: it sends no e-mail or text message. Sign in with the team password.`,
  );

/** The /token grants a hosted project may serve that the local backend does not, and what each is for. */
/** @type {Record<string, string>} */
const NOT_SERVED_GRANTS = {
  pkce: "the code exchange of sign-in links and OAuth",
  id_token: "signing in with another provider's ID token",
  web3: "signing in with a wallet",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** @typedef {import("@electric-sql/pglite").PGlite} PGlite */
/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */
/** @typedef {import("node:http").IncomingHttpHeaders} Headers */
/** @typedef {Record<string, unknown>} JsonObject a request body: any JSON object */

/**
 * A row of auth.users.
 * @typedef {object} UserRow
 * @property {string} id
 * @property {string} aud
 * @property {string} role
 * @property {string | null} email
 * @property {string | null} encrypted_password
 * @property {Date | null} email_confirmed_at
 * @property {JsonObject} raw_app_meta_data
 * @property {JsonObject} raw_user_meta_data
 * @property {Date | null} banned_until
 * @property {Date | null} last_sign_in_at
 * @property {string} identity_id
 * @property {Date} created_at
 * @property {Date} updated_at
 */

/**
 * An answer to an /auth/v1 request (a null body: no content).
 * @typedef {{ status: number, headers: Record<string, string>, body: unknown }} AuthResponse
 */

/** An error GoTrue would answer with: HTTP status, error code, message, and any extra body fields. */
export class GoTrueError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {JsonObject} [extra]
   */
  constructor(status, code, message, extra = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

const invalidCredentials = () => new GoTrueError(400, "invalid_credentials", "Invalid login credentials");
/** @param {string} message */
const validationFailed = (message) => new GoTrueError(400, "validation_failed", message);

/**
 * As GoTrue, which reads a body into a Go struct of strings: a field given as anything but text (or null) is
 * refused as JSON it cannot read, before anything else is looked at.
 * @param {Record<string, unknown>} body
 * @param {string[]} fields
 * @param {string} struct the name GoTrue's message gives the body's type
 */
function onlyText(body, fields, struct) {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || typeof value === "string") continue;
    const type = Array.isArray(value) ? "array" : typeof value === "boolean" ? "bool" : typeof value;
    throw new GoTrueError(
      400,
      "bad_json",
      `Could not parse request body as JSON: json: cannot unmarshal ${type} into Go struct field ${struct}.${field} of type string`,
    );
  }
}

/**
 * True when the request asked for the 2024-01-01 API (auth-js always does): errors then read `{code,message}`.
 * @param {Headers} headers
 */
function usesCurrentApi(headers) {
  const version = String(headers["x-supabase-api-version"] ?? "");
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= "2024-01-01";
}

/**
 * The status, headers and body GoTrue sends for `error`, in the shape the request's API version expects.
 * @param {GoTrueError} error
 * @param {Headers} headers
 * @returns {AuthResponse}
 */
export function goTrueErrorResponse(error, headers) {
  if (usesCurrentApi(headers)) {
    return {
      status: error.status,
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
      body: { code: error.code, message: error.message, ...error.extra },
    };
  }
  return {
    status: error.status,
    headers: { "x-sb-error-code": error.code },
    body: { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
  };
}

/**
 * `value` with every unpaired UTF-16 surrogate, in keys and strings, made U+FFFD: GoTrue's JSON decoder does
 * the same (NUL is left for the database to refuse, as a hosted project's does).
 * @param {unknown} value
 * @returns {unknown}
 */
function wellFormed(value) {
  if (typeof value === "string") return value.toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.toWellFormed(), wellFormed(item)]));
}

/** @param {Date | string | null | undefined} value */
const iso = (value) => (value ? new Date(value).toISOString() : undefined);
/** @param {Date | string} value */
const seconds = (value) => Math.floor(new Date(value).getTime() / 1000);
/** @param {string} token */
const tokenHash = (token) => createHash("sha256").update(token).digest("hex");

/**
 * The User object of GoTrue's JSON (omitting what is empty, as it does).
 * @param {UserRow} row
 */
function userJson(row) {
  const timestamps = {
    email_confirmed_at: iso(row.email_confirmed_at),
    confirmed_at: iso(row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    banned_until: iso(row.banned_until),
  };
  const identity = {
    identity_id: row.identity_id,
    id: row.id,
    user_id: row.id,
    identity_data: {
      email: row.email,
      email_verified: Boolean(row.email_confirmed_at),
      phone_verified: false,
      sub: row.id,
    },
    provider: "email",
    last_sign_in_at: iso(row.last_sign_in_at ?? row.created_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email,
  };
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email ?? "",
    phone: "",
    ...Object.fromEntries(Object.entries(timestamps).filter(([, value]) => value !== undefined)),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: row.email ? [identity] : [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: false,
  };
}

/**
 * Shallow merge, as GoTrue's UpdateAppMetaData does: a key set to null is deleted.
 * @param {JsonObject} current
 * @param {JsonObject} patch
 */
function mergeMetadata(current, patch) {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * The JSON object `body[name]`, or undefined when absent or null; anything else is refused.
 * @param {JsonObject} body
 * @param {string} name
 * @returns {JsonObject | undefined}
 */
function objectParam(body, name) {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw validationFailed(`${name} must be a JSON object`);
  return value;
}

/**
 * Refuses a password GoTrue would refuse.
 * @param {unknown} password
 * @returns {asserts password is string}
 */
function checkPassword(password) {
  if (typeof password !== "string") throw validationFailed("Password must be a string");
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (Buffer.byteLength(password) < MIN_PASSWORD_LENGTH) {
    throw new GoTrueError(422, "weak_password", `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ["length"] },
    });
  }
}

/**
 * The e-mail address, lower-cased, or GoTrue's refusal.
 * @param {unknown} email
 */
function checkEmail(email) {
  if (typeof email !== "string" || email.length > 255 || !EMAIL.test(email)) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

/**
 * Parses GoTrue's ban_duration ("none", or a Go duration such as "24h" or "1h30m"); returns ms or null.
 * @param {unknown} value
 */
function banMilliseconds(value) {
  if (value === "none") return null;
  /** @type {Record<string, number>} */
  const units = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = typeof value === "string" ? [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)] : [];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== value) {
    throw validationFailed(`invalid format for ban duration: ${String(value)}`);
  }
  const total = parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * units[unit], 0);
  // Go's durations end at 2^63 ns (about 292 years); longer ones are refused there too.
  if (!(total < 2 ** 63 / 1e6)) throw validationFailed(`invalid duration: ${value} is out of range`);
  return total;
}

/**
 * @param {object} options
 * @param {import("@electric-sql/pglite").PGlite} options.db
 * @param {string} options.secret HS256 secret access tokens are signed with
 * @param {string} options.issuer the `iss` claim (hosted: https://<ref>.supabase.co/auth/v1)
 * @param {number} [options.jwtExpirySeconds]
 * @param {{ burst: number, refillPerSecond: number }} [options.rateLimit] the /token bucket per client address
 * @param {number} [options.refreshTokenReuseSeconds] how long a rotated refresh token still returns its session
 */
export function createGoTrue({
  db,
  secret,
  issuer,
  jwtExpirySeconds = DEFAULT_JWT_EXPIRY_SECONDS,
  rateLimit = GOTRUE_TOKEN_RATE_LIMIT,
  refreshTokenReuseSeconds = DEFAULT_REFRESH_TOKEN_REUSE_SECONDS,
}) {
  const tokenLimiter = createRateLimiter(rateLimit);

  /**
   * The token that replaces `token` when it is rotated, derived from it with the secret: the database keeps
   * only hashes, yet a token presented again within the reuse interval can be answered with its successor.
   */
  /** @param {string} token */
  const successorOf = (token) =>
    createHmac("sha256", secret).update(`refresh-token-successor\u0000${token}`).digest("base64url");

  /**
   * The user whose `where` column (id or email) is `value`, or null.
   * @param {"id" | "email"} where
   * @param {string} value
   * @param {PGlite | Transaction} [tx]
   * @returns {Promise<UserRow | null>}
   */
  async function findUser(where, value, tx = db) {
    /** @type {{ rows: UserRow[] }} */
    const { rows } = await tx.query(`select * from auth.users where ${where} = $1`, [value]);
    return rows[0] ?? null;
  }

  /**
   * A signed access token for `user` in session `sessionId`, and when it expires.
   * @param {UserRow} user
   * @param {string} sessionId
   * @param {number} signedInAt seconds since the epoch
   */
  async function accessToken(user, sessionId, signedInAt) {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + jwtExpirySeconds;
    const claims = {
      iss: issuer,
      sub: user.id,
      aud: user.aud,
      exp,
      iat,
      email: user.email ?? "",
      phone: "",
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: "aal1",
      amr: [{ method: "password", timestamp: signedInAt }],
      session_id: sessionId,
      is_anonymous: false,
    };
    return { token: await signJwt(claims, secret), exp };
  }

  /**
   * GoTrue's session JSON: an access token, the refresh token and the user.
   * @param {UserRow} user
   * @param {string} sessionId
   * @param {number} signedInAt seconds since the epoch
   * @param {string} refreshToken
   */
  async function sessionResponse(user, sessionId, signedInAt, refreshToken) {
    const { token, exp } = await accessToken(user, sessionId, signedInAt);
    return {
      access_token: token,
      token_type: "bearer",
      // As GoTrue: the token's whole lifetime, counted from its own iat, so a second that ends while it is signed
      // changes nothing.
      expires_in: jwtExpirySeconds,
      expires_at: exp,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  /** @param {UserRow} user */
  function checkCanSignIn(user) {
    if (!user.email_confirmed_at) throw new GoTrueError(400, "email_not_confirmed", "Email not confirmed");
    if (user.banned_until && new Date(user.banned_until) > new Date()) {
      throw new GoTrueError(400, "user_banned", "User is banned");
    }
  }

  /** @param {JsonObject} body */
  async function passwordGrant(body) {
    onlyText(body, ["email", "phone", "password"], "PasswordGrantParams");
    const email = typeof body.email === "string" && body.email !== "" ? body.email : null;
    const hasPhone = typeof body.phone === "string" && body.phone !== "";
    if ((email !== null) === hasPhone) {
      throw validationFailed("Only an email address or phone number should be provided on login.");
    }
    // As GoTrue: a password longer than bcrypt reads is refused before any hashing, whoever it is for.
    if (typeof body.password === "string" && Buffer.byteLength(body.password) > MAX_PASSWORD_LENGTH) {
      throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
    }
    const user = email !== null ? await findUser("email", email.toLowerCase()) : null;
    // An unknown e-mail costs the same hashing work as a wrong password, so timing tells nothing.
    const matches = await verifyPassword(String(body.password ?? ""), user?.encrypted_password ?? null);
    if (!user || !matches) throw invalidCredentials();
    checkCanSignIn(user);
    const sessionId = randomUUID();
    const refreshToken = randomBytes(24).toString("base64url");
    const signedIn = await db.transaction(async (tx) => {
      /** @type {{ rows: { created_at: Date }[] }} */
      const { rows } = await tx.query("insert into auth.sessions (id, user_id) values ($1, $2) returning created_at", [
        sessionId,
        user.id,
      ]);
      await tx.query("insert into auth.refresh_tokens (token_hash, session_id) values ($1, $2)", [
        tokenHash(refreshToken),
        sessionId,
      ]);
      /** @type {{ rows: UserRow[] }} */
      const updated = await tx.query("update auth.users set last_sign_in_at = now() where id = $1 returning *", [
        user.id,
      ]);
      return { user: updated.rows[0], at: seconds(rows[0].created_at) };
    });
    return sessionResponse(signedIn.user, sessionId, signedIn.at, refreshToken);
  }

  /** @param {JsonObject} body */
  async function refreshGrant(body) {
    onlyText(body, ["refresh_token"], "RefreshTokenGrantParams");
    const presented = body.refresh_token;
    if (typeof presented !== "string" || presented === "") {
      throw validationFailed("refresh_token required");
    }
    /**
     * @typedef {{ user: UserRow | null, sessionId: string, at: number, refreshToken: string }} Refreshed
     * @typedef {{ error: GoTrueError }} Refused
     */
    // One transaction per refresh, the presented token's row locked: two refreshes with the same token
    // (two tabs, a retry) run one after the other, and the second finds the token already rotated.
    // Errors are returned rather than thrown inside the transaction, so a reused token's session is
    // still revoked when the answer is a refusal.
    /** @type {Refreshed | Refused} */
    const outcome = await db.transaction(async (tx) => {
      /** @type {{ rows: { revoked: boolean, session_id: string, user_id: string, signed_in_at: Date, ended: boolean }[] }} */
      const { rows } = await tx.query(
        `select rt.revoked, rt.session_id, s.user_id, s.created_at as signed_in_at,
                coalesce(s.not_after < now(), false) as ended
         from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
         where rt.token_hash = $1 for update of rt`,
        [tokenHash(presented)],
      );
      const found = rows[0];
      if (!found) {
        return {
          error: new GoTrueError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"),
        };
      }
      // A session past its not_after is over, as GoTrue's session validity check says, whatever its token.
      if (found.ended) {
        return { error: new GoTrueError(400, "session_expired", "Invalid Refresh Token: Session Expired") };
      }
      /**
       * @param {string} refreshToken
       * @returns {Promise<Refreshed>}
       */
      const answer = async (refreshToken) => ({
        user: await findUser("id", found.user_id, tx),
        sessionId: found.session_id,
        at: seconds(found.signed_in_at),
        refreshToken,
      });
      if (found.revoked) {
        // Rotated within the reuse interval: answer with the session's current token, as GoTrue does.
        let token = presented;
        for (let step = 0; step < MAX_ROTATIONS_FOLLOWED; step++) {
          const successor = successorOf(token);
          /** @type {{ rows: { revoked: boolean, recent: boolean }[] }} */
          const { rows: next } = await tx.query(
            `select revoked, created_at > now() - make_interval(secs => $3) as recent
             from auth.refresh_tokens where token_hash = $1 and session_id = $2`,
            [tokenHash(successor), found.session_id, refreshTokenReuseSeconds],
          );
          if (next.length === 0 || (step === 0 && !next[0].recent)) break;
          if (!next[0].revoked) return answer(successor);
          token = successor;
        }
        // A used token presented again was copied: end the whole session, as GoTrue's reuse detection does.
        await tx.query("delete from auth.sessions where id = $1", [found.session_id]);
        return {
          error: new GoTrueError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
        };
      }
      const newToken = successorOf(presented);
      await tx.query("update auth.refresh_tokens set revoked = true where token_hash = $1", [tokenHash(presented)]);
      await tx.query(
        "insert into auth.refresh_tokens (token_hash, session_id) values ($1, $2) on conflict (token_hash) do nothing",
        [tokenHash(newToken), found.session_id],
      );
      await tx.query("update auth.sessions set refreshed_at = now() where id = $1", [found.session_id]);
      return answer(newToken);
    });
    if ("error" in outcome) throw outcome.error;
    // The session's user cannot be missing: deleting a user deletes their sessions.
    const user = /** @type {UserRow} */ (outcome.user);
    checkCanSignIn(user);
    return sessionResponse(user, outcome.sessionId, outcome.at, outcome.refreshToken);
  }

  /**
   * The verified claims of the request's Bearer token, or GoTrue's refusal.
   * @param {Headers} headers
   */
  async function bearer(headers) {
    const token = String(headers.authorization ?? "").match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!token) throw new GoTrueError(401, "no_authorization", "This endpoint requires a valid Bearer token");
    try {
      return await verifyJwt(token, secret);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const reason = error.message;
      throw new GoTrueError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  /**
   * The signed-in user and session behind the request's access token, or GoTrue's refusal.
   * @param {Headers} headers
   */
  async function requireSession(headers) {
    const claims = await bearer(headers);
    if (typeof claims.sub !== "string" || !UUID.test(claims.sub)) {
      throw new GoTrueError(403, "bad_jwt", "invalid claim: missing sub claim");
    }
    if (claims.aud !== "authenticated") throw validationFailed("Invalid audience");
    const user = await findUser("id", claims.sub);
    if (!user) throw new GoTrueError(403, "user_not_found", "User from sub claim in JWT does not exist");
    const sessionId = typeof claims.session_id === "string" && UUID.test(claims.session_id) ? claims.session_id : null;
    const { rows } = sessionId
      ? await db.query(
          "select id from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())",
          [sessionId, user.id],
        )
      : { rows: [] };
    if (rows.length === 0) {
      throw new GoTrueError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    return { user, sessionId };
  }

  /** @param {Headers} headers */
  async function requireAdmin(headers) {
    const claims = await bearer(headers);
    if (claims.role !== "service_role") throw new GoTrueError(403, "not_admin", "User not allowed");
  }

  /**
   * Applies the changes in `body` to the user `id`: an admin's (every field), or the user's own (password
   * and user_metadata as `data`). A new password ends the user's sessions: every one from the admin API,
   * every one but `currentSessionId` (the session asking) from PUT /user, as GoTrue does.
   * @param {string} id
   * @param {JsonObject} body
   * @param {{ admin: boolean, currentSessionId?: string | null }} caller
   * @returns {Promise<UserRow>}
   */
  async function updateUser(id, body, { admin, currentSessionId = null }) {
    if (admin) onlyText(body, ["email", "phone", "password", "ban_duration"], "AdminUserParams");
    else onlyText(body, ["email", "phone", "password"], "UserUpdateParams");
    const appMetadata = admin ? objectParam(body, "app_metadata") : undefined;
    const userMetadata = objectParam(body, admin ? "user_metadata" : "data");
    if (body.password !== undefined && body.password !== null) checkPassword(body.password);
    if (body.phone) throw admin ? notServed("A user's phone number") : notSent("Changing the phone number");
    const email = body.email !== undefined && body.email !== null ? checkEmail(body.email) : undefined;
    const banned = admin && body.ban_duration !== undefined ? banMilliseconds(body.ban_duration) : undefined;
    // As GoTrue does, a user's own new password must differ from the current one (checked before the
    // transaction: hashing holds no database connection).
    if (!admin && typeof body.password === "string") {
      const current = await findUser("id", id);
      if (current && (await verifyPassword(body.password, current.encrypted_password))) {
        throw new GoTrueError(422, "same_password", "New password should be different from the old password.");
      }
    }
    const passwordHash = typeof body.password === "string" ? await hashPassword(body.password) : undefined;
    return db.transaction(async (tx) => {
      const user = await findUser("id", id, tx);
      if (!user) throw new GoTrueError(404, "user_not_found", "User not found");
      if (email !== undefined && email !== user.email) {
        if (await findUser("email", email, tx)) {
          throw new GoTrueError(422, "email_exists", "A user with this email address has already been registered");
        }
        // A hosted project mails a confirmation link to the new address (and the old) before it changes it.
        if (!admin) throw notSent("Changing the e-mail address (confirmed by a link sent to it)");
      }
      /** @type {{ rows: UserRow[] }} */
      const { rows } = await tx.query(
        `update auth.users set
           email = coalesce($2, email),
           encrypted_password = coalesce($3, encrypted_password),
           raw_app_meta_data = $4::jsonb,
           raw_user_meta_data = $5::jsonb,
           email_confirmed_at = case when $6::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
           role = coalesce($7, role),
           banned_until = case when $8::boolean then $9::timestamptz else banned_until end,
           updated_at = now()
         where id = $1 returning *`,
        [
          id,
          email ?? null,
          passwordHash ?? null,
          JSON.stringify(appMetadata ? mergeMetadata(user.raw_app_meta_data, appMetadata) : user.raw_app_meta_data),
          JSON.stringify(userMetadata ? mergeMetadata(user.raw_user_meta_data, userMetadata) : user.raw_user_meta_data),
          admin && body.email_confirm === true,
          admin && typeof body.role === "string" && body.role !== "" ? body.role : null,
          banned !== undefined,
          banned ? new Date(Date.now() + banned).toISOString() : null,
        ],
      );
      // A new password ends the user's sessions (their refresh tokens with them): all of them from the admin
      // API, the others from PUT /user.
      if (passwordHash) {
        await tx.query("delete from auth.sessions where user_id = $1 and id is distinct from $2", [
          id,
          currentSessionId,
        ]);
      }
      return rows[0];
    });
  }

  /**
   * @param {JsonObject} body
   * @returns {Promise<UserRow>}
   */
  async function createUser(body) {
    onlyText(body, ["email", "phone", "password", "ban_duration"], "AdminUserParams");
    if (!body.email && !body.phone) throw validationFailed("Unable to validate email address: invalid format");
    if (body.phone) throw notServed("A user's phone number");
    const email = checkEmail(body.email);
    if (body.password !== undefined && body.password !== null) checkPassword(body.password);
    const appMetadata = objectParam(body, "app_metadata") ?? {};
    const userMetadata = objectParam(body, "user_metadata") ?? {};
    const id = body.id;
    if (id !== undefined && (typeof id !== "string" || !UUID.test(id))) {
      throw validationFailed("id must be a UUID");
    }
    const banned = body.ban_duration !== undefined ? banMilliseconds(body.ban_duration) : null;
    const passwordHash = typeof body.password === "string" ? await hashPassword(body.password) : null;
    return db.transaction(async (tx) => {
      if (await findUser("email", email, tx)) {
        throw new GoTrueError(422, "email_exists", "A user with this email address has already been registered");
      }
      /** @type {{ rows: UserRow[] }} */
      const { rows } = await tx.query(
        `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
                                 raw_user_meta_data, role, banned_until)
         values ($1, $2, $3, case when $4::boolean then now() end, $5::jsonb, $6::jsonb, $7, $8::timestamptz)
         returning *`,
        [
          typeof id === "string" ? id.toLowerCase() : randomUUID(),
          email,
          passwordHash,
          body.email_confirm === true,
          JSON.stringify(mergeMetadata({ provider: "email", providers: ["email"] }, appMetadata)),
          JSON.stringify(mergeMetadata({}, userMetadata)),
          typeof body.role === "string" && body.role !== "" ? body.role : "authenticated",
          banned ? new Date(Date.now() + banned).toISOString() : null,
        ],
      );
      return rows[0];
    });
  }

  /**
   * @param {URLSearchParams} params
   * @returns {Promise<AuthResponse>}
   */
  async function listUsers(params) {
    /** @type {(name: string, fallback: number) => number} */
    const number = (name, fallback) => {
      const raw = params.get(name) ?? "";
      if (raw === "") return fallback;
      if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw validationFailed(`Bad Pagination Parameters: ${name}`);
      return Number(raw);
    };
    const page = number("page", 1);
    const perPage = number("per_page", 50);
    /** @type {{ rows: UserRow[] }} */
    const { rows } = await db.query("select * from auth.users order by created_at desc, id limit $1 offset $2", [
      perPage,
      (page - 1) * perPage,
    ]);
    /** @type {{ rows: { total: number }[] }} */
    const { rows: counted } = await db.query("select count(*)::int as total from auth.users");
    const total = counted[0].total;
    const last = Math.max(1, Math.ceil(total / perPage));
    /** @type {(n: number, rel: string) => string} */
    const link = (n, rel) => `</auth/v1/admin/users?page=${n}&per_page=${perPage}>; rel="${rel}"`;
    return {
      status: 200,
      headers: {
        "X-Total-Count": String(total),
        Link: [...(page < last ? [link(page + 1, "next")] : []), link(last, "last")].join(", "),
      },
      body: { users: rows.map(userJson), aud: "authenticated" },
    };
  }

  /** @type {(body: unknown, headers?: Record<string, string>) => AuthResponse} */
  const ok = (body, headers = {}) => ({ status: 200, headers, body });

  /**
   * Answers one /auth/v1 request. `path` is what follows /auth/v1; `readJson` reads the body.
   * Throws a GoTrueError for what GoTrue refuses.
   * @param {{ method: string, path: string, params: URLSearchParams, headers: Headers, remoteAddress: string,
   *   readJson: () => Promise<JsonObject> }} request
   * @returns {Promise<AuthResponse>}
   */
  async function handle({ method, path, params, headers, remoteAddress, readJson }) {
    if (path === "/health" && method === "GET") {
      return ok({ version: "local", name: "GoTrue", description: "stagedoor local backend's Auth subset" });
    }
    if (path === "/settings" && method === "GET") {
      return ok({
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: true,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: "",
        saml_enabled: false,
      });
    }
    if (path === "/token" && method === "POST") {
      if (!tokenLimiter.take(remoteAddress)) {
        throw new GoTrueError(429, "over_request_rate_limit", "Request rate limit reached");
      }
      const grant = params.get("grant_type");
      const body = await readJson();
      if (grant === "password") return ok(await passwordGrant(body));
      if (grant === "refresh_token") return ok(await refreshGrant(body));
      if (grant && NOT_SERVED_GRANTS[grant]) throw notServed(`The ${grant} grant (${NOT_SERVED_GRANTS[grant]})`);
      throw new GoTrueError(400, "invalid_credentials", "unsupported_grant_type");
    }
    if (path === "/signup" && method === "POST") {
      // Sign-ups are off, as on the team's hosted project: accounts are made with the admin API only.
      throw new GoTrueError(422, "signup_disabled", "Signups not allowed for this instance");
    }
    if (path === "/logout" && method === "POST") {
      const scope = params.get("scope") ?? "global";
      if (!["global", "local", "others"].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
      const { user, sessionId } = await requireSession(headers);
      /** @type {[string, (string | null)[]]} */
      const [where, values] =
        scope === "global"
          ? ["user_id = $1", [user.id]]
          : scope === "local"
            ? ["id = $1", [sessionId]]
            : ["user_id = $1 and id <> $2", [user.id, sessionId]];
      await db.query(`delete from auth.sessions where ${where}`, values);
      return { status: 204, headers: {}, body: null };
    }
    if (path === "/user" && method === "GET") {
      const { user } = await requireSession(headers);
      return ok(userJson(user));
    }
    if (path === "/user" && method === "PUT") {
      const { user, sessionId } = await requireSession(headers);
      const body = await readJson();
      if (body.app_metadata !== undefined) {
        throw new GoTrueError(403, "not_admin", "Updating app_metadata requires admin privileges");
      }
      // As on a hosted project, any session may set its account's password, the shared team account's too:
      // the account's other sessions end, and every open team page locks at its next check.
      return ok(userJson(await updateUser(user.id, body, { admin: false, currentSessionId: sessionId })));
    }
    const adminMatch = path.match(/^\/admin\/users(?:\/([^/]+))?\/?$/);
    if (adminMatch) {
      await requireAdmin(headers);
      const id = adminMatch[1];
      if (id === undefined) {
        if (method === "GET") return listUsers(params);
        if (method === "POST") return ok(userJson(await createUser(await readJson())));
      } else {
        if (!UUID.test(id)) throw new GoTrueError(404, "user_not_found", "User not found");
        if (method === "GET") {
          const user = await findUser("id", id.toLowerCase());
          if (!user) throw new GoTrueError(404, "user_not_found", "User not found");
          return ok(userJson(user));
        }
        if (method === "PUT")
          return ok(userJson(await updateUser(id.toLowerCase(), await readJson(), { admin: true })));
        if (method === "DELETE") {
          await readJson(); // { should_soft_delete }: both remove the user here
          const { rows } = await db.query("delete from auth.users where id = $1 returning id", [id.toLowerCase()]);
          if (rows.length === 0) throw new GoTrueError(404, "user_not_found", "User not found");
          return ok({});
        }
      }
    }
    const endpoint = path.replace(/\/$/, "");
    const sends = NOT_SERVED_LOCALLY[endpoint];
    if (sends) throw notSent(`/auth/v1${endpoint} (${sends})`);
    throw new GoTrueError(404, "not_served_locally", `${method} /auth/v1${path} is not served by the local backend.`);
  }

  /**
   * Creates the team account if missing, or brings it up to date: the password (when it changed, every
   * session of the account ends), the team mark merged into app_metadata, the e-mail confirmed.
   * Any user_metadata is cleared (it rides in every access token). Returns what happened: "created",
   * "password changed" or "unchanged", followed by ", user_metadata cleared" when there was some.
   * @param {{ email: string, password: string }} team
   */
  async function ensureTeamAccount({ email, password }) {
    checkPassword(password);
    const address = checkEmail(email);
    const existing = await findUser("email", address);
    if (!existing) {
      await createUser({ email: address, password, email_confirm: true, app_metadata: TEAM_APP_METADATA });
      return "created";
    }
    const same = await verifyPassword(password, existing.encrypted_password);
    await updateUser(
      existing.id,
      { app_metadata: TEAM_APP_METADATA, email_confirm: true, ...(same ? {} : { password }) },
      { admin: true },
    );
    // Every access token carries user_metadata; whatever a session stored there is cleared at each start.
    const { rows } = await db.query(
      "update auth.users set raw_user_meta_data = '{}' where id = $1 and raw_user_meta_data <> '{}' returning id",
      [existing.id],
    );
    const cleared = rows.length > 0 ? ", user_metadata cleared" : "";
    return `${same ? "unchanged" : "password changed"}${cleared}`;
  }

  /**
   * Parses a body already read as text; an empty body is an empty object.
   * @param {string} text
   * @returns {JsonObject}
   */
  function parseBody(text) {
    if (text.trim() === "") return {};
    let body;
    try {
      body = parseJsonBody(text);
    } catch (error) {
      const { details, message } = /** @type {import("./http.mjs").BodyError} */ (error);
      throw new GoTrueError(400, "bad_json", `Could not parse request body as JSON: ${details ?? message}`);
    }
    if (!isJsonObject(body)) {
      throw new GoTrueError(400, "bad_json", "Could not parse request body as JSON: expected an object");
    }
    return /** @type {JsonObject} */ (wellFormed(body));
  }

  return { handle, ensureTeamAccount, parseBody };
}
