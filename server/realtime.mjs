// @ts-check
/**
 * The Realtime subset for postgres_changes on /realtime/v1/websocket:
 * phx_join with bindings echoed in order (each with an id), heartbeat,
 * phx_leave, access_token, and change pushes to the channels whose bindings
 * match and whose claims may SELECT the row.
 *
 * Each channel holds the claims of the last valid token presented for it
 * (its join's access_token, else the socket's apikey; then any access_token
 * pushed on its topic), as hosted Realtime does. Changes are checked against
 * those claims, so a refreshed token keeps a channel working; claims that
 * have expired receive nothing until a fresh token arrives; a token that does
 * not verify closes that channel instead of leaving the old privileges in
 * place. As on hosted Realtime, a token is good until it expires: a session
 * ended by a sign-out or a new password does not close its channels (Auth
 * refuses the session, which locks the team's pages).
 *
 * What one client can cost is bounded with a hosted Free project's numbers
 * where it has them (200 connections, 100 channels a connection, 256 KB a
 * message) and with our own where it has none (bindings a channel and a
 * socket, filter text a socket): a join over a cap is refused with the error
 * hosted Realtime sends, and holds nothing. The caps are decided from the
 * frame alone, before any database work (realtime-join.mjs), and a join
 * looks each table up once and asks once (kept across joins until the
 * schema changes) which columns its role may filter on. Frames are validated as they are
 * decoded (a frame of the wrong shape is ignored, as Phoenix does), a handler
 * that fails ends only its socket, a socket holds a bounded amount of unsent
 * data (a reader that falls behind is dropped), and a socket that sends
 * nothing (not even a heartbeat) for 90 seconds is closed. Seats are shared
 * fairly: when every seat is taken, a newcomer from another address takes the
 * oldest seat of the address holding the most, so one address cannot keep
 * the team out. A change is matched only against the bindings indexed under
 * its table (and, for eq and in filters, under its column's value), so its
 * cost is what the matching bindings cost, not what every binding costs.
 *
 * Broadcast, Presence, private channels and the lt/lte/gt/gte filters, which
 * hosted Realtime serves, are answered with an error saying they are not
 * served by the local backend.
 */
import { randomInt } from "node:crypto";
import { WebSocketServer } from "ws";
import { apiKeyOf, verifyJwt } from "./auth.mjs";
import { isJsonObject, parseJsonBody } from "./http.mjs";
import { filterColumn, FILTER, joinDecision, tableNamed, unableToSubscribe } from "./realtime-join.mjs";
import { quote } from "./rest.mjs";

/** @typedef {import("./auth.mjs").Claims} Claims */
/** @typedef {import("./database.mjs").Table} Table */
/** @typedef {import("./rest.mjs").RowChange} RowChange */
/** @typedef {Record<string, unknown>} JsonObject */

/**
 * One frame of the Phoenix protocol realtime-js speaks.
 * @typedef {{ joinRef: string | null, ref: string | null, topic: string, event: string, payload: JsonObject }} Frame
 */

/** @typedef {(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown) => void} Push */

/** @typedef {import("./realtime-join.mjs").RequestedBinding} RequestedBinding */

/**
 * A binding a channel holds, with the id its changes are pushed under.
 * @typedef {{ event: string, schema: string, table: string, filter?: string, id: number }} Binding
 */

/**
 * A joined channel: its bindings, and the claims changes are checked against (null: none delivered).
 * @typedef {{ joinRef: string | null, bindings: Binding[], claims: Claims | null }} Channel
 */

/**
 * One binding as the fan-out index holds it: whose it is and where, and its place in its channel's list.
 * @typedef {{ client: Client, topic: string, channel: Channel, binding: Binding, position: number }} Entry
 */

/**
 * One open socket and what it holds.
 * @typedef {object} Client
 * @property {import("ws").WebSocket} socket
 * @property {Claims} claims the apikey's claims: a channel joined without an access_token uses them
 * @property {Map<string, Channel>} channels by topic
 * @property {number} lastSeen when it last sent a frame (ms)
 * @property {Promise<void>} queue frames are handled one at a time, in order; these wait their turn
 * @property {number} pendingBytes
 * @property {Push} push sends one frame, or drops the socket when it has stopped reading what it was sent
 * @property {string} address the client's address, as the seats are counted (an IPv6 client by its /64)
 * @property {number} openedAt when the socket opened (ms), for picking the oldest seat
 */

