// A published show's details form while a teammate changes the same show: what the person typed is never taken
// from them, whatever versions come and in whatever order; a field both changed is said, and the Save held once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { globalTimers, withVitestClock } from "../../test/fake-time";
import { aShow } from "./calendar.fake";
import { createEventDraft } from "./calendar.draft.store";
import { createPublishing } from "./calendar.publish.store";
import type { ShowsClient } from "./calendar.api";
import type { Show } from "./calendar.shows";
import { createShows } from "./calendar.shows.store";

withVitestClock();
beforeEach(() => vi.setSystemTime(new Date("2026-11-26T12:00:00Z")));
afterEach(() => $toasts.set([]));

const key = "details-dublin";
const opened = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z", { event_id: "e-1", version: 3 });
const theirLink = "https://tickets.example/dublin";
const mine = "https://tickets.example/dublin-late-show";
const clashOf = (theirs: string) => `changed meanwhile to “${theirs}” by someone else; save again to put yours instead`;

/** The details form open on `opened`, its ticket link typed over with `mine`. */
function typedLink() {
  const session = { currentOpening: () => 1, refuse: vi.fn(async () => {}) };
  const client = async () => ({}) as unknown as ShowsClient;
  const shows = createShows({ client, session, liveBuild: async () => null, timers: globalTimers });
  const store = createPublishing({ client, session, draft: createEventDraft(), shows, added: vi.fn() });
  store.openDetails(key, opened);
  store.edit(key, { ...store.draftOf(key), ticketUrl: mine });
  return store;
}

/** A teammate's version of the show, `version`, with `changes`. */
const theirs = (version: number, changes: Partial<Show> = {}) => ({ ...opened, version, ...changes });

describe("a details form's typed ticket link as a teammate's versions come", () => {
  it("stays when a teammate saves the same link, then puts theirs back, and saves as if they never changed it", () => {
    const store = typedLink();
    store.followDetails(key, theirs(4, { ticket_url: mine }));
    // Restored, say: their version 5 has the link the form was opened with.
    store.followDetails(key, theirs(5, { ticket_url: theirLink }));
    expect(store.draftOf(key).ticketUrl).toBe(mine);
    expect(store.$problems.get()[key]).toEqual({});
    expect(store.detailsOf(key)).toMatchObject({ change: { ticket_url: mine }, version: 5 });
  });

  it("stays when a teammate saves the same link, then another one: the clash is said and the Save held once", () => {
    const store = typedLink();
    store.followDetails(key, theirs(4, { ticket_url: mine }));
    store.followDetails(key, theirs(5, { ticket_url: "https://tickets.example/other" }));
    expect(store.draftOf(key).ticketUrl).toBe(mine);
    expect(store.$problems.get()[key]).toEqual({ ticketUrl: clashOf("https://tickets.example/other") });
    expect(store.detailsOf(key)).toBeNull();
    expect(store.detailsOf(key)).toMatchObject({ change: { ticket_url: mine }, version: 5 });
  });

  it("stays, with no clash, while a teammate changes other fields, and those take theirs", () => {
    const store = typedLink();
    store.followDetails(key, theirs(4, { venue_town: "Cork" }));
    store.followDetails(key, theirs(5, { venue_town: "Cork", price: 30, status: "sold-out" }));
    expect(store.draftOf(key)).toMatchObject({ ticketUrl: mine, town: "Cork", price: "30.00" });
    expect(store.$problems.get()[key]).toEqual({});
    expect(store.detailsOf(key)).toMatchObject({ change: { ticket_url: mine }, version: 5 });
  });

  it("stays when the teammate changes the link too, and again, and back: said until theirs is as it was", () => {
    const store = typedLink();
    store.followDetails(key, theirs(4, { ticket_url: "https://tickets.example/a" }));
    store.followDetails(key, theirs(5, { ticket_url: "https://tickets.example/b" }));
    expect(store.draftOf(key).ticketUrl).toBe(mine);
    expect(store.$problems.get()[key]).toEqual({ ticketUrl: clashOf("https://tickets.example/b") });
    store.followDetails(key, theirs(6, { ticket_url: theirLink }));
    expect(store.draftOf(key).ticketUrl).toBe(mine);
    expect(store.$problems.get()[key]).toEqual({});
    expect(store.detailsOf(key)).toMatchObject({ change: { ticket_url: mine }, version: 6 });
  });

  it("stays when the form is opened again (the page locked and unlocked) and a version read then", () => {
    const store = typedLink();
    store.openDetails(key, theirs(4, { ticket_url: mine }));
    store.followDetails(key, theirs(4, { ticket_url: mine }));
    store.followDetails(key, theirs(5, { ticket_url: theirLink }));
    expect(store.draftOf(key).ticketUrl).toBe(mine);
  });

  it("stays when a teammate saves the same link before its Save is refused, and their next link is said", () => {
    const store = typedLink();
    expect(store.detailsOf(key)).toMatchObject({ change: { ticket_url: mine }, version: 3 });
    store.followDetails(key, theirs(4, { ticket_url: mine }));
    store.followDetails(key, theirs(5, { ticket_url: "https://tickets.example/other" }));
    store.detailsRefused(key);
    expect(store.draftOf(key).ticketUrl).toBe(mine);
    expect(store.$problems.get()[key]).toEqual({ ticketUrl: clashOf("https://tickets.example/other") });
  });

  it("follows a teammate again in a link typed back during a Save refused, a version with the link sent being theirs", () => {
    const store = typedLink();
    expect(store.detailsOf(key)).toMatchObject({ change: { ticket_url: mine }, version: 3 });
    store.edit(key, { ...store.draftOf(key), ticketUrl: theirLink });
    store.followDetails(key, theirs(4, { ticket_url: mine }));
    expect(store.draftOf(key).ticketUrl).toBe(theirLink);
    store.detailsRefused(key);
    store.followDetails(key, theirs(5, { ticket_url: "https://tickets.example/other" }));
    expect(store.draftOf(key).ticketUrl).toBe("https://tickets.example/other");
    expect(store.$problems.get()[key]).toEqual({});
  });

  it("takes theirs once the person types back the link the form was opened with", () => {
    const store = typedLink();
    store.edit(key, { ...store.draftOf(key), ticketUrl: theirLink });
    store.followDetails(key, theirs(4, { ticket_url: "https://tickets.example/a" }));
    expect(store.draftOf(key).ticketUrl).toBe("https://tickets.example/a");
    expect(store.$problems.get()[key]).toEqual({});
  });
});
