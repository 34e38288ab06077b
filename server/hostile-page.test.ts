/**
 * A hostile page and odd input: a page served on a name made to resolve to this machine (DNS rebinding) is
 * refused by the backend and the static server alike, with or without an Origin; a logic tree nested 2,000
 * deep is a 400 with no stack trace; a password longer than 72 bytes is refused at sign-in; a session past
 * its not_after is over at refresh and for its tokens.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticServer, listen } from "../tools/static-server.mjs";
import { allowedHostsFromEnv } from "./http.mjs";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import { type Backend, client, event, sessionHeaders, signedIn, TEAM, withBackend } from "./test-helpers";

let backend: Backend;
const logged: string[] = [];
withBackend((started) => (backend = started), { log: (line) => logged.push(line) });

type Answer = { status: number; text: string };

/** A GET to `url` with the headers given, Host included (fetch would not send a Host of our choosing). */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** The status line of a WebSocket handshake to the backend with the Host given. */
function upgrade(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(`${backend.url}/realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`, {
      agent: false,
      headers: {
        Host: host,
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    sent.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    sent.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on("error", reject);
    sent.end();
  });
}

const REBIND = "rebind.test:54321";
const port = () => new URL(backend.url).port;

describe("a page on a name made to resolve here (DNS rebinding)", () => {
  it("is refused 403 by the backend, with and without an Origin, for reads and realtime", async () => {
    const path = `${backend.url}/rest/v1/calendar_events?select=*`;
    const withoutOrigin = await get(path, { Host: REBIND, apikey: LOCAL_ANON_KEY });
    expect(withoutOrigin.status).toBe(403);
    expect(JSON.parse(withoutOrigin.text)).toMatchObject({
      code: "PGRST403",
      message: `Host "${REBIND}" does not name this machine: use localhost, 127.0.0.1 or [::1], or add the name to ALLOWED_HOSTS.`,
    });
    const withOrigin = await get(path, { Host: REBIND, Origin: `http://${REBIND}`, apikey: LOCAL_ANON_KEY });
    expect(withOrigin.status).toBe(403);
    expect((await get(`${backend.url}/health`, { Host: REBIND })).status).toBe(403);
    expect(await upgrade(REBIND)).toBe(403);
  });

  it("leaves the machine's own names working: localhost, 127.0.0.1 and [::1], any port", async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`, "LOCALHOST", "127.0.0.1"]) {
      expect((await get(`${backend.url}/health`, { Host: host })).status).toBe(200);
    }
    expect(await upgrade(`localhost:${port()}`)).toBe(101);
  });

  it("adds the names in HOST and ALLOWED_HOSTS, for a LAN", () => {
    const hosts = allowedHostsFromEnv({ HOST: "studio.lan", ALLOWED_HOSTS: " Mixer.local , fe80::1 ,," });
    expect(hosts).toEqual(["localhost", "127.0.0.1", "[::1]", "studio.lan", "mixer.local", "[fe80::1]"]);
    expect(allowedHostsFromEnv({ HOST: "0.0.0.0" })).toEqual(["localhost", "127.0.0.1", "[::1]"]);
  });

  describe("the static server", () => {
    let root: string;
    let server: Server;
    let site: string;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), "stagedoor-hosts-"));
      writeFileSync(join(root, "index.html"), "<h1>Home</h1>");
      writeFileSync(join(root, "404.html"), "<h1>Not found</h1>");
      server = createStaticServer({ root, headerRules: [], allowedHosts: allowedHostsFromEnv({ HOST: "studio.lan" }) });
      site = `http://127.0.0.1:${await listen(server, 0)}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    });

    it("refuses a foreign Host 403, with and without an Origin, and serves its own names", async () => {
      const refused = await get(`${site}/`, { Host: REBIND });
      expect(refused.status).toBe(403);
      expect(refused.text).not.toContain("Home");
      expect(refused.text).toContain("does not name this machine");
      expect((await get(`${site}/`, { Host: REBIND, Origin: `http://${REBIND}` })).status).toBe(403);
      for (const host of ["localhost:4321", "127.0.0.1:4321", "[::1]:4321", "studio.lan:4321"]) {
        const page = await get(`${site}/`, { Host: host });
        expect(page.status).toBe(200);
        expect(page.text).toBe("<h1>Home</h1>");
      }
    });
  });
});

describe("input built to hurt", () => {
  it("answers a logic tree nested 2,000 deep with 400 and logs no stack trace", async () => {
    let tree = "title.eq.x";
    for (let i = 0; i < 2_000; i++) tree = `or(${tree})`;
    const before = logged.length;
    const answer = await fetch(`${backend.url}/rest/v1/calendar_events?or=(${tree})`, {
      headers: { apikey: LOCAL_ANON_KEY },
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      code: "PGRST100",
      details: null,
      hint: null,
      message: "failed to parse logic tree: nested deeper than 50 levels",
    });
    expect(logged.slice(before)).toEqual([]);
  });

  it("refuses a 73-byte password at sign-in, as GoTrue does, and still takes the right 72-byte-or-shorter one", async () => {
    for (const password of ["x".repeat(73), "é".repeat(37), "x".repeat(1024 * 1024 - 100)]) {
      const { error } = await client(backend.url).auth.signInWithPassword({ email: TEAM.email, password });
      expect(error).toMatchObject({
        status: 400,
        code: "validation_failed",
        message: "Password cannot be longer than 72 characters",
      });
    }
    const { error } = await client(backend.url).auth.signInWithPassword(TEAM);
    expect(error).toBeNull();
  });
});

describe("a session past its not_after", () => {
  let team: SupabaseClient;
  beforeAll(async () => {
    team = await signedIn(backend.url);
    await team.from("calendar_events").insert(event("Before the end"));
  });

  it("is refused at refresh and its access token is worth nothing, as GoTrue ends it", async () => {
    const { data } = await team.auth.getSession();
    const session = data.session as NonNullable<typeof data.session>;
    const headers = await sessionHeaders(team);
    const read = async () =>
      (await fetch(`${backend.url}/rest/v1/calendar_events?select=title`, { headers })).json() as Promise<unknown[]>;
    expect(await read()).toEqual([{ title: "Before the end" }]);
    const user = await fetch(`${backend.url}/auth/v1/user`, { headers });
    expect(user.status).toBe(200);
    await backend.db.query("update auth.sessions set not_after = now() - interval '1 second'");
    const refreshed = await client(backend.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({
      status: 400,
      code: "session_expired",
      message: "Invalid Refresh Token: Session Expired",
    });
    const ended = await fetch(`${backend.url}/auth/v1/user`, { headers });
    expect(ended.status).toBe(403);
    expect(await ended.json()).toMatchObject({ error_code: "session_not_found" });
    expect(await read()).toEqual([]);
  });
});