/** @typedef {{ table: Table, changes: (RowChange & { committedAt: string })[] }} CommittedWrite */

/** The largest frame read: a hosted Free project's largest message (its broadcast payload size). */
const MAX_FRAME_BYTES = 256 * 1024;

/** Unsent bytes one socket may hold: a reader this far behind is dropped rather than grow the server. */
export const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;

/** Sockets open at once (a hosted Free project's concurrent connections). */
export const MAX_SOCKETS = 200;

/**
 * A socket that sends no frame for this long is closed. realtime-js sends a heartbeat every 25 s, but a
 * browser may run a hidden tab's timers only once a minute; a closed socket's client simply reconnects.
 */
const IDLE_TIMEOUT_MS = 90_000;

/** How long, at most, joins rely on what they learnt of a role's columns; and for how many roles and tables. */
const FILTERABLE_KEPT_MS = 5_000;
const MAX_FILTERABLE_KEPT = 1_000;

/** Longest topic, ref and event accepted (realtime-join.mjs bounds a binding's fields). */
const MAX_TOPIC_LENGTH = 200;
const MAX_REF_LENGTH = 64;
const MAX_EVENT_LENGTH = 64;

/** Frame text that may wait to be handled per socket (four of the largest frames); a client that sends faster is dropped. */
const MAX_PENDING_BYTES = 4 * MAX_FRAME_BYTES;

/** @param {Claims} claims */
const expired = (claims) => typeof claims?.exp === "number" && claims.exp <= Date.now() / 1000;

/**
 * Writes a frame in the protocol version the client asked for: an array (2.0.0) or an object (1.0.0).
 * @param {string | null} vsn
 * @returns {(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown) => string}
 */
function encoder(vsn) {
  return vsn === "2.0.0"
    ? (joinRef, ref, topic, event, payload) => JSON.stringify([joinRef, ref, topic, event, payload])
    : (joinRef, ref, topic, event, payload) => JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
}

/**
 * @param {unknown} value
 * @returns {value is string | null}
 */
const isRef = (value) => value === null || (typeof value === "string" && value.length <= MAX_REF_LENGTH);

/**
 * Reads one frame, or returns null for anything that is not a frame of this protocol: a topic that is not
 * a short string, refs that are not short strings or null, an event that is not a string, a payload that
 * is not an object, or JSON nested deeper than any frame needs.
 * @param {string} text
 * @returns {Frame | null}
 */
