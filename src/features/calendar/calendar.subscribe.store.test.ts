import { describe, expect, it } from "vitest";
import type { SubscribeClient } from "./calendar.api";
import { createCalendarSubscribe } from "./calendar.subscribe.store";
import { asksBeforeNewAddress, madeAtText, subscriptionAddresses } from "./calendar.subscribe";

const SECRET = "ab".repeat(32);

type Reply = { data: unknown; error: unknown; status: number };

/** A client whose database functions answer from `replies` by name, recording each call. */
function fakeRpc(replies: Record<string, () => Reply>) {
  const calls: string[] = [];
  const client = {
    rpc: async (name: string) => {
      calls.push(name);
      return replies[name]();
    },
  } as unknown as SubscribeClient;
  const refused: (number | null)[] = [];
  const subscribe = createCalendarSubscribe({
    client: async () => client,
    session: { currentOpening: () => 7, refuse: async (opening) => void refused.push(opening) },
    origin: () => "https://orlaquinlan.example",
  });
  return { subscribe, calls, refused };
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

  it("say when the current address was made, or that there is none", () => {
    expect(madeAtText(null)).toBe("No address yet. New address makes one.");
    expect(madeAtText(new Date(2031, 4, 20, 12).toISOString())).toMatch(
      /^The current address was made on May 20, 2031\./,
    );
    expect(madeAtText("not a time")).toBe("No address yet. New address makes one.");
  });
});

describe("New address", () => {
  it("asks first while an address may be in use, and makes one at once only when the read says there is none", async () => {
    const { subscribe } = fakeRpc({
      calendar_feed_made_at: () => ({ data: null, error: null, status: 200 }),
      new_calendar_feed_address: () => ({ data: SECRET, error: null, status: 200 }),
    });
    // Before the read answers, whether phones use an address is not known.
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
    await subscribe.open();
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(false);
    await subscribe.newAddress();
    // Now one is in use.
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
    expect(asksBeforeNewAddress({ read: true, madeAt: "2031-05-20T09:00:00Z", addresses: null })).toBe(true);
  });

  it("keeps an address made here when a slower first read answers there was none, and asks before ending it", async () => {
    let answerRead: (reply: Reply) => void = () => {};
    const reads = [
      () => new Promise<Reply>((resolve) => (answerRead = resolve)),
      () => ({ data: null, error: null, status: 200 }),
    ];
    const { subscribe } = fakeRpc({
      calendar_feed_made_at: () => reads.shift()!() as Reply,
      new_calendar_feed_address: () => ({ data: SECRET, error: null, status: 200 }),
    });
    const opened = subscribe.open();
    // Made before the section's first read answered (a second read, just before making, found none).
    expect(await subscribe.newAddressIfNone()).toBe(true);
    answerRead({ data: null, error: null, status: 200 });
    await opened;
    const state = subscribe.$subscribe.get();
    expect(state.addresses?.https).toBe(`https://orlaquinlan.example/calendar/feed/${SECRET}.ics`);
    expect(state.madeAt).not.toBeNull();
    expect(asksBeforeNewAddress(state)).toBe(true);
  });

  it("makes nothing when a teammate made an address since the last read, so that the section asks", async () => {
    const reads = [
      () => ({ data: null, error: null, status: 200 }),
      () => ({ data: "2031-05-21T08:00:00Z", error: null, status: 200 }),
    ];
    const { subscribe, calls } = fakeRpc({
      calendar_feed_made_at: () => reads.shift()!(),
      new_calendar_feed_address: () => ({ data: SECRET, error: null, status: 200 }),
    });
    await subscribe.open();
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(false);
    expect(await subscribe.newAddressIfNone()).toBe(false);
    expect(calls).not.toContain("new_calendar_feed_address");
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: "2031-05-21T08:00:00Z", addresses: null });
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
  });

  it("asks first when the read failed", async () => {
    const { subscribe } = fakeRpc({
      calendar_feed_made_at: () => ({ data: null, error: { message: "unavailable" }, status: 503 }),
    });
    await subscribe.open();
    expect(subscribe.$subscribe.get().failed).toBe(true);
    expect(asksBeforeNewAddress(subscribe.$subscribe.get())).toBe(true);
  });
});

describe("subscribing", () => {
  it("reads when the address was made, then shows a new one once made", async () => {
    const { subscribe, calls } = fakeRpc({
      calendar_feed_made_at: () => ({ data: "2031-05-20T09:00:00Z", error: null, status: 200 }),
      new_calendar_feed_address: () => ({ data: SECRET, error: null, status: 200 }),
    });
    await subscribe.open();
    expect(subscribe.$subscribe.get()).toMatchObject({ madeAt: "2031-05-20T09:00:00Z", addresses: null });
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get().addresses?.https).toBe(`https://orlaquinlan.example/calendar/feed/${SECRET}.ics`);
    // A new opening (after a lock) forgets the secret: it is never shown again.
    await subscribe.open();
    expect(subscribe.$subscribe.get().addresses).toBeNull();
    expect(calls).toEqual(["calendar_feed_made_at", "new_calendar_feed_address", "calendar_feed_made_at"]);
  });

  it("locks the page when the server refuses the session, and says so when the address could not be made", async () => {
    const { subscribe, refused } = fakeRpc({
      calendar_feed_made_at: () => ({ data: null, error: { code: "42501", message: "denied" }, status: 401 }),
      new_calendar_feed_address: () => ({ data: "<html>", error: null, status: 200 }),
    });
    await subscribe.open();
    expect(refused).toEqual([7]);
    await subscribe.newAddress();
    expect(subscribe.$subscribe.get()).toMatchObject({ addresses: null, making: false, failed: true });
    expect(refused).toEqual([7]);
  });
});
