/** Verifies the HS256 keys clients send and turns them into a database role. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { LOCAL_JWT_SECRET } from "./local-keys.mjs";

export const ROLES = new Set(["anon", "authenticated", "service_role"]);

export class AuthError extends Error {
  constructor(message) {
    super(message);
    this.code = "PGRST301";
  }
}

function decodePart(part) {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
}

/** Returns the verified claims of `token`, or throws AuthError saying why not. */
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
  if (header?.alg !== "HS256") throw new AuthError("JWSError JWSInvalidSignature");
  const expected = createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AuthError("JWSError JWSInvalidSignature");
  }
  if (typeof claims?.exp === "number" && claims.exp < now) throw new AuthError("JWT expired");
  const role = claims?.role;
  if (!ROLES.has(role)) throw new AuthError(`role "${String(role)}" does not exist`);
  return claims;
}

/** The caller's token: the Bearer token when present, else the apikey. */
export function tokenFromHeaders(headers) {
  const authorization = headers.authorization ?? "";
  const bearer = authorization.match(/^Bearer\s+(.+)$/i)?.[1];
  return bearer ?? headers.apikey ?? "";
}
