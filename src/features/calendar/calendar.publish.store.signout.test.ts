// Add Event with "Put on the website" sends the gig, then its show: Sign out, pressed between the two, waits for
// the show as well, so it is never sent after the session ended (refused, and said nowhere on a locked page).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changesAnswered, changesOnTheirWay } from "../../lib/changes-on-their-way";
import { deferred, settle } from "../../test/deferred";
import { failure, fakeClient, type FakeReply } from "../../test/fake-client";
import { globalTimers, withVitestClock } from "../../test/fake-time";
import { $toasts } from "../toasts/toasts.store";
import { aShow, typedShow } from "./calendar.fake";
import type { ShowsClient } from "./calendar.api";
import { createEventDraft } from "./calendar.draft.store";
import { createPublishing } from "./calendar.publish.store";
import { NEW_GIG } from "./calendar.types";
import { createShows } from "./calendar.shows.store";

withVitestClock();
beforeEach(() => vi.setSystemTime(new Date("2026-11-26T12:00:00Z")));
afterEach(() => $toasts.set([]));

/** Add Event pressed on a gig in July 2027 with its show typed; each table's answer held until the test gives it. */
function addingHeld(added: () => void = vi.fn()) {
  const replies = { calendar_events: deferred<FakeReply>(), shows: deferred<FakeReply>() };
  const fake = fakeClient({ tables: (request) => replies[request.table as keyof typeof replies].promise });
  const session = { currentOpening: () => 1, refuse: vi.fn(async () => {}) };
  const client = async () => fake.client as unknown as ShowsClient;
  const shows = createShows({ client, session, liveBuild: async () => null, timers: globalTimers });
  const draft = createEventDraft();
  const store = createPublishing({ client, session, draft, shows, added });
  draft.selectDay(new Date(2027, 6, 10));
  draft.editEventDraft({ title: "Cornmarket launch", description: "", eventType: "gig" });
  draft.$publishNew.set(true);
  store.edit(NEW_GIG, typedShow);
  const adding = store.addPublishedGig();
  return { fake, replies, adding };
}

/** What Sign out waits for, pressed now: resolved (to whether it all went through) or still pending. */
function signOutPressed() {
  let answered: boolean | "waiting" = "waiting";
  void changesAnswered().then((all) => (answered = all));
  return () => answered;
}

const gigIn = { data: [{ id: "e-1" }], error: null, status: 201 };

describe("Sign out pressed while Add Event puts a gig on the website", () => {
  it("waits for the gig and then its show, so the show is sent while the session stands", async () => {
    const { fake, replies, adding } = addingHeld();
    const answered = signOutPressed();
    replies.calendar_events.resolve(gigIn);
    await settle();
    // The gig is in, its show on its way: Sign out still waits.
    expect(fake.requests.map(({ method, table }) => `${method} ${table}`)).toEqual([
      "insert calendar_events",
      "insert shows",
    ]);
    expect(answered()).toBe("waiting");
    replies.shows.resolve({ data: [aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z")], error: null, status: 201 });
    await adding;
    await settle();
    expect(answered()).toBe(true);
    expect(changesOnTheirWay()).toBe(0);
  });

  it("does not sign out when the show is refused after the gig is in, as its card keeps what was typed", async () => {
    const { replies, adding } = addingHeld();
    const answered = signOutPressed();
    replies.calendar_events.resolve(gigIn);
    await settle();
    replies.shows.resolve(failure(409, 'duplicate key value violates unique constraint "shows_pkey"'));
    await adding;
    await settle();
    expect(answered()).toBe(false);
  });

  it("never leaves Sign out waiting, even when the calendar's list cannot be read again once the gig is in", async () => {
    const { fake, replies, adding } = addingHeld(() => {
      throw new Error("The list is being read already");
    });
    const answered = signOutPressed();
    replies.calendar_events.resolve(gigIn);
    await adding;
    await settle();
    expect(answered()).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it("does not sign out when the gig itself is refused, as the form keeps it", async () => {
    const { fake, replies, adding } = addingHeld();
    const answered = signOutPressed();
    replies.calendar_events.resolve(failure(500, "The database is busy"));
    expect(await adding).toBe(false);
    await settle();
    expect(answered()).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });
});
