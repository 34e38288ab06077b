import { spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from "../../server/local-keys.mjs";
import { TEAM_APP_METADATA } from "../../server/team-account.mjs";
import { type Backend, client, closeClients, freshBackend, signedIn, TEAM } from "../../server/test-helpers";
import { MIN_TEAM_PASSWORD_LENGTH } from "../../server/team-account.mjs";
import { readNewPassword, setTeamPassword, settingsFromEnv } from "./team-password.mjs";

let withTeam: Backend;
let empty: Backend;
beforeAll(async () => {
  [withTeam, empty] = await Promise.all([freshBackend(), freshBackend({ team: undefined })]);
});
afterAll(async () => {
  await closeClients();
  await Promise.all([withTeam.close(), empty.close()]);
});

/** Runs `npm run team:password`'s script with `env`, the password piped in; returns its exit code and output. */
function run(env: Record<string, string>, stdin = "") {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/team-password.mjs"], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.stdin.end(stdin);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm run team:password", () => {
  it("creates the team account when it is missing: confirmed, marked as the team", async () => {
    const outcome = await setTeamPassword({
      url: empty.url,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      email: TEAM.email,
      password: "a-brand-new-password",
    });
    expect(outcome).toBe("created");
    const team = await signedIn(empty.url, { password: "a-brand-new-password" });
    expect((await team.auth.getUser()).data.user?.app_metadata).toMatchObject(TEAM_APP_METADATA);
  });

  it("rotates the password from piped stdin, ends the old sessions and re-asserts the mark, printing no key", async () => {
    const before = await signedIn(withTeam.url);
    const session = (await before.auth.getSession()).data.session!;
    const admin = client(withTeam.url, LOCAL_SERVICE_ROLE_KEY).auth.admin;
    await admin.updateUserById(session.user.id, { app_metadata: { team: null } });

    const { code, output } = await run(
      { SUPABASE_URL: withTeam.url, SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY },
      "the-rotated-password\n",
    );
    expect(output).toContain(`Set a new password for ${TEAM.email}`);
    expect(code).toBe(0);
    expect(output).not.toContain(LOCAL_SERVICE_ROLE_KEY);
    expect(output).not.toContain("the-rotated-password");

    const reuse = await client(withTeam.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error?.code).toBe("refresh_token_not_found");
    expect((await client(withTeam.url).auth.signInWithPassword(TEAM)).error?.code).toBe("invalid_credentials");
    const after = await signedIn(withTeam.url, { password: "the-rotated-password" });
    expect((await after.auth.getUser()).data.user?.app_metadata).toMatchObject(TEAM_APP_METADATA);
  });

  it("takes TEAM_EMAIL and TEAM_PASSWORD from the environment when nothing is piped in", async () => {
    const { code } = await run({
      PUBLIC_SUPABASE_URL: withTeam.url,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      TEAM_EMAIL: "Crew@Orlaquinlan.example",
      TEAM_PASSWORD: "crew-password-long",
    });
    expect(code).toBe(0);
    await signedIn(withTeam.url, { email: "crew@orlaquinlan.example", password: "crew-password-long" });
  });

  it("says clearly what is wrong: no key, the wrong key, a short password, no URL", async () => {
    const missingKey = await run({ SUPABASE_URL: withTeam.url }, "long-enough-password\n");
    expect(missingKey.code).toBe(1);
    expect(missingKey.output).toMatch(/Set SUPABASE_SERVICE_ROLE_KEY/);

    const noUrl = await run({ SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY }, "long-enough-password\n");
    expect(noUrl.output).toMatch(/Set SUPABASE_URL/);

    for (const key of [LOCAL_ANON_KEY, await signJwt({ role: "service_role" }, "someone-elses-secret")]) {
      const wrong = await run({ SUPABASE_URL: withTeam.url, SUPABASE_SERVICE_ROLE_KEY: key }, "long-enough-password\n");
      expect(wrong.code).toBe(1);
      expect(wrong.output).toMatch(/refused the key .*must be that project's service_role key/);
      expect(wrong.output).not.toContain(key);
    }

    const short = await run(
      { SUPABASE_URL: withTeam.url, SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY },
      "short\n",
    );
    expect(short.code).toBe(1);
    expect(short.output).toContain(`at least ${MIN_TEAM_PASSWORD_LENGTH} characters`);
    expect(() => settingsFromEnv({})).toThrow(/SUPABASE_URL/);
  });
});

describe("reading the new password at a terminal", () => {
  /** A stand-in terminal: raw mode is recorded, keystrokes are written by the test. */
  function terminal(...lines: string[]) {
    const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
    Object.assign(input, { setRawMode: (on: boolean) => input.rawModes.push(on) });
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk) => (shown += chunk));
    let next = 0;
    output.on("data", (chunk) => {
      if (String(chunk).endsWith(": ") && next < lines.length) setImmediate(() => input.write(lines[next++]));
    });
    return { input, output, shown: () => shown };
  }

  it("asks twice without echo, and takes backspace into account", async () => {
    const tty = terminal("typed-passwordX\u007f\r", "typed-password\r");
    const password = await readNewPassword({ env: {}, input: tty.input as never, output: tty.output as never });
    expect(password).toBe("typed-password");
    expect(tty.shown()).not.toContain("typed");
    expect(tty.input.rawModes).toEqual([true, false, true, false]);
  });

  it("refuses two different passwords, and a short one before asking again", async () => {
    const differ = terminal("first-password-1\r", "second-password-2\r");
    await expect(
      readNewPassword({ env: {}, input: differ.input as never, output: differ.output as never }),
    ).rejects.toThrow(/differ/);
    const short = terminal("tiny\r");
    await expect(
      readNewPassword({ env: {}, input: short.input as never, output: short.output as never }),
    ).rejects.toThrow(/at least 12 characters/);
  });
});
