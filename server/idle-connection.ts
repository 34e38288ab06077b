/**
 * For tests of how a server holds connections: one connection, a request, a pause, and the same request again
 * on it, as an HTTP client that keeps connections (a test's, a script's) sends its next request; and
 * connections held open, to fill a server up to its cap.
 */
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A raw connection: what came back on it so far, and whether it is closed. */
type Connection = { socket: Socket; received: () => string; closed: () => boolean };

/** Opens a connection to `origin` and sends `text` on it once it is open (not if it was closed first). */
async function openConnection(origin: string, text: string): Promise<Connection> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {}); // a reset shows as a missing status line
  let received = "";
  let closed = false;
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("close", () => (closed = true));
  await new Promise((resolve) => socket.once("connect", resolve).once("close", resolve));
  if (!closed) socket.write(text);
  return { socket, received: () => received, closed: () => closed };
}

const request = (origin: string, path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nConnection: keep-alive\r\n\r\n`;
const statusLines = (connection: Connection) => connection.received().match(/^HTTP\/1\.1 \d{3}/gm) ?? [];

/** Waits (10 s at most) until `connection` got `count` status lines or was closed. */
async function waitForAnswers(connection: Connection, count: number) {
  for (let waited = 0; statusLines(connection).length < count && !connection.closed() && waited < 10_000; waited += 20)
    await sleep(20);
}

/** The status lines the two requests got on one connection, `idleMs` apart; a closed connection ends the list. */
export async function statusesAfterIdle(origin: string, path: string, idleMs: number): Promise<string[]> {
  const connection = await openConnection(origin, request(origin, path));
  await waitForAnswers(connection, 1);
  await sleep(idleMs);
  if (!connection.closed()) {
    connection.socket.write(request(origin, path));
    await waitForAnswers(connection, 2);
  }
  connection.socket.destroy();
  return statusLines(connection);
}

/**
 * A connection left open after its request was answered (as a client that keeps connections leaves it), or,
 * with `halfSent`, one that sent the start of a request's headers and never the rest; `end()` closes it.
 */
export async function heldConnection(origin: string, path: string, { halfSent = false } = {}) {
  const full = request(origin, path);
  const connection = await openConnection(origin, halfSent ? full.slice(0, full.indexOf("\r\n") + 2) : full);
  if (halfSent) await sleep(50);
  else await waitForAnswers(connection, 1);
  return { status: statusLines(connection)[0] ?? null, end: () => connection.socket.destroy() };
}

/** The status line a request on a new connection gets, or null when the server closes the connection unanswered. */
export async function statusOnNewConnection(origin: string, path: string): Promise<string | null> {
  const connection = await openConnection(origin, request(origin, path));
  await waitForAnswers(connection, 1);
  connection.socket.destroy();
  return statusLines(connection)[0] ?? null;
}

/** The status line a request on a new connection gets once one is answered (new connections tried for 5 s). */
export async function statusOnceAnswered(origin: string, path: string): Promise<string | null> {
  for (let tries = 0; tries < 100; tries++) {
    const status = await statusOnNewConnection(origin, path);
    if (status) return status;
    await sleep(50);
  }
  return null;
}
