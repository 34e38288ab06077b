/**
 * The local backend's keys and tokens, signed and verified with `jose`: the published keys are the ones earlier
 * releases baked into builds, and a token that is forged, unsigned, signed with a key of another algorithm or
 * expired gets nowhere: not on REST, not on Auth, not on Realtime.
 */
import { generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { verifyJwt } from "./auth.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from "./local-keys.mjs";
import { type Backend, openRawSocket, until, withTeamBackend } from "./test-helpers";

/** The keys as published: `.env` files and builds made before the switch to jose carry these exact strings. */
const PUBLISHED_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdGFnZWRvb3ItbG9jYWwiLCJyb2xlIjoiYW5vbiIsImlhdCI6MTczNTY4OTYwMCwiZXhwIjoyNTI0NjA4MDAwfQ.9ikZH3x5aXvSOKzXF8nKFUhv1Uq95VZbGxUQ01UbEDo";
const PUBLISHED_SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdGFnZWRvb3ItbG9jYWwiLCJyb2xlIjoic2VydmljZV9yb2xlIiwiaWF0IjoxNzM1Njg5NjAwLCJleHAiOjI1MjQ2MDgwMDB9.bC_c5y21JwhX54VjfaggP8S2SDcTQZeiqkObPsAV3HU";

const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const teamClaims = () => ({
  role: "authenticated",
  aud: "authenticated",
  sub: crypto.randomUUID(),
  app_metadata: { team: "stagedoor" },
  exp: now() + 600,
});

/** Tokens nobody without the secret could make, or that have run out: each is refused everywhere. */
async function badTokens(): Promise<Record<string, string>> {
  const claims = teamClaims();
  return {
    forged: await signJwt(claims, "a-guessed-secret"),
    unsigned: `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`,
    "unsigned with a signature": `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.${"A".repeat(43)}`,
    "another algorithm": await new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", typ: "JWT" })
      .sign((await generateKeyPair("ES256")).privateKey),
    expired: await signJwt({ ...claims, exp: now() - 60 }),
    "payload swapped": (await signJwt(claims)).replace(
      /\.[^.]+\./,
      `.${base64url({ ...claims, role: "service_role" })}.`,
    ),
  };
}

describe("the published keys", () => {
  it("are signed by jose byte for byte as before, and verify", async () => {
    expect(LOCAL_ANON_KEY).toBe(PUBLISHED_ANON_KEY);
    expect(LOCAL_SERVICE_ROLE_KEY).toBe(PUBLISHED_SERVICE_ROLE_KEY);
    expect(await verifyJwt(LOCAL_ANON_KEY)).toEqual({
      iss: "stagedoor-local",
      role: "anon",
      iat: 1735689600,
      exp: 2524608000,
    });
    expect((await verifyJwt(LOCAL_SERVICE_ROLE_KEY)).role).toBe("service_role");
  });
});

describe("verifying a token", () => {
  it("returns the claims of a token signed with the secret", async () => {
    const claims = teamClaims();
    expect(await verifyJwt(await signJwt(claims))).toEqual(claims);
  });

  it("refuses forged, unsigned, other-algorithm, expired and tampered tokens, saying why", async () => {
    const reasons = Object.fromEntries(
      await Promise.all(
        Object.entries(await badTokens()).map(async ([name, token]) => [
          name,
          await verifyJwt(token).then(
            () => "taken",
            (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
          ),
        ]),
      ),
    );
    expect(reasons).toEqual({
      forged: "PGRST301: JWSError JWSInvalidSignature",
      unsigned: "PGRST301: JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts)",
      "unsigned with a signature": "PGRST301: JWSError JWSInvalidSignature",
      "another algorithm": "PGRST301: JWSError JWSInvalidSignature",
      expired: "PGRST301: JWT expired",
      "payload swapped": "PGRST301: JWSError JWSInvalidSignature",
    });
  });

  it("refuses an exp that is not a number, a padded signature and a role the project does not have", async () => {
    const claims = teamClaims();
    await expect(verifyJwt(await signJwt({ ...claims, exp: String(now() + 600) }))).rejects.toThrow(/exp/);
    await expect(verifyJwt(`${await signJwt(claims)}=`)).rejects.toThrow(/CompactDecodeError/);
    await expect(verifyJwt(await signJwt({ ...claims, role: "postgres" }))).rejects.toThrow(
      'role "postgres" does not exist',
    );
    await expect(verifyJwt("")).rejects.toThrow(/No JWT/);
  });
});

describe("bad tokens on the wire", () => {
  let backend: Backend;
  withTeamBackend((started) => (backend = started));

  it("get 401 PGRST301 from REST, 403 bad_jwt from Auth and an error from a realtime join", async () => {
    const socket = openRawSocket(backend.url);
    await new Promise((resolve) => socket.once("open", resolve));
    const replies: Array<[string, string, string, string, { status: string }]> = [];
    socket.on("message", (data) => replies.push(JSON.parse(data.toString())));
    const tokens = Object.values(await badTokens());
    for (const [index, token] of tokens.entries()) {
      const rest = await fetch(`${backend.url}/rest/v1/calendar_events?select=id`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect([rest.status, (await rest.json()).code]).toEqual([401, "PGRST301"]);
      const auth = await fetch(`${backend.url}/auth/v1/user`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}`, "X-Supabase-Api-Version": "2024-01-01" },
      });
      expect([auth.status, (await auth.json()).code]).toEqual([403, "bad_jwt"]);
      socket.send(
        JSON.stringify([
          `${index}`,
          `${index}`,
          `realtime:bad-${index}`,
          "phx_join",
          { config: {}, access_token: token },
        ]),
      );
    }
    await until(() => replies.length === tokens.length, "a reply to every join");
    expect(replies.map((reply) => reply[4].status)).toEqual(tokens.map(() => "error"));
    socket.terminate();
  });
});
