import { describe, expect, it, vi } from "vitest";
import type { SubscribeClient } from "./calendar.api";
import { createCalendarSubscribe } from "./calendar.subscribe.store";
import { asksBeforeNewAddress, madeAtText, subscriptionAddresses } from "./calendar.subscribe";

const SECRET = "ab".repeat(32);

type Reply = { data: unknown; error: unknown; status: number };

/** A client whose database functions answer from `replies` by name, recording each call with its arguments. */
function fakeRpc(replies: Record<string, (args: Record<string, unknown>) => Reply>) {
  const calls: string[] = [];
  const args: Record<string, unknown>[] = [];
  const client = {
    rpc: async (name: string, given: Record<string, unknown> = {}) => {
      calls.push(name);
      args.push(given);
      return replies[name]!(given);
    },
  } as unknown as SubscribeClient;
  const refused: (number | null)[] = [];
  const subscribe = createCalendarSubscribe({
    client: async () => client,
    session: { currentOpening: () => 7, refuse: async (opening) => void refused.push(opening) },
    origin: () => "https://orlaquinlan.example",
  });
  return { subscribe, calls, args, refused };
}

/**
 * The two functions as the database answers them: one current address, which a new one replaces only when
 * the caller names the one it ends, none by default (else 409, nothing made); `teammate()` makes one as
 * another page would.
 */
function feedServer(madeAt: string | null = null) {
  let current = madeAt;
  let count = 0;
  const make = () => {
    count += 1;
    current = new Date(Date.UTC(2031, 4, 20, 9, count)).toISOString();
    return { secret: (count % 16).toString(16).repeat(64), made_at: current };
  };
  const replies = {
    calendar_feed_made_at: () => ({ data: current, error: null, status: 200 }),
    new_calendar_feed_address: ({ ending }: Record<string, unknown>) =>
      (ending ?? null) === current
        ? { data: make(), error: null, status: 200 }
        : { data: null, error: { code: "PT409", message: "The calendar's address changed meanwhile" }, status: 409 },
  };
  return { replies, teammate: make, current: () => current };
}

describe("the feed's addresses", () => {
  it("are the feed's path on the site, as https:// to paste and webcal:// to tap", () => {
    expect(subscriptionAddresses("https://orlaquinlan.example", SECRET)).toEqual({
      https: `https://orlaquinlan.example/calendar/feed/${SECRET}.ics`,
      webcal: `webcal://orlaquinlan.example/calendar/feed/${SECRET}.ics`,
    });
    expect(subscriptionAddresses("http://127.0.0.1:4321", SECRET).webcal).toBe(
      `webcal://127.0.0.1:4321/calendar/feed/${SECRET}.ics`,
    );
  });

  it("say when the current address was made, or that there is none, and never that there is none before knowing", () => {
    const read = { read: true, failed: false } as const;
    expect(madeAtText({ ...read, madeAt: null })).toBe("No address yet. New address makes one.");
    expect(madeAtText({ ...read, madeAt: new Date(2031, 4, 20, 12).toISOString() })).toMatch(
      /^The current address was made on May 20, 2031\./,
    );
    expect(madeAtText({ ...read, madeAt: "not a time" })).toBe("No address yet. New address makes one.");
    expect(madeAtText({ madeAt: null, read: false, failed: false })).toBe("Looking for the current address…");
    expect(madeAtText({ madeAt: null, read: false, failed: "read" })).toBe(
      "Whether the team has an address could not be read: reload the page to see it. New address asks before ending any.",
    );
  });
});

