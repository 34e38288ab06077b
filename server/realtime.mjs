/**
 * The Realtime subset for postgres_changes on /realtime/v1/websocket:
 * phx_join with bindings echoed in order (each with an id), heartbeat,
 * phx_leave, access_token, and change pushes to the channels whose bindings
 * match and whose claims may SELECT the row.
 *
 * Each socket holds the claims of the last valid token it presented (the
 * apikey, a join's access_token, an access_token push). Changes are checked
 * against those claims, so a refreshed token keeps a channel working; claims
 * that have expired receive nothing until a fresh token arrives; a token that
 * does not verify closes the socket's channels instead of leaving the old
 * privileges in place. A socket may hold a bounded number of channels and a
 * bounded amount of unsent data: a reader that falls behind is dropped.
 */
import { randomInt } from "node:crypto";
import { WebSocketServer } from "ws";
import { verifyJwt } from "./auth.mjs";
import { quote } from "./rest.mjs";

const MAX_FRAME_BYTES = 64 * 1024;

/** Channels one socket may join (hosted Realtime's default max_channels_per_client). */
export const MAX_CHANNELS_PER_SOCKET = 100;

/** Unsent bytes one socket may hold: a reader this far behind is dropped rather than grow the server. */
export const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;

/** Sockets one client address may hold open at once, so the two limits above bound what it can cost. */
export const MAX_SOCKETS_PER_ADDRESS = 100;

const expired = (claims) => typeof claims?.exp === "number" && claims.exp <= Date.now() / 1000;

function encoder(vsn) {
  return vsn === "2.0.0"
    ? (joinRef, ref, topic, event, payload) => JSON.stringify([joinRef, ref, topic, event, payload])
    : (joinRef, ref, topic, event, payload) => JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
}

function decode(text) {
  const message = JSON.parse(text);
  if (Array.isArray(message)) {
    const [joinRef, ref, topic, event, payload] = message;
    return { joinRef, ref, topic, event, payload };
  }
  return {
    joinRef: message.join_ref,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  };
}

const FILTER = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|in)\.(.*)$/s;

/** Checks a binding's filter (`column=eq.value`, `neq`, `in.(a,b)`); returns a reason when it is not served. */
function filterProblem(filter, table) {
  if (filter === undefined || filter === null || filter === "") return null;
  const match = typeof filter === "string" ? filter.match(FILTER) : null;
  if (!match) return `filter ${JSON.stringify(filter)} is not supported (use column=eq.value, neq or in.(a,b))`;
  if (!table.columns.some((column) => column.name === match[1])) return `column ${match[1]} does not exist`;
  if (match[2] === "in" && !/^\(.*\)$/s.test(match[3])) return `filter ${filter} needs a list: in.(a,b)`;
  return null;
}

function filterMatches(filter, record) {
  if (!filter) return true;
  const [, column, operator, value] = filter.match(FILTER);
  if (record == null || record[column] === undefined) return false;
  const actual = record[column] === null ? "null" : String(record[column]);
  if (operator === "eq") return actual === value;
  if (operator === "neq") return actual !== value;
  return value
    .slice(1, -1)
    .split(",")
    .map((item) => item.trim())
    .includes(actual);
}

