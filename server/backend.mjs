// @ts-check
/**
 * The embedded Supabase-compatible backend: one HTTP server with
 * /rest/v1/<table> (PostgREST subset), /auth/v1 (Auth subset, gotrue.mjs) and
 * /realtime/v1/websocket (Realtime subset), on PGlite. `startBackend()` is
 * used by `npm start`, `npm run dev` and the tests.
 */
import { createServer } from "node:http";
import { AuthError, gatewayRefusal, tokenFromHeaders, verifyJwt } from "./auth.mjs";
import { openDatabase } from "./database.mjs";
import { createRealtimeCapture, takeNotedChanges, writtenBy } from "./realtime-capture.mjs";
import { createGoTrue, DEFAULT_JWT_EXPIRY_SECONDS, GoTrueError, goTrueErrorResponse } from "./gotrue.mjs";
import {
  allowedHostsFromEnv,
  BodyError,
  foreignHostMessage,
  forwardedHeaders,
  hostAllowed,
  isJsonContentType,
  limitConnections,
  MAX_BODY_BYTES,
  MAX_CONNECTIONS,
  readBody,
  siteOrigins,
} from "./http.mjs";
import { LOCAL_BACKEND_PORT, LOCAL_JWT_SECRET } from "./local-keys.mjs";
import { GOTRUE_TOKEN_RATE_LIMIT } from "./rate-limit.mjs";
import { createRealtime } from "./realtime.mjs";
import { createSchemaCache } from "./schema-cache.mjs";
import { handleRest, handleRpc, notServed, RestError, statusForPgError, withResponseSettings } from "./rest.mjs";

export { MAX_BODY_BYTES };

/** @typedef {import("node:http").IncomingMessage} Request */
/** @typedef {import("node:http").ServerResponse} Response */
/** @typedef {import("./gotrue.mjs").AuthResponse} AuthResponse */

/**
 * What an error answer is built from: our own errors (RestError, AuthError) and Postgres' (PGlite puts
 * the SQLSTATE in `code` and its detail in `detail`).
 * @typedef {Error & { code?: unknown, details?: string | null, detail?: string, hint?: string | null }} AnsweredError
 */

/**
 * The largest body a sign-up is read from (4 KiB): one address of at most 254 characters and a choice, even
 * written all in \u escapes, is under 2 KiB.
 */
const MAX_SIGNUP_BODY_BYTES = 4 * 1024;

/** The parts of a hosted project's API the local backend does not serve, by path. */
/** @type {Record<string, string>} */
const SERVICES_NOT_SERVED = {
  "/storage/v1": "Storage (/storage/v1)",
  "/functions/v1": "Edge Functions (/functions/v1)",
  "/graphql/v1": "GraphQL (/graphql/v1)",
  "/realtime/v1/api": "Realtime's HTTP API (/realtime/v1/api, broadcast over HTTP)",
};

/** Request bodies PostgREST reads besides JSON, which the local backend does not. */
/** @type {Record<string, string>} */
const BODY_TYPES_NOT_SERVED = {
  "text/csv": "A CSV body",
  "application/x-www-form-urlencoded": "A form-encoded body",
  "text/plain": "A plain-text body (a function's single text argument)",
  "application/octet-stream": "A binary body (a function's single bytea argument)",
};

/**
 * The Auth paths a hosted project's gateway lets through without an API key (the links e-mails carry and the
 * OAuth redirects); every other request to REST, Auth or Realtime needs one.
 */
const OPEN_AUTH_PATHS = new Set(["/verify", "/callback", "/authorize"]);

/**
 * The query without its `apikey`: a hosted gateway takes the key out of the URL before the request reaches
 * PostgREST or GoTrue, so it is never read as a filter.
 * @param {URLSearchParams} params
 */
function withoutApiKey(params) {
  const rest = new URLSearchParams(params);
  rest.delete("apikey");
  return rest;
}

/** The site's own origins when `allowedOrigins` is not given: `npm start` and `npm run dev` on SITE_PORT. */
export const DEFAULT_ALLOWED_ORIGINS = siteOrigins();