describe("New address", () => {
  it("asks first while an address may be in use, and makes one at once only when the read says there is none", async () => {
    const server = feedServer();
    const { subscribe } = fakeRpc(server.replies);
    // Before the read answers, whether phones use an address is not known.
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
    await subscribe.open();
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(false);
    expect(await subscribe.newAddress()).toBe(true);
    // Now one is in use, known by the time the server made it.
    expect(subscribe.$subscribe.get().madeAt).toBe(server.current());
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
    expect(asksBeforeNewAddress({ read: true, madeAt: "2031-05-20T09:00:00Z", addresses: null })).toBe(true);
  });

  it("keeps an address made here when a slower first read answers there was none, and asks before ending it", async () => {
    const server = feedServer();
    let answerRead: (reply: Reply) => void = () => {};
    let reads = 0;
    const { subscribe } = fakeRpc({
      ...server.replies,
      calendar_feed_made_at: () =>
        (reads += 1) === 1
          ? (new Promise<Reply>((resolve) => (answerRead = resolve)) as never)
          : server.replies.calendar_feed_made_at(),
    });
    const opened = subscribe.open();
    // Made before the section's first read answered.
    expect(await subscribe.newAddress()).toBe(true);
    answerRead({ data: null, error: null, status: 200 });
    await opened;
    const state = subscribe.$subscribe.get();
    expect(state.addresses?.https).toMatch(/^https:\/\/orlaquinlan\.example\/calendar\/feed\/[0-9a-f]{64}\.ics$/);
    expect(state.madeAt).toBe(server.current());
    expect(asksBeforeNewAddress(state)).toBe(true);
  });

  it("keeps an address made here while the read after a teammate's address was still on its way", async () => {
    const server = feedServer();
    let answerRead: () => void = () => {};
    let reads = 0;
    const { subscribe } = fakeRpc({
      ...server.replies,
      calendar_feed_made_at: () => {
        reads += 1;
        // The read after the teammate's address was found answers last, with what it found then.
        if (reads !== 2) return server.replies.calendar_feed_made_at();
        const found = server.replies.calendar_feed_made_at();
        return new Promise<Reply>((resolve) => (answerRead = () => resolve(found))) as never;
      },
    });
    await subscribe.open();
    server.teammate();
    const first = subscribe.newAddress();
    await vi.waitFor(() => expect(reads).toBe(2));
    // The section says a teammate made one, and the button is free: pressed again (and confirmed) before that
    // read answered, this one reads, ends theirs and makes one.
    expect(subscribe.$subscribe.get()).toMatchObject({ changed: true, making: false });
    expect(await subscribe.newAddress()).toBe(true);
    const made = subscribe.$subscribe.get();
    expect(made.addresses).not.toBeNull();
    answerRead();
    expect(await first).toBe(false);
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: server.current(), addresses: made.addresses });
  });

  it("stays busy when the section opens again while a New address is on its way, and makes it once", async () => {
    const server = feedServer();
    let answerMake: () => void = () => {};
    const { subscribe, calls } = fakeRpc({
      ...server.replies,
      new_calendar_feed_address: (given) =>
        new Promise<Reply>(
          (resolve) => (answerMake = () => resolve(server.replies.new_calendar_feed_address(given))),
        ) as never,
    });
    await subscribe.open();
    const making = subscribe.newAddress();
    await Promise.resolve();
    // The section shown again (the page opened after a lock, the tool drawn anew) before the server answered.
    const reopened = subscribe.open();
    expect(subscribe.$subscribe.get().making).toBe(true);
    // A second press meanwhile asks for nothing more.
    expect(await subscribe.newAddress()).toBe(true);
    await reopened;
    expect(subscribe.$subscribe.get().making).toBe(true);
    answerMake();
    expect(await making).toBe(true);
    expect(calls.filter((name) => name === "new_calendar_feed_address")).toHaveLength(1);
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: server.current(), making: false, changed: false });
    expect(subscribe.$subscribe.get().addresses?.https).toMatch(/\/calendar\/feed\/[0-9a-f]{64}\.ics$/);
  });

  it("ends nothing when a teammate made an address since the last read: it shows theirs, and the section asks", async () => {
    const server = feedServer();
    const { subscribe } = fakeRpc(server.replies);
    await subscribe.open();
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(false);
    const theirs = server.teammate();
    expect(await subscribe.newAddress()).toBe(false);
    expect(server.current()).toBe(theirs.made_at);
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: theirs.made_at, addresses: null });
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
  });

  it("ends only the address the page was shown, says so when a teammate ended it first, then ends theirs on request", async () => {
    const server = feedServer("2031-05-01T10:00:00.123456+00:00");
    const { subscribe, args } = fakeRpc(server.replies);
    await subscribe.open();
    const theirs = server.teammate();
    await subscribe.newAddress();
    expect(args.at(-2)).toEqual({ ending: "2031-05-01T10:00:00.123456+00:00" });
    expect(server.current()).toBe(theirs.made_at);
    expect(subscribe.$subscribe.get()).toMatchObject({
      madeAt: theirs.made_at,
      addresses: null,
      making: false,
      failed: false,
      changed: true,
    });
    await subscribe.newAddress();
    expect(server.current()).not.toBe(theirs.made_at);
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: server.current(), changed: false });
    // An address made here is ended by the next New address here, as the server knows it.
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: server.current(), changed: false, failed: false });
  });

  it("reads first when asked to end an address before the section's read answered, and ends that one", async () => {
    const server = feedServer("2031-05-01T10:00:00.123456+00:00");
    const { subscribe } = fakeRpc({
      ...server.replies,
      calendar_feed_made_at: (() => {
        let reads = 0;
        return () =>
          (reads += 1) === 1
            ? { data: null, error: { message: "unavailable" }, status: 503 }
            : server.replies.calendar_feed_made_at();
      })(),
    });
    await subscribe.open();
    expect(subscribe.$subscribe.get()).toMatchObject({ read: false, failed: "read" });
    // "End it and make a new one", asked while what there is was not known.
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: server.current(), changed: false, failed: false });
    expect(subscribe.$subscribe.get().addresses).not.toBeNull();
  });

  it("takes an address made here off the screen when a teammate ended it, even when the next read fails", async () => {
    const server = feedServer();
    let failReads = false;
    const { subscribe } = fakeRpc({
      ...server.replies,
      calendar_feed_made_at: () =>
        failReads
          ? { data: null, error: { message: "unavailable" }, status: 503 }
          : server.replies.calendar_feed_made_at(),
    });
    await subscribe.open();
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get().addresses).not.toBeNull();
    server.teammate();
    failReads = true;
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get()).toMatchObject({ addresses: null, changed: true, read: false, failed: "read" });
    // Not knowing what there is now, the next New address asks first, then reads before ending anything.
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
  });

  it("asks first when the read failed", async () => {
    const { subscribe } = fakeRpc({
      calendar_feed_made_at: () => ({ data: null, error: { message: "unavailable" }, status: 503 }),
    });
    await subscribe.open();
    expect(subscribe.$subscribe.get().failed).toBe("read");
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
  });
});

