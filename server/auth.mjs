// @ts-check
/**
 * Verifies the HS256 keys and tokens clients send (with `jose`) and turns them into a database role, and checks
 * the `apikey` a hosted project's API gateway asks of every request before it reaches REST, Auth or Realtime.
 */
import { errors, jwtVerify } from "jose";
import { isJsonObject } from "./http.mjs";
import { jwtKey, LOCAL_JWT_SECRET } from "./local-keys.mjs";

const ROLES = new Set(["anon", "authenticated", "service_role"]);

/**
 * A compact JWS as the hosted servers' decoders read one: three parts of unpadded base64url. (jose would also
 * take padding, which GoTrue's and PostgREST's decoders refuse.)
 */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** A key or token the backend does not accept; PostgREST answers it with PGRST301. */
export class AuthError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.code = "PGRST301";
  }
}

/**
 * The claims of a verified token: `role` is one of ROLES; the rest is whatever the signer put in.
 * @typedef {{ role: string, exp?: number, aud?: unknown, sub?: unknown, [claim: string]: unknown }} Claims
 */

/**
 * Why jose refused a token, in PostgREST's words where it has them.
 * @param {unknown} error
 */
function refusal(error) {
  if (error instanceof errors.JWTExpired) return "JWT expired";
  if (error instanceof errors.JWTClaimValidationFailed) return `JWT claim invalid: ${error.message}`;
  return "JWSError JWSInvalidSignature";
}

/**
 * Returns the verified claims of `token`, or throws AuthError saying why not. As PostgREST does, an `exp` (when
 * present) must be a number in the future and `role` one of the project's API roles; `aud` is not checked
 * (GoTrue checks it where it reads a user's token).
 * @param {unknown} token
 * @param {string} [secret]
 * @returns {Promise<Claims>}
 */
export async function verifyJwt(token, secret = LOCAL_JWT_SECRET) {
  if (typeof token !== "string" || token.length === 0) throw new AuthError("No JWT found in request");
  if (!COMPACT_JWS.test(token)) {
    throw new AuthError("JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts)");
  }
  /** @type {unknown} */
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(token, await jwtKey(secret), { algorithms: ["HS256"] }));
  } catch (error) {
    throw new AuthError(refusal(error));
  }
  if (!isJsonObject(claims)) throw new AuthError("JWSError JWSInvalidSignature");
  const role = claims.role;
  if (typeof role !== "string" || !ROLES.has(role)) throw new AuthError(`role "${String(role)}" does not exist`);
  return /** @type {Claims} */ (claims);
}

/**
 * The caller's token: the Bearer token when present, else the apikey (header, or the URL's `apikey`).
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {URLSearchParams} [params]
 * @returns {string}
 */
export function tokenFromHeaders(headers, params) {
  const authorization = headers.authorization ?? "";
  const bearer = authorization.match(/^Bearer\s+(.+)$/i)?.[1];
  return bearer ?? apiKeyOf(headers, params) ?? "";
}

/**
 * The request's API key, where a hosted project's gateway looks for it: the `apikey` header, else the URL's
 * `apikey` parameter; undefined when there is none.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {URLSearchParams} [params]
 */
export function apiKeyOf(headers, params) {
  const header = headers.apikey;
  const value = Array.isArray(header) ? header[0] : header;
  return value ?? params?.get("apikey") ?? undefined;
}

/**
 * The refusal a hosted project's API gateway answers before the request reaches REST, Auth or Realtime.
 * @typedef {{ status: 401, body: { message: string, hint: string } }} GatewayRefusal
 */

/**
 * Checks the request's API key as a hosted project's gateway does: it must be there (header or URL parameter)
 * and be one of the project's keys (anon or service_role), whatever the Authorization header holds. Returns
 * the gateway's 401 answer, or null when the key is good.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {URLSearchParams} params
 * @param {string} secret
 * @returns {Promise<GatewayRefusal | null>}
 */
export async function gatewayRefusal(headers, params, secret) {
  const key = apiKeyOf(headers, params);
  if (key === undefined || key === "") {
    return {
      status: 401,
      body: { message: "No API key found in request", hint: "No `apikey` request header or url param was found." },
    };
  }
  const role = await verifyJwt(key, secret).then(
    (claims) => claims.role,
    () => null,
  );
  if (role === "anon" || role === "service_role") return null;
  return {
    status: 401,
    body: { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." },
  };
}
