import type { AuthChangeEvent } from "@supabase/supabase-js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { TEAM_APP_METADATA } from "./team-account.mjs";
import { type Backend, client, event, freshBackend, signedIn, TEAM, until, withBackend } from "./test-helpers";

let backend: Backend;
withBackend((started) => (backend = started));

const decode = (jwt: string) =>
  jwt
    .split(".")
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")));

/** A raw /auth/v1 call with the anon key, as auth-js makes it (or without the API version header). */
async function authCall(path: string, init: RequestInit & { legacy?: boolean } = {}) {
  const { legacy, ...rest } = init;
  const response = await fetch(`${backend.url}/auth/v1${path}`, {
    ...rest,
    headers: {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${LOCAL_ANON_KEY}`,
      "Content-Type": "application/json;charset=UTF-8",
      ...(legacy ? {} : { "X-Supabase-Api-Version": "2024-01-01" }),
      ...(rest.headers ?? {}),
    },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

function admin() {
  return client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin;
}

describe("password sign-in, as supabase-js sees it", () => {
  it("signs the team in with a session and GoTrue's access-token claims", async () => {
    const supabase = client(backend.url);
    const { data, error } = await supabase.auth.signInWithPassword(TEAM);
    expect(error).toBeNull();
    const session = data.session!;
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(data.user).toMatchObject({
      email: TEAM.email,
      aud: "authenticated",
      role: "authenticated",
      phone: "",
      is_anonymous: false,
      app_metadata: { ...TEAM_APP_METADATA, provider: "email", providers: ["email"] },
      user_metadata: {},
    });
    expect(data.user?.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [header, claims] = decode(session.access_token);
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(Object.keys(claims).sort()).toEqual(
      [
        "iss",
        "sub",
        "aud",
        "exp",
        "iat",
        "email",
        "phone",
        "app_metadata",
        "user_metadata",
        "role",
        "aal",
        "amr",
        "session_id",
        "is_anonymous",
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: data.user?.id,
      aud: "authenticated",
      email: TEAM.email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
      app_metadata: { team: "stagedoor" },
    });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it("answers a wrong password and an unknown e-mail alike: AuthApiError 400 invalid_credentials", async () => {
    const supabase = client(backend.url);
    for (const attempt of [
      { email: TEAM.email, password: "not-the-password" },
      { email: "nobody@orlaquinlan.example", password: TEAM.password },
    ]) {
      const { data, error } = await supabase.auth.signInWithPassword(attempt);
      expect(data).toEqual({ user: null, session: null });
      expect(error).toMatchObject({
        name: "AuthApiError",
        status: 400,
        code: "invalid_credentials",
        message: "Invalid login credentials",
      });
    }
  });

  it("sends {code,message} with X-Supabase-Api-Version, exposed to the site's origin, and the legacy body without it", async () => {
    const attempt = JSON.stringify({ email: TEAM.email, password: "wrong-password" });
    const current = await authCall("/token?grant_type=password", {
      method: "POST",
      body: attempt,
      headers: { Origin: "http://localhost:4321" },
    });
    expect(current.status).toBe(400);
    expect(current.body).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
    expect(current.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(current.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
    const legacy = await authCall("/token?grant_type=password", { method: "POST", body: attempt, legacy: true });
    expect(legacy.body).toEqual({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
    expect(legacy.headers.get("x-sb-error-code")).toBe("invalid_credentials");
  });

  it("refuses an unknown grant, a body that is not JSON, and a call without the project's key", async () => {
    const grant = await authCall("/token?grant_type=telepathy", { method: "POST", body: "{}" });
    expect(grant).toMatchObject({
      status: 400,
      body: { code: "invalid_credentials", message: "unsupported_grant_type" },
    });
    const broken = await authCall("/token?grant_type=password", { method: "POST", body: '{"email":' });
    expect(broken).toMatchObject({ status: 400, body: { code: "bad_json" } });
    // A field that is not text, whatever it holds, is JSON GoTrue cannot read: said, never a failure of ours.
    for (const password of [{ toString: 1 }, ["x"], 12345678, true]) {
      const body = JSON.stringify({ email: TEAM.email, password });
      const odd = await authCall("/token?grant_type=password", { method: "POST", body });
      expect(odd, JSON.stringify(password)).toMatchObject({ status: 400, body: { code: "bad_json" } });
    }
    const oddEmail = JSON.stringify({ email: { $ne: "" }, password: TEAM.password });
    expect(await authCall("/token?grant_type=password", { method: "POST", body: oddEmail })).toMatchObject({
      status: 400,
      body: {
        code: "bad_json",
        message:
          "Could not parse request body as JSON: json: cannot unmarshal object into Go struct field " +
          "PasswordGrantParams.email of type string",
      },
    });
    const keyless = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, { method: "POST", body: "{}" });
    expect(keyless.status).toBe(401);
    const userToken = (await signedIn(backend.url)).auth;
    const { data } = await userToken.getSession();
    const asKey = await authCall("/settings", { headers: { apikey: data.session!.access_token } });
    expect(asKey.status).toBe(401);
  });

  it("refuses sign-ups and anonymous sign-ins with 422 signup_disabled, and says so in /settings", async () => {
    const supabase = client(backend.url);
    const signUp = await supabase.auth.signUp({ email: "fan@example.com", password: "a-long-password" });
    expect(signUp.error).toMatchObject({ name: "AuthApiError", status: 422, code: "signup_disabled" });
    const anonymous = await supabase.auth.signInAnonymously();
    expect(anonymous.error).toMatchObject({ status: 422, code: "signup_disabled" });
    const { data } = await admin().listUsers();
    expect(data.users.map((user) => user.email)).not.toContain("fan@example.com");
    const settings = await authCall("/settings");
    expect(settings.body).toMatchObject({ disable_signup: true, external: { email: true, anonymous_users: false } });
  });

  it("answers the endpoints that send or check e-mail and text messages with 422, naming them as not served locally", async () => {
    const body = JSON.stringify({ email: TEAM.email, type: "magiclink", token: "123456" });
    for (const [method, path] of [
      ["POST", "/otp"],
      ["POST", "/magiclink"],
      ["POST", "/recover"],
      ["POST", "/resend"],
      ["POST", "/verify"],
      ["GET", "/verify?token=123456&type=magiclink"],
      ["POST", "/invite"],
      ["POST", "/reauthenticate"],
      ["GET", "/reauthenticate"],
    ]) {
      const answer = await authCall(path, { method, body: method === "POST" ? body : undefined });
      const name = path.split("?")[0];
      expect(answer.status, path).toBe(422);
      expect(answer.body, path).toMatchObject({ code: "not_served_locally" });
      expect(answer.body.message, path).toMatch(
        new RegExp(`^/auth/v1${name} \\(.*\\) is not served by the local backend: it sends no e-mail or text message`),
      );
    }
    // As supabase-js reports them to whoever calls: an AuthApiError that says what happened.
    const supabase = client(backend.url);
    const link = await supabase.auth.signInWithOtp({ email: TEAM.email });
    expect(link.error).toMatchObject({ name: "AuthApiError", status: 422, code: "not_served_locally" });
    const reset = await supabase.auth.resetPasswordForEmail(TEAM.email);
    expect(reset.error?.message).toContain(
      "/auth/v1/recover (password-reset e-mails) is not served by the local backend",
    );
    // Whatever else a hosted project serves (MFA, single sign-on, other grants) is named as not served here.
    expect(await authCall("/factors", { method: "POST", body: "{}" })).toMatchObject({
      status: 404,
      body: { code: "not_served_locally", message: "POST /auth/v1/factors is not served by the local backend." },
    });
    for (const grant of ["pkce", "id_token", "web3"]) {
      const answer = await authCall(`/token?grant_type=${grant}`, { method: "POST", body: "{}" });
      expect(answer.status, grant).toBe(422);
      expect(answer.body.message, grant).toMatch(
        new RegExp(`^The ${grant} grant .* is not served by the local backend`),
      );
    }
  });
});

describe("sessions: refresh, sign-out, revocation", () => {
  it("rotates the refresh token; a used one returns the current token within the reuse interval", async () => {
    const supabase = await signedIn(backend.url);
    const first = (await supabase.auth.getSession()).data.session!;
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    expect(decode(data.session!.access_token)[1].session_id).toBe(decode(first.access_token)[1].session_id);

    // Within GoTrue's 10 s reuse interval (two tabs, a retry), the used token gets the session's current one.
    const reused = await authCall("/token?grant_type=refresh_token", {
      method: "POST",
      body: JSON.stringify({ refresh_token: first.refresh_token }),
    });
    expect(reused.status).toBe(200);
    expect(reused.body.refresh_token).toBe(data.session!.refresh_token);
    expect(decode(reused.body.access_token)[1].session_id).toBe(decode(first.access_token)[1].session_id);
    const next = await authCall("/token?grant_type=refresh_token", {
      method: "POST",
      body: JSON.stringify({ refresh_token: data.session!.refresh_token }),
    });
    expect(next.status).toBe(200);
    const unknown = await client(backend.url).auth.refreshSession({ refresh_token: "made-up" });
    expect(unknown.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });

  it("signs out with 204: SIGNED_OUT, the refresh token is gone, GET /user says session_not_found", async () => {
    const supabase = await signedIn(backend.url);
    const session = (await supabase.auth.getSession()).data.session!;
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((name) => void events.push(name));
    const logout = await authCall("/logout?scope=global", {
      method: "POST",
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(logout.status).toBe(204);
    const user = await authCall("/user", { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(user).toMatchObject({ status: 403, body: { code: "session_not_found" } });
    // The client finds out on its next getUser(): AuthSessionMissingError, then SIGNED_OUT.
    const { error } = await supabase.auth.getUser();
    expect(error).toMatchObject({ name: "AuthSessionMissingError" });
    await until(() => events.includes("SIGNED_OUT"), "SIGNED_OUT");
    const refresh = await authCall("/token?grant_type=refresh_token", {
      method: "POST",
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refresh.body.code).toBe("refresh_token_not_found");
    // Like hosted PostgREST, the REST API still takes the signed token until it expires.
    const rest = await fetch(`${backend.url}/rest/v1/calendar_events?select=id`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${session.access_token}` },
    });
    expect(rest.status).toBe(200);
  });

  it("signOut() from supabase-js ends only that session with scope local, and emits SIGNED_OUT", async () => {
    const one = await signedIn(backend.url);
    const two = await signedIn(backend.url);
    const events: AuthChangeEvent[] = [];
    one.auth.onAuthStateChange((name) => void events.push(name));
    expect((await one.auth.signOut({ scope: "local" })).error).toBeNull();
    expect(events).toContain("SIGNED_OUT");
    expect((await one.auth.getSession()).data.session).toBeNull();
    expect((await two.auth.getUser()).error).toBeNull();
    const bad = await authCall("/logout?scope=everyone", {
      method: "POST",
      headers: { Authorization: `Bearer ${(await two.auth.getSession()).data.session!.access_token}` },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: "validation_failed" } });
  });

  it("refuses GET /user without a token (401 no_authorization) and with a bad one (403 bad_jwt)", async () => {
    expect((await authCall("/user", { headers: { Authorization: "" } })).body.code).toBe("no_authorization");
    const forged = await authCall("/user", { headers: { Authorization: "Bearer a.b.c" } });
    expect(forged).toMatchObject({ status: 403, body: { code: "bad_jwt" } });
    expect((await authCall("/user")).body.code).toBe("bad_jwt"); // the anon key is no user
  });

  it("lets a user change user_metadata but not app_metadata (403 not_admin)", async () => {
    const supabase = await signedIn(backend.url);
    const { data, error } = await supabase.auth.updateUser({ data: { nickname: "Orla" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ nickname: "Orla" });
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    const refused = await authCall("/user", {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ app_metadata: { team: "someone-else" } }),
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: "not_admin", message: "Updating app_metadata requires admin privileges" },
    });
    await supabase.auth.updateUser({ data: { nickname: null } });
  });
});

