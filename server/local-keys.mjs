// @ts-check
/**
 * Development-only credentials of the embedded local backend.
 *
 * These are NOT secrets: like `supabase start`, the local backend signs its
 * keys with a fixed, published development secret so the local URL and anon
 * key can live in the repository. Never use them for a hosted project.
 */
import { SignJWT } from "jose";

/** HS256 secret the local backend verifies every key with. */
export const LOCAL_JWT_SECRET = "stagedoor-local-development-secret-not-for-production";

export const LOCAL_BACKEND_PORT = 54321;
export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_BACKEND_PORT}`;

/**
 * Where the tests' backend answers: the one the journeys start, which the build they browse calls. Beside `npm
 * start`'s, never on it: `npm test` runs while `npm start` serves the site, and its build never reads the shows of
 * the backend `npm start` keeps (a gig added by hand would change the tour the journeys check).
 */
export const TEST_SUPABASE_URL = "http://127.0.0.1:54320";

/**
 * Where the local backend answers as `env` sets it: on BACKEND_PORT when that is a port (as `npm start` and
 * `npm run backend` start it there), else on the default. The build and the owner's tools read the same, so a
 * build beside a backend on another port reads that backend, never one of the default port's.
 * @param {Record<string, string | undefined>} [env]
 */
export function localSupabaseUrl(env = process.env) {
  const port = Number(env.BACKEND_PORT);
  return Number.isInteger(port) && port > 0 && port < 65_536 ? `http://127.0.0.1:${port}` : LOCAL_SUPABASE_URL;
}

/** @type {Map<string, Promise<CryptoKey>>} */
const keys = new Map();

/**
 * The HMAC key for an HS256 secret, imported once per secret (every request verifies a token with it).
 * @param {string} secret
 * @returns {Promise<CryptoKey>}
 */
export function jwtKey(secret) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Signs a claims object as an HS256 JWT with the header GoTrue and `supabase start` use, `{alg, typ}` in that
 * order, so the same claims give the same token byte for byte.
 * @param {Record<string, unknown>} claims
 * @param {string} [secret]
 * @returns {Promise<string>}
 */
export async function signJwt(claims, secret = LOCAL_JWT_SECRET) {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(await jwtKey(secret));
}

// Fixed issue and expiry times keep the keys byte-identical between runs (and with earlier releases).
const issuedAt = 1735689600; // 2025-01-01
const expiresAt = 2524608000; // 2050-01-01

export const LOCAL_ANON_KEY = await signJwt({ iss: "stagedoor-local", role: "anon", iat: issuedAt, exp: expiresAt });
export const LOCAL_SERVICE_ROLE_KEY = await signJwt({
  iss: "stagedoor-local",
  role: "service_role",
  iat: issuedAt,
  exp: expiresAt,
});
