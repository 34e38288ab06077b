import { describe, expect, it } from "vitest";
import { nextRealtimeStatus, REALTIME_STATUS_TEXT, resubscribeAttempt, resubscribeDelay } from "./calendar.realtime";

describe("the live indicator", () => {
  it("says Connecting… at first, Live once subscribed and Reconnecting… after a drop, in words", () => {
    expect(Object.values(REALTIME_STATUS_TEXT).map((text) => text.label)).toEqual([
      "Connecting…",
      "Live",
      "Reconnecting…",
    ]);
    expect(REALTIME_STATUS_TEXT.live.title).toBe("Changes from the team appear here as they happen");
  });

  it("goes live when the channel subscribes, refetching on each join since changes before it are not replayed", () => {
    expect(nextRealtimeStatus("connecting", "SUBSCRIBED")).toEqual({
      status: "live",
      refetch: true,
      resubscribe: false,
    });
    expect(nextRealtimeStatus("reconnecting", "SUBSCRIBED")).toEqual({
      status: "live",
      refetch: true,
      resubscribe: false,
    });
    expect(nextRealtimeStatus("live", "SUBSCRIBED")).toEqual({ status: "live", refetch: false, resubscribe: false });
  });

  it("waits for the library's own rejoin after a channel error or a timeout", () => {
    for (const channelStatus of ["CHANNEL_ERROR", "TIMED_OUT"]) {
      for (const current of ["connecting", "live", "reconnecting"] as const) {
        expect(nextRealtimeStatus(current, channelStatus)).toEqual({
          status: "reconnecting",
          refetch: false,
          resubscribe: false,
        });
      }
    }
  });

  it("subscribes again itself after a close, which the library never rejoins", () => {
    for (const current of ["connecting", "live", "reconnecting"] as const) {
      expect(nextRealtimeStatus(current, "CLOSED")).toEqual({
        status: "reconnecting",
        refetch: false,
        resubscribe: true,
      });
    }
  });

  it("backs off between new subscriptions: 1 s, doubling, never over 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(resubscribeDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("starts the pauses over only after a channel that stayed joined for 30 s", () => {
    expect(resubscribeAttempt(4, null)).toBe(4);
    expect(resubscribeAttempt(4, 200)).toBe(4);
    expect(resubscribeAttempt(4, 29_999)).toBe(4);
    expect(resubscribeAttempt(4, 30_000)).toBe(0);
    // A server that closes every channel as soon as it joins is asked ever less often.
    let attempts = 0;
    const pauses = [];
    for (let i = 0; i < 7; i += 1) {
      const attempt = resubscribeAttempt(attempts, 50);
      pauses.push(resubscribeDelay(attempt));
      attempts = attempt + 1;
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("ignores a state it does not know", () => {
    expect(nextRealtimeStatus("live", "JOINING")).toEqual({ status: "live", refetch: false, resubscribe: false });
  });

  it("refetches once per join: live, lost, back, lost, back", () => {
    let status = "connecting" as Parameters<typeof nextRealtimeStatus>[0];
    let refetches = 0;
    for (const channelStatus of ["SUBSCRIBED", "CHANNEL_ERROR", "TIMED_OUT", "SUBSCRIBED", "CLOSED", "SUBSCRIBED"]) {
      const next = nextRealtimeStatus(status, channelStatus);
      status = next.status;
      if (next.refetch) refetches += 1;
    }
    expect({ status, refetches }).toEqual({ status: "live", refetches: 3 });
  });
});
