/**
 * The embedded Supabase-compatible backend: one HTTP server with
 * /rest/v1/<table> (PostgREST subset) and /realtime/v1/websocket (Realtime
 * subset), on PGlite. `startBackend()` is used by `npm start`, `npm run dev`
 * and the tests.
 */
import { createServer } from "node:http";
import { AuthError, tokenFromHeaders, verifyJwt } from "./auth.mjs";
import { openDatabase, readSchema } from "./database.mjs";
import { LOCAL_BACKEND_PORT, LOCAL_JWT_SECRET } from "./local-keys.mjs";
import { createRealtime } from "./realtime.mjs";
import { handleRest, RestError, statusForPgError } from "./rest.mjs";

/** Largest request body accepted (1 MiB): far above any real contact or event. */
export const MAX_BODY_BYTES = 1024 * 1024;

function corsHeaders(request) {
  return {
    "Access-Control-Allow-Origin": request.headers.origin ?? "*",
    "Access-Control-Allow-Methods": "GET, HEAD, POST, PATCH, DELETE, OPTIONS",
    "Access-Control-Allow-Headers":
      request.headers["access-control-request-headers"] ??
      "authorization, apikey, content-type, prefer, accept-profile, content-profile, x-client-info, range",
    "Access-Control-Expose-Headers": "Content-Range, Content-Location, Preference-Applied",
    "Access-Control-Max-Age": "86400",
    Vary: "Origin",
  };
}

function sendJson(response, request, status, body, extra = {}) {
  response.writeHead(status, { ...corsHeaders(request), "Content-Type": "application/json; charset=utf-8", ...extra });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

function errorBody(error) {
  return {
    code: error.code ?? null,
    details: error.details ?? error.detail ?? null,
    hint: error.hint ?? null,
    message: error.message,
  };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new RestError(413, "PGRST413", `Request body is larger than ${MAX_BODY_BYTES} bytes`));
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/**
 * @param {object} [options]
 * @param {number} [options.port] 0 picks a free port
 * @param {string} [options.host]
 * @param {string} [options.dataDir] folder that keeps the data; in memory when absent
 * @param {string} [options.migrationsDir]
 * @param {boolean} [options.snapshots] start a brand-new database from the cached migrated snapshot (default true)
 * @param {string} [options.secret] HS256 secret the keys are verified with
 * @param {(line: string) => void} [options.log]
 */
export async function startBackend({
  port = LOCAL_BACKEND_PORT,
  host = "127.0.0.1",
  dataDir,
  migrationsDir,
  snapshots = true,
  secret = LOCAL_JWT_SECRET,
  log = () => {},
} = {}) {
  // The port is claimed first, so a busy port fails at once rather than after the database starts;
  // requests that arrive meanwhile wait for it.
  /** @type {import("@electric-sql/pglite").PGlite} */
  let db;
  /** @type {ReturnType<typeof createRealtime>} */
  let realtime;
  let schema = new Map();
  let markReady = () => {};
  const ready = new Promise((resolve) => (markReady = resolve));
  /** The schema cache, re-read when a table is missing (a migration or test may have added it). */
  async function findTable(name) {
    if (!schema.has(name)) schema = await readSchema(db);
    return schema.get(name);
  }

  async function handle(request, response) {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "OPTIONS") {
      response.writeHead(204, corsHeaders(request));
      return response.end();
    }
    const match = url.pathname.match(/^\/rest\/v1\/([^/]+)\/?$/);
    if (!match) {
      if (url.pathname === "/" || url.pathname === "/health") {
        return sendJson(response, request, 200, { status: "ok", service: "stagedoor local backend" });
      }
      throw new RestError(
        404,
        "PGRST125",
        `Invalid path ${url.pathname}: this backend serves /rest/v1/<table> and /realtime/v1/websocket`,
      );
    }
    // The apikey must be a valid key of this backend; the Bearer token (if any) decides the role.
    if (request.headers.apikey !== undefined) verifyJwt(String(request.headers.apikey), secret);
    const claims = verifyJwt(tokenFromHeaders(request.headers), secret);
    const reading = request.method === "GET" || request.method === "HEAD";
    const profile = request.headers[reading ? "accept-profile" : "content-profile"];
    if (profile !== undefined && profile !== "public") {
      throw new RestError(406, "PGRST106", "The schema must be one of the following: public");
    }
    if (request.headers.range !== undefined) {
      throw new RestError(400, "PGRST100", "The Range header is not supported by the local backend", {
        hint: "Use the limit and offset query parameters (supabase-js .range() does).",
      });
    }
    let tableName;
    try {
      tableName = decodeURIComponent(match[1]);
    } catch {
      throw new RestError(400, "PGRST100", `Invalid table name ${match[1]}`);
    }
    const table = await findTable(tableName);
    if (!table) {
      throw new RestError(404, "PGRST205", `Could not find the table 'public.${tableName}' in the schema cache`);
    }
    const body = ["POST", "PATCH", "PUT"].includes(request.method ?? "") ? await readBody(request) : "";
    const result = await db.transaction(async (tx) => {
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        claims.role,
        JSON.stringify(claims),
      ]);
      return handleRest(tx, table, {
        method: request.method ?? "GET",
        params: url.searchParams,
        body,
        prefer: request.headers.prefer,
        accept: request.headers.accept,
      });
    });
    if (result.changes?.length) realtime.enqueue(table, result.changes);
    const headers = { ...result.headers };
    if (result.status === 204 || result.body === "") {
      response.writeHead(result.status, { ...corsHeaders(request), ...headers });
      return response.end();
    }
    return sendJson(response, request, result.status, result.body, headers);
  }

  const inFlight = new Set();
  const server = createServer((request, response) => {
    const answer =
      request.method === "OPTIONS" ? handle(request, response) : ready.then(() => handle(request, response));
    const settled = answer.catch((error) => {
      let claimsRole = "anon";
      try {
        claimsRole = verifyJwt(tokenFromHeaders(request.headers), secret).role;
      } catch {
        // unauthenticated: report as anon
      }
      const status =
        error instanceof RestError
          ? error.status
          : error instanceof AuthError
            ? 401
            : typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code)
              ? statusForPgError(error.code, claimsRole)
              : 500;
      if (status === 500) log(`error: ${error.stack ?? error}`);
      if (!response.headersSent) sendJson(response, request, status, errorBody(error));
      else response.end();
    });
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  });
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname.replace(/\/$/, "") === "/realtime/v1/websocket") {
      void ready.then(() => realtime.handleUpgrade(request, socket, head, url));
    } else socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  try {
    db = await openDatabase({ dataDir, migrationsDir, snapshots, log });
    schema = await readSchema(db);
  } catch (error) {
    server.closeAllConnections();
    server.close();
    await db?.close();
    throw error;
  }
  realtime = createRealtime({ db, findTable, secret, log });
  markReady();

  let closing;
  async function close() {
    closing ??= (async () => {
      realtime.close();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]); // let running transactions finish before the database closes
      await realtime.idle();
      await db.close();
    })();
    return closing;
  }

  return { url: `http://${host}:${actualPort}`, port: actualPort, close, db };
}
