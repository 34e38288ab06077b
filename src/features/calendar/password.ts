/**
 * The calendar's shared-password check. The build ships only a random salt
 * and a PBKDF2-SHA-256 hash; the browser derives the same hash from what was
 * typed (Web Crypto) and compares. The password itself never ships.
 */

export const PASSWORD_ITERATIONS = 100_000;

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** PBKDF2-SHA-256 of `password` with `salt`, as hex. Same result in Node and browsers. */
export async function hashPassword(password: string, salt: string, iterations = PASSWORD_ITERATIONS): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: encoder.encode(salt), iterations },
    key,
    256,
  );
  return toHex(bits);
}

/** Compares in constant time with respect to the content of the hashes. */
export async function passwordMatches(candidate: string, salt: string, expectedHash: string): Promise<boolean> {
  const actual = await hashPassword(candidate, salt);
  if (actual.length !== expectedHash.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i += 1) difference |= actual.charCodeAt(i) ^ expectedHash.charCodeAt(i);
  return difference === 0;
}
