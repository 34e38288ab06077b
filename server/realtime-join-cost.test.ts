/**
 * What a flood of joins costs the database: a join over a socket's caps is refused from its frame alone,
 * and a join within them asks which columns its role may filter on once per table (kept until the schema
 * changes), not once per binding. So a REST read sent during a flood of filtered joins from one socket is
 * not queued behind the flood's catalog queries. What the backend asks of the database is counted and
 * ordered; no timing is asserted.
 */
import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type WebSocket from "ws";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import { MAX_BINDINGS_PER_CHANNEL, MAX_BINDINGS_PER_SOCKET } from "./realtime-join.mjs";
import { type Backend, openRawSocket, until, withBackend } from "./test-helpers";

let backend: Backend;
withBackend((started) => (backend = started));

type Reply = { status: string; response: { reason?: string } };

/** A raw socket that keeps its join replies by ref. */
async function socketWithReplies() {
  const socket = openRawSocket(backend.url);
  const replies = new Map<string, Reply>();
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString());
    if (frame[3] === "phx_reply") replies.set(frame[1], frame[4]);
  });
  await new Promise((resolve) => socket.once("open", resolve));
  return { socket, replies };
}

/** The attack's join: 100 bindings on shows, each filtered on a value of its own. */
function floodJoin(channel: number) {
  const bindings = Array.from({ length: MAX_BINDINGS_PER_CHANNEL }, (_, k) => ({
    event: "*",
    schema: "public",
    table: "shows",
    filter: `venue_name=eq.${channel}-${k}`,
  }));
  const ref = String(channel);
  return JSON.stringify([ref, ref, `realtime:c${channel}`, "phx_join", { config: { postgres_changes: bindings } }]);
}

const CATALOG = /has_column_privilege|pg_publication_tables/;

/** Spies on the database's queries and transactions, which keep the order they were asked in. */
function watchDatabase() {
  const query: MockInstance = vi.spyOn(backend.db, "query");
  const transaction: MockInstance = vi.spyOn(backend.db, "transaction");
  /** The call order of each catalog query asked since. */
  const catalog = () =>
    query.mock.calls.flatMap(([sql], i) => (CATALOG.test(String(sql)) ? [query.mock.invocationCallOrder[i]] : []));
  return { query, transaction, catalog };
}

const sockets: WebSocket[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.terminate();
  await until(() => backend.realtimeSockets() === 0, "the sockets to close");
});

describe("a flood of filtered joins from one socket", () => {
  it("refuses the joins over the socket's caps without asking the database, and asks once for the rest", async () => {
    const { socket, replies } = await socketWithReplies();
    sockets.push(socket);
    const database = watchDatabase();
    for (let channel = 0; channel < 120; channel++) socket.send(floodJoin(channel));
    await until(() => replies.size === 120, "a reply to every join");
    const held = MAX_BINDINGS_PER_SOCKET / MAX_BINDINGS_PER_CHANNEL;
    const answers = Array.from({ length: 120 }, (_, channel) => replies.get(String(channel)) as Reply);
    expect(answers.slice(0, held).every((reply) => reply.status === "ok")).toBe(true);
    for (const reply of answers.slice(held)) {
      expect(reply.status).toBe("error");
      expect(reply.response.reason).toMatch(/^Unable to subscribe to changes: a connection holds at most 1000 /);
    }
    // 1,000 accepted bindings on one table: one question of which columns anon may filter on, at most.
    expect(database.catalog().length).toBeLessThanOrEqual(1);
    expect(database.transaction).not.toHaveBeenCalled();
  });

  it("leaves a REST read sent during the flood queued behind none of the flood's catalog queries", async () => {
    // A schema change first, so that the flood's joins must ask the database again.
    await backend.db.exec("grant select (venue_name) on public.shows to anon");
    const { socket, replies } = await socketWithReplies();
    sockets.push(socket);
    const database = watchDatabase();
    for (let channel = 0; channel < 120; channel++) socket.send(floodJoin(channel));
    const read = await fetch(`${backend.url}/rest/v1/published_shows?select=id&limit=1`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    expect(read.status).toBe(200);
    await until(() => replies.size === 120, "a reply to every join");
    // The read's transaction against the catalog queries asked before it: the schema's one reading after the
    // grant and the flood's one question of anon's columns, at most.
    const readAt = database.transaction.mock.invocationCallOrder[0];
    expect(readAt).toBeDefined();
    expect(database.catalog().filter((order) => order < readAt).length).toBeLessThanOrEqual(2);
    expect(database.catalog().length).toBeLessThanOrEqual(2);
  });
});

describe("what joins keep of a role's columns", () => {
  it("is forgotten when a grant changes: a column revoked since is refused to the next join's filter", async () => {
    await backend.db.exec(`
      create table public.posters (id int primary key, body text, secret text);
      grant select (id, body) on public.posters to anon;
    `);
    const { socket, replies } = await socketWithReplies();
    sockets.push(socket);
    const join = (ref: string, filter: string) =>
      socket.send(
        JSON.stringify([
          ref,
          ref,
          `realtime:posters-${ref}`,
          "phx_join",
          { config: { postgres_changes: [{ event: "*", schema: "public", table: "posters", filter }] } },
        ]),
      );
    join("1", "body=eq.Galway");
    join("2", "secret=eq.x");
    await until(() => replies.size === 2, "the first replies");
    expect(replies.get("1")?.status).toBe("ok");
    expect(replies.get("2")?.response.reason).toBe("Unable to subscribe to changes: invalid column for filter secret");
    await backend.db.exec("revoke select (body) on public.posters from anon");
    join("3", "body=eq.Galway");
    await until(() => replies.size === 3, "the reply after the revoke");
    expect(replies.get("3")?.response.reason).toBe("Unable to subscribe to changes: invalid column for filter body");
  });
});
