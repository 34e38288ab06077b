import { afterEach, describe, expect, it } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { STABLE_CHANNEL_MS } from "./calendar.realtime";
import { RELOAD_GATHER_MS } from "./calendar.reload";
import { settle } from "../../test/deferred";
import { withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { answerRead, event, live, LOCK_REASONS, NO_CONNECTION_TEXT, titles, unlockedFeed, wait } from "./calendar.fake";

withVitestClock();
afterEach(() => $toasts.set([]));

describe("the calendar feed", () => {
  it("reads the list and listens to every change on calendar_events, saying Live once joined", async () => {
    const fake = await unlockedFeed();
    fake.feed.start();
    expect(fake.feed.$status.get()).toBe("connecting");
    await settle();
    expect(fake.channels.map((channel) => [channel.topic, channel.filters])).toEqual([
      ["schema-db-changes", [{ event: "*", schema: "public", table: "calendar_events" }]],
    ]);
    expect(fake.reads.map((read) => read.table)).toEqual(["calendar_events"]);
    // Until the read answers, the empty list is no calendar: the page says it is being read, not that nothing is planned.
    expect(fake.feed.$read.get()).toBe(false);
    await answerRead(fake, [event("1", "Launch")]);
    expect(titles(fake)).toEqual(["Launch"]);
    expect(fake.feed.$read.get()).toBe(true);
    fake.channels[0].report("SUBSCRIBED");
    expect(fake.feed.$status.get()).toBe("live");
    // A change made between the first read and the join is caught by a read on joining.
    await settle();
    expect(fake.waitingReads()).toHaveLength(1);
  });

  it("never lets a slow reply to an older read overwrite a newer list", async () => {
    const fake = await unlockedFeed();
    fake.feed.start();
    await settle();
    fake.channels[0].report("SUBSCRIBED");
    await settle();
    const [older, newer] = fake.waitingReads();
    newer.answer([event("1", "Launch"), event("2", "Radio")]);
    await settle();
    older.answer([event("1", "Launch")]);
    await settle();
    expect(titles(fake)).toEqual(["Launch", "Radio"]);
  });

  it("shows an older reply when the newer read failed, since a failure is no list", async () => {
    const fake = await unlockedFeed();
    fake.feed.start();
    await settle();
    fake.channels[0].report("SUBSCRIBED");
    await settle();
    const [older, newer] = fake.waitingReads();
    newer.fail({ code: "XX000", message: "Database is resting" }, 500);
    await settle();
    older.answer([event("1", "Launch")]);
    await settle();
    expect(titles(fake)).toEqual(["Launch"]);
  });

  it("reads once or twice, not fifty times, for a burst of fifty changes, and ends up current", async () => {
    const fake = await live();
    const before = fake.reads.length;
    for (let i = 0; i < 30; i += 1) fake.channels[0].change();
    await wait(RELOAD_GATHER_MS);
    expect(fake.reads.length - before).toBe(1);
    // Twenty more arrive while that read is on its way: exactly one more read once it is done.
    for (let i = 0; i < 20; i += 1) fake.channels[0].change();
    await answerRead(fake, [event("1", "Launch")]);
    await wait(RELOAD_GATHER_MS);
    expect(fake.reads.length - before).toBe(2);
    await answerRead(fake, [event("1", "Launch"), event("2", "Burst")]);
    await wait(RELOAD_GATHER_MS * 10);
    expect(fake.reads.length - before).toBe(2);
    expect(titles(fake)).toEqual(["Launch", "Burst"]);
  });

  it("subscribes again after the server closes the channel, waiting longer while closes keep coming, and catches up", async () => {
    const fake = await live();
    /** Closes the newest channel and returns how long until a new one is subscribed. */
    const closeAndTimeRejoin = async () => {
      const count = fake.channels.length;
      fake.channels[count - 1].report("CLOSED");
      expect(fake.feed.$status.get()).toBe("reconnecting");
      let waited = 0;
      while (fake.channels.length === count) {
        await wait(250);
        waited += 250;
        if (waited > 60_000) throw new Error("never subscribed again");
      }
      expect(fake.channels[count - 1].removed).toBe(true);
      return waited;
    };
    // The new subscription waits 1 s, then 2 s, then 4 s (plus the short gathering of resyncs).
    const pauses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      pauses.push(await closeAndTimeRejoin());
      await answerRead(fake, [event("1", "Launch"), event(`missed-${round}`, `Missed ${round}`)]);
      // Joined, and closed again at once: the server keeps refusing.
      fake.channels.at(-1)!.report("SUBSCRIBED");
      expect(fake.feed.$status.get()).toBe("live");
      await settle();
      await answerRead(fake, [event("1", "Launch"), event(`missed-${round}`, `Missed ${round}`)]);
      expect(titles(fake)).toContain(`Missed ${round}`);
    }
    expect(pauses).toEqual([1000, 2000, 4000].map((ms) => Math.ceil((ms + RELOAD_GATHER_MS) / 250) * 250));
    // A channel that stayed joined for a while starts the pauses over.
    await wait(STABLE_CHANNEL_MS);
    expect(await closeAndTimeRejoin()).toBe(Math.ceil((1000 + RELOAD_GATHER_MS) / 250) * 250);
    // Only one channel is ever open: the ones replaced said CLOSED as they went, and started nothing.
    expect(fake.openChannels()).toHaveLength(1);
  });

  it("keeps the channel and the list through a token refresh, without locking", async () => {
    const fake = await live();
    fake.emit("TOKEN_REFRESHED", { access_token: "fresh" });
    await settle();
    expect(fake.session.$unlocked.get()).toBe(true);
    expect(fake.openChannels()).toEqual([fake.channels[0]]);
    expect(fake.feed.$status.get()).toBe("live");
    // Changes still arrive on the same channel, and the list is read (with the new token, which supabase-js sends).
    fake.channels[0].change();
    await wait(RELOAD_GATHER_MS);
    await answerRead(fake, [event("1", "Launch"), event("2", "After refresh")]);
    expect(titles(fake)).toEqual(["Launch", "After refresh"]);
    expect(toastLines()).toEqual([]);
  });

  it("locks saying the session ended on SIGNED_OUT, and says nothing of a read that fails afterwards", async () => {
    const fake = await live();
    fake.channels[0].change();
    await wait(RELOAD_GATHER_MS);
    fake.emit("SIGNED_OUT");
    expect(fake.session.$unlocked.get()).toBe(false);
    expect(fake.session.$lockReason.get()).toBe("sessionEnded");
    fake.stop(); // the calendar unmounts as the page locks
    expect(fake.openChannels()).toEqual([]);
    fake.waitingReads()[0].fail({ message: "JWT expired", code: "PGRST301" }, 401);
    await settle();
    expect(toastLines()).toEqual([`Calendar locked: ${LOCK_REASONS.sessionEnded}`]);
  });

  it("locks saying the calendar refused the session, not an error, when a read is refused", async () => {
    const fake = await live();
    fake.page.set("visible");
    await wait(RELOAD_GATHER_MS);
    fake.waitingReads()[0].fail({ code: "42501", message: "permission denied for table calendar_events" }, 401);
    await settle();
    expect(fake.session.$unlocked.get()).toBe(false);
    expect(fake.session.$lockReason.get()).toBe("accessRefused");
    expect(fake.calls).toContain("signOut local");
    expect(toastLines()).toEqual([`Calendar locked: ${LOCK_REASONS.accessRefused}`]);
  });

  it("shows the server's message when the list cannot be read, and keeps the list", async () => {
    const fake = await live();
    fake.network.fire("online");
    await wait(RELOAD_GATHER_MS);
    fake.waitingReads()[0].fail({ code: "XX000", message: "Database is resting" }, 500);
    await settle();
    expect(toastLines()).toEqual(["Error fetching events: Database is resting"]);
    expect($toasts.get()[0].variant).toBe("destructive");
    expect(titles(fake)).toEqual(["Launch"]);
  });

  it("says nothing of a failed read on joining while a list is shown", async () => {
    const fake = await unlockedFeed();
    fake.feed.start();
    await settle();
    await answerRead(fake, [event("1", "Launch")]);
    fake.channels[0].report("SUBSCRIBED");
    await settle();
    fake.waitingReads()[0].fail({ message: "TypeError: Failed to fetch" }, 0);
    await settle();
    expect(toastLines()).toEqual([]);
    expect(titles(fake)).toEqual(["Launch"]);
  });

  it("says in plain words that the server could not be reached for the first read", async () => {
    const fake = await unlockedFeed();
    fake.feed.start();
    await settle();
    fake.waitingReads()[0].fail({ message: "TypeError: Failed to fetch" }, 0);
    await settle();
    expect(toastLines()).toEqual([`Error fetching events: ${NO_CONNECTION_TEXT}`]);
    expect(fake.feed.$read.get()).toBe(false);
  });

  it("says Reconnecting… offline, and replaces the channel and reads once when the network and the tab come back together", async () => {
    const fake = await live();
    fake.network.fire("offline");
    expect(fake.feed.$status.get()).toBe("reconnecting");
    fake.page.set("hidden");
    await wait(RELOAD_GATHER_MS);
    // Hidden: nothing is replaced while nobody looks.
    expect(fake.channels).toHaveLength(1);
    const before = fake.reads.length;
    fake.page.set("visible");
    fake.network.fire("online");
    await wait(RELOAD_GATHER_MS);
    expect(fake.channels).toHaveLength(2);
    expect(fake.openChannels()).toEqual([fake.channels[1]]);
    expect(fake.feed.$status.get()).toBe("connecting");
    expect(fake.reads.length - before).toBe(1);
    await answerRead(fake, [event("1", "Launch"), event("2", "While away")]);
    fake.channels[1].report("SUBSCRIBED");
    expect(fake.feed.$status.get()).toBe("live");
    expect(titles(fake)).toEqual(["Launch", "While away"]);
  });

  it("checks the team session while it runs, and stops everything when stopped", async () => {
    const fake = await live();
    const checks = () => fake.calls.filter((call) => call === "getUser").length;
    fake.page.set("visible");
    await settle();
    expect(checks()).toBe(1);
    fake.stop();
    expect(fake.openChannels()).toEqual([]);
    const reads = fake.reads.length;
    fake.page.set("visible");
    fake.network.fire("online");
    fake.channels[0].change();
    await wait(STABLE_CHANNEL_MS);
    expect(checks()).toBe(1);
    expect(fake.reads).toHaveLength(reads);
    expect(fake.channels).toHaveLength(1);
  });

  it("starts afresh after the page locked and opened again: an empty list, Connecting…, and no late reply from before", async () => {
    const fake = await live();
    fake.channels[0].change();
    await wait(RELOAD_GATHER_MS);
    const late = fake.waitingReads()[0];
    fake.stop();
    fake.feed.start();
    expect(fake.feed.$events.get()).toEqual([]);
    expect(fake.feed.$status.get()).toBe("connecting");
    expect(fake.feed.$read.get()).toBe(false);
    late.answer([event("1", "Launch"), event("9", "From before")]);
    await settle();
    expect(titles(fake)).toEqual([]);
    expect(fake.feed.$read.get()).toBe(false);
    await answerRead(fake, [event("1", "Launch")]);
    expect(titles(fake)).toEqual(["Launch"]);
    expect(fake.feed.$read.get()).toBe(true);
  });
});
