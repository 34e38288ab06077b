/**
 * A greedy client against realtime: the probe's flood of joins listing thousands of filters, scaled down to
 * run in seconds, is refused at the caps and leaves the backend's heap about where it was; one address
 * holding every seat leaves the team able to connect; the team's own live update still arrives. The
 * stranger connects from 127.0.0.2, a second local address, as the seats are shared per client address.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { patient } from "../tools/test-pace.mjs";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import { MAX_SOCKETS, seatAddress } from "./realtime.mjs";
import {
  MAX_BINDINGS_PER_CHANNEL,
  MAX_BINDINGS_PER_SOCKET,
  MAX_CHANNELS_PER_SOCKET,
  TOO_MANY_CHANNELS,
} from "./realtime-join.mjs";
import { type Backend, type ChangePayload, event, subscribe, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;
withTeamBackend((started, session) => ([backend, team] = [started, session]));

const STRANGER = "127.0.0.2";

/** Polls `check` every 20 ms until it holds, or fails after `patience` ms naming `what`. */
async function waitFor(check: () => boolean, what: string, patience = patient(15_000)) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > patience) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The heap in use after a full collection, so what is measured is what is held, not garbage. */
function heapHeld() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
  return process.memoryUsage().heapUsed;
}

type Reply = { status: string; response: { reason?: string } };

/** A raw socket from `address`, whose joins are sent one at a time, each answered before the next. */
async function strangerSocket(address = STRANGER) {
  const socket = new WebSocket(
    `${backend.url.replace("http", "ws")}/realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`,
    {
      localAddress: address,
    },
  );
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const replies = new Map<string, Reply>();
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString());
    if (frame[3] === "phx_reply") replies.set(frame[1], frame[4]);
  });
  let ref = 0;
  return {
    socket,
    async join(topic: string, bindings: unknown[]): Promise<Reply> {
      const id = String(++ref);
      socket.send(
        JSON.stringify([id, id, `realtime:${topic}`, "phx_join", { config: { postgres_changes: bindings } }]),
      );
      await waitFor(() => replies.has(id), `the reply to join ${id}`);
      return replies.get(id) as Reply;
    },
  };
}

/** `count` calendar bindings, each with an eq filter of about `width` characters, as the probe sent them. */
const bindings = (count: number, width = 50) =>
  Array.from({ length: count }, (_, i) => ({
    event: "*",
    schema: "public",
    table: "calendar_events",
    filter: `title=eq.${String(i).padStart(width, "x")}`,
  }));

