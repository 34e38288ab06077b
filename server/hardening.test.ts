import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { MAX_CHANNELS_PER_SOCKET } from "./realtime-join.mjs";
import { MAX_BUFFERED_BYTES, MAX_SOCKETS } from "./realtime.mjs";
import {
  type Backend,
  contact,
  freshBackend,
  openRawSocket,
  sessionHeaders,
  stopReadingUntilDropped,
  until,
  withTeamBackend,
} from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;
/** The team's session: contacts are the team's, so a malformed write reaches them only from it. */
let keyHeaders: Record<string, string>;
withTeamBackend((started, session) => ([backend, team] = [started, session]));
beforeAll(async () => {
  keyHeaders = await sessionHeaders(team);
  await team.from("contacts").insert(contact("survivor"));
});

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${backend.url}${path}`, {
    method: "POST",
    headers: { ...keyHeaders, "Content-Type": "application/json", ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, text };
}

const joinFrame = (ref: number, topic: string, filter?: string) =>
  JSON.stringify([
    String(ref),
    String(ref),
    `realtime:${topic}`,
    "phx_join",
    {
      config: {
        postgres_changes: [{ event: "*", schema: "public", table: "contacts", ...(filter ? { filter } : {}) }],
      },
    },
  ]);

describe("malformed bodies get a 4xx in PostgREST's shape, never a 500", () => {
  const shape = (body: Record<string, unknown>) =>
    expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);

  it("refuses 50,000-deep JSON", async () => {
    const deep = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    const asRows = await post("/rest/v1/contacts", deep);
    expect(asRows.status).toBe(400);
    expect(asRows.body).toMatchObject({ code: "PGRST102", message: "Empty or invalid json" });
    shape(asRows.body);
    const inValue = await post("/rest/v1/contacts", `{"id":"deep","name":${deep},"role":"x"}`);
    expect(inValue.status).toBe(400);
    expect(inValue.text).not.toMatch(/\n\s+at /);
    const asSignIn = await post("/auth/v1/token?grant_type=password", `{"email":${deep}}`);
    expect(asSignIn.status).toBe(400);
    expect(asSignIn.body.error_code ?? asSignIn.body.code).toBe("bad_json");
  });

  it("refuses invalid UTF-8 instead of storing replacement characters", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"id":"utf","name":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","role":"x"}'),
    ]);
    const result = await post("/rest/v1/contacts", bytes);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: "PGRST102", details: "The body is not valid UTF-8" });
  });

  it("answers wrong types and impossible values with 400", async () => {
    const cases = [
      { id: "types1", name: { nested: true }, role: "x", created_at: undefined },
      { id: "types2", name: "a", role: "b", email: ["list"] },
      { id: "types3", name: "a\u0000b", role: "b" },
      { id: 12, name: "a", role: "b", phone: Number.MAX_VALUE },
    ];
    for (const body of cases) {
      const result = await post("/rest/v1/contacts", JSON.stringify(body));
      expect(result.status, JSON.stringify(body)).toBeLessThan(500);
      shape(result.body ?? { code: 0, details: 0, hint: 0, message: 0 });
    }
    for (const body of ["null", "42", '"text"', "[1,2]", "{}", "[{}]", "", '{"id":']) {
      const result = await post("/rest/v1/contacts", body);
      expect(result.status, body).toBe(400);
      shape(result.body);
    }
    const event = await post(
      "/rest/v1/calendar_events",
      JSON.stringify({ title: "x", start_date: { not: "a date" }, end_date: true }),
      { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, apikey: LOCAL_SERVICE_ROLE_KEY },
    );
    expect(event.status).toBe(400);
    shape(event.body);
  });

  it("refuses bodies that are not JSON with 415: PGRST_LOCAL for those PostgREST reads, PGRST107 for the rest", async () => {
    for (const [type, code] of [
      ["text/plain", "PGRST_LOCAL"],
      ["application/x-www-form-urlencoded", "PGRST_LOCAL"],
      ["text/csv", "PGRST_LOCAL"],
      ["multipart/form-data; boundary=x", "PGRST107"],
      ["image/png", "PGRST107"],
    ]) {
      const result = await post("/rest/v1/contacts", "id=x&name=y&role=z", { "Content-Type": type });
      expect(result.status, type).toBe(415);
      expect(result.body).toMatchObject({ code });
      shape(result.body);
    }
  });

  it("answers SQLSTATE PTxyz raised by SQL with HTTP xyz, as PostgREST does", async () => {
    await backend.db.exec(`
      create table public.guarded (id int primary key);
      grant select, insert on public.guarded to anon, authenticated;
      create function public.guard() returns trigger language plpgsql as $$
      begin raise sqlstate 'PT429' using message = 'Too many new rows, try again later'; end $$;
      create trigger guard before insert on public.guarded for each row execute function public.guard();
    `);
    const result = await post("/rest/v1/guarded", JSON.stringify({ id: 1 }));
    expect(result.status).toBe(429);
    expect(result.body).toMatchObject({ code: "PT429", message: "Too many new rows, try again later" });
  });
});

describe("what SQL reads of the request and chooses of the answer, as PostgREST allows", () => {
  it("answers with the status and headers SQL set in response.status and response.headers, and commits the write", async () => {
    await backend.db.exec(`
      create table public.queue (id int primary key);
      create table public.turned_away (id int);
      grant insert on public.queue to anon, authenticated;
      create function public.turn_away() returns trigger language plpgsql security definer as $$
      begin
        insert into public.turned_away values (new.id);
        perform set_config('response.status', '429', true);
        perform set_config('response.headers', '[{"Retry-After": "30"}, {"Content-Range": "*/0"}]', true);
        return null;
      end $$;
      create trigger turn_away before insert on public.queue for each row execute function public.turn_away();
      create function public.teapot() returns json language plpgsql as $$
      begin perform set_config('response.status', '418', true); return json_build_object('short', 'stout'); end $$;
      grant execute on function public.teapot() to anon, authenticated;
      create function public.nonsense() returns void language plpgsql as $$
      begin perform set_config('response.status', 'soon', true); end $$;
      grant execute on function public.nonsense() to anon, authenticated;
    `);
    const refused = await post("/rest/v1/queue", JSON.stringify({ id: 7 }));
    expect(refused.status).toBe(429);
    expect(refused.text).toBe("");
    const raw = await fetch(`${backend.url}/rest/v1/queue`, {
      method: "POST",
      headers: { ...keyHeaders, "Content-Type": "application/json" },
      body: JSON.stringify({ id: 8 }),
    });
    expect([raw.headers.get("retry-after"), raw.headers.get("content-range")]).toEqual(["30", "*/0"]);
    // No exception: the refusal was recorded, where an error would have rolled it back.
    const { rows } = await backend.db.query("select id from public.turned_away order by id");
    expect(rows).toEqual([{ id: 7 }, { id: 8 }]);
    const teapot = await post("/rest/v1/rpc/teapot", "{}");
    expect([teapot.status, teapot.body]).toEqual([418, { short: "stout" }]);
    const nonsense = await post("/rest/v1/rpc/nonsense", "{}");
    expect([nonsense.status, nonsense.body.code]).toEqual([500, "PGRST112"]);
  });

  it("hands SQL the request's headers as a hosted project's proxies do: the connection's address in cf-connecting-ip and last in x-forwarded-for", async () => {
    await backend.db.exec(`
      create function public.seen_headers() returns json language sql stable as $$
        select current_setting('request.headers', true)::json $$;
      grant execute on function public.seen_headers() to anon, authenticated;
    `);
    const seen = await post("/rest/v1/rpc/seen_headers", "{}", {
      "X-Forwarded-For": "203.0.113.1",
      "CF-Connecting-IP": "203.0.113.2",
      "X-Real-IP": "203.0.113.3",
      Forwarded: "for=203.0.113.4",
      "User-Agent": "hardening-test",
    });
    expect(seen.body).toMatchObject({
      "cf-connecting-ip": "127.0.0.1",
      "x-forwarded-for": "203.0.113.1, 127.0.0.1",
      "x-real-ip": "203.0.113.3",
      forwarded: "for=203.0.113.4",
      "user-agent": "hardening-test",
    });
    const plain = await post("/rest/v1/rpc/seen_headers", "{}");
    expect(plain.body["x-forwarded-for"]).toBe("127.0.0.1");
  });
});

describe("only the site's own origins", () => {
  it("answers the site's preflight and refuses another website's, with no Access-Control-Allow-Origin", async () => {
    const preflight = (origin: string) =>
      fetch(`${backend.url}/rest/v1/contacts`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "apikey",
        },
      });
    const site = await preflight("http://127.0.0.1:4321");
    expect(site.status).toBe(204);
    expect(site.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4321");
    for (const origin of ["https://evil.example", "null", "http://localhost:4321.evil.example"]) {
      const hostile = await preflight(origin);
      expect(hostile.status).toBe(403);
      expect(hostile.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("refuses a hostile origin's requests outright, REST and Auth alike, and serves callers without an Origin", async () => {
    const rest = await fetch(`${backend.url}/rest/v1/contacts`, {
      headers: { ...keyHeaders, Origin: "https://evil.example" },
    });
    expect(rest.status).toBe(403);
    expect(rest.headers.get("access-control-allow-origin")).toBeNull();
    expect(await rest.json()).toMatchObject({ code: "PGRST403" });
    const auth = await fetch(`${backend.url}/auth/v1/settings`, {
      headers: { ...keyHeaders, Origin: "https://evil.example" },
    });
    expect(auth.status).toBe(403);
    expect((await fetch(`${backend.url}/rest/v1/contacts`, { headers: keyHeaders })).status).toBe(200);
  });

  it("refuses a realtime socket opened from another website", async () => {
    const socket = openRawSocket(backend.url, LOCAL_ANON_KEY, { Origin: "https://evil.example" });
    const status = await new Promise((resolve) =>
      socket.once("unexpected-response", (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(403);
  });

  it("lets an origin in when allowedOrigins names it", async () => {
    const other = await freshBackend({ allowedOrigins: ["http://127.0.0.1:5555"] });
    try {
      const response = await fetch(`${other.url}/rest/v1/contacts`, {
        headers: { ...keyHeaders, Origin: "http://127.0.0.1:5555" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5555");
      const former = await fetch(`${other.url}/rest/v1/contacts`, {
        headers: { ...keyHeaders, Origin: "http://localhost:4321" },
      });
      expect(former.status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe("realtime sockets are bounded", () => {
  it(`lets one socket join at most ${MAX_CHANNELS_PER_SOCKET} channels`, async () => {
    const socket = openRawSocket(backend.url);
    await new Promise((resolve) => socket.once("open", resolve));
    const replies: Array<[string, string, string, string, { status: string; response: { reason?: string } }]> = [];
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString());
      if (frame[3] === "phx_reply") replies.push(frame);
    });
    for (let i = 1; i <= MAX_CHANNELS_PER_SOCKET + 5; i++) socket.send(joinFrame(i, `topic-${i}`));
    socket.send(joinFrame(999, "topic-1")); // rejoining a channel it holds is still fine
    await until(() => replies.length === MAX_CHANNELS_PER_SOCKET + 6, "every join's reply");
    const refused = replies.filter((reply) => reply[4].status === "error");
    expect(refused).toHaveLength(5);
    expect(refused[0][4].response.reason).toBe("ChannelRateLimitReached: Too many channels");
    expect(replies.find((reply) => reply[1] === "999")?.[4].status).toBe("ok");
    socket.terminate();
  });

  it(`holds at most ${MAX_SOCKETS} sockets at once, a hosted Free project's connections`, async () => {
    await until(() => backend.realtimeSockets() === 0, "the earlier sockets to close");
    const sockets = Array.from({ length: MAX_SOCKETS }, () => openRawSocket(backend.url));
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once("open", resolve))));
    const extra = openRawSocket(backend.url);
    const status = await new Promise((resolve) =>
      extra.once("unexpected-response", (_request, response) => resolve(response.statusCode)),
    );
    expect(status).toBe(429);
    for (const socket of sockets) socket.terminate();
    await until(() => backend.realtimeSockets() === 0, "the sockets to close");
    const again = openRawSocket(backend.url);
    await new Promise((resolve) => again.once("open", resolve));
    again.terminate();
  });

  it(
    `drops a socket that stops reading once ${MAX_BUFFERED_BYTES / 1024 / 1024} MiB wait for it, and keeps serving`,
    async () => {
      await stopReadingUntilDropped(backend);
      const { data, error } = await team.from("contacts").select("id").eq("id", "survivor");
      expect(error).toBeNull();
      expect(data).toEqual([{ id: "survivor" }]);
    },
    patient(30_000),
  );
});