/**
 * The CORS headers for a request from an allowed origin (or none); a disallowed origin gets none.
 * @param {Request} request
 * @param {Set<string>} allowed
 * @returns {Record<string, string>}
 */
function corsHeaders(request, allowed) {
  const origin = request.headers.origin;
  if (origin === undefined || !allowed.has(origin)) return { Vary: "Origin" };
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
    "Access-Control-Allow-Headers":
      request.headers["access-control-request-headers"] ??
      "authorization, apikey, content-type, prefer, accept-profile, content-profile, x-client-info, x-supabase-api-version, range",
    "Access-Control-Expose-Headers":
      "Content-Range, Content-Location, Preference-Applied, X-Supabase-Api-Version, X-Total-Count, Link",
    "Access-Control-Max-Age": "86400",
    Vary: "Origin",
  };
}

/**
 * PostgREST's error JSON.
 * @param {AnsweredError} error
 */
function errorBody(error) {
  return {
    code: error.code ?? null,
    details: error.details ?? error.detail ?? null,
    hint: error.hint ?? null,
    message: error.message,
  };
}

/**
 * The request's target as a URL, or null when it cannot be one (`http://a:b:c/` and the like).
 * @param {Request} request
 */
function requestUrl(request) {
  try {
    return new URL(request.url ?? "/", "http://localhost");
  } catch {
    return null;
  }
}

/**
 * PostgREST's answer to a body it will not read.
 * @param {BodyError} error
 */
function restBodyError(error) {
  if (error.reason === "too_large") return new RestError(413, "PGRST413", error.message);
  if (error.reason === "media_type") return new RestError(415, "PGRST107", error.message);
  return new RestError(400, "PGRST102", "Empty or invalid json", { details: error.details });
}

/**
 * @param {object} [options]
 * @param {number} [options.port] 0 picks a free port
 * @param {string} [options.host]
 * @param {string} [options.dataDir] folder that keeps the data; in memory when absent
 * @param {string} [options.migrationsDir]
 * @param {boolean} [options.snapshots] start a brand-new database from the cached migrated snapshot (default true)
 * @param {string} [options.seed] SQL run once on a database made new (supabase/seed.sql for `npm start`)
 * @param {string} [options.secret] HS256 secret the keys and access tokens are signed with
 * @param {{ email: string, password: string }} [options.team] the shared team account, created or updated at start
 * @param {{ burst: number, refillPerSecond: number }} [options.authRateLimit] /auth/v1/token bucket per client address (GoTrue's by default)
 * @param {number} [options.jwtExpirySeconds] access-token lifetime (GoTrue's 3600 by default)
 * @param {number} [options.realtimeIdleTimeoutMs] how long a realtime socket may send nothing before it is closed
 * @param {number} [options.refreshTokenReuseSeconds] how long a rotated refresh token still returns its session (GoTrue's 10 s)
 * @param {string[]} [options.allowedOrigins] browser origins that may call the backend (the site's own by default)
 * @param {string[]} [options.allowedHosts] Host names answered (this machine's, HOST and ALLOWED_HOSTS by default;
 *   the host listened on is added)
 * @param {number} [options.maxConnections] connections held at once (MAX_CONNECTIONS; a test's few show the cap)
 * @param {(line: string) => void} [options.log]
 */
