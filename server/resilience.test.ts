/**
 * One connection, one frame or one socket must never take the backend down: each test sends what used to
 * crash the process, then checks that the same backend still answers.
 */
import { connect, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { heldConnection, statusesAfterIdle, statusOnceAnswered, statusOnNewConnection } from "./idle-connection";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { MAX_SOCKETS } from "./realtime.mjs";
import {
  type Backend,
  client,
  closeClients,
  event,
  freshBackend,
  openRawSocket,
  signedIn,
  until,
} from "./test-helpers";

let backend: Backend;
// A last-resort net: anything that escapes the backend's handlers is recorded here and fails the test.
const escaped: unknown[] = [];
const record = (error: unknown) => escaped.push(error);
beforeAll(async () => {
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  backend = await freshBackend();
});
afterAll(async () => {
  process.off("uncaughtException", record);
  process.off("unhandledRejection", record);
  await closeClients();
  await backend.close();
});
afterEach(() => {
  expect(escaped).toEqual([]);
});

async function healthy() {
  const response = await fetch(`${backend.url}/health`);
  expect(response.status).toBe(200);
}

const port = () => Number(new URL(backend.url).port);

function upgradeRequest(target: string, extra = "") {
  return (
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`
  );
}

/** Sends `text` on a raw TCP connection and resolves with whatever comes back before the server closes. */
function exchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port(), "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** Sends `text` and resets the connection at once, before the server can answer. */
async function sendAndReset(text: string) {
  const socket: Socket = await new Promise((resolve) => {
    const opened = connect(port(), "127.0.0.1", () => resolve(opened));
  });
  socket.on("error", () => {});
  socket.write(text);
  socket.resetAndDestroy();
}

const realtimePath = `/realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`;

describe("a client that keeps its connection between requests", () => {
  it("has its second request, six seconds after the first, answered on the same connection", async () => {
    const path = `/rest/v1/published_shows?select=id&limit=1&apikey=${LOCAL_ANON_KEY}`;
    expect(await statusesAfterIdle(backend.url, path, 6_000)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
  });
});

describe("connections held open by the thousand", () => {
  it("are held up to the cap only: one more is closed unanswered, and answered once another ends", async () => {
    const capped = await freshBackend({ maxConnections: 3 });
    const path = `/rest/v1/published_shows?select=id&limit=1&apikey=${LOCAL_ANON_KEY}`;
    try {
      // Requests whose headers never finish, as a client that means to exhaust the process's file handles sends.
      const held = [];
      for (let count = 0; count < 3; count++) held.push(await heldConnection(capped.url, path, { halfSent: true }));
      expect(await statusOnNewConnection(capped.url, path)).toBeNull();
      held[0].end();
      expect(await statusOnceAnswered(capped.url, path)).toBe("HTTP/1.1 200");
      for (const connection of held) connection.end();
    } finally {
      await capped.close();
    }
  });
});

describe("a malformed request target", () => {
  it("gets 400 on an upgrade and on plain HTTP", async () => {
    expect(await exchange(upgradeRequest("http://a:b:c/"))).toMatch(/^HTTP\/1\.1 400 /);
    expect(await exchange("GET http://a:b:c/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    await healthy();
  });
});

describe("a client that resets the connection while it is refused", () => {
  const refusals = {
    "400 malformed target": upgradeRequest("http://a:b:c/"),
    "403 another website": upgradeRequest(realtimePath, "Origin: https://evil.example\r\n"),
    "404 wrong path": upgradeRequest("/elsewhere"),
    "401 bad apikey": upgradeRequest("/realtime/v1/websocket?apikey=nonsense"),
  };
  for (const [name, request] of Object.entries(refusals)) {
    it(`costs nothing: ${name}`, async () => {
      expect(await exchange(request)).toMatch(new RegExp(`^HTTP/1\\.1 ${name.slice(0, 3)} `));
      for (let i = 0; i < 20; i++) await sendAndReset(request);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await healthy();
    });
  }

  it("costs nothing: 429 too many sockets", async () => {
    const sockets = Array.from({ length: MAX_SOCKETS }, () => openRawSocket(backend.url));
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once("open", resolve))));
    expect(await exchange(upgradeRequest(realtimePath))).toMatch(/^HTTP\/1\.1 429 /);
    for (let i = 0; i < 20; i++) await sendAndReset(upgradeRequest(realtimePath));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await healthy();
    for (const socket of sockets) socket.terminate();
    await until(() => backend.realtimeSockets() === 0, "the sockets to close");
  });
});

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

async function openSocket(url = backend.url, key = LOCAL_ANON_KEY) {
  const socket = openRawSocket(url, key);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const frames: Frame[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
  let closed = false;
  socket.once("close", () => (closed = true));
  return { socket, frames, closed: () => closed };
}

const replyTo = (frames: Frame[], ref: string) =>
  frames.find((frame) => frame[3] === "phx_reply" && frame[1] === ref)?.[4] as
    { status: string; response: { reason?: string; postgres_changes?: unknown[] } } | undefined;

function join(socket: WebSocket, ref: string, topic: string, payload: Record<string, unknown>) {
  socket.send(JSON.stringify([ref, ref, `realtime:${topic}`, "phx_join", payload]));
}

const calendarBinding = { event: "*", schema: "public", table: "calendar_events" };

describe("realtime frames of the wrong shape", () => {
  const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
  const deepObject = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
  const frames: Record<string, string[]> = {
    "a numeric topic": ['["1","1",42,"phx_join",{"config":{"postgres_changes":[{"event":"*","table":"contacts"}]}}]'],
    "a null topic": ['["1","1",null,"phx_join",{}]', '{"topic":null,"event":"phx_join","payload":{},"ref":"1"}'],
    "an access_token after a join with a numeric topic": [
      '["1","1",42,"phx_join",{}]',
      `["2","2",42,"access_token",{"access_token":"x"}]`,
      `["3","3","realtime:a","access_token",{"access_token":"x"}]`,
    ],
    "a 20,000-deep ref, join_ref or topic": [
      `["1",${deep},"realtime:a","phx_join",{}]`,
      `[${deep},"1","realtime:a","phx_join",{}]`,
      `["1","1",${deep},"phx_join",{}]`,
      `{"topic":"realtime:a","event":"phx_join","payload":{},"ref":${deepObject}}`,
    ],
    "a 20,000-deep binding field": [
      `["1","1","realtime:a","phx_join",{"config":{"postgres_changes":[{"event":"*","table":"contacts","filter":${deepObject}}]}}]`,
      `["1","1","realtime:b","phx_join",{"config":{"postgres_changes":[{"event":${deep},"table":"contacts"}]}}]`,
      `["1","1","realtime:c","phx_join",{"config":{"postgres_changes":[{"schema":${deep}}]}}]`,
    ],
    "payloads, events and refs of the wrong type": [
      '["1","1","realtime:a","phx_join",null]',
      '["1","1","realtime:a","phx_join","text"]',
      '["1","1","realtime:a","phx_join",[1]]',
      '["1","1","realtime:a",7,{}]',
      '[{"a":1},"1","realtime:a","phx_join",{}]',
      '["1","1","realtime:a","phx_join",{"config":{"postgres_changes":{"a":1}}}]',
      '["1","1","realtime:a","phx_join",{"config":{"postgres_changes":[null,7,"x",[]]}}]',
      '["1","1","realtime:a","phx_join",{"config":null,"access_token":{"a":1}}]',
      '["1","1","realtime:a","access_token",{}]',
      `["1","1","${"x".repeat(10_000)}","phx_join",{}]`,
      "null",
      "[]",
      "42",
    ],
  };
  for (const [name, texts] of Object.entries(frames)) {
    it(`leaves the backend serving: ${name}`, async () => {
      const { socket, frames: received, closed } = await openSocket();
      for (const text of texts) socket.send(text);
      socket.send(JSON.stringify(["h", "h", "phoenix", "heartbeat", {}]));
      // Ignored frames leave the socket answering heartbeats; at worst it is closed.
      await until(() => closed() || replyTo(received, "h") !== undefined, "the heartbeat's reply");
      socket.terminate();
      await healthy();
      const other = await openSocket();
      other.socket.send(JSON.stringify(["h", "h", "phoenix", "heartbeat", {}]));
      await until(() => replyTo(other.frames, "h") !== undefined, "another socket's heartbeat reply");
      other.socket.terminate();
    });
  }
});

describe("realtime frames are bounded", () => {
  it("closes only the socket that sends a frame over 256 KB, and takes one just under it", async () => {
    const { socket: big, closed } = await openSocket();
    const { socket, frames } = await openSocket();
    const filler = (bytes: number) => ({ config: { postgres_changes: [] }, filler: "x".repeat(bytes) });
    join(socket, "1", "just-under", filler(256 * 1024 - 200));
    await until(() => replyTo(frames, "1") !== undefined, "the reply to a frame under the limit");
    expect(replyTo(frames, "1")?.status).toBe("ok");
    join(big, "1", "over", filler(256 * 1024 + 10));
    await until(closed, "the socket that sent too much to close");
    socket.send(JSON.stringify([null, "h", "phoenix", "heartbeat", {}]));
    await until(() => replyTo(frames, "h") !== undefined, "the other socket's heartbeat reply");
    socket.terminate();
  });
});

describe("a silent realtime socket", () => {
  it("is closed after the idle timeout, while one that sends heartbeats stays open", async () => {
    const quick = await freshBackend({ realtimeIdleTimeoutMs: 400 });
    try {
      const silent = await openSocket(quick.url);
      const talking = await openSocket(quick.url);
      const beat = setInterval(() => talking.socket.send(JSON.stringify([null, "h", "phoenix", "heartbeat", {}])), 100);
      await until(() => silent.closed(), "the silent socket to be closed");
      clearInterval(beat);
      expect(talking.closed()).toBe(false);
      expect(quick.realtimeSockets()).toBe(1);
      talking.socket.terminate();
    } finally {
      await quick.close();
    }
  });
});

describe("claims are kept per channel", () => {
  it("a second join with another token, or a bad token pushed on it, changes only that channel", async () => {
    const team = await signedIn(backend.url);
    const teamToken = (await team.auth.getSession()).data.session!.access_token;
    const { socket, frames } = await openSocket();
    join(socket, "1", "as-team", { config: { postgres_changes: [calendarBinding] }, access_token: teamToken });
    join(socket, "2", "as-anon", { config: { postgres_changes: [calendarBinding] }, access_token: LOCAL_ANON_KEY });
    await until(() => replyTo(frames, "2") !== undefined && replyTo(frames, "1") !== undefined, "the joins");
    expect([replyTo(frames, "1")?.status, replyTo(frames, "2")?.status]).toEqual(["ok", "ok"]);
    const changesOn = (topic: string) =>
      frames.filter((frame) => frame[3] === "postgres_changes" && frame[2] === `realtime:${topic}`);

    await team.from("calendar_events").insert(event("Per channel", "2025-07-01"));
    await until(() => changesOn("as-team").length === 1, "the team channel's change");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changesOn("as-anon")).toEqual([]);

    // A bad token pushed on the anon channel closes that channel only.
    socket.send(JSON.stringify(["2", "5", "realtime:as-anon", "access_token", { access_token: "nonsense" }]));
    await until(
      () => frames.some((frame) => frame[3] === "phx_close" && frame[2] === "realtime:as-anon"),
      "the anon channel to close",
    );
    await client(backend.url, LOCAL_SERVICE_ROLE_KEY)
      .from("calendar_events")
      .insert(event("Still per channel", "2025-07-02"));
    await until(() => changesOn("as-team").length === 2, "the team channel's second change");
    expect(frames.some((frame) => frame[3] === "phx_close" && frame[2] === "realtime:as-team")).toBe(false);
    socket.terminate();
  });

  it("keeps a channel whose session has ended open until its token expires, as hosted Realtime does, while Auth refuses the session", async () => {
    const team = await signedIn(backend.url);
    const token = (await team.auth.getSession()).data.session!.access_token;
    const { socket, frames } = await openSocket();
    join(socket, "1", "before", { config: { postgres_changes: [calendarBinding] }, access_token: token });
    await until(() => replyTo(frames, "1") !== undefined, "the first join");
    expect(replyTo(frames, "1")?.status).toBe("ok");
    await team.auth.signOut({ scope: "local" });
    join(socket, "2", "after", { config: { postgres_changes: [calendarBinding] }, access_token: token });
    await until(() => replyTo(frames, "2") !== undefined, "the second join");
    expect(replyTo(frames, "2")?.status).toBe("ok");
    // What ends the page's session is Auth: the token's session is gone there (and the tables' policies ask
    // for a live session, so neither channel hears the team's changes: the next test shows it).
    const user = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect([user.status, (await user.json()).code]).toEqual([403, "session_not_found"]);
    expect(frames.filter((frame) => frame[3] === "phx_close")).toEqual([]);
    socket.terminate();
  });

  it("delivers nothing more to a channel whose session ends, though its token has not expired", async () => {
    const leaving = await signedIn(backend.url);
    const staying = await signedIn(backend.url);
    const tokenOf = async (session: typeof leaving) => (await session.auth.getSession()).data.session!.access_token;
    const { socket, frames } = await openSocket();
    join(socket, "1", "leaving", {
      config: { postgres_changes: [calendarBinding] },
      access_token: await tokenOf(leaving),
    });
    join(socket, "2", "staying", {
      config: { postgres_changes: [calendarBinding] },
      access_token: await tokenOf(staying),
    });
    await until(() => replyTo(frames, "1") !== undefined && replyTo(frames, "2") !== undefined, "the joins");
    const changesOn = (topic: string) =>
      frames.filter((frame) => frame[3] === "postgres_changes" && frame[2] === `realtime:${topic}`);
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    await admin.from("calendar_events").insert(event("Before signing out", "2025-07-03"));
    await until(() => changesOn("leaving").length === 1 && changesOn("staying").length === 1, "both changes");
    await leaving.auth.signOut({ scope: "local" });
    await admin.from("calendar_events").insert(event("After signing out", "2025-07-04"));
    await until(() => changesOn("staying").length === 2, "the live session's second change");
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The policies ask whether the session still exists, so the ended one hears no more; its channel stays open.
    expect(changesOn("leaving")).toHaveLength(1);
    expect(frames.some((frame) => frame[3] === "phx_close" && frame[2] === "realtime:leaving")).toBe(false);
    socket.terminate();
  });
});
