import type { RealtimePostgresChangesPayload, SupabaseClient } from "@supabase/supabase-js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, client, closeClients, event, freshBackend } from "./test-helpers";

type Payload = RealtimePostgresChangesPayload<Record<string, unknown>>;

let backend: Backend;
beforeAll(async () => {
  backend = await freshBackend();
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

/** Subscribes like the calendar does and resolves once the server confirms. */
async function subscribe(supabase: SupabaseClient, received: Payload[]) {
  const channel = supabase
    .channel("schema-db-changes")
    .on("postgres_changes", { event: "*", schema: "public", table: "calendar_events" }, (payload: Payload) =>
      received.push(payload),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === "SUBSCRIBED") resolve();
      if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") reject(error ?? new Error(status));
    });
  });
  return channel;
}

async function until(check: () => boolean, timeout = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error("timed out waiting for realtime");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("realtime on calendar_events", () => {
  it("delivers a second client's insert to the subscriber's callback", async () => {
    const received: Payload[] = [];
    const subscriber = client(backend.url);
    const channel = await subscribe(subscriber, received);
    await client(backend.url).from("calendar_events").insert(event("Soundcheck", "2025-04-22"));
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({
      schema: "public",
      table: "calendar_events",
      eventType: "INSERT",
      new: { title: "Soundcheck", event_type: "gig", start_date: "2025-04-22T12:00:00+00:00" },
    });
    expect(await subscriber.removeChannel(channel)).toBe("ok");
  });

  it("stops delivering after the channel is removed", async () => {
    const received: Payload[] = [];
    const subscriber = client(backend.url);
    const channel = await subscribe(subscriber, received);
    expect(await subscriber.removeChannel(channel)).toBe("ok");
    await client(backend.url).from("calendar_events").insert(event("After leaving", "2025-04-24"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it("sends nothing for refused writes", async () => {
    const received: Payload[] = [];
    const subscriber = client(backend.url);
    await subscribe(subscriber, received);
    const { error } = await client(backend.url)
      .from("calendar_events")
      .insert(event("Bad", "2025-04-25", { event_type: "nap" }));
    expect(error).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it("refuses a socket without a valid key", async () => {
    const { default: WebSocket } = await import("ws");
    const socket = new WebSocket(`${backend.url.replace("http", "ws")}/realtime/v1/websocket?apikey=forged&vsn=2.0.0`);
    const status = await new Promise((resolve) =>
      socket.once("unexpected-response", (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(401);
  });
});

describe("persistence", () => {
  it("keeps data across restarts and applies each migration once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "stagedoor-db-"));
    try {
      const first = await freshBackend({ dataDir });
      await client(first.url).from("contacts").insert({ id: "persisted", name: "Kept", role: "Agent" });
      await first.close();
      const second = await freshBackend({ dataDir });
      const { data } = await client(second.url).from("contacts").select("name");
      expect(data).toEqual([{ name: "Kept" }]);
      const { rows } = await second.db.query<{ count: number }>(
        "select count(*)::int as count from stagedoor_internal.schema_migrations",
      );
      expect(rows[0].count).toBe(1);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000); // two cold database starts: slow on a busy two-core machine
});
