/**
 * One connection, one frame or one socket must never take the backend down: each test sends what used to
 * crash the process, then checks that the same backend still answers.
 */
import { connect, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import { MAX_SOCKETS_PER_ADDRESS } from "./realtime.mjs";
import { type Backend, closeClients, freshBackend, openRawSocket, until } from "./test-helpers";

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
    const sockets = Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, () => openRawSocket(backend.url));
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once("open", resolve))));
    expect(await exchange(upgradeRequest(realtimePath))).toMatch(/^HTTP\/1\.1 429 /);
    for (let i = 0; i < 20; i++) await sendAndReset(upgradeRequest(realtimePath));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await healthy();
    for (const socket of sockets) socket.terminate();
    await until(() => backend.realtimeSockets() === 0, 5000, "the sockets to close");
  });
});
