import { atom } from "nanostores";
import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { deferred, settle } from "../../test/deferred";
import type { FakeReply } from "../../test/fake-client";
import { withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { aShow, cancelledHereAsATeammateChanges, fakeShows } from "./calendar.fake";
import { FEW_MINUTES_MS, type Show } from "./calendar.shows";
import { resubscribeDelay } from "./calendar.realtime";
import { RELOAD_GATHER_MS } from "./calendar.reload";
import { LIVE_BUILD_EVERY_MS } from "./calendar.shows.store";

withVitestClock();
afterEach(() => $toasts.set([]));

const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");
const ok = (data: unknown[]): FakeReply => ({ data, error: null, status: 200 });

describe("the published shows on /calendar", () => {
  it("are read with the live record, each said where it stands", async () => {
    const { store } = fakeShows(() => ok([dublin]), { builtAt: "2027-01-01T11:00:00Z" });
    await store.load();
    expect(store.$shows.get()).toEqual([dublin]);
    expect(store.$standings.get().get(dublin.id)).toBe("live");
  });

  /** `count` shows an hour apart, as the server holds them: by doors, then id. */
  const hourly = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      aShow(`gig-${String(index).padStart(4, "0")}`, "2027-01-01T10:00:00Z", {
        starts_at: new Date(Date.UTC(2027, 0, 1, index)).toISOString().replace(".000Z", "+00:00"),
      }),
    );
  const byDoors = (shows: Show[]) =>
    [...shows].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id));
  const ids = (shows: Show[] | null) => (shows ?? []).map((show) => show.id);

  it("are read past a thousand, a page at a time after the last show read, so the latest shows are on /calendar too", async () => {
    const many = hourly(1001);
    const { store, fake } = fakeShows(() => ok(many));
    await store.load();
    const pages = fake.requests.filter((request) => request.table === "shows");
    expect(pages.map(({ after, limit }) => [after, limit])).toEqual([
      [undefined, 1000],
      ['starts_at.gt."2027-02-11T15:00:00+00:00",and(starts_at.eq."2027-02-11T15:00:00+00:00",id.gt."gig-0999")', 1000],
    ]);
    expect(ids(store.$shows.get())).toEqual(ids(many));
  });

  it("are each read once when a teammate moves one later between two pages, none left off", async () => {
    let onServer = hourly(1500);
    const { store } = fakeShows((request) => {
      const reply = ok(onServer);
      // Once the first page is read, gig-0010 is moved to the end of the tour.
      if (!request.after && !request.range?.[0])
        onServer = byDoors(
          onServer.map((show) =>
            show.id === "gig-0010" ? { ...show, starts_at: "2030-01-01T19:00:00+00:00", version: 2 } : show,
          ),
        );
      return reply;
    });
    await store.load();
    const read = store.$shows.get() ?? [];
    expect(ids(read)).toEqual(ids(onServer));
    expect(read.find((show) => show.id === "gig-0010")?.version).toBe(2);
  });

  it("are read in one request when fewer than a page, the team waiting for none after it", async () => {
    const few = hourly(999);
    const { store, fake } = fakeShows(() => ok(few));
    await store.load();
    expect(ids(store.$shows.get())).toEqual(ids(few));
    expect(fake.requests.filter((request) => request.table === "shows")).toHaveLength(1);
  });

  it("look at the live record again every minute while shown, and stop when the calendar goes", async () => {
    const { store, liveBuild } = fakeShows(() => ok([dublin]), { builtAt: "2027-01-01T11:00:00Z" });
    const stop = store.start();
    await settle();
    expect(liveBuild).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LIVE_BUILD_EVERY_MS);
    expect(liveBuild).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * LIVE_BUILD_EVERY_MS);
    expect(liveBuild).toHaveBeenCalledTimes(2);
  });

  it("say a show taken off is off the website a few minutes on, in an idle tab that cannot read the live record", async () => {
    const takenOff = aShow("cork-2027-07-12", "2027-01-01T12:00:00Z", { published: false });
    vi.setSystemTime(Date.parse("2027-01-01T12:01:00Z"));
    const { store } = fakeShows(() => ok([takenOff]), null);
    const unlisten = store.$standings.listen(() => {});
    const stop = store.start();
    await vi.waitFor(() => expect(store.$shows.get()).toHaveLength(1));
    expect(store.$standings.get().get(takenOff.id)).toBe("leaving");
    // Nothing is read anew: only the minutes go by, the record still unreadable each time it is looked at.
    await vi.advanceTimersByTimeAsync(FEW_MINUTES_MS + LIVE_BUILD_EVERY_MS);
    expect(store.$standings.get().get(takenOff.id)).toBe("off");
    stop();
    unlisten();
  });

  it("are read again whenever the calendar's events are, so a gig another member published shows up", async () => {
    const { store, fake } = fakeShows(() => ok([dublin]));
    const events = atom<unknown[]>([]);
    const stop = store.start(events);
    await settle();
    // A read of the list: its first page (the next, empty, follows it).
    const reads = () => fake.requests.filter((request) => request.table === "shows" && !request.after).length;
    expect(reads()).toBe(1);
    events.set([{ id: "e-1" }]);
    await settle();
    expect(reads()).toBe(2);
    stop();
    events.set([]);
    await settle();
    expect(reads()).toBe(2);
  });

  it("never let a slower reply to an older read replace a newer list, or a show changed here since", async () => {
    const postponed = { ...dublin, status: "postponed", version: 2 };
    const cancelled = { ...dublin, status: "cancelled", version: 3 };
    const { store, fake } = fakeShows(() => undefined);
    const older = store.load();
    const newer = store.load();
    await settle();
    const [first, second] = fake.waitingReads();
    second!.answer([postponed]);
    await newer;
    first!.answer([dublin]);
    await older;
    expect(store.$shows.get()).toEqual([postponed]);
    // A read on its way when a change made here lands is older than the change.
    const late = store.load();
    await settle();
    await store.replace(cancelled);
    fake.waitingReads()[0]!.answer([postponed]);
    await late;
    expect(store.$shows.get()).toEqual([cancelled]);
  });

  it("show a teammate's change read together with one saved here, and keep the saved version", async () => {
    const cork = aShow("cork-2027-08-01", "2027-01-01T10:00:00Z", { starts_at: "2027-08-01T19:00:00+00:00" });
    const theirs = { ...dublin, status: "postponed", version: 2 };
    const mine = { ...cork, status: "cancelled", version: 2 };
    // A teammate's change and this save are heard, and read together before the save's reply is in.
    const { store, fake, saved, saving, stop } = await cancelledHereAsATeammateChanges([dublin, cork], cork.id);
    const [read] = fake.waitingReads();
    expect(read).toBeDefined();
    saved.resolve(ok([mine]));
    expect(await saving).toBe(true);
    expect(store.$shows.get()).toEqual([dublin, mine]);
    read!.answer([theirs, mine]);
    await settle();
    expect(store.$shows.get()).toEqual([theirs, mine]);
    stop();
  });

  it("keep a teammate's later change when the reply to a save made here comes after it was read", async () => {
    const mine = { ...dublin, status: "cancelled", version: 2 };
    const theirs = { ...dublin, status: "postponed", version: 3 };
    // The save is made (version 2), a teammate postpones the show (version 3), and both are read together
    // before this save's reply is in.
    const { store, fake, saved, saving, stop } = await cancelledHereAsATeammateChanges([dublin], dublin.id);
    fake.waitingReads()[0]!.answer([theirs]);
    await settle();
    expect(store.$shows.get()).toEqual([theirs]);
    saved.resolve(ok([mine]));
    await saving;
    expect(store.$shows.get()).toEqual([theirs]);
    // And a read still on its way with the saved version keeps the teammate's too.
    const late = store.load();
    await settle();
    fake.waitingReads()[0]!.answer([theirs]);
    await late;
    expect(store.$shows.get()).toEqual([theirs]);
    stop();
  });

  it("keep a teammate's change read while a change made here lands as the list is being shown", async () => {
    const cork = aShow("cork-2027-08-01", "2027-01-01T10:00:00Z", { starts_at: "2027-08-01T19:00:00+00:00" });
    const theirs = { ...dublin, status: "postponed", version: 2 };
    const mine = { ...cork, status: "cancelled", version: 2 };
    const digests: ReturnType<typeof deferred<string | null>>[] = [];
    const { store, fake } = fakeShows(() => undefined, null, {
      digest: () => {
        const digest = deferred<string | null>();
        digests.push(digest);
        return digest.promise;
      },
    });
    const first = store.load();
    await settle();
    fake.waitingReads()[0]!.answer([dublin, cork]);
    await settle();
    digests[0]!.resolve(null);
    await first;
    // The read with the teammate's change is in, its digest still being worked out, when a save here lands.
    const reading = store.load();
    await settle();
    fake.waitingReads()[0]!.answer([theirs, cork]);
    await settle();
    const replacing = store.replace(mine);
    await settle();
    digests.forEach((digest) => digest.resolve(null));
    await Promise.all([reading, replacing]);
    expect(store.$shows.get()).toEqual([theirs, mine]);
  });

  it("say nothing of an older read's failure once a newer read is shown", async () => {
    const { store, fake } = fakeShows(() => undefined);
    const older = store.load();
    const newer = store.load();
    await settle();
    const [first, second] = fake.waitingReads();
    second!.answer([dublin]);
    await newer;
    first!.fail({ code: "XX000", message: "Database is resting" }, 500);
    await older;
    expect(store.$shows.get()).toEqual([dublin]);
    expect(toastLines()).toEqual([]);
  });

  it("are read again when a teammate changes a show, once for a burst, on a channel of their own", async () => {
    const { store, fake } = fakeShows(() => ok([dublin]));
    const stop = store.start();
    await settle();
    // A read of the list: its first page (the next, empty, follows it).
    const reads = () => fake.requests.filter((request) => request.table === "shows" && !request.after).length;
    expect(fake.channels.map((channel) => [channel.topic, channel.filters])).toEqual([
      ["show-changes", [{ event: "*", schema: "public", table: "show_changes" }]],
    ]);
    expect(reads()).toBe(1);
    for (let i = 0; i < 5; i += 1) fake.channels[0]!.change();
    await vi.advanceTimersByTimeAsync(RELOAD_GATHER_MS);
    expect(reads()).toBe(2);
    stop();
    expect(fake.openChannels()).toEqual([]);
    fake.channels[0]!.change();
    await vi.advanceTimersByTimeAsync(RELOAD_GATHER_MS);
    expect(reads()).toBe(2);
  });

  it("are heard again after the server closes their channel: a new one after a pause, and a read as it joins", async () => {
    let onServer = dublin;
    // A digest at once, so each list read is shown as soon as its reply is in.
    const { store, fake } = fakeShows(() => ok([onServer]), null, { digest: async () => null });
    const reload = async () => {
      await vi.advanceTimersByTimeAsync(RELOAD_GATHER_MS);
      await settle();
    };
    const stop = store.start();
    await settle();
    // A read of the list: its first page (the next, empty, follows it).
    const reads = () => fake.requests.filter((request) => request.table === "shows" && !request.after).length;
    fake.channels[0]!.report("SUBSCRIBED");
    await reload();
    expect(reads()).toBe(2); // the list was read before the channel joined
    // The server closes the channel (the session's token refused, say); a teammate's change meanwhile goes unheard.
    fake.channels[0]!.report("CLOSED");
    onServer = { ...dublin, status: "postponed", version: 2 };
    await vi.advanceTimersByTimeAsync(resubscribeDelay(0) - 1);
    expect(fake.channels).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.openChannels().map((channel) => channel.topic)).toEqual(["show-changes"]);
    expect(fake.channels).toHaveLength(2);
    const again = fake.channels[1]!;
    again.report("SUBSCRIBED");
    await reload();
    expect(reads()).toBe(3);
    expect(store.$shows.get()).toEqual([onServer]);
    // Heard again on the new channel.
    onServer = { ...dublin, status: "cancelled", version: 3 };
    again.change();
    await reload();
    expect(reads()).toBe(4);
    expect(store.$shows.get()).toEqual([onServer]);
    stop();
    expect(fake.openChannels()).toEqual([]);
    await vi.advanceTimersByTimeAsync(resubscribeDelay(5));
    expect(fake.channels).toHaveLength(2);
  });
});
