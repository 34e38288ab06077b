import type { SupabaseClient } from "@supabase/supabase-js";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "./backend.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from "./local-keys.mjs";
import { type Backend, contact, freshBackend, sessionHeaders, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;
/** The team's session: contacts are the team's, so bad input reaches them only from a team session. */
let headers: Record<string, string>;

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${backend.url}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

withTeamBackend((started, session) => ([backend, team] = [started, session]));
beforeAll(async () => {
  headers = { ...(await sessionHeaders(team)), "Content-Type": "application/json" };
  await team.from("contacts").insert(contact("survivor"));
});

describe("bad input gets a clear error and loses nothing", () => {
  it("answers malformed JSON with 400 PGRST102", async () => {
    const result = await call("/rest/v1/contacts", { method: "POST", body: '{"id": "x", "name": ' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: "PGRST102", message: "Empty or invalid json" });
    expect(Object.keys(result.body).sort()).toEqual(["code", "details", "hint", "message"]);
  });

  it("answers a JSON body that is not an object with 400", async () => {
    expect((await call("/rest/v1/contacts", { method: "POST", body: '"just a string"' })).status).toBe(400);
    expect((await call("/rest/v1/contacts", { method: "POST", body: "[]" })).status).toBe(400);
  });

  it("answers an unknown table with 404 PGRST205", async () => {
    const result = await call("/rest/v1/no_such_table?select=*");
    expect(result.status).toBe(404);
    expect(result.body.code).toBe("PGRST205");
  });

  it("answers an unknown column in a body with 400 PGRST204 and in a filter with 400 42703", async () => {
    const body = await call("/rest/v1/contacts", {
      method: "POST",
      body: JSON.stringify({ id: "z", name: "a", role: "b", nope: 1 }),
    });
    expect(body.status).toBe(400);
    expect(body.body.code).toBe("PGRST204");
    const filter = await call("/rest/v1/contacts?nope=eq.1");
    expect(filter.status).toBe(400);
    expect(filter.body.code).toBe("42703");
  });

  it("answers bad filter syntax with 400 PGRST100, and a feature not served locally with 400 PGRST_LOCAL", async () => {
    const bad = await call("/rest/v1/contacts?id=equals");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "PGRST100", message: "failed to parse filter (equals)" });
    expect(Object.keys(bad.body).sort()).toEqual(["code", "details", "hint", "message"]);
    expect((await call("/rest/v1/contacts?id=sideways.a")).body.code).toBe("PGRST100");
    expect((await call("/rest/v1/contacts?or=(id.eq.a")).body.code).toBe("PGRST100");
    expect((await call("/rest/v1/contacts?order=name.sideways")).status).toBe(400);
    expect((await call("/rest/v1/contacts?limit=-1")).status).toBe(400);
    const embedding = await call("/rest/v1/contacts?select=*,owner(*)");
    expect(embedding).toMatchObject({ status: 400, body: { code: "PGRST_LOCAL" } });
  });

  it("answers a select of more columns than a query may return with 400, never a 500", async () => {
    const most = await call(`/rest/v1/contacts?select=${Array(1664).fill("id").join(",")}&limit=1`);
    expect(most.status).toBe(200);
    const more = await call(`/rest/v1/contacts?select=${Array(1665).fill("id").join(",")}`);
    expect(more).toMatchObject({
      status: 400,
      body: { code: "PGRST100", message: "select names 1665 columns; at most 1664 are returned" },
    });
    // Ordered by a column not selected, Postgres counts that one too: still the asker's mistake, a 400.
    const ordered = await call(`/rest/v1/contacts?select=${Array(1664).fill("id").join(",")}&order=name&limit=1`);
    expect(ordered).toMatchObject({ status: 400, body: { code: "54011" } });
    // * counts as the table's columns, as Postgres counts it.
    expect((await call(`/rest/v1/contacts?select=${Array(300).fill("*").join(",")}`)).status).toBe(400);
  });

  it("answers a value of the wrong type in a filter or a function's argument with 400 22P02, never a 500", async () => {
    const service = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
    for (const [path, init] of [
      ["/rest/v1/contacts_limits?id=eq.maybe", { headers: service }],
      ["/rest/v1/contacts_limits?id=eq.maybe", {}],
      [
        "/rest/v1/contacts_limits?id=eq.maybe",
        { headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` } },
      ],
      ["/rest/v1/contacts?created_at=gt.someday", {}],
      ["/rest/v1/fan_signups_limits?id=eq.maybe", { method: "PATCH", body: '{"per_minute": 1}', headers: service }],
      [
        "/rest/v1/rpc/restore_contacts",
        { method: "POST", body: '{"at": "2025-01-01T00:00:00Z", "dry_run": "maybe"}', headers: service },
      ],
    ] as const) {
      const result = await call(path, init);
      expect(result.status, path).toBeGreaterThanOrEqual(400);
      expect(result.status, path).toBeLessThan(500);
      expect(Object.keys(result.body).sort(), path).toEqual(["code", "details", "hint", "message"]);
    }
    const typed = await call("/rest/v1/contacts_limits?id=eq.maybe", { headers: service });
    expect(typed).toMatchObject({ status: 400, body: { code: "22P02" } });
    expect(typed.body.message).toMatch(/boolean/);
    expect((await call("/rest/v1/contacts_limits?id=eq.true&select=id", { headers: service })).body).toEqual([
      { id: true },
    ]);
  });

  it("treats hostile values as data, not SQL", async () => {
    const result = await call(`/rest/v1/contacts?id=eq.${encodeURIComponent("x' or '1'='1")}`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual([]);
    const uuid = await call("/rest/v1/calendar_events?id=eq.not-a-uuid");
    expect(uuid.status).toBe(400);
    expect(uuid.body.code).toBe("22P02");
  });

  it("refuses a missing key and a forged key with 401", async () => {
    const missing = await fetch(`${backend.url}/rest/v1/contacts`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: "No API key found in request" });
    const forged = await signJwt({ role: "service_role" }, "not-the-secret");
    const result = await call("/rest/v1/contacts", {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${forged}` },
    });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ code: "PGRST301", message: "JWSError JWSInvalidSignature" });
    const expired = await signJwt({ role: "anon", exp: 1 });
    expect(
      (await call("/rest/v1/contacts", { headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${expired}` } }))
        .body,
    ).toMatchObject({ code: "PGRST301", message: "JWT expired" });
  });

  it("refuses a forged apikey even beside a valid token", async () => {
    const forged = await signJwt({ role: "anon" }, "not-the-secret");
    const result = await call("/rest/v1/contacts", { headers: { apikey: forged } });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({
      message: "Invalid API key",
      hint: "Double check your Supabase `anon` or `service_role` API key.",
    });
  });

  it("answers what it does not serve with a clear error: other schemas, ranges, media types, broken paths", async () => {
    const schema = await call("/rest/v1/contacts", { headers: { "Accept-Profile": "private" } });
    expect(schema.status).toBe(406);
    expect(schema.body).toMatchObject({ code: "PGRST106", message: "The schema must be one of the following: public" });
    const range = await call("/rest/v1/contacts", { headers: { Range: "0-9" } });
    expect(range).toMatchObject({ status: 400, body: { code: "PGRST_LOCAL" } });
    expect(range.body.hint).toMatch(/limit and offset/);
    const csv = await call("/rest/v1/contacts", { headers: { Accept: "text/csv" } });
    expect(csv).toMatchObject({ status: 406, body: { code: "PGRST_LOCAL" } });
    const unknown = await call("/rest/v1/contacts", { headers: { Accept: "image/png" } });
    expect(unknown).toMatchObject({ status: 406, body: { code: "PGRST107" } });
    const broken = await call("/rest/v1/%E0%A4%A");
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body).sort()).toEqual(["code", "details", "hint", "message"]);
  });

  it("refuses a delete without a filter even for the service role", async () => {
    const result = await call("/rest/v1/contacts", {
      method: "DELETE",
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: "21000", message: "DELETE requires a WHERE clause" });
  });

  it("refuses a body over 1 MiB with 413, REST and Auth alike", async () => {
    const huge = JSON.stringify(contact("huge", { name: "x".repeat(MAX_BODY_BYTES + 10) }));
    const result = await call("/rest/v1/contacts", { method: "POST", body: huge });
    expect(result.status).toBe(413);
    expect(result.body.code).toBe("PGRST413");
    // Auth's limit is GoTrue's own: 1 MiB, answered as GoTrue answers it.
    const auth = await call("/auth/v1/user", {
      method: "PUT",
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ data: { blob: "x".repeat(MAX_BODY_BYTES) } }),
    });
    expect(auth).toEqual({
      status: 413,
      body: { code: "request_entity_too_large", message: "Request body too large (max 1048576 bytes)" },
    });
  });

  it("answers an unknown path with a clear 404", async () => {
    const result = await call("/rest/v1/contacts/extra/segments");
    expect(result.status).toBe(404);
    expect(result.body.message).toMatch(/serves \/rest\/v1/);
  });

  it("answers the browser's CORS preflight", async () => {
    const response = await fetch(`${backend.url}/rest/v1/contacts`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:4321",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "apikey, prefer",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:4321");
    expect(response.headers.get("access-control-allow-headers")).toBe("apikey, prefer");
    expect(response.headers.get("access-control-expose-headers")).toContain("Content-Range");
  });

  it("logs no failure when a client drops its request half-way through the body, keeps serving, and can close", async () => {
    const lines: string[] = [];
    const own = await freshBackend({ log: (line) => lines.push(line) });
    let closed = false;
    try {
      // Dropped while the body is awaited, and at once: before the gateway's checks have let the body be read.
      for (const dropAfterMs of [100, 0]) {
        for (const path of ["/rest/v1/contacts", "/auth/v1/token?grant_type=password"]) {
          await new Promise<void>((resolve) => {
            const socket = connect(own.port, "127.0.0.1", () => {
              socket.write(
                `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${LOCAL_ANON_KEY}\r\n` +
                  `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"id": "half`,
              );
              if (dropAfterMs === 0) socket.destroy();
              else setTimeout(() => socket.destroy(), dropAfterMs);
            });
            socket.on("close", () => resolve());
          });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines.filter((line) => /error/i.test(line))).toEqual([]);
      const read = await fetch(`${own.url}/rest/v1/contacts?select=id`, { headers });
      expect(read.status).toBe(200);
      // Closing waits for every request being answered: none of the dropped ones may hold it up.
      await own.close();
      closed = true;
    } finally {
      if (!closed) void own.close();
    }
  });

  it("keeps serving after all of that, with nothing lost", async () => {
    const { data, error } = await team.from("contacts").select("*").order("created_at", { ascending: false });
    expect(error).toBeNull();
    expect(data?.map((row) => row.id)).toEqual(["survivor"]);
  });
});
