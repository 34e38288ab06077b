/**
 * The live indicator: what a realtime channel's reports mean for it, when the list is read again,
 * and how long to wait before subscribing again after the server closed the channel.
 */
import type { Timers } from "../../lib/timers";

/** What the subscribe callback of a supabase-js realtime channel reports. */
export type ChannelStatus = "SUBSCRIBED" | "TIMED_OUT" | "CLOSED" | "CHANNEL_ERROR";

/** The live indicator's state: connecting at first, live once subscribed, reconnecting after a drop. */
export type RealtimeStatus = "connecting" | "live" | "reconnecting";

/** The indicator's visible text and its tooltip, per state. */
export const REALTIME_STATUS_TEXT: Record<RealtimeStatus, { label: string; title: string }> = {
  connecting: { label: "Connecting…", title: "Connecting, so that changes from the team appear here as they happen" },
  live: { label: "Live", title: "Changes from the team appear here as they happen" },
  reconnecting: {
    label: "Reconnecting…",
    title: "The live connection dropped. Trying again; changes made meanwhile appear once it is back",
  },
};

/**
 * The indicator's next state after the channel reports `channelStatus`, whether
 * to refetch, and whether to subscribe again. Changes made while no channel is
 * joined are never replayed, so every join reloads the list: a rejoin after a
 * drop, and the first join too, since the list was read before it (a change in
 * between would otherwise be missed). realtime-js rejoins a channel that
 * errored or timed out by itself; a channel the server closed is never
 * rejoined, and needs a new subscription.
 */
export function nextRealtimeStatus(
  current: RealtimeStatus,
  channelStatus: string,
): { status: RealtimeStatus; refetch: boolean; resubscribe: boolean } {
  switch (channelStatus) {
    case "SUBSCRIBED":
      return { status: "live", refetch: current !== "live", resubscribe: false };
    case "CHANNEL_ERROR":
    case "TIMED_OUT":
      return { status: "reconnecting", refetch: false, resubscribe: false };
    case "CLOSED":
      return { status: "reconnecting", refetch: false, resubscribe: true };
    default:
      return { status: current, refetch: false, resubscribe: false };
  }
}

/** Wait before subscribing again after the server closed the channel: 1 s, doubling, at most 30 s. */
export function resubscribeDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 30_000);
}

/** How long a channel must stay joined before a close counts as a fresh start, not one more in a row. */
export const STABLE_CHANNEL_MS = 30_000;

/**
 * Which attempt a new subscription after a close is: back to the first when the
 * closed channel had stayed joined for a while, else the next one, so a server
 * that accepts each join and closes it at once is asked ever less often.
 */
export function resubscribeAttempt(previousAttempts: number, joinedForMs: number | null): number {
  return joinedForMs !== null && joinedForMs >= STABLE_CHANNEL_MS ? 0 : previousAttempts;
}

/**
 * One realtime channel kept joined. `joining()` gives the report handler of a channel about to be subscribed:
 * its reports are heard while it is the current one (a replaced channel reports CLOSED as it goes), each passed
 * to `onReport` with what nextRealtimeStatus makes of it from `status()`. Once the server closes it, `rejoin`
 * is called after a pause (resubscribeDelay of resubscribeAttempt: a channel closed soon after it joined counts
 * as one more try in a row). `leaving()` stops hearing the current channel; `cancel()` drops a rejoin waiting.
 */
export function keptChannel(deps: {
  timers: Timers;
  now: () => number;
  status: () => RealtimeStatus;
  onReport: (next: ReturnType<typeof nextRealtimeStatus>) => void;
  rejoin: () => void;
}) {
  let attempts = 0;
  let joinedAt: number | null = null;
  let current: object | null = null;
  let waiting: unknown = null;
  const cancel = () => {
    if (waiting !== null) deps.timers.clearTimeout(waiting);
    waiting = null;
  };
  const report = (channelStatus: string) => {
    const next = nextRealtimeStatus(deps.status(), channelStatus);
    const joinedFor = joinedAt === null ? null : deps.now() - joinedAt;
    if (channelStatus === "SUBSCRIBED") joinedAt = deps.now();
    else if (next.status === "reconnecting") joinedAt = null;
    deps.onReport(next);
    if (!next.resubscribe) return;
    const attempt = resubscribeAttempt(attempts, joinedFor);
    attempts = attempt + 1;
    cancel();
    waiting = deps.timers.setTimeout(() => {
      waiting = null;
      deps.rejoin();
    }, resubscribeDelay(attempt));
  };
  return {
    joining(): (channelStatus: string) => void {
      const token = {};
      current = token;
      joinedAt = null;
      return (channelStatus) => {
        if (current === token) report(channelStatus);
      };
    },
    leaving() {
      current = null;
    },
    cancel,
  };
}
