/**
 * What a team session (or a caller with the anon key) can do to the shared account and its sessions, as on a
 * hosted project: it may set a new password, which ends the account's other sessions; what would need an
 * e-mail (a new address, reauthentication) is refused as not served locally; refreshing twice at once ends
 * nothing; malformed input gets a 4xx, and tokens are read as PostgREST reads them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import { backendOptions, teamFromEnv } from "./run.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from "./local-keys.mjs";
import { DEV_TEAM_PASSWORD } from "./team-account.mjs";
import { type Backend, client, closeClients, freshBackend, openRawSocket, signedIn, TEAM, until } from "./test-helpers";

/**
 * The interval in which a used refresh token still answers with the session's current one: GoTrue's is 10 s, this
 * file's short, so a test can outwait it; long enough that the exchanges meant to fall within it do on a busy
 * machine (a second, made patient).
 */
const REUSE_SECONDS = Math.ceil(patient(1_000) / 1_000);

let backend: Backend;
beforeAll(async () => {
  backend = await freshBackend({ refreshTokenReuseSeconds: REUSE_SECONDS });
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

describe("user_metadata, taken as GoTrue takes it, and cleared on the team account at start", () => {
  it("takes 27 KB of user_metadata, as a hosted project does (nothing there is trusted)", async () => {
    const { team } = await teamToken();
    const { data, error } = await team.auth.updateUser({ data: { blob: "x".repeat(27_000) } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.blob).toHaveLength(27_000);
    // Keys set to null are removed, as GoTrue's shallow merge does; the rest stay.
    const merged = await team.auth.updateUser({ data: { blob: null, nickname: "Orla" } });
    expect(merged.data.user?.user_metadata).toEqual({ nickname: "Orla" });
  });

  it(
    "clears the team account's user_metadata when the backend starts",
    async () => {
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
    },
    patient(90_000),
  );
});

describe("a new password set from a team session", () => {
  let own: Backend;
  beforeAll(async () => {
    own = await freshBackend();
  });
  afterAll(async () => {
    await own.close();
  });

  it("takes it as a hosted project does: this session goes on, every other session of the account ends", async () => {
    const changing = await signedIn(own.url, { autoRefreshToken: false });
    const other = await signedIn(own.url);
    const otherSession = (await other.auth.getSession()).data.session!;
    const events: string[] = [];
    changing.auth.onAuthStateChange((name) => void events.push(name));
    const otherEvents: string[] = [];
    other.auth.onAuthStateChange((name) => void otherEvents.push(name));

    const { data, error } = await changing.auth.updateUser({ password: "a-new-team-password" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(TEAM.email);
    await until(() => events.includes("USER_UPDATED"), "USER_UPDATED");

    // The session that set it goes on: it reads, and its refresh token still turns.
    expect((await changing.auth.getUser()).error).toBeNull();
    expect((await changing.from("calendar_events").select("id")).status).toBe(200);
    expect((await changing.auth.refreshSession()).error).toBeNull();

    // Every other session has ended: its refresh token is gone, and Auth signs its client out.
    expect(await refresh(otherSession.refresh_token, own.url)).toMatchObject({
      status: 400,
      body: { code: "refresh_token_not_found" },
    });
    const check = await other.auth.getUser();
    expect(check.error).toMatchObject({ name: "AuthSessionMissingError" });
    await until(() => otherEvents.includes("SIGNED_OUT"), "SIGNED_OUT on the other session");

    // The old password opens nothing; the new one does.
    const old = await client(own.url).auth.signInWithPassword(TEAM);
    expect(old.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    await signedIn(own.url, { password: "a-new-team-password" });
  });

  it("refuses the same password again, one too short and one too long, as GoTrue does", async () => {
    const team = await signedIn(own.url, { password: "a-new-team-password" });
    const same = await team.auth.updateUser({ password: "a-new-team-password" });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
    expect(same.error?.message).toBe("New password should be different from the old password.");
    const short = await team.auth.updateUser({ password: "12345" });
    expect(short.error).toMatchObject({ name: "AuthWeakPasswordError", status: 422, code: "weak_password" });
    // 40 characters, 80 bytes: GoTrue counts bytes, up to bcrypt's 72.
    const long = await team.auth.updateUser({ password: "é".repeat(40) });
    expect(long.error).toMatchObject({ status: 400, code: "validation_failed" });
    expect((await team.auth.getUser()).error).toBeNull();
  });

  it("refuses what needs an e-mail sent, a new address or reauthentication, as not served locally", async () => {
    const team = await signedIn(own.url, { password: "a-new-team-password" });
    const email = await team.auth.updateUser({ email: "mine@example.com" });
    expect(email.error).toMatchObject({ status: 422, code: "not_served_locally" });
    expect(email.error?.message).toMatch(/^Changing the e-mail address .* is not served by the local backend/);
    expect((await team.auth.getUser()).data.user?.email).toBe(TEAM.email);
    const phone = await team.auth.updateUser({ phone: "+353851234567" });
    expect(phone.error).toMatchObject({ status: 422, code: "not_served_locally" });
    const reauthenticate = await team.auth.reauthenticate();
    expect(reauthenticate.error).toMatchObject({ status: 422, code: "not_served_locally" });
    expect(reauthenticate.error?.message).toMatch(/^\/auth\/v1\/reauthenticate .* is not served by the local backend/);
    // The same address as now changes nothing and is no e-mail change.
    expect((await team.auth.updateUser({ email: TEAM.email })).error).toBeNull();
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
    await new Promise((resolve) => setTimeout(resolve, REUSE_SECONDS * 1_000 + 300));
    const reused = await refresh(session.refresh_token);
    expect(reused).toMatchObject({ status: 400, body: { code: "refresh_token_already_used" } });
    expect((await refresh(rotated.body.refresh_token)).body.code).toBe("refresh_token_not_found");
  });
});

describe("malformed auth input gets 400, never 500", () => {
  it("refuses NUL (the database cannot store it) and stores an unpaired surrogate as U+FFFD, as GoTrue does", async () => {
    const signIn = await authCall("/token?grant_type=password", {
      method: "POST",
      body: '{"email":"a\\u0000@b.cc","password":"x"}',
    });
    expect(signIn).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    const { token } = await teamToken();
    const put = (body: string) =>
      authCall("/user", { method: "PUT", headers: { Authorization: `Bearer ${token}` }, body });
    for (const body of ['{"data":{"a":"x\\u0000y"}}', '{"data":{"\\u0000":1}}']) {
      const result = await put(body);
      expect(result.status, body).toBe(400);
      expect(result.body.code).toBe("validation_failed");
    }
    const lone = await put('{"data":{"a":"\\ud800","\\udc00b":"x"}}');
    expect(lone.status).toBe(200);
    expect(lone.body.user_metadata).toMatchObject({ a: "\ufffd", "\ufffdb": "x" });
    const paired = await put('{"data":{"emoji":"\\ud83c\\udfb8"}}');
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
    await until(() => replies.length === 1, "the reply");
    expect(replies[0][4].status).toBe("error");
    socket.terminate();
  });
});

describe("the team password in production", () => {
  it("refuses the development password and passwords under 12 characters", () => {
    expect(() => teamFromEnv({ NODE_ENV: "production" })).toThrow(/TEAM_PASSWORD is not set/);
    expect(() => teamFromEnv({ NODE_ENV: "production", TEAM_PASSWORD: DEV_TEAM_PASSWORD })).toThrow(
      /development password/,
    );
    expect(() => teamFromEnv({ NODE_ENV: "production", TEAM_PASSWORD: "short-pass1" })).toThrow(
      /shorter than 12 characters/,
    );
    expect(teamFromEnv({ NODE_ENV: "production", TEAM_PASSWORD: "a-long-team-password" }).password).toBe(
      "a-long-team-password",
    );
    expect(backendOptions({ env: {} }).team.password).toBe(DEV_TEAM_PASSWORD);
  });

  it("still reads the password under its old name, CALENDAR_PASSWORD, and warns that the name is old", () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    const env = { NODE_ENV: "production", CALENDAR_PASSWORD: "an-older-team-password" };
    expect(teamFromEnv(env, warn).password).toBe("an-older-team-password");
    expect(warnings).toEqual([expect.stringMatching(/CALENDAR_PASSWORD is the old name of TEAM_PASSWORD/)]);
    // The new name wins, and then nothing is said.
    expect(teamFromEnv({ ...env, TEAM_PASSWORD: "the-team-password-now" }, warn).password).toBe(
      "the-team-password-now",
    );
    expect(warnings).toHaveLength(1);
    expect(() => teamFromEnv({ NODE_ENV: "production", CALENDAR_PASSWORD: "short-pass1" }, warn)).toThrow(
      /shorter than 12 characters/,
    );
  });
});
