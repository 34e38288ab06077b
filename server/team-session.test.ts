/**
 * What a team session (or a caller with the anon key) can do to the shared account and its sessions: it
 * may not make every token too big to send, change the shared password or e-mail, or end a session by
 * refreshing it twice at once; malformed input gets a 4xx, and tokens are read strictly.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendOptions, teamFromEnv } from "./run.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from "./local-keys.mjs";
import { DEV_TEAM_PASSWORD } from "./team-account.mjs";
import { type Backend, client, closeClients, freshBackend, openRawSocket, signedIn, TEAM, until } from "./test-helpers";

let backend: Backend;
beforeAll(async () => {
  backend = await freshBackend({ refreshTokenReuseSeconds: 1 });
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

async function authCall(path: string, init: RequestInit = {}, url = backend.url) {
  const response = await fetch(`${url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${LOCAL_ANON_KEY}`,
      "Content-Type": "application/json;charset=UTF-8",
      "X-Supabase-Api-Version": "2024-01-01",
      ...(init.headers ?? {}),
    },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const refresh = (token: string, url = backend.url) =>
  authCall("/token?grant_type=refresh_token", { method: "POST", body: JSON.stringify({ refresh_token: token }) }, url);

const sessionOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()).session_id;

async function teamToken() {
  const team = await signedIn(backend.url);
  return { team, token: (await team.auth.getSession()).data.session!.access_token };
}

describe("user_metadata is bounded, and cleared on the team account at start", () => {
  it("refuses 27 KB of user_metadata with 422 validation_failed, and keeps tokens small", async () => {
    const { team } = await teamToken();
    const { error } = await team.auth.updateUser({ data: { blob: "x".repeat(27_000) } });
    expect(error).toMatchObject({ status: 422, code: "validation_failed" });
    const small = await team.auth.updateUser({ data: { nickname: "Orla" } });
    expect(small.error).toBeNull();
    // Many small keys add up as well.
    for (let i = 0; i < 3; i++) {
      const data = Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`k${i}-${k}`, "y".repeat(30)]));
      await team.auth.updateUser({ data });
    }
    const last = await team.auth.updateUser({
      data: Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`z${k}`, "y".repeat(60)])),
    });
    expect(last.error).toMatchObject({ status: 422, code: "validation_failed" });
    const { data } = await team.from("calendar_events").select("id");
    expect(data).toEqual([]);
    const size = (await team.auth.getSession()).data.session!.access_token.length;
    expect(size).toBeLessThan(8_000);
  });

  it("clears the team account's user_metadata when the backend starts", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "stagedoor-metadata-"));
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    try {
      const first = await freshBackend({ dataDir, log });
      try {
        const team = await signedIn(first.url);
        expect((await team.auth.updateUser({ data: { scribble: "x".repeat(3000) } })).error).toBeNull();
      } finally {
        await first.close();
      }
      const second = await freshBackend({ dataDir, log });
      try {
        expect(lines.filter((line) => line.startsWith("team account"))).toEqual([
          `team account ${TEAM.email}: created`,
          `team account ${TEAM.email}: unchanged, user_metadata cleared`,
        ]);
        const { data } = await (await signedIn(second.url)).auth.getUser();
        expect(data.user?.user_metadata).toEqual({});
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("the team account's password and e-mail", () => {
  it("cannot be changed from a team session (403 not_admin), only by the service role", async () => {
    const { team, token } = await teamToken();
    const { error } = await team.auth.updateUser({ password: "someone-elses-password" });
    expect(error).toMatchObject({ status: 403, code: "not_admin" });
    expect(error?.message).toMatch(/team account's password and e-mail are set by the project owner/);
    const email = await authCall("/user", {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: "mine@example.com" }),
    });
    expect(email).toMatchObject({ status: 403, body: { code: "not_admin" } });
    // The password still works, and the session too.
    expect((await client(backend.url).auth.signInWithPassword(TEAM)).error).toBeNull();
    expect((await team.auth.getUser()).error).toBeNull();
    // Another account (no team mark) may still change its own password.
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin;
    const created = await admin.createUser({
      email: "solo@example.com",
      password: "solo-password",
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const solo = await signedIn(backend.url, { email: "solo@example.com", password: "solo-password" });
    expect((await solo.auth.updateUser({ password: "solo-password-2" })).error).toBeNull();
  });
});

describe("two refreshes with the same token", () => {
  it("both succeed with the same session, which stays alive", async () => {
    const team = await signedIn(backend.url);
    const session = (await team.auth.getSession()).data.session!;
    const [one, two] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.refresh_token).toBe(two.body.refresh_token);
    expect(sessionOf(one.body.access_token)).toBe(sessionOf(session.access_token));
    expect(sessionOf(two.body.access_token)).toBe(sessionOf(session.access_token));
    const user = await authCall("/user", { headers: { Authorization: `Bearer ${two.body.access_token}` } });
    expect(user.status).toBe(200);
    const onward = await refresh(two.body.refresh_token);
    expect(onward.status).toBe(200);
    // Presented again within the interval after two rotations: the session's current token.
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(onward.body.refresh_token);
  });

  it("refuses a used token after the reuse interval and ends its session", async () => {
    const team = await signedIn(backend.url);
    const session = (await team.auth.getSession()).data.session!;
    const rotated = await refresh(session.refresh_token);
    expect(rotated.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const reused = await refresh(session.refresh_token);
    expect(reused).toMatchObject({ status: 400, body: { code: "refresh_token_already_used" } });
    expect((await refresh(rotated.body.refresh_token)).body.code).toBe("refresh_token_not_found");
  });
});

describe("malformed auth input gets 400, never 500", () => {
  it("refuses NUL, unpaired surrogates and NUL keys", async () => {
    const signIn = await authCall("/token?grant_type=password", {
      method: "POST",
      body: '{"email":"a\\u0000@b.cc","password":"x"}',
    });
    expect(signIn).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    const { token } = await teamToken();
    for (const body of [
      '{"data":{"a":"x\\u0000y"}}',
      '{"data":{"a":"\\ud800"}}',
      '{"data":{"\\u0000":1}}',
      '{"data":{"b":"\\udc00x"}}',
    ]) {
      const result = await authCall("/user", { method: "PUT", headers: { Authorization: `Bearer ${token}` }, body });
      expect(result.status, body).toBe(400);
      expect(result.body.code).toBe("validation_failed");
    }
    const paired = await authCall("/user", {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: '{"data":{"emoji":"\\ud83c\\udfb8"}}',
    });
    expect(paired.status).toBe(200);
    expect(paired.body.user_metadata.emoji).toBe("🎸");
  });

  it("refuses a ban longer than Go's durations allow", async () => {
    const result = await authCall("/admin/users", {
      method: "POST",
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
      body: JSON.stringify({
        email: "banned@example.com",
        password: "banned-pass",
        ban_duration: "99999999999999999999h",
      }),
    });
    expect(result).toMatchObject({ status: 400, body: { code: "validation_failed" } });
  });
});

describe("tokens are read as PostgREST reads them", () => {
  const soon = () => Math.floor(Date.now() / 1000) + 600;
  /** Whether the backend takes the token (its role's grants then decide) or refuses it as a JWT (401 PGRST301). */
  const restStatus = async (token: string) => {
    const response = await fetch(`${backend.url}/rest/v1/contacts?select=id`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` },
    });
    const { code } = response.status === 200 ? { code: null } : await response.json();
    return code === "PGRST301" ? "refused" : "taken";
  };
  const user = { role: "authenticated", aud: "authenticated", sub: crypto.randomUUID() };

  it("refuses an exp that is not a number and a padded signature", async () => {
    for (const token of [
      await signJwt({ ...user, exp: String(soon()) }),
      await signJwt({ ...user, exp: null }),
      await signJwt({ role: "anon", exp: "2050" }),
      `${await signJwt({ ...user, exp: soon() })}=`,
    ]) {
      expect(await restStatus(token), token).toBe("refused");
    }
  });

  it("takes a token signed with the secret whatever its audience, and without an exp, as a hosted project does", async () => {
    for (const token of [
      await signJwt({ ...user, exp: soon() }),
      await signJwt(user),
      await signJwt({ ...user, aud: "someone-else", exp: soon() }),
      await signJwt({ ...user, aud: ["authenticated"], exp: soon() }),
      LOCAL_ANON_KEY,
      LOCAL_SERVICE_ROLE_KEY,
    ]) {
      expect(await restStatus(token), token).toBe("taken");
    }
  });

  it("refuses such tokens on realtime joins too", async () => {
    const socket = openRawSocket(backend.url);
    await new Promise((resolve) => socket.once("open", resolve));
    const replies: Array<[string, string, string, string, { status: string }]> = [];
    socket.on("message", (data) => replies.push(JSON.parse(data.toString())));
    const bad = await signJwt({ ...user, exp: String(soon()) });
    socket.send(JSON.stringify(["1", "1", "realtime:x", "phx_join", { config: {}, access_token: bad }]));
    await until(() => replies.length === 1, 3000, "the reply");
    expect(replies[0][4].status).toBe("error");
    socket.terminate();
  });
});

describe("the team password in production", () => {
  it("refuses the development password and passwords under 12 characters", () => {
    expect(() => teamFromEnv({ NODE_ENV: "production" })).toThrow(/CALENDAR_PASSWORD is not set/);
    expect(() => teamFromEnv({ NODE_ENV: "production", CALENDAR_PASSWORD: DEV_TEAM_PASSWORD })).toThrow(
      /development password/,
    );
    expect(() => teamFromEnv({ NODE_ENV: "production", CALENDAR_PASSWORD: "short-pass1" })).toThrow(
      /shorter than 12 characters/,
    );
    expect(teamFromEnv({ NODE_ENV: "production", CALENDAR_PASSWORD: "a-long-team-password" }).password).toBe(
      "a-long-team-password",
    );
    expect(backendOptions({ env: {} }).team.password).toBe(DEV_TEAM_PASSWORD);
  });
});