describe("admin user endpoints, for the service role only", () => {
  it("creates, reads, lists, updates (shallow merge, null deletes) and deletes users", async () => {
    const created = await admin().createUser({
      email: "Crew@Orlaquinlan.example",
      password: "crew-password-1",
      email_confirm: true,
      app_metadata: { crew: "sound" },
      user_metadata: { name: "Crew" },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email: "crew@orlaquinlan.example",
      app_metadata: { provider: "email", providers: ["email"], crew: "sound" },
      user_metadata: { name: "Crew" },
    });
    const duplicate = await admin().createUser({ email: "crew@orlaquinlan.example", password: "another-one-2" });
    expect(duplicate.error).toMatchObject({ status: 422, code: "email_exists" });
    expect((await admin().getUserById(user.id)).data.user?.email).toBe("crew@orlaquinlan.example");

    const updated = await admin().updateUserById(user.id, {
      app_metadata: { crew: null, team: "stagedoor" },
      user_metadata: { phone: "none" },
    });
    expect(updated.data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"], team: "stagedoor" });
    expect(updated.data.user?.user_metadata).toEqual({ name: "Crew", phone: "none" });

    const list = await admin().listUsers({ page: 1, perPage: 1 });
    expect(list.data).toMatchObject({ total: 2, lastPage: 2, nextPage: 2 });
    expect(list.data.users).toHaveLength(1);

    expect((await admin().deleteUser(user.id)).error).toBeNull();
    expect((await admin().getUserById(user.id)).error).toMatchObject({ status: 404, code: "user_not_found" });
    const signIn = await client(backend.url).auth.signInWithPassword({
      email: "crew@orlaquinlan.example",
      password: "crew-password-1",
    });
    expect(signIn.error?.code).toBe("invalid_credentials");
  });

  it("refuses an unconfirmed e-mail, and a too-short password with weak_password", async () => {
    const { data } = await admin().createUser({ email: "unconfirmed@example.com", password: "long-enough-9" });
    const signIn = await client(backend.url).auth.signInWithPassword({
      email: "unconfirmed@example.com",
      password: "long-enough-9",
    });
    expect(signIn.error).toMatchObject({ status: 400, code: "email_not_confirmed" });
    const weak = await admin().createUser({ email: "weak@example.com", password: "123" });
    expect(weak.error).toMatchObject({ name: "AuthWeakPasswordError", status: 422, code: "weak_password" });
    // A field that is not text is JSON GoTrue cannot read, for the admin as for a sign-in: never a 500.
    const asAdmin = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
    for (const [method, path] of [
      ["PUT", `/admin/users/${data.user!.id}`],
      ["POST", "/admin/users"],
    ]) {
      const odd = await authCall(path, {
        method,
        headers: asAdmin,
        body: JSON.stringify({ email: "odd@example.com", ban_duration: { toString: 1 } }),
      });
      expect(odd, path).toMatchObject({ status: 400, body: { code: "bad_json" } });
    }
    const junkRefresh = await authCall("/token?grant_type=refresh_token", {
      method: "POST",
      body: JSON.stringify({ refresh_token: ["x"] }),
    });
    expect(junkRefresh).toMatchObject({ status: 400, body: { code: "bad_json" } });
    await admin().deleteUser(data.user!.id);
  });

  it("refuses the admin API to the anon key and to a user's token (403 not_admin)", async () => {
    const anon = client(backend.url).auth.admin;
    expect((await anon.listUsers()).error).toMatchObject({ status: 403, code: "not_admin" });
    const token = (await (await signedIn(backend.url)).auth.getSession()).data.session!.access_token;
    const asUser = await authCall("/admin/users", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: "intruder@example.com", password: "intruder-password", email_confirm: true }),
    });
    expect(asUser).toMatchObject({ status: 403, body: { code: "not_admin", message: "User not allowed" } });
  });

  it("ends every session of a user whose password the admin changes; getUser then signs the client out", async () => {
    const { data } = await admin().createUser({
      email: "rotate@example.com",
      password: "first-password",
      email_confirm: true,
    });
    const supabase = await signedIn(backend.url, { email: "rotate@example.com", password: "first-password" });
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((name) => void events.push(name));
    await admin().updateUserById(data.user!.id, { password: "second-password" });
    expect((await supabase.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    await until(() => events.includes("SIGNED_OUT"), "SIGNED_OUT");
    const old = await client(backend.url).auth.signInWithPassword({
      email: "rotate@example.com",
      password: "first-password",
    });
    expect(old.error?.code).toBe("invalid_credentials");
    await signedIn(backend.url, { email: "rotate@example.com", password: "second-password" });
    await admin().deleteUser(data.user!.id);
  });
});

