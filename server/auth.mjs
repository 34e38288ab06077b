// @ts-check
/** Verifies the HS256 keys clients send and turns them into a database role. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { isJsonObject } from "./http.mjs";
import { LOCAL_JWT_SECRET } from "./local-keys.mjs";

/** An HS256 signature: 32 bytes in unpadded base64url are 43 characters. */
const CANONICAL_SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const ROLES = new Set(["anon", "authenticated", "service_role"]);

/** A key or token the backend does not accept; PostgREST answers it with PGRST301. */
export class AuthError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.code = "PGRST301";
  }
}

/**
 * @param {string} part one base64url part of a JWT
 * @returns {unknown}
 */
function decodePart(part) {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
}

/**
 * The claims of a verified token: `role` is one of ROLES; the rest is whatever the signer put in.
 * @typedef {{ role: string, exp?: number, aud?: unknown, sub?: unknown, [claim: string]: unknown }} Claims
 */

/**
 * Returns the verified claims of `token`, or throws AuthError saying why not.
 * @param {unknown} token
 * @param {string} [secret]
 * @param {number} [now] seconds since the epoch
 * @returns {Claims}
 */
export function verifyJwt(token, secret = LOCAL_JWT_SECRET, now = Date.now() / 1000) {
  if (typeof token !== "string" || token.length === 0) throw new AuthError("No API key found in request");
  const parts = token.split(".");
  if (parts.length !== 3)
    throw new AuthError("JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts)");
  let header;
  let claims;
  try {
    header = decodePart(parts[0]);
    claims = decodePart(parts[1]);
  } catch {
    throw new AuthError("JWSError JWSInvalidSignature");
  }
  if (!isJsonObject(header) || header.alg !== "HS256") throw new AuthError("JWSError JWSInvalidSignature");
  const expected = createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest();
  // Only the canonical spelling of the signature: base64url without padding, no stray bits, nothing else.
  const given = CANONICAL_SIGNATURE.test(parts[2]) ? Buffer.from(parts[2], "base64url") : Buffer.alloc(0);
  if (
    given.length !== expected.length ||
    given.toString("base64url") !== parts[2] ||
    !timingSafeEqual(given, expected)
  ) {
    throw new AuthError("JWSError JWSInvalidSignature");
  }
  if (!isJsonObject(claims)) throw new AuthError("JWSError JWSInvalidSignature");
  const role = claims.role;
  // A user's token must say when it expires; the project's fixed keys carry an expiry too (2050).
  if (claims.exp !== undefined && typeof claims.exp !== "number") throw new AuthError("JWT exp claim is not a number");
  if (role === "authenticated" && typeof claims.exp !== "number") throw new AuthError("JWT has no exp claim");
  if (typeof claims.exp === "number" && claims.exp < now) throw new AuthError("JWT expired");
  if (typeof role !== "string" || !ROLES.has(role)) throw new AuthError(`role "${String(role)}" does not exist`);
  if (role === "authenticated" && claims.aud !== "authenticated") throw new AuthError("JWT not in audience");
  return /** @type {Claims} */ (claims);
}

/**
 * The caller's token: the Bearer token when present, else the apikey.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @returns {string}
 */
export function tokenFromHeaders(headers) {
  const authorization = headers.authorization ?? "";
  const bearer = authorization.match(/^Bearer\s+(.+)$/i)?.[1];
  const apikey = headers.apikey;
  return bearer ?? (Array.isArray(apikey) ? apikey[0] : apikey) ?? "";
}
