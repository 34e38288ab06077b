/**
 * The API key, asked of every request as the gateway in front of a hosted project asks it: a Bearer token alone
 * gets nowhere on REST, Auth or Realtime; the key may come as the `apikey` header or the URL's `apikey`; only the
 * project's own keys (anon, service_role) count as one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from "./local-keys.mjs";
import { type Backend, closeClients, contact, freshBackend, signedIn } from "./test-helpers";

const NO_KEY = { message: "No API key found in request", hint: "No `apikey` request header or url param was found." };
const BAD_KEY = { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." };

let backend: Backend;
let teamToken: string;
beforeAll(async () => {
  backend = await freshBackend();
  const team = await signedIn(backend.url);
  teamToken = (await team.auth.getSession()).data.session!.access_token;
  expect((await team.from("contacts").insert(contact("keyed"))).error).toBeNull();
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

async function call(path: string, headers: Record<string, string>) {
  const response = await fetch(`${backend.url}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** How the handshake of a realtime socket opened with `query` (and `headers`) ends: "open", or the refusal. */
function handshake(query: string, headers: Record<string, string> = {}) {
  const url = `${backend.url.replace("http", "ws")}/realtime/v1/websocket?${query}`;
  return new Promise<{ status: number | "open"; body: string }>((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on("open", () => {
      socket.terminate();
      resolve({ status: "open", body: "" });
    });
    socket.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on("error", () => {}); // the refusal above says what happened
  });
}

describe("a Bearer token without an API key", () => {
  it("is refused by REST, Auth and Realtime with the gateway's 401", async () => {
    const bearer = { Authorization: `Bearer ${teamToken}` };
    expect(await call("/rest/v1/contacts?select=id", bearer)).toEqual({ status: 401, body: NO_KEY });
    expect(await call("/auth/v1/user", bearer)).toEqual({ status: 401, body: NO_KEY });
    const realtime = await handshake("vsn=2.0.0", bearer);
    expect([realtime.status, JSON.parse(realtime.body)]).toEqual([401, NO_KEY]);
  });

  it("is refused with an empty key too", async () => {
    expect(await call("/rest/v1/contacts?select=id&apikey=", { Authorization: `Bearer ${teamToken}` })).toEqual({
      status: 401,
      body: NO_KEY,
    });
  });
});

describe("the API key", () => {
  it("may come as the URL's apikey, which is never read as a filter", async () => {
    const rest = await call(`/rest/v1/contacts?select=id&apikey=${LOCAL_ANON_KEY}`, {
      Authorization: `Bearer ${teamToken}`,
    });
    expect(rest).toEqual({ status: 200, body: [{ id: "keyed" }] });
    const auth = await call(`/auth/v1/user?apikey=${LOCAL_ANON_KEY}`, { Authorization: `Bearer ${teamToken}` });
    expect([auth.status, auth.body.email]).toEqual([200, "team@orlaquinlan.example"]);
    expect((await handshake(`apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`)).status).toBe("open");
    expect((await handshake("vsn=2.0.0", { apikey: LOCAL_ANON_KEY })).status).toBe("open");
  });

  it("alone sets the role when no Bearer token is sent", async () => {
    expect(await call("/rest/v1/contacts_limits?select=per_minute", { apikey: LOCAL_SERVICE_ROLE_KEY })).toEqual({
      status: 200,
      body: [{ per_minute: 60 }],
    });
  });

  it("must be one of the project's keys: a user's token, a forged key or a stray word is an invalid key", async () => {
    for (const key of [teamToken, await signJwt({ role: "anon" }, "a-guessed-secret"), "not-a-key"]) {
      const headers = { apikey: key, Authorization: `Bearer ${teamToken}` };
      expect(await call("/rest/v1/contacts?select=id", headers), key).toEqual({ status: 401, body: BAD_KEY });
      expect(await call("/auth/v1/user", headers), key).toEqual({ status: 401, body: BAD_KEY });
      const realtime = await handshake(`apikey=${encodeURIComponent(key)}&vsn=2.0.0`);
      expect([realtime.status, JSON.parse(realtime.body)], key).toEqual([401, BAD_KEY]);
    }
  });

  it("is not asked on the Auth paths a hosted gateway leaves open (the links in e-mails)", async () => {
    const verify = await call("/auth/v1/verify?token=x&type=signup", {});
    expect(verify.status).toBe(422);
    expect(verify.body.msg).toMatch(/^\/auth\/v1\/verify .* is not served by the local backend/);
  });
});