export function createRealtime({ db, findTable, secret, log = () => {} }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  /** @type {Set<{ socket: import("ws").WebSocket, send: Function, role: string, channels: Map<string, any> }>} */
  const clients = new Set();

  function handleUpgrade(request, socket, head, url) {
    let claims;
    try {
      claims = verifyJwt(url.searchParams.get("apikey") ?? "", secret);
    } catch {
      socket.end(
        "HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nInvalid or missing apikey",
      );
      return;
    }
    const address = socket.remoteAddress ?? "unknown";
    if ([...clients].filter((client) => client.address === address).length >= MAX_SOCKETS_PER_ADDRESS) {
      socket.end(
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nToo many realtime connections",
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const encode = encoder(url.searchParams.get("vsn"));
      const client = {
        socket: ws,
        address,
        claims,
        channels: new Map(),
        /** Sends one frame, or drops the socket when it has stopped reading what it was sent. */
        push(joinRef, ref, topic, event, payload) {
          if (ws.readyState !== ws.OPEN) return;
          if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
            log(`realtime: dropped a socket with ${ws.bufferedAmount} unsent bytes`);
            clients.delete(client);
            ws.terminate();
            return;
          }
          ws.send(encode(joinRef, ref, topic, event, payload));
        },
      };
      clients.add(client);
      ws.on("message", (data) => onMessage(client, data.toString()));
      ws.on("close", () => clients.delete(client));
      ws.on("error", () => clients.delete(client));
    });
  }

  function reply(client, message, status, response = {}) {
    client.push(message.joinRef ?? null, message.ref ?? null, message.topic, "phx_reply", { status, response });
  }

  /** Closes every channel of the socket with a reason, as hosted Realtime does on a token it refuses. */
  function closeChannels(client, reason) {
    for (const [topic, channel] of client.channels) {
      client.push(channel.joinRef ?? null, null, topic, "system", {
        extension: "system",
        status: "error",
        message: reason,
        channel: topic.replace(/^realtime:/, ""),
      });
      client.push(channel.joinRef ?? null, channel.joinRef ?? null, topic, "phx_close", {});
    }
    client.channels.clear();
  }

  async function onMessage(client, text) {
    let message;
    try {
      message = decode(text);
    } catch {
      return; // not a frame of this protocol: ignore, as Phoenix does
    }
    const { topic, event, payload } = message;
    if (topic === "phoenix" && event === "heartbeat") return reply(client, message, "ok");
    if (event === "access_token") {
      try {
        client.claims = verifyJwt(payload?.access_token, secret);
      } catch (error) {
        // Neither the old privileges nor silence: nothing more is delivered, and the channels say why.
        client.claims = null;
        closeChannels(client, `Received an invalid access token from client: ${error.message}`);
      }
      return;
    }
    if (event === "phx_join") return join(client, message);
    if (event === "phx_leave") {
      client.channels.delete(topic);
      return reply(client, message, "ok");
    }
    // broadcast / presence are not served; acknowledge so the client does not retry
    return reply(client, message, "ok");
  }

  async function join(client, message) {
    const { topic, payload } = message;
    const config = payload?.config ?? {};
    if (!client.channels.has(topic) && client.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      return reply(client, message, "error", { reason: "Too many channels" });
    }
    if (payload?.access_token) {
      try {
        client.claims = verifyJwt(payload.access_token, secret);
      } catch (error) {
        return reply(client, message, "error", { reason: `Invalid JWT: ${error.message}` });
      }
    }
    if (!client.claims) return reply(client, message, "error", { reason: "Invalid JWT: no valid token" });
    // The channel's place is taken before the first await, so joins arriving together cannot pass the cap.
    const isNew = !client.channels.has(topic);
    if (isNew) client.channels.set(topic, { joinRef: message.joinRef, bindings: [] });
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    for (const binding of requested) {
      const table = binding?.table && binding.table !== "*" ? await findTable(String(binding.table)) : null;
      const problem =
        binding === null || typeof binding !== "object"
          ? "each postgres_changes binding must be an object"
          : (binding.schema ?? "public") !== "public"
            ? `schema ${binding.schema} is not served (only public)`
            : binding.table && binding.table !== "*" && !table
              ? `table ${binding.table} not found`
              : binding.filter && !table
                ? "a filter needs a table"
                : table && filterProblem(binding.filter, table);
      if (problem) {
        if (isNew) client.channels.delete(topic);
        return reply(client, message, "error", { reason: `Unable to subscribe to changes: ${problem}` });
      }
    }
    const bindings = requested.map((binding) => ({
      event: binding.event ?? "*",
      schema: binding.schema ?? "public",
      table: binding.table ?? "*",
      ...(binding.filter ? { filter: binding.filter } : {}),
      id: randomInt(1, 2 ** 31 - 1),
    }));
    client.channels.set(topic, { joinRef: message.joinRef, bindings });
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
        const { rows } = await tx.query(
          `select coalesce(json_agg(json_build_array(${tuple})), '[]'::json)::text as keys from ${target}
           where (${tuple}) in (select ${tuple} from json_populate_recordset(null::${target}, $1::json))`,
          [JSON.stringify(records.map((record) => Object.fromEntries(keys.map((key) => [key, record[key]]))))],
        );
        const visible = new Set(JSON.parse(rows[0].keys).map((values) => JSON.stringify(values)));
        if (removed) await tx.rollback();
        return visible;
      });
    } catch {
      return new Set(); // no SELECT grant for this role, or the row cannot be put back: tell nobody
    }
  }

  /** Sends one batch of committed changes, in commit order, to every channel that asked for them. */
  async function publish(batch) {
    if (clients.size === 0) return;
    // Visibility is checked once per batch, per table and per distinct JWT, not once per row.
    const visibility = new Map();
    async function visible(claims, table, record, type) {
      if (!claims || expired(claims)) return false;
      if (claims.role === "service_role") return true;
      const removed = type === "DELETE";
      const cacheKey = `${table.name}\u0000${removed}\u0000${JSON.stringify(claims)}`;
      if (!visibility.has(cacheKey)) {
        const records = batch
          .filter((item) => item.table.name === table.name)
          .flatMap((item) =>
            item.changes
              .filter((change) => (change.type === "DELETE") === removed)
              .map((change) => (removed ? change.old : change.record)),
          );
        visibility.set(cacheKey, await visibleKeys(claims, table, records, { removed }));
      }
      return visibility.get(cacheKey).has(JSON.stringify(table.primaryKey.map((key) => record[key])));
    }

    for (const { table, changes } of batch) {
      const columns = table.columns.map((column) => ({ name: column.name, type: column.type }));
      // Like hosted Realtime: without REPLICA IDENTITY FULL the old row carries only its primary key.
      const oldRecord = (old) =>
        table.replicaIdentityFull ? old : Object.fromEntries(table.primaryKey.map((key) => [key, old[key]]));
      for (const change of changes) {
        // A DELETE is matched against the row it removed; its old record holds only the key.
        const record = change.type === "DELETE" ? change.old : change.record;
        for (const client of clients) {
          for (const [topic, channel] of client.channels) {
            const ids = channel.bindings
              .filter(
                (b) =>
                  (b.event === "*" || b.event === change.type) &&
                  (b.table === "*" || b.table === table.name) &&
                  filterMatches(b.filter, record),
              )
              .map((b) => b.id);
            if (ids.length === 0) continue;
            if (!(await visible(client.claims, table, record, change.type))) continue;
            const data = {
              schema: "public",
              table: table.name,
              commit_timestamp: change.committedAt,
              type: change.type,
              columns,
              errors: null,
              ...(change.type === "DELETE" ? {} : { record }),
              ...(change.type === "INSERT" ? {} : { old_record: oldRecord(change.old) }),
            };
            client.push(null, null, topic, "postgres_changes", { ids, data });
          }
        }
      }
    }
  }

  // Committed changes wait here and go out in order; a burst of writes is published as one batch.
  const queue = [];
  let draining = null;

  async function drain() {
    while (queue.length > 0) {
      try {
        await publish(queue.splice(0));
      } catch (error) {
        log(`realtime: ${error.message}`);
      }
    }
    draining = null;
  }

  /** Queues the committed changes of one write to `table` (only tables in supabase_realtime stream). */
  function enqueue(table, changes) {
    if (!table.realtime || changes.length === 0) return;
    const committedAt = new Date().toISOString();
    queue.push({ table, changes: changes.map((change) => ({ ...change, committedAt })) });
    draining ??= drain();
  }

  /** Resolves once every queued change has been sent. */
  const idle = () => draining ?? Promise.resolve();

  function close() {
    for (const client of clients) client.socket.terminate();
    clients.clear();
    wss.close();
  }

  return { handleUpgrade, enqueue, idle, close, clientCount: () => clients.size };
}
