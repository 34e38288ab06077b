// @ts-check
/**
 * What every route of the local backend shares: reading a request body safely (size cap, strict UTF-8, a
 * nesting limit for JSON) and the cross-origin rules (only the site's own origins).
 */

/** Largest request body accepted (1 MiB): far above any real contact, event or sign-in. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Deepest JSON nesting accepted: the app's bodies are flat; deeper input only tries to exhaust a stack. */
const MAX_JSON_DEPTH = 64;

/** A request body the backend will not read; `reason` picks the route's own error code. */
export class BodyError extends Error {
  /**
   * @param {"too_large" | "invalid_utf8" | "invalid_json" | "media_type" | "aborted"} reason
   * @param {string} message
   * @param {string | null} [details]
   */
  constructor(reason, message, details = null) {
    super(message);
    this.reason = reason;
    this.details = details;
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads the whole body as strict UTF-8 (invalid bytes are refused, not replaced), up to `maxBytes`. A request
 * whose client went away before its body arrived is refused as "aborted", also when it went before this was
 * called (the gateway's checks come first): its answer goes nowhere, but the handler waiting on it must end.
 * @param {import("node:http").IncomingMessage} request
 * @param {number} [maxBytes]
 * @returns {Promise<string>}
 */
export function readBody(request, maxBytes = MAX_BODY_BYTES) {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new BodyError("aborted", "The request ended before its body arrived"));
    // Node drops such a request without an error event when nothing listened for one yet.
    if (request.destroyed) return aborted();
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let refused = false;
    let ended = false;
    request.on("data", (/** @type {Buffer} */ chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBytes) {
        refused = true;
        reject(new BodyError("too_large", `Request body is larger than ${maxBytes} bytes`));
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      ended = true;
      if (refused) return;
      try {
        resolve(utf8.decode(Buffer.concat(chunks)));
      } catch {
        reject(new BodyError("invalid_utf8", "Empty or invalid json", "The body is not valid UTF-8"));
      }
    });
    // The client went away mid-body (a dropped connection, a slow sender giving up): its fault, not a failure
    // of the server worth a stack trace in the log; the answer goes nowhere.
    request.on("error", aborted);
    request.on("close", () => {
      if (!ended) aborted();
    });
  });
}

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing (strings skipped);
 * counting stops once it passes `limit`.
 * @param {string} text
 * @param {number} limit
 */
function nestingDepth(text, limit) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92)
        i++; // backslash: skip the escaped character
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 || char === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 125 || char === 93) depth--;
  }
  return deepest;
}

/**
 * Parses a JSON body, refusing malformed text and nesting deeper than `maxDepth` alike.
 * @param {string} text
 * @param {number} [maxDepth]
 * @returns {unknown}
 */