describe("the /token rate limit", () => {
  it("answers 429 over_request_rate_limit once an address has used its burst, for every grant, whatever X-Forwarded-For says", async () => {
    const limited = await freshBackend({ authRateLimit: { burst: 5, refillPerSecond: 0.001 } });
    try {
      const supabase = client(limited.url);
      const signIn = await supabase.auth.signInWithPassword(TEAM);
      expect(signIn.error).toBeNull();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
          method: "POST",
          headers: {
            apikey: LOCAL_ANON_KEY,
            "Content-Type": "application/json",
            "X-Supabase-Api-Version": "2024-01-01",
            "X-Forwarded-For": `203.0.113.${i}`,
          },
          body: JSON.stringify({ email: TEAM.email, password: `guess-${i}` }),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(await response.json()).toEqual({
            code: "over_request_rate_limit",
            message: "Request rate limit reached",
          });
        }
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      const right = await client(limited.url).auth.signInWithPassword(TEAM);
      expect(right.error).toMatchObject({ name: "AuthApiError", status: 429, code: "over_request_rate_limit" });
      const refresh = await supabase.auth.refreshSession();
      expect(refresh.error).toMatchObject({ status: 429 });
      // Only /token is limited: the signed-in session keeps working.
      expect((await supabase.from("calendar_events").insert(event("Still here"))).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("the team account at start", () => {
  it(
    "is created once, takes a new password on the next start and then ends the old sessions",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "stagedoor-auth-"));
      const lines: string[] = [];
      const log = (line: string) => void lines.push(line);
      try {
        const first = await freshBackend({ dataDir, log });
        const before = await signedIn(first.url);
        const session = (await before.auth.getSession()).data.session!;
        await first.close();

        const second = await freshBackend({
          dataDir,
          log,
          team: { email: TEAM.email, password: "a-new-team-password" },
        });
        try {
          expect(lines.filter((line) => line.startsWith("team account"))).toEqual([
            `team account ${TEAM.email}: created`,
            `team account ${TEAM.email}: password changed`,
          ]);
          const reuse = await client(second.url).auth.refreshSession({ refresh_token: session.refresh_token });
          expect(reuse.error?.code).toBe("refresh_token_not_found");
          const old = await client(second.url).auth.signInWithPassword(TEAM);
          expect(old.error?.code).toBe("invalid_credentials");
          const now = await signedIn(second.url, { password: "a-new-team-password" });
          const { data } = await now.auth.getUser();
          expect(data.user?.app_metadata).toMatchObject(TEAM_APP_METADATA);
          const { data: users } = await client(second.url, LOCAL_SERVICE_ROLE_KEY).auth.admin.listUsers();
          expect(users.users).toHaveLength(1);
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

describe("auth.uid(), auth.role(), auth.email() and auth.jwt() in SQL", () => {
  // What a policy sees of each caller, read back through a function any role may call.
  beforeAll(async () => {
    await backend.db.exec(`
      create function public.who_am_i() returns jsonb language sql stable as $fn$
        select jsonb_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.email(),
                                  'team', auth.jwt() -> 'app_metadata' ->> 'team', 'db_role', current_user)
      $fn$;
      grant execute on function public.who_am_i() to anon, authenticated, service_role;
    `);
  });

  const whoAmI = async (key: string) => {
    const response = await fetch(`${backend.url}/rest/v1/rpc/who_am_i`, {
      method: "POST",
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(200);
    return response.json();
  };

  it("read the signed-in user's claims: its id, the authenticated role, its e-mail and the team mark", async () => {
    const team = await signedIn(backend.url);
    const { data } = await team.auth.getSession();
    const session = data.session!;
    expect(await whoAmI(session.access_token)).toEqual({
      uid: session.user.id,
      role: "authenticated",
      email: TEAM.email,
      team: TEAM_APP_METADATA.team,
      db_role: "authenticated",
    });
  });

  it("give anon no user and the service role its own role, each under its database role", async () => {
    expect(await whoAmI(LOCAL_ANON_KEY)).toEqual({ uid: null, role: "anon", email: null, team: null, db_role: "anon" });
    expect(await whoAmI(LOCAL_SERVICE_ROLE_KEY)).toEqual({
      uid: null,
      role: "service_role",
      email: null,
      team: null,
      db_role: "service_role",
    });
  });

  it("leave nothing of one request's claims to the next", async () => {
    const team = await signedIn(backend.url);
    const token = (await team.auth.getSession()).data.session!.access_token;
    const answers = await Promise.all([whoAmI(token), whoAmI(LOCAL_ANON_KEY), whoAmI(token), whoAmI(LOCAL_ANON_KEY)]);
    expect(answers.map((answer) => answer.role)).toEqual(["authenticated", "anon", "authenticated", "anon"]);
    expect((await whoAmI(LOCAL_ANON_KEY)).uid).toBeNull();
  });
});