describe("the probe's flood of joins", () => {
  it("is refused at the caps, the heap grows by under 16 MB, and the team's live update still arrives", async () => {
    const received: ChangePayload[] = [];
    await subscribe(team, received);
    const before = heapHeld();
    // The probe's join: 2,800 filters in one 250 KB frame, under the 256 KB frame cap.
    const flood = bindings(2_800, 10);
    expect(JSON.stringify(flood).length).toBeGreaterThan(240_000);
    expect(JSON.stringify(flood).length).toBeLessThan(256 * 1024 - 200);
    const sockets = await Promise.all(Array.from({ length: 3 }, () => strangerSocket()));
    const answers = await Promise.all(
      sockets.map(async (stranger, s) => {
        const refused: Reply[] = [];
        for (let i = 0; i < 25; i++) refused.push(await stranger.join(`flood-${s}-${i}`, flood));
        // Joins at the per-channel cap fill the socket's binding cap (and its filter text) and no more.
        const filled: Reply[] = [];
        for (let i = 0; i < 15; i++)
          filled.push(await stranger.join(`full-${s}-${i}`, bindings(MAX_BINDINGS_PER_CHANNEL)));
        return { refused, filled };
      }),
    );
    for (const { refused, filled } of answers) {
      expect(refused.every((reply) => reply.status === "error")).toBe(true);
      expect(refused[0].response.reason).toBe(
        `Unable to subscribe to changes: at most ${MAX_BINDINGS_PER_CHANNEL} postgres_changes bindings a channel`,
      );
      const held = filled.filter((reply) => reply.status === "ok").length;
      expect(held).toBe(MAX_BINDINGS_PER_SOCKET / MAX_BINDINGS_PER_CHANNEL);
      expect(filled[held].response.reason).toMatch(/^Unable to subscribe to changes: a connection holds at most 1000 /);
    }
    // What the flood left held: 3 sockets of 1,000 bindings (2.5 MB measured). Uncapped, the 75 flood joins
    // alone held 210,000 bindings, over 150 MB.
    const grown = heapHeld() - before;
    expect(grown).toBeLessThan(16 * 1024 * 1024);
    // The team's own change reaches the team, past the 3,000 stranger bindings on the same table.
    await team.from("calendar_events").insert(event("during-flood"));
    await waitFor(
      () => received.some((change) => (change.new as { title?: string }).title === "during-flood"),
      "the team's update",
    );
    for (const { socket } of sockets) socket.terminate();
    await waitFor(() => backend.realtimeSockets() === 1, "the stranger's sockets to close");
  });

  it(`refuses a ${MAX_CHANNELS_PER_SOCKET + 1}st channel with the error hosted Realtime sends`, async () => {
    const stranger = await strangerSocket();
    for (let i = 0; i < MAX_CHANNELS_PER_SOCKET; i++) {
      expect((await stranger.join(`seat-${i}`, [])).status).toBe("ok");
    }
    expect(await stranger.join("one-too-many", [])).toEqual({
      status: "error",
      response: { reason: TOO_MANY_CHANNELS },
    });
    stranger.socket.terminate();
    await waitFor(() => backend.realtimeSockets() === 1, "the socket to close");
  });
});

describe("seats shared per client address", () => {
  it(`leaves the team able to connect while one address holds all ${MAX_SOCKETS} seats`, async () => {
    await waitFor(() => backend.realtimeSockets() === 1, "only the team's socket");
    await team.removeAllChannels();
    await waitFor(() => backend.realtimeSockets() === 0, "the team's socket to close");
    // The first seat taken before the others, so that it is the oldest whichever of the rest the backend accepts
    // first.
    const oldest = await strangerSocket();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const held = [oldest, ...(await Promise.all(Array.from({ length: MAX_SOCKETS - 1 }, () => strangerSocket())))];
    expect(backend.realtimeSockets()).toBe(MAX_SOCKETS);
    // Another socket from the same address is refused: it holds every seat already.
    const more = new WebSocket(
      `${backend.url.replace("http", "ws")}/realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`,
      {
        localAddress: STRANGER,
      },
    );
    const status = await new Promise((resolve) =>
      more.once("unexpected-response", (_request, response) => resolve(response.statusCode)),
    );
    expect(status).toBe(429);
    // The team, from another address, gets a seat: the stranger's oldest one.
    const received: ChangePayload[] = [];
    await subscribe(team, received);
    expect(backend.realtimeSockets()).toBe(MAX_SOCKETS);
    // The stranger's oldest socket is closed by the backend as the team takes the seat, and only it; the close
    // reaches the stranger a moment later.
    const closed = () => held.filter(({ socket }) => socket.readyState !== WebSocket.OPEN).length;
    await waitFor(() => oldest.socket.readyState !== WebSocket.OPEN, "the stranger's oldest socket to close");
    await team.from("calendar_events").insert(event("seated"));
    await waitFor(
      () => received.some((change) => (change.new as { title?: string }).title === "seated"),
      "the team's update",
    );
    expect(closed()).toBe(1);
    for (const { socket } of held) socket.terminate();
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped one as its IPv4 address", () => {
    expect(seatAddress("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(seatAddress("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(seatAddress("2001:db8:1:2::9")).toBe(seatAddress("2001:0db8:0001:0002:ffff::1"));
    expect(seatAddress("::1")).toBe("0:0:0:0::/64");
  });
});
