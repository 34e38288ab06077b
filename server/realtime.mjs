/**
 * The Realtime subset for postgres_changes on /realtime/v1/websocket:
 * phx_join with bindings echoed in order (each with an id), heartbeat,
 * phx_leave, access_token, and change pushes to the channels whose bindings
 * match and whose role may SELECT the row.
 */
import { randomInt } from "node:crypto";
import { WebSocketServer } from "ws";
import { verifyJwt } from "./auth.mjs";

const MAX_FRAME_BYTES = 64 * 1024;

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

function filterMatches(filter, record) {
  if (!filter) return true;
  const match = filter.match(/^([A-Za-z_][A-Za-z0-9_]*)=eq\.(.*)$/);
  if (!match) return false;
  return record != null && String(record[match[1]]) === match[2];
}

export function createRealtime({ db, getSchema, secret }) {
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
    wss.handleUpgrade(request, socket, head, (ws) => {
      const client = { socket: ws, send: encoder(url.searchParams.get("vsn")), role: claims.role, channels: new Map() };
      clients.add(client);
      ws.on("message", (data) => onMessage(client, data.toString()));
      ws.on("close", () => clients.delete(client));
      ws.on("error", () => clients.delete(client));
    });
  }

  function reply(client, message, status, response = {}) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(
      client.send(message.joinRef ?? null, message.ref ?? null, message.topic, "phx_reply", { status, response }),
    );
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
        client.role = verifyJwt(payload?.access_token, secret).role;
      } catch {
        // keep the role the socket was opened with
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
    if (payload?.access_token) {
      try {
        client.role = verifyJwt(payload.access_token, secret).role;
      } catch {
        return reply(client, message, "error", { reason: "Invalid JWT" });
      }
    }
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const schema = await getSchema();
    for (const binding of requested) {
      if (binding?.table && binding.table !== "*" && !schema.has(binding.table)) {
        return reply(client, message, "error", {
          reason: `Unable to subscribe to changes: table ${binding.table} not found`,
        });
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
    if (bindings.length > 0 && client.socket.readyState === client.socket.OPEN) {
      client.socket.send(
        client.send(message.joinRef ?? null, null, topic, "system", {
          extension: "postgres_changes",
          status: "ok",
          message: "Subscribed to PostgreSQL",
          channel: topic.replace(/^realtime:/, ""),
        }),
      );
    }
  }

  /** May `role` see the row with this primary key? Asked of Postgres under that role. */
  async function canSee(role, table, record) {
    if (role === "service_role") return true;
    const keys = table.primaryKey;
    if (keys.length === 0) return false;
    try {
      return await db.transaction(async (tx) => {
        await tx.query("select set_config('role', $1, true)", [role]);
        const where = keys.map((key, i) => `"${key}" = $${i + 1}`).join(" and ");
        const { rows } = await tx.query(
          `select 1 from public."${table.name}" where ${where}`,
          keys.map((k) => record[k]),
        );
        return rows.length > 0;
      });
    } catch {
      return false; // no SELECT grant for this role
    }
  }

  /** Sends committed changes of `table` to every channel that asked for them. */
  async function publish(table, changes) {
    if (!table.realtime || changes.length === 0 || clients.size === 0) return;
    const columns = table.columns.map((column) => ({ name: column.name, type: column.type }));
    const pkOnly = (record) => Object.fromEntries(table.primaryKey.map((key) => [key, record[key]]));
    for (const change of changes) {
      const record = change.record ?? change.old;
      const visibility = new Map();
      for (const client of clients) {
        for (const [topic, channel] of client.channels) {
          const ids = channel.bindings
            .filter(
              (b) =>
                (b.event === "*" || b.event === change.type) &&
                (b.schema === "*" || b.schema === "public") &&
                (b.table === "*" || b.table === table.name) &&
                filterMatches(b.filter, record),
            )
            .map((b) => b.id);
          if (ids.length === 0) continue;
          if (change.type !== "DELETE") {
            if (!visibility.has(client.role)) visibility.set(client.role, await canSee(client.role, table, record));
            if (!visibility.get(client.role)) continue;
          }
          const data = {
            schema: "public",
            table: table.name,
            commit_timestamp: new Date().toISOString(),
            type: change.type,
            columns,
            errors: null,
            ...(change.type === "DELETE" ? {} : { record }),
            ...(change.type === "INSERT" ? {} : { old_record: pkOnly(record) }),
          };
          if (client.socket.readyState === client.socket.OPEN) {
            client.socket.send(client.send(null, null, topic, "postgres_changes", { ids, data }));
          }
        }
      }
    }
  }

  function close() {
    for (const client of clients) client.socket.terminate();
    clients.clear();
    wss.close();
  }

  return { handleUpgrade, publish, close, clientCount: () => clients.size };
}