export function parseJsonBody(text, maxDepth = MAX_JSON_DEPTH) {
  if (nestingDepth(text, maxDepth) > maxDepth) {
    throw new BodyError("invalid_json", "Empty or invalid json", `JSON nested deeper than ${maxDepth} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyError("invalid_json", "Empty or invalid json", /** @type {SyntaxError} */ (error).message);
  }
}

/**
 * Whether a parsed JSON value is an object (not null, not an array): the shape every body,
 * frame and claim set must have.
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isJsonObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Whether a body's Content-Type is JSON. A missing header counts as JSON (supabase-js always sends it;
 * PostgREST assumes JSON). Form and plain-text bodies are refused: a page on another site can send those
 * without a CORS preflight.
 * @param {string | undefined} header
 */
export function isJsonContentType(header) {
  if (header === undefined || header.trim() === "") return true;
  const type = header.split(";")[0].trim().toLowerCase();
  return type === "application/json" || type === "application/vnd.pgrst.object+json";
}

/**
 * How long a server keeps a client's idle connection open for its next request (Node's default is 5 s). A
 * client that sends on a connection in the instant the server closes it gets a reset instead of an answer;
 * browsers send again, plain HTTP clients (a test's, a script's) do not. A minute, as hosting load balancers
 * keep one, makes that instant fall far outside any pause between two requests of one visit or test.
 */
const IDLE_CONNECTION_MS = 60_000;

/**
 * How many connections a server holds at once. Each is a file handle, and the process serving the site and
 * the backend has a limited number (often 20,000 or fewer): idle keep-alive connections (kept a minute,
 * above) or requests whose headers never finish, opened by the thousand, would take them all, and then
 * nothing, not even a look at the build folder, could open a file. A visit holds at most a few connections
 * (a browser opens six per host), the busiest test a few hundred; beyond this cap a new connection is
 * closed at once, and taken again as soon as another one ends.
 */
export const MAX_CONNECTIONS = 2_000;

/**
 * The connection limits every local server shares: idle connections are kept IDLE_CONNECTION_MS (the wait
 * for a request's headers stays longer, so a connection is never closed by that timer while the idle one
 * still holds it), and at most `maxConnections` are open at once.
 * @param {import("node:http").Server} server
 * @param {number} [maxConnections]
 */
export function limitConnections(server, maxConnections = MAX_CONNECTIONS) {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 5_000;
  server.maxConnections = maxConnections;
  return server;
}

/** The port `npm start` and `npm run dev` serve the site on (Astro's default). */
export const SITE_PORT = 4321;

/**
 * The origins the site is served from by `npm start` and `npm run dev` (and the tests' own): browsers on
 * any other origin may not call the backend. Requests without an Origin (curl, scripts, Node) are fine.
 */
/** @param {number[]} [ports] */
export function siteOrigins(ports = [SITE_PORT]) {
  return [...new Set(ports)].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
}

/**
 * The extra origins listed in BACKEND_ALLOWED_ORIGINS (comma-separated), if any.
 * @param {string | undefined} [value]
 */
export function originsFromEnv(value = process.env.BACKEND_ALLOWED_ORIGINS) {
  return (value ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/$/, ""))
    .filter(Boolean);
}

/**
 * The request's headers as PostgREST hands them to SQL in `request.headers` (lower-cased names), passed on
 * as the proxies in front of a hosted project pass them: `cf-connecting-ip` is set to the connection's own
 * address (Cloudflare overwrites whatever the client sent there), the address is appended to any
 * `x-forwarded-for` the client sent (as Cloudflare appends it), and every other header, `x-real-ip` and
 * `forwarded` included, is passed on as sent. So SQL sees here what it sees there: only `cf-connecting-ip`
 * and the last `x-forwarded-for` entry are the client's real address.
 * @param {import("node:http").IncomingMessage} request
 * @returns {Record<string, string>}
 */
export function forwardedHeaders(request) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const address = request.socket.remoteAddress ?? "unknown";
  headers["cf-connecting-ip"] = address;
  headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${address}` : address;
  return headers;
}

/** The names this machine answers to whatever the environment says: a page on any other name is refused. */
const LOCAL_HOSTS = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The host names (no port) the local servers answer to: this machine's own, the `HOST` the machine goes by
 * on a LAN, and those listed in ALLOWED_HOSTS (comma-separated). Lower-cased; an IPv6 address in brackets.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function allowedHostsFromEnv(env = process.env) {
  const extra = [env.HOST ?? "", ...(env.ALLOWED_HOSTS ?? "").split(",")]
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "" && name !== "0.0.0.0" && name !== "::");
  return [
    ...new Set([
      ...LOCAL_HOSTS,
      ...extra.map((name) => (name.includes(":") && !name.startsWith("[") ? `[${name}]` : name)),
    ]),
  ];
}

/**
 * The host name a Host header names, without its port: lower-cased, an IPv6 address kept in brackets.
 * @param {string} host
 */
function hostName(host) {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d*$/, "").replace(/\.$/, "");
}

/**
 * Whether a request's Host names this machine. A page on another name that resolves here (DNS rebinding:
 * `rebind.test` made to point at 127.0.0.1) is same-origin to itself, so its reads carry no Origin at all:
 * Host is the one header that tells. A request with no Host (HTTP/1.0 from a script) comes from no browser.
 * @param {string | undefined} host
 * @param {Set<string>} allowed names from allowedHostsFromEnv()
 */
export function hostAllowed(host, allowed) {
  if (host === undefined) return true;
  return allowed.has(hostName(host));
}

/**
 * Why a request's Host is refused, for the 403's message.
 * @param {string | undefined} host
 */
export const foreignHostMessage = (host) =>
  `Host ${JSON.stringify(host)} does not name this machine: use localhost, 127.0.0.1 or [::1], or add the name to ALLOWED_HOSTS.`;