describe("subscribing", () => {
  it("reads when the address was made, then shows a new one once made", async () => {
    const server = feedServer("2031-05-20T09:00:00Z");
    const { subscribe, calls } = fakeRpc(server.replies);
    await subscribe.open();
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: "2031-05-20T09:00:00Z", addresses: null });
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get().addresses?.https).toBe(
      `https://orlaquinlan.example/calendar/feed/${"1".repeat(64)}.ics`,
    );
    // A new opening (after a lock) forgets the secret: it is never shown again.
    await subscribe.open();
    expect(subscribe.$subscribe.get().addresses).toBeNull();
    expect(calls).toEqual(["calendar_feed_made_at", "new_calendar_feed_address", "calendar_feed_made_at"]);
  });

  it("locks the page when the server refuses the session, and says so when the address could not be made", async () => {
    let reads = 0;
    const { subscribe, refused } = fakeRpc({
      calendar_feed_made_at: () =>
        (reads += 1) === 1
          ? { data: null, error: { code: "42501", message: "denied" }, status: 401 }
          : { data: null, error: null, status: 200 },
      new_calendar_feed_address: () => ({ data: "<html>", error: null, status: 200 }),
    });
    await subscribe.open();
    expect(refused).toEqual([7]);
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get()).toMatchObject({ addresses: null, making: false, failed: "make" });
    expect(refused).toEqual([7]);
  });
});
