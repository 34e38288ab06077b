/**
 * For tests of a server's idle connections: one connection, a request, a pause, and the same request again
 * on it, as an HTTP client that keeps connections (a test's, a script's) sends its next request.
 */
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** The status lines the two requests got on one connection, `idleMs` apart; a closed connection ends the list. */
export async function statusesAfterIdle(origin: string, path: string, idleMs: number): Promise<string[]> {
  const { hostname, port, host } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {}); // a reset shows as a missing status line
  let received = "";
  let closed = false;
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("close", () => (closed = true));
  const ask = () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  const statusLines = () => received.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];
  const waitFor = async (count: number) => {
    for (let waited = 0; statusLines().length < count && !closed && waited < 10_000; waited += 20) await sleep(20);
  };
  ask();
  await waitFor(1);
  await sleep(idleMs);
  if (!closed) {
    ask();
    await waitFor(2);
  }
  socket.destroy();
  return statusLines();
}
