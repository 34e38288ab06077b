// @ts-check
/**
 * Password hashing for the local Auth server: scrypt from Node's crypto, a random salt per password, the
 * parameters stored beside the hash so they can be raised later, and a constant-time comparison.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 32;
// N = 2^14 with r = 8 (16 MiB, tens of milliseconds per attempt) costs about what GoTrue's bcrypt cost 10
// does: cheap for one sign-in, costly for an offline guesser. maxmem must allow 128 * N * r bytes.
const PARAMS = { N: 2 ** 14, r: 8, p: 1 };
const MAX_MEMORY = 64 * 1024 * 1024;

/**
 * Node's scrypt as a promise.
 * @param {string} password
 * @param {Buffer} salt
 * @param {number} keyLength
 * @param {{ N: number, r: number, p: number }} params
 * @returns {Promise<Buffer>}
 */
function scrypt(password, salt, keyLength, params) {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Returns `scrypt$N$r$p$salt$hash` (base64url parts) for `password`.
 * @param {string} password
 */
export async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = await scrypt(String(password).normalize("NFC"), salt, KEY_LENGTH, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

// Compared against when there is no stored hash, so an unknown e-mail costs as long as a wrong password.
const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString("base64url")}$${Buffer.alloc(KEY_LENGTH).toString("base64url")}`;

/**
 * True when `password` matches `stored`; false for no stored hash (after the same work).
 * @param {string} password
 * @param {string | null | undefined} stored
 */
export async function verifyPassword(password, stored) {
  const parts = String(stored ?? DUMMY_HASH).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, N, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, "base64url");
  const key = await scrypt(String(password).normalize("NFC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return stored != null && key.length === expected.length && timingSafeEqual(key, expected);
}
