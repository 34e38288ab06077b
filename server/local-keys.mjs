// @ts-check
/**
 * Development-only credentials of the embedded local backend.
 *
 * These are NOT secrets: like `supabase start`, the local backend signs its
 * keys with a fixed, published development secret so the local URL and anon
 * key can live in the repository. Never use them for a hosted project.
 */
import { createHmac } from "node:crypto";

/** HS256 secret the local backend verifies every key with. */
export const LOCAL_JWT_SECRET = "stagedoor-local-development-secret-not-for-production";

export const LOCAL_BACKEND_PORT = 54321;
export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_BACKEND_PORT}`;

/** @param {string} value */
const base64url = (value) => Buffer.from(value).toString("base64url");

/**
 * Signs a claims object as an HS256 JWT (the shape supabase-js sends).
 * @param {Record<string, unknown>} claims
 * @param {string} [secret]
 */
export function signJwt(claims, secret = LOCAL_JWT_SECRET) {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

// Fixed issue and expiry times keep the keys byte-identical between runs.
const issuedAt = 1735689600; // 2025-01-01
const expiresAt = 2524608000; // 2050-01-01

export const LOCAL_ANON_KEY = signJwt({ iss: "stagedoor-local", role: "anon", iat: issuedAt, exp: expiresAt });
export const LOCAL_SERVICE_ROLE_KEY = signJwt({
  iss: "stagedoor-local",
  role: "service_role",
  iat: issuedAt,
  exp: expiresAt,
});