export async function startBackend({
  port = LOCAL_BACKEND_PORT,
  host = "127.0.0.1",
  dataDir,
  migrationsDir,
  snapshots = true,
  seed,
  secret = LOCAL_JWT_SECRET,
  team,
  authRateLimit = GOTRUE_TOKEN_RATE_LIMIT,
  jwtExpirySeconds = DEFAULT_JWT_EXPIRY_SECONDS,
  realtimeIdleTimeoutMs,
  refreshTokenReuseSeconds,
  allowedOrigins = DEFAULT_ALLOWED_ORIGINS,
  allowedHosts = allowedHostsFromEnv(),
  maxConnections = MAX_CONNECTIONS,
  log = () => {},
} = {}) {
  // The port is claimed first, so a busy port fails at once rather than after the database starts;
  // requests that arrive meanwhile wait for it.
  /** @type {import("@electric-sql/pglite").PGlite} */
  let db;
  /** @type {ReturnType<typeof createRealtime>} */
  let realtime;
  /** @type {ReturnType<typeof createGoTrue>} */
  let goTrue;
  /** @type {Awaited<ReturnType<typeof createSchemaCache>>} */
  let schema;
  /** @type {ReturnType<typeof createRealtimeCapture>} */
  let capture;
  /** @type {() => void} */
  let markReady = () => {};
  /** @type {Promise<void>} */
  const ready = new Promise((resolve) => (markReady = resolve));
  const origins = new Set(allowedOrigins.map((origin) => origin.replace(/\/$/, "")));
  const hosts = new Set(allowedHosts.map((name) => name.toLowerCase()));
  if (!["0.0.0.0", "::"].includes(host)) hosts.add(host.includes(":") ? `[${host}]` : host);
  /** @param {Request} request */
  const originAllowed = (request) => request.headers.origin === undefined || origins.has(request.headers.origin);

  /** @param {string} name */
  const findTable = (name) => schema.findTable(name);

  /**
   * Answers with `body` as JSON (a string is sent as it is; null or undefined: no body).
   * @param {Request} request
   * @param {Response} response
   * @param {number} status
   * @param {unknown} body
   * @param {Record<string, string>} [extra] more headers
   */
  function send(request, response, status, body, extra = {}) {
    if (body === null || body === undefined) {
      response.writeHead(status, { ...corsHeaders(request, origins), ...extra });
      return response.end();
    }
    response.writeHead(status, {
      ...corsHeaders(request, origins),
      "Content-Type": "application/json; charset=utf-8",
      ...extra,
    });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  /**
   * /auth/v1: the API gateway's key check (except on the paths a hosted gateway leaves open), then GoTrue.
   * @param {Request} request
   * @param {Response} response
   * @param {URL} url
   */
  async function handleAuth(request, response, url) {
    /** @param {AuthResponse} result */
    const answer = (result) => send(request, response, result.status, result.body, result.headers);
    try {
      const path = url.pathname.slice("/auth/v1".length) || "/";
      const refused = OPEN_AUTH_PATHS.has(path.replace(/\/$/, ""))
        ? null
        : await gatewayRefusal(request.headers, url.searchParams, secret);
      if (refused) return send(request, response, refused.status, refused.body);
      const result = await goTrue.handle({
        method: request.method ?? "GET",
        path,
        params: withoutApiKey(url.searchParams),
        headers: request.headers,
        remoteAddress: request.socket.remoteAddress ?? "unknown",
        readJson: async () => {
          let text;
          try {
            text = await readBody(request);
          } catch (error) {
            if (!(error instanceof BodyError)) throw error;
            throw error.reason === "too_large"
              ? new GoTrueError(413, "request_entity_too_large", `Request body too large (max ${MAX_BODY_BYTES} bytes)`)
              : new GoTrueError(400, "bad_json", "Could not parse request body as JSON: invalid UTF-8");
          }
          return goTrue.parseBody(text);
        },
      });
      return answer(result);
    } catch (error) {
      if (error instanceof GoTrueError) return answer(goTrueErrorResponse(error, request.headers));
      const { code, stack } = /** @type {AnsweredError} */ (error);
      if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) {
        // Postgres refused a value (class 22, data exception): the input was at fault, not the server.
        return answer(goTrueErrorResponse(new GoTrueError(400, "validation_failed", "Invalid input"), request.headers));
      }
      log(`auth error: ${stack ?? error}`);
      return answer(
        goTrueErrorResponse(new GoTrueError(500, "unexpected_failure", "Unexpected failure"), request.headers),
      );
    }
  }

  /**
   * @param {Request} request
   * @param {Response} response
   */
  async function handle(request, response) {
    const url = requestUrl(request);
    if (!url) throw new RestError(400, "PGRST100", "Malformed request target");
    if (!hostAllowed(request.headers.host, hosts)) {
      // A page on a name made to resolve here (DNS rebinding) reads without an Origin: its Host gives it away.
      request.resume();
      throw new RestError(403, "PGRST403", foreignHostMessage(request.headers.host));
    }
    if (!originAllowed(request)) {
      // Another website open in the same browser: no CORS headers, a refused preflight, a refused request.
      throw new RestError(403, "PGRST403", `Origin ${request.headers.origin} may not call this backend`, {
        hint: "Only the site's own origins may; add others to BACKEND_ALLOWED_ORIGINS.",
      });
    }
    if (request.method === "OPTIONS") {
      response.writeHead(204, corsHeaders(request, origins));
      return response.end();
    }
    if (url.pathname === "/auth/v1" || url.pathname.startsWith("/auth/v1/")) {
      return handleAuth(request, response, url);
    }
    const rpc = url.pathname.match(/^\/rest\/v1\/rpc\/([^/]+)\/?$/);
    const match = rpc ? null : url.pathname.match(/^\/rest\/v1\/([^/]+)\/?$/);
    if (!match && !rpc) {
      if (url.pathname === "/" || url.pathname === "/health") {
        return send(request, response, 200, { status: "ok", service: "stagedoor local backend" });
      }
      const service = Object.keys(SERVICES_NOT_SERVED).find(
        (prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
      );
      if (service) throw notServed(SERVICES_NOT_SERVED[service], { status: 404 });
      if (url.pathname.replace(/\/$/, "") === "/rest/v1") {
        throw notServed("The OpenAPI description (GET /rest/v1/)", { status: 404 });
      }
      throw new RestError(
        404,
        "PGRST125",
        `Invalid path ${url.pathname}: this backend serves /rest/v1/<table>, /rest/v1/rpc/<function>, /auth/v1 and /realtime/v1/websocket`,
      );
    }
    // As behind a hosted project's gateway: the apikey must be one of the project's keys; the Bearer token
    // (else the apikey) decides the role.
    const refused = await gatewayRefusal(request.headers, url.searchParams, secret);
    if (refused) return send(request, response, refused.status, refused.body);
    const claims = await verifyJwt(tokenFromHeaders(request.headers, url.searchParams), secret);
    const params = withoutApiKey(url.searchParams);
    const reading = request.method === "GET" || request.method === "HEAD";
    const profile = request.headers[reading ? "accept-profile" : "content-profile"];
    if (profile === "graphql_public") throw notServed("The graphql_public schema (GraphQL)", { status: 406 });
    if (profile !== undefined && profile !== "public") {
      throw new RestError(406, "PGRST106", "The schema must be one of the following: public");
    }
    if (request.headers.range !== undefined) {
      throw notServed("The Range header", {
        hint: "Use the limit and offset query parameters (supabase-js .range() does).",
      });
    }
    const rawName = (rpc ?? /** @type {RegExpMatchArray} */ (match))[1];
    let tableName;
    try {
      tableName = decodeURIComponent(rawName);
    } catch {
      throw new RestError(400, "PGRST100", `Invalid ${rpc ? "function" : "table"} name ${rawName}`);
    }
    const table = rpc ? null : await findTable(tableName);
    if (!rpc && !table) {
      throw new RestError(404, "PGRST205", `Could not find the table 'public.${tableName}' in the schema cache`);
    }
    // A sign-up the form sends is one address: a body that cannot be one is refused before it is read whole,
    // and any request refused for its input still spends its client's allowance, as an accepted one does.
    const signingUp = table?.name === "fan_signups" && request.method === "POST" && claims.role !== "service_role";
    try {
      return await answerTable(request, response, {
        url,
        claims,
        params,
        table,
        rpc: rpc !== null,
        tableName,
        signingUp,
      });
    } catch (error) {
      if (signingUp && refusedForInput(/** @type {AnsweredError} */ (error), claims.role)) await spendRefused(request);
      throw error;
    }
  }

  /**
   * Whether an answer to a sign-up refuses its input (4xx), rather than its key, its role or its allowance.
   * @param {AnsweredError} error
   * @param {string} role
   */
  function refusedForInput(error, role) {
    const status =
      error instanceof RestError
        ? error.status
        : typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code)
          ? statusForPgError(error.code, role)
          : 500;
    return status >= 400 && status < 500 && ![401, 403, 429].includes(status);
  }

  /**
   * Records a refused sign-up request against its client's allowance (private.fan_signup_spend_refused).
   * @param {Request} request
   */
  async function spendRefused(request) {
    try {
      await db.transaction(async (tx) => {
        await tx.query("select set_config('request.headers', $1, true)", [JSON.stringify(forwardedHeaders(request))]);
        await tx.query("select private.fan_signup_spend_refused()");
      });
    } catch (error) {
      log(`could not count a refused sign-up: ${/** @type {Error} */ (error).message}`);
    }
  }

  /**
   * A REST request past the gateway: its body read, then one transaction with PostgREST's settings.
   * @param {Request} request
   * @param {Response} response
   * @param {{ url: URL, claims: import("./auth.mjs").Claims, params: URLSearchParams, table: import("./database.mjs").Table | null | undefined, rpc: boolean, tableName: string, signingUp: boolean }} target
   */
  async function answerTable(request, response, { url, claims, params, table, rpc, tableName, signingUp }) {
    let body = "";
    if (["POST", "PATCH", "PUT"].includes(request.method ?? "")) {
      const contentType = request.headers["content-type"];
      const bodyType = String(contentType).split(";")[0].trim().toLowerCase();
      if (!isJsonContentType(contentType) && BODY_TYPES_NOT_SERVED[bodyType]) {
        request.resume();
        throw notServed(BODY_TYPES_NOT_SERVED[bodyType], { status: 415, hint: "Send JSON (application/json)." });
      }
      if (!isJsonContentType(contentType)) {
        request.resume();
        throw restBodyError(
          new BodyError(
            "media_type",
            `None of these media types are available: ${String(contentType).split(";")[0].trim()}`,
          ),
        );
      }
      try {
        body = await readBody(request, signingUp ? MAX_SIGNUP_BODY_BYTES : MAX_BODY_BYTES);
      } catch (error) {
        throw error instanceof BodyError ? restBodyError(error) : error;
      }
    }
    const method = request.method ?? "GET";
    const writing = Boolean(rpc) || !(method === "GET" || method === "HEAD");
    const result = await db.transaction(async (tx) => {
      // PostgREST's transaction-scoped settings: the caller's role and claims, and the request itself.
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.method', $3, true), set_config('request.path', $4, true),
                set_config('request.headers', $5, true), set_config('local_realtime.written', $6, true)`,
        [
          claims.role,
          JSON.stringify(claims),
          method,
          url.pathname.slice("/rest/v1".length),
          JSON.stringify(forwardedHeaders(request)),
          // A write's other changes to streamed tables are noted for realtime (server/realtime-capture.mjs).
          writing ? writtenBy(table?.name ?? null) : "",
        ],
      );
      const answer = rpc
        ? await handleRpc(tx, tableName, { method, body, accept: request.headers.accept })
        : await handleRest(tx, /** @type {import("./database.mjs").Table} */ (table), {
            method,
            params,
            body,
            prefer: request.headers.prefer?.toString(),
            accept: request.headers.accept,
          });
      const besides = writing ? await takeNotedChanges(tx, claims.role) : [];
      return { ...(await withResponseSettings(tx, answer)), besides };
    });
    if (table && result.changes?.length) realtime.enqueue(table, result.changes);
    // What triggers and functions changed in other streamed tables, as a hosted project streams it too. The
    // write is made: a table the cache has lost is said in the log, never in the answer.
    for (const { table: name, changes } of result.besides) {
      const changed = schema.cached(name);
      if (changed) realtime.enqueue(changed, changes);
      else log(`realtime: ${changes.length} change(s) to ${name} not streamed: the table is not in the schema cache`);
    }
    const headers = { ...result.headers };
    if (result.status === 204 || result.body === "") return send(request, response, result.status, null, headers);
    return send(request, response, result.status, result.body, headers);
  }

  /** @type {Set<Promise<unknown>>} */
  const inFlight = new Set();
  const server = createServer((request, response) => {
    const answer =
      request.method === "OPTIONS" ? handle(request, response) : ready.then(() => handle(request, response));
    const settled = answer.catch(async (/** @type {AnsweredError} */ error) => {
      // A refusal is 401 for the anon role, 403 for anyone signed in; an unverified caller counts as anon.
      const claimsRole = await verifyJwt(
        tokenFromHeaders(request.headers, requestUrl(request)?.searchParams),
        secret,
      ).then(
        (claims) => claims.role,
        () => "anon",
      );
      const status =
        error instanceof RestError
          ? error.status
          : error instanceof AuthError
            ? 401
            : typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code)
              ? statusForPgError(error.code, claimsRole)
              : 500;
      // Never a stack trace in the answer: an unexpected failure is logged here and answered in general terms.
      const known = error instanceof RestError || error instanceof AuthError || status !== 500;
      if (!known || status >= 500) log(`error: ${error.stack ?? error}`);
      const body = known
        ? errorBody(error)
        : { code: "PGRST000", details: null, hint: null, message: "Internal error in the local backend" };
      if (!response.headersSent) send(request, response, status, body);
      else response.end();
    });
    // Last resort: even a failure while answering a failure ends this request only, never the process.
    const guarded = settled.catch((/** @type {Error} */ error) => {
      log(`error while answering: ${error.stack ?? error}`);
      response.destroy();
    });
    inFlight.add(guarded);
    void guarded.finally(() => inFlight.delete(guarded));
  });
  limitConnections(server, maxConnections);
  server.on("upgrade", (request, socket, head) => {
    // A client that resets the connection while it is refused must cost nothing but this socket.
    socket.on("error", () => socket.destroy());
    const url = requestUrl(request);
    if (!url) {
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    } else if (!hostAllowed(request.headers.host, hosts)) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
    } else if (!originAllowed(request)) {
      // Browsers send Origin on a WebSocket handshake and apply no CORS to it: the check is the server's.
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
    } else if (url.pathname.replace(/\/$/, "") === "/realtime/v1/websocket") {
      ready
        .then(async () => {
          const refused = await gatewayRefusal(request.headers, url.searchParams, secret);
          if (!refused) return realtime.handleUpgrade(request, socket, head, url);
          const body = JSON.stringify(refused.body);
          socket.end(
            `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          );
        })
        .catch((/** @type {Error} */ error) => {
          log(`realtime upgrade: ${error.stack ?? error}`);
          socket.destroy();
        });
    } else socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
  });

  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, resolve);
    })
  );
  const actualPort = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
  const url = `http://${host}:${actualPort}`;
  /** @type {import("@electric-sql/pglite").PGlite | undefined} */
  let opened; // closed again if the start fails after it
  try {
    db = opened = await openDatabase({ dataDir, migrationsDir, snapshots, seed, log });
    capture = createRealtimeCapture(db);
    schema = await createSchemaCache(db, { onRead: (tables) => capture.watch(tables), log });
    goTrue = createGoTrue({
      db,
      secret,
      issuer: `${url}/auth/v1`,
      jwtExpirySeconds,
      rateLimit: authRateLimit,
      refreshTokenReuseSeconds,
    });
    if (team) log(`team account ${team.email}: ${await goTrue.ensureTeamAccount(team)}`);
  } catch (error) {
    server.closeAllConnections();
    server.close();
    await opened?.close();
    throw error;
  }
  realtime = createRealtime({
    db,
    findTable,
    schemaVersion: schema.version,
    secret,
    idleTimeoutMs: realtimeIdleTimeoutMs,
    log,
  });
  markReady();

  /** @type {Promise<void> | undefined} */
  let closing;
  async function close() {
    closing ??= (async () => {
      realtime.close();
      server.closeAllConnections?.();
      await /** @type {Promise<void>} */ (new Promise((resolve) => server.close(() => resolve())));
      await Promise.allSettled([...inFlight]); // let running transactions finish before the database closes
      await realtime.idle();
      await db.close();
    })();
    return closing;
  }

  /** How many realtime sockets are open (the hardening tests watch a slow reader being dropped). */
  const realtimeSockets = () => realtime.clientCount();
  return { url, port: actualPort, close, db, realtimeSockets };
}