function decode(text) {
  let message;
  try {
    message = parseJsonBody(text);
  } catch {
    return null;
  }
  let frame;
  if (Array.isArray(message)) {
    if (message.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = message;
    frame = { joinRef, ref, topic, event, payload };
  } else if (isJsonObject(message)) {
    frame = {
      joinRef: message.join_ref ?? null,
      ref: message.ref ?? null,
      topic: message.topic,
      event: message.event,
      payload: message.payload,
    };
  } else return null;
  const { joinRef, ref, topic, event, payload } = frame;
  if (typeof topic !== "string" || topic.length === 0 || topic.length > MAX_TOPIC_LENGTH) return null;
  if (typeof event !== "string" || event.length === 0 || event.length > MAX_EVENT_LENGTH) return null;
  if (!isRef(joinRef) || !isRef(ref)) return null;
  if (!isJsonObject(payload)) return null;
  return { joinRef, ref, topic, event, payload };
}

/** The first byte of realtime-js's binary frame for a broadcast a client sends (its serializer's kinds). */
const USER_BROADCAST_PUSH = 3;

/**
 * realtime-js sends a broadcast as a binary frame: a kind byte, the lengths of the join ref, ref, topic,
 * event and metadata, the payload's encoding, then those strings and the payload. Returns the frame as
 * the JSON text of a "broadcast" push on that topic (the payload left out: it is not delivered), so it is
 * answered like any other frame; "" (ignored) for any other binary frame.
 * @param {Buffer} data
 */
function binaryBroadcastAsText(data) {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return "";
  const [joinRefLength, refLength, topicLength] = [data[1], data[2], data[3]];
  const start = 7;
  const text = (/** @type {number} */ from, /** @type {number} */ length) =>
    data.subarray(from, from + length).toString("latin1");
  const joinRef = text(start, joinRefLength);
  const ref = text(start + joinRefLength, refLength);
  const topic = text(start + joinRefLength + refLength, topicLength);
  return JSON.stringify([joinRef || null, ref || null, topic, "broadcast", {}]);
}

/**
 * A filter joinDecision accepted, as its parts: the column, the operator, and the values it names
 * (one for eq and neq, the list's items for in).
 * @param {string} filter
 */
function filterParts(filter) {
  const [, column, operator, value] = /** @type {RegExpMatchArray} */ (filter.match(FILTER));
  const values =
    operator === "in"
      ? value
          .slice(1, -1)
          .split(",")
          .map((item) => item.trim())
      : [value];
  return { column, operator, values };
}

/**
 * A column's value in a record as a filter compares it, or undefined when the record lacks the column.
 * @param {JsonObject} record
 * @param {string} column
 */
const filterValue = (record, column) =>
  record[column] === undefined ? undefined : record[column] === null ? "null" : String(record[column]);

/**
 * Whether `record` passes a binding's filter (one joinDecision accepted).
 * @param {string | undefined} filter
 * @param {JsonObject | null} record
 */
function filterMatches(filter, record) {
  if (!filter) return true;
  const { column, operator, values } = filterParts(filter);
  if (record == null) return false;
  const actual = filterValue(record, column);
  if (actual === undefined) return false;
  return operator === "neq" ? actual !== values[0] : values.includes(actual);
}

/**
 * The client address seats are counted by: an IPv4-mapped IPv6 address as its IPv4 address, any other
 * IPv6 address by its /64 (what one household or phone holds), as the sign-up allowance counts it.
 * @param {string | undefined} address
 */
export function seatAddress(address) {
  if (!address) return "unknown";
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * @param {object} options
 * @param {import("@electric-sql/pglite").PGlite} options.db
 * @param {(name: string) => Promise<Table | undefined>} options.findTable
 * @param {() => number} [options.schemaVersion] changes whenever the schema may have (server/schema-cache.mjs);
 *   by default always, so nothing learnt of the schema is kept from one join to the next
 * @param {string} options.secret
 * @param {number} [options.idleTimeoutMs] how long a silent socket stays open
 * @param {(line: string) => void} [options.log]
 */
export function createRealtime({
  db,
  findTable,
  schemaVersion = () => Number.NaN,
  secret,
  idleTimeoutMs = IDLE_TIMEOUT_MS,
  log = () => {},
}) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  /** @type {Set<Client>} */
  const clients = new Set();

  /**
   * The fan-out index: per table name (or "*"), the bindings without a filter or with a neq filter, which
   * every change to it is matched against, and those with an eq or in filter, by column and value.
   * @type {Map<string, { scan: Set<Entry>, byValue: Map<string, Map<string, Set<Entry>>> }>}
   */
  const index = new Map();
  /** @type {WeakMap<Channel, Entry[]>} */
  const entriesOf = new WeakMap();

  /**
   * @param {Client} client
   * @param {string} topic
   * @param {Channel} channel
   */
  function indexChannel(client, topic, channel) {
    /** @type {Entry[]} */
    const entries = channel.bindings.map((binding, position) => ({ client, topic, channel, binding, position }));
    for (const entry of entries) {
      const { table, filter } = entry.binding;
      let slot = index.get(table);
      if (!slot) index.set(table, (slot = { scan: new Set(), byValue: new Map() }));
      const parts = filter ? filterParts(filter) : null;
      if (!parts || parts.operator === "neq") {
        slot.scan.add(entry);
        continue;
      }
      let byColumn = slot.byValue.get(parts.column);
      if (!byColumn) slot.byValue.set(parts.column, (byColumn = new Map()));
      for (const value of new Set(parts.values)) {
        let set = byColumn.get(value);
        if (!set) byColumn.set(value, (set = new Set()));
        set.add(entry);
      }
    }
    entriesOf.set(channel, entries);
  }

  /** @param {Channel | undefined} channel */
  function unindexChannel(channel) {
    if (!channel) return;
    for (const entry of entriesOf.get(channel) ?? []) {
      const { table, filter } = entry.binding;
      const slot = index.get(table);
      if (!slot) continue;
      slot.scan.delete(entry);
      const parts = filter ? filterParts(filter) : null;
      if (parts && parts.operator !== "neq") {
        const byColumn = slot.byValue.get(parts.column);
        for (const value of parts.values) {
          const set = byColumn?.get(value);
          set?.delete(entry);
          if (set?.size === 0) byColumn?.delete(value);
        }
        if (byColumn?.size === 0) slot.byValue.delete(parts.column);
      }
      if (slot.scan.size === 0 && slot.byValue.size === 0) index.delete(table);
    }
    entriesOf.delete(channel);
  }

  /**
   * Takes a channel off a socket and out of the index.
   * @param {Client} client
   * @param {string} topic
   */
  function removeChannel(client, topic) {
    unindexChannel(client.channels.get(topic));
    client.channels.delete(topic);
  }

  /**
   * Forgets a socket: it no longer counts toward any limit, and its bindings leave the index.
   * @param {Client} client
   */
  function forget(client) {
    if (!clients.delete(client)) return;
    for (const channel of client.channels.values()) unindexChannel(channel);
    client.channels.clear();
  }

  /**
   * Ends a socket and forgets it at once.
   * @param {Client} client
   */
  function drop(client) {
    forget(client);
    client.socket.terminate();
  }

  /**
   * When every seat is taken: the seat a newcomer from `address` may take, or null when it must be refused.
   * The address holding the most seats gives up its oldest one (one without a signed-in channel, if it has
   * any), unless the newcomer's own address would then hold as many: one address cannot keep another out.
   * @param {string} address
   */
  function seatToFree(address) {
    /** @type {Map<string, Client[]>} */
    const byAddress = new Map();
    for (const client of clients) {
      const held = byAddress.get(client.address);
      if (held) held.push(client);
      else byAddress.set(client.address, [client]);
    }
    let most = /** @type {Client[]} */ ([]);
    for (const held of byAddress.values()) if (held.length > most.length) most = held;
    const own = byAddress.get(address)?.length ?? 0;
    if (most.length === 0 || own + 1 >= most.length) return null;
    const signedIn = (/** @type {Client} */ client) =>
      [...client.channels.values()].some((channel) => channel.claims?.role === "authenticated");
    const byAge = [...most].sort((a, b) => a.openedAt - b.openedAt);
    return byAge.find((client) => !signedIn(client)) ?? byAge[0];
  }

  // Silent sockets are closed: a client that went away without closing must not hold its places forever.
  const idleCheck = setInterval(
    () => {
      const cutoff = Date.now() - idleTimeoutMs;
      for (const client of clients) {
        if (client.lastSeen < cutoff) {
          log("realtime: closed a socket that sent nothing for too long");
          drop(client);
        }
      }
    },
    Math.max(50, Math.min(5_000, idleTimeoutMs / 4)),
  );
  idleCheck.unref();

  /**
   * Takes over an HTTP upgrade to /realtime/v1/websocket: the apikey (the header, else the URL parameter) must verify;
   * its claims are the socket's until a channel presents a user's token.
   * @param {import("node:http").IncomingMessage} request
   * @param {import("node:stream").Duplex} socket
   * @param {Buffer} head
   * @param {URL} url
   */
  async function handleUpgrade(request, socket, head, url) {
    let claims;
    try {
      claims = await verifyJwt(apiKeyOf(request.headers, url.searchParams) ?? "", secret);
    } catch {
      socket.end(
        "HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nInvalid or missing apikey",
      );
      return;
    }
    const address = seatAddress(request.socket.remoteAddress);
    if (clients.size >= MAX_SOCKETS) {
      const seat = seatToFree(address);
      if (!seat) {
        socket.end(
          "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nToo many realtime connections",
        );
        return;
      }
      log(`realtime: ${seat.address} gave up its oldest seat to ${address}`);
      drop(seat);
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const encode = encoder(url.searchParams.get("vsn"));
      /** @type {Client} */
      const client = {
        socket: ws,
        claims,
        channels: new Map(),
        lastSeen: Date.now(),
        queue: Promise.resolve(),
        pendingBytes: 0,
        address,
        openedAt: Date.now(),
        push(joinRef, ref, topic, event, payload) {
          if (ws.readyState !== ws.OPEN) return;
          if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
            log(`realtime: dropped a socket with ${ws.bufferedAmount} unsent bytes`);
            drop(client);
            return;
          }
          ws.send(encode(joinRef, ref, topic, event, payload));
        },
      };
      clients.add(client);
      ws.on("message", (data, isBinary) => {
        if (!clients.has(client)) return;
        client.lastSeen = Date.now();
        const text = isBinary ? binaryBroadcastAsText(/** @type {Buffer} */ (data)) : data.toString();
        client.pendingBytes += text.length;
        if (client.pendingBytes > MAX_PENDING_BYTES) {
          log("realtime: dropped a socket that sent frames faster than they could be handled");
          drop(client);
          return;
        }
        client.queue = client.queue.then(async () => {
          client.pendingBytes -= text.length;
          if (!clients.has(client)) return;
          try {
            await onMessage(client, text);
          } catch (error) {
            // One client's bad frame ends that client's socket, never the process.
            log(`realtime: closed a socket whose frame failed: ${/** @type {Error} */ (error).stack ?? error}`);
            drop(client);
          }
        });
      });
      ws.on("close", () => forget(client));
      ws.on("error", () => forget(client));
    });
  }

  /**
   * Answers a frame with phx_reply.
   * @param {Client} client
   * @param {Frame} message
   * @param {"ok" | "error"} status
   * @param {JsonObject} [response]
   */
  function reply(client, message, status, response = {}) {
    client.push(message.joinRef ?? null, message.ref ?? null, message.topic, "phx_reply", { status, response });
  }

  /**
   * Closes one channel with a reason, as hosted Realtime does on a token it refuses.
   * @param {Client} client
   * @param {string} topic
   * @param {string} reason
   */
  function closeChannel(client, topic, reason) {
    const channel = client.channels.get(topic);
    if (!channel) return;
    removeChannel(client, topic);
    client.push(channel.joinRef ?? null, null, topic, "system", {
      extension: "system",
      status: "error",
      message: reason,
      channel: topic.replace(/^realtime:/, ""),
    });
    client.push(channel.joinRef ?? null, channel.joinRef ?? null, topic, "phx_close", {});
  }

  /**
   * @param {Client} client
   * @param {string} text one frame, as sent
   */
  async function onMessage(client, text) {
    const message = decode(text);
    if (!message) return; // not a frame of this protocol: ignore, as Phoenix does
    const { topic, event, payload } = message;
    if (topic === "phoenix" && event === "heartbeat") return reply(client, message, "ok");
    if (event === "access_token") {
      // realtime-js pushes a refreshed token on each channel's own topic: it changes that channel only.
      const channel = client.channels.get(topic);
      if (!channel) return;
      try {
        channel.claims = await verifyJwt(payload.access_token, secret);
      } catch (error) {
        // Neither the old privileges nor silence: nothing more is delivered, and the channel says why.
        channel.claims = null;
        const reason = /** @type {Error} */ (error).message;
        closeChannel(client, topic, `Received an invalid access token from client: ${reason}`);
      }
      return;
    }
    if (event === "phx_join") return join(client, message);
    if (event === "phx_leave") {
      removeChannel(client, topic);
      return reply(client, message, "ok");
    }
    if (event === "broadcast" || event === "presence") {
      const feature = event === "broadcast" ? "Broadcast" : "Presence";
      return reply(client, message, "error", { reason: `${feature} is not served by the local backend` });
    }
    return reply(client, message, "ok");
  }

  /**
   * Refuses a join for one of its bindings, as hosted Realtime words it.
   * @param {Client} client
   * @param {Frame} message a phx_join
   * @param {string} problem
   */
  function refuseBinding(client, message, problem) {
    reply(client, message, "error", { reason: unableToSubscribe(problem) });
  }

  /**
   * @param {Client} client
   * @param {Frame} message a phx_join
   */
  async function join(client, message) {
    const { topic, payload } = message;
    // Every cap is checked from the frame first: a refused join costs no database work.
    const decided = joinDecision(client.channels, topic, payload);
    if (decided.refused !== null) return reply(client, message, "error", { reason: decided.refused });
    const { asked } = decided;
    let claims = client.claims;
    if (payload.access_token !== undefined && payload.access_token !== null && payload.access_token !== "") {
      try {
        claims = await verifyJwt(payload.access_token, secret);
      } catch (error) {
        return reply(client, message, "error", { reason: `Invalid JWT: ${/** @type {Error} */ (error).message}` });
      }
    }
    // Each table is looked up once, and the columns the role may select of it asked once, however many
    // bindings name it.
    /** @type {Map<string, Table>} */
    const tables = new Map();
    for (const binding of asked) {
      const name = tableNamed(binding);
      if (name === null || tables.has(name)) continue;
      const table = await findTable(name);
      if (!table) return refuseBinding(client, message, `table ${name} not found`);
      tables.set(name, table);
    }
    /** @type {Map<string, Promise<Set<string>>>} */
    const selectableOf = new Map();
    for (const binding of asked) {
      const column = filterColumn(binding);
      const name = tableNamed(binding);
      if (column === null || name === null) continue;
      const table = /** @type {Table} */ (tables.get(name));
      if (!table.columns.some((known) => known.name === column)) {
        return refuseBinding(client, message, `column ${column} does not exist`);
      }
      // As hosted Realtime: a filter only on a column the role may select, or which rows it is sent would tell
      // what that column holds. A role that may select nothing of the table is sent none of its rows anyway.
      let asking = selectableOf.get(name);
      if (!asking) selectableOf.set(name, (asking = filterableColumns(claims.role, table)));
      const selectable = await asking;
      if (selectable.size > 0 && !selectable.has(column)) {
        return refuseBinding(client, message, `invalid column for filter ${column}`);
      }
    }
    // Decided again: the socket's other joins may have gone through while the tables were looked up.
    const again = joinDecision(client.channels, topic, payload);
    if (again.refused !== null) return reply(client, message, "error", { reason: again.refused });
    /** @type {Binding[]} */
    const bindings = asked.map((binding) => ({
      event: binding.event ?? "*",
      schema: binding.schema ?? "public",
      table: binding.table ?? "*",
      ...(binding.filter ? { filter: binding.filter } : {}),
      id: randomInt(1, 2 ** 31 - 1),
    }));
    removeChannel(client, topic);
    /** @type {Channel} */
    const channel = { joinRef: message.joinRef, bindings, claims };
    client.channels.set(topic, channel);
    indexChannel(client, topic, channel);
    reply(client, message, "ok", { postgres_changes: bindings });
    if (bindings.length > 0) {
      client.push(message.joinRef ?? null, null, topic, "system", {
        extension: "postgres_changes",
        status: "ok",
        message: "Subscribed to PostgreSQL",
        channel: topic.replace(/^realtime:/, ""),
      });
    }
  }

  /**
   * Which of `records` (rows of `table`) may the holder of `claims` SELECT right now? One query, asked of
   * Postgres under their role, so grants and row-level security decide. Returns their key strings.
   * Deleted rows (`removed`) are put back for the question, with triggers off, and the transaction is
   * rolled back: a subscriber learns of a deletion only if they could have read the row.
   * @param {Claims} claims
   * @param {Table} table
   * @param {JsonObject[]} records
   * @param {{ removed?: boolean }} [options]
   * @returns {Promise<Set<string>>}
   */
  async function visibleKeys(claims, table, records, { removed = false } = {}) {
    const keys = table.primaryKey;
    if (keys.length === 0 || records.length === 0) return new Set();
    const target = `public.${quote(table.name)}`;
    const tuple = keys.map(quote).join(", ");
    try {
      return await db.transaction(async (tx) => {
        if (removed) {
          await tx.query("set local session_replication_role = replica");
          await tx.query(`insert into ${target} select * from json_populate_recordset(null::${target}, $1::json)`, [
            JSON.stringify(records),
          ]);
        }
        await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
          claims.role,
          JSON.stringify(claims),
        ]);
        /** @type {{ rows: { keys: string }[] }} */
        const { rows } = await tx.query(
          `select coalesce(json_agg(json_build_array(${tuple})), '[]'::json)::text as keys from ${target}
           where (${tuple}) in (select ${tuple} from json_populate_recordset(null::${target}, $1::json))`,
          [JSON.stringify(records.map((record) => Object.fromEntries(keys.map((key) => [key, record[key]]))))],
        );
        /** @type {unknown[][]} */
        const visibleRows = JSON.parse(rows[0].keys);
        const visible = new Set(visibleRows.map((values) => JSON.stringify(values)));
        if (removed) await tx.rollback();
        return visible;
      });
    } catch {
      return new Set(); // no SELECT grant for this role, or the row cannot be put back: tell nobody
    }
  }

  /**
   * The columns of `table` that `role` may select (its column grants, or a grant on the whole table).
   * @param {string} role
   * @param {Table} table
   * @returns {Promise<Set<string>>}
   */
  async function selectableColumnsOf(role, table) {
    try {
      /** @type {{ rows: { name: string }[] }} */
      const { rows } = await db.query(
        `select a.attname as name from pg_attribute a
          where a.attrelid = $2::regclass and a.attnum > 0 and not a.attisdropped
            and has_column_privilege($1, a.attrelid, a.attnum, 'SELECT')`,
        [role, `public.${quote(table.name)}`],
      );
      return new Set(rows.map((row) => row.name));
    } catch {
      return new Set(); // a role the database does not know selects nothing
    }
  }

  /**
   * What joins learn of the columns `role` may select of a table. It is kept while the schema stays as it was
   * (a GRANT or REVOKE is announced as a schema change) and for a few seconds at most (granting one role to
   * another is not announced), so a run of joins asks the database once.
   * @type {Map<string, { version: number, until: number, columns: Promise<Set<string>> }>}
   */
  const filterable = new Map();
  /**
   * The columns of `table` that `role` may select, as a join's filter may name them.
   * @param {string} role
   * @param {Table} table
   */
  function filterableColumns(role, table) {
    const key = `${table.name}\u0000${role}`;
    const version = schemaVersion();
    const kept = filterable.get(key);
    if (kept && kept.version === version && kept.until > Date.now()) return kept.columns;
    if (filterable.size >= MAX_FILTERABLE_KEPT) filterable.clear();
    const columns = selectableColumnsOf(role, table);
    filterable.set(key, { version, until: Date.now() + FILTERABLE_KEPT_MS, columns });
    return columns;
  }

  /**
   * Sends one batch of committed changes, in commit order, to every channel that asked for them.
   * @param {CommittedWrite[]} batch
   */
  async function publish(batch) {
    if (clients.size === 0) return;
    // Visibility is checked once per batch, per table and per distinct JWT, not once per row.
    /** @type {Map<string, Set<string>>} */
    const visibility = new Map();
    /**
     * @param {Claims | null} claims
     * @param {Table} table
     * @param {JsonObject} record
     * @param {RowChange["type"]} type
     */
    async function visible(claims, table, record, type) {
      if (!claims || expired(claims)) return false;
      if (claims.role === "service_role") return true;
      const removed = type === "DELETE";
      const cacheKey = `${table.name}\u0000${removed}\u0000${JSON.stringify(claims)}`;
      let keys = visibility.get(cacheKey);
      if (!keys) {
        const records = batch
          .filter((item) => item.table.name === table.name)
          .flatMap((item) =>
            item.changes
              .filter((change) => (change.type === "DELETE") === removed)
              .flatMap((change) => {
                const row = removed ? change.old : change.record;
                return row ? [row] : [];
              }),
          );
        keys = await visibleKeys(claims, table, records, { removed });
        visibility.set(cacheKey, keys);
      }
      return keys.has(JSON.stringify(table.primaryKey.map((key) => record[key])));
    }

    /**
     * The columns of `table` that `role` may select, as hosted Realtime sends them: a column its grants keep
     * back is left out of the record, the old record and the list of columns. Asked once per batch.
     * @type {Map<string, Promise<Set<string>>>}
     */
    const selectable = new Map();
    /** @param {string} role @param {Table} table */
    function selectableColumns(role, table) {
      const key = `${table.name}\u0000${role}`;
      let columns = selectable.get(key);
      if (!columns) {
        columns = selectableColumnsOf(role, table);
        selectable.set(key, columns);
      }
      return columns;
    }

    for (const { table, changes } of batch) {
      // Like hosted Realtime: without REPLICA IDENTITY FULL the old row carries only its primary key.
      /** @param {JsonObject | null} old */
      const oldRecord = (old) =>
        old && (table.replicaIdentityFull ? old : Object.fromEntries(table.primaryKey.map((key) => [key, old[key]])));
      for (const change of changes) {
        // A DELETE is matched against the row it removed; its old record holds only the key.
        const record = change.type === "DELETE" ? change.old : change.record;
        if (!record) continue; // a deletion always carries the row it removed
        // Only the bindings indexed under this table (or every table) and this record's values are looked at.
        /** @type {Map<Channel, Entry[]>} */
        const matched = new Map();
        for (const name of [table.name, "*"]) {
          const slot = index.get(name);
          if (!slot) continue;
          /** @type {Iterable<Entry>[]} */
          const candidates = [slot.scan];
          for (const [column, byValue] of slot.byValue) {
            const value = filterValue(record, column);
            const set = value === undefined ? undefined : byValue.get(value);
            if (set) candidates.push(set);
          }
          for (const set of candidates) {
            for (const entry of set) {
              const { binding } = entry;
              if (binding.event !== "*" && binding.event.toUpperCase() !== change.type) continue;
              if (!filterMatches(binding.filter, record)) continue;
              const list = matched.get(entry.channel);
              if (list) list.push(entry);
              else matched.set(entry.channel, [entry]);
            }
          }
        }
        for (const [channel, entries] of matched) {
          const { client, topic } = entries[0];
          // The channel may have been left or its socket closed while an earlier push was checked.
          if (!clients.has(client) || client.channels.get(topic) !== channel) continue;
          const ids = entries.sort((a, b) => a.position - b.position).map((entry) => entry.binding.id);
          if (!(await visible(channel.claims, table, record, change.type))) continue;
          const allowed = await selectableColumns(/** @type {Claims} */ (channel.claims).role, table);
          /** @param {JsonObject} row */
          const shown = (row) => Object.fromEntries(Object.entries(row).filter(([name]) => allowed.has(name)));
          const old = oldRecord(change.old);
          const data = {
            schema: "public",
            table: table.name,
            commit_timestamp: change.committedAt,
            type: change.type,
            columns: table.columns
              .filter((column) => allowed.has(column.name))
              .map((column) => ({ name: column.name, type: column.type })),
            errors: null,
            ...(change.type === "DELETE" ? {} : { record: shown(record) }),
            ...(change.type === "INSERT" ? {} : { old_record: old && shown(old) }),
          };
          client.push(null, null, topic, "postgres_changes", { ids, data });
        }
      }
    }
  }

  // Committed changes wait here and go out in order; a burst of writes is published as one batch.
  /** @type {CommittedWrite[]} */
  const queue = [];
  /** @type {Promise<void> | null} */
  let draining = null;

  async function drain() {
    while (queue.length > 0) {
      try {
        await publish(queue.splice(0));
      } catch (error) {
        log(`realtime: ${/** @type {Error} */ (error).message}`);
      }
    }
    draining = null;
  }

  /**
   * Queues the committed changes of one write to `table` (only tables in supabase_realtime stream).
   * @param {Table} table
   * @param {RowChange[]} changes
   */
  function enqueue(table, changes) {
    if (!table.realtime || changes.length === 0) return;
    const committedAt = new Date().toISOString();
    queue.push({ table, changes: changes.map((change) => ({ ...change, committedAt })) });
    draining ??= drain();
  }

  /** Resolves once every queued change has been sent. */
  const idle = () => draining ?? Promise.resolve();

  function close() {
    clearInterval(idleCheck);
    for (const client of clients) client.socket.terminate();
    clients.clear();
    index.clear();
    wss.close();
  }

  return { handleUpgrade, enqueue, idle, close, clientCount: () => clients.size };
}
