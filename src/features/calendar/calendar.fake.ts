/**
 * The calendar stores' tests' kit: a signed-in team session and its calendar feed on a fake client,
 * document and window, on Vitest's fake clock, and the moves those tests make (answering a read, joining
 * the channel, moving the clock); the published shows on a fake client, and a save racing a teammate's change.
 */

import { afterEach, beforeEach, expect, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { storedDateOf } from "./calendar";
import type { CalendarClient } from "./calendar.api";
import { createCalendarFeed } from "./calendar.store";
import { TEAM_PLACES, teamWords } from "../team/team";
import { deferred, settle } from "../../test/deferred";
import { fakeClient, type FakeReply, type TableAnswer } from "../../test/fake-client";
import { fakeNetwork, fakePage } from "../../test/fake-page";
import { globalTimers, withVitestClock } from "../../test/fake-time";
import { createTeamSession, type AuthClient } from "../team/team.store";
import { createEventDraft } from "./calendar.draft.store";
import type { LiveBuild, Show } from "./calendar.shows";
import type { ShowsClient } from "./calendar.api";
import { createShowChanges } from "./calendar.changes.store";
import { RELOAD_GATHER_MS } from "./calendar.reload";
import { createShows, type ShowsDependencies } from "./calendar.shows.store";
import { createPublishing } from "./calendar.publish.store";
import { NEW_GIG } from "./calendar.types";
import { emptyShowDraft, type ShowDraft } from "./calendar.publish";

export const { lockReasons: LOCK_REASONS, noConnection: NO_CONNECTION_TEXT } = teamWords(TEAM_PLACES.calendar);

/** A signed-in team session and its calendar feed on a fake client, document and window, on Vitest's fake clock. */
export async function unlockedFeed() {
  const fake = fakeClient();
  const page = fakePage();
  const network = fakeNetwork();
  const session = createTeamSession({
    client: async () => fake.client as unknown as AuthClient,
    email: "team@example.org",
    place: TEAM_PLACES.calendar,
    page,
    network,
    timers: globalTimers,
  });
  const draft = createEventDraft();
  const feed = createCalendarFeed({
    client: async () => fake.client as unknown as CalendarClient,
    session,
    draft,
    timers: globalTimers,
    now: () => Date.now(),
    page,
    network,
  });
  await session.signIn("open sesame");
  $toasts.set([]);
  return { ...fake, session, draft, feed, page, network };
}

export type Fake = Awaited<ReturnType<typeof unlockedFeed>>;

/** Moves the clock on, settling what each timer sets off. */
export const wait = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
};

export const event = (id: string, title: string, day = new Date(2031, 4, 18)) => ({
  id,
  title,
  description: null,
  start_date: storedDateOf(day),
  end_date: storedDateOf(day),
  event_type: "gig",
});

/** Answers the oldest read still waiting. */
export async function answerRead(fake: Fake, rows: unknown[]) {
  const [read] = fake.waitingReads();
  expect(read, "a read of the list is waiting").toBeDefined();
  read.answer(rows);
  await settle();
}

/** Started, the list read and the channel joined: the calendar as a person sees it once open. */
export async function live(rows: unknown[] = [event("1", "Launch")]) {
  const fake = await unlockedFeed();
  const stop = fake.feed.start();
  await settle();
  await answerRead(fake, rows);
  fake.openChannels()[0].report("SUBSCRIBED");
  await settle();
  await answerRead(fake, rows); // every join reads the list again
  return { ...fake, stop };
}

export const titles = (fake: Fake) => fake.feed.$events.get().map((entry) => entry.title);

/** A published show as the team reads it, last changed at `updatedAt`. */
export const aShow = (id: string, updatedAt: string, changes: Partial<Show> = {}): Show => ({
  id,
  event_id: `event-${id}`,
  published: true,
  venue_name: "The Cornmarket Room",
  venue_street: "27 Thomas Street",
  venue_town: "Dublin",
  venue_county: "County Dublin",
  venue_postal_code: "D08 V6F3",
  venue_country: "IE",
  starts_at: "2027-07-10T19:00:00+00:00",
  time_zone: "Europe/Dublin",
  ticket_url: "https://tickets.example/dublin",
  ticket_kind: "ticket",
  price: 12.5,
  currency: "EUR",
  availability: null,
  on_sale_at: null,
  status: "scheduled",
  previous_starts_at: null,
  notes: "the team's own words",
  version: 1,
  created_at: updatedAt,
  updated_at: updatedAt,
  ...changes,
});

/**
 * The published shows of /calendar on a fake client answering `answer` (`maxRows` at most a read), with the
 * changes their panels make.
 */
export function fakeShows(
  answer: TableAnswer,
  build: LiveBuild | null = null,
  { maxRows, ...more }: Pick<ShowsDependencies, "digest"> & { maxRows?: number } = {},
) {
  const fake = fakeClient({ tables: answer, maxRows });
  const session = { currentOpening: () => 1, refuse: vi.fn(async () => {}) };
  const liveBuild = vi.fn(async () => build);
  const client = async () => fake.client as unknown as ShowsClient;
  const list = createShows({ client, session, liveBuild, timers: globalTimers, ...more });
  // The list, and the changes its panels make to it.
  const store = { ...list, ...createShowChanges({ client, session, shows: list }) };
  return { fake, session, liveBuild, store };
}

/**
 * The calendar open on `first`, a save here cancelling `id` sent (its reply held in `saved`), and the change
 * of that save and a teammate's heard and read together: the read waits in `fake.waitingReads()`.
 */
export async function cancelledHereAsATeammateChanges(first: Show[], id: string) {
  const saved = deferred<FakeReply>();
  const { store, fake } = fakeShows((request) => (request.method === "update" ? saved.promise : undefined), null, {
    digest: async () => null,
  });
  const stop = store.start();
  await settle();
  fake.waitingReads()[0]!.answer(first);
  await settle();
  const saving = store.change(id, { status: "cancelled" }, "Show cancelled");
  await settle();
  fake.channels[0]!.change();
  fake.channels[0]!.change();
  await vi.advanceTimersByTimeAsync(RELOAD_GATHER_MS);
  return { store, fake, saved, saving, stop };
}

/**
 * What the publishing store's tests share: Vitest's clock at 26 November 2026, so their gig on July 10th 2027 is
 * ahead (a show over is not put on the website), the toasts cleared after each test, the gig's day, its show as
 * the database makes it, a read's answer, and the page's show forms on a fake client (fakePublishing).
 */
export function publishingTests() {
  withVitestClock();
  beforeEach(() => vi.setSystemTime(new Date("2026-11-26T12:00:00Z")));
  afterEach(() => $toasts.set([]));
  const day = new Date(2027, 6, 10);
  return {
    day,
    made: aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z", { event_id: "e-1" }),
    ok: (data: unknown[]): FakeReply => ({ data, error: null, status: 200 }),
    publishing: (answer: TableAnswer) => fakePublishing(answer, day),
  };
}

/**
 * The page's show forms on a fake client answering `answer`, with the published shows they put up: the Add Event
 * form filled in with a gig on `day`, "Put on the website" ticked and its show typed.
 */
function fakePublishing(answer: TableAnswer, day: Date) {
  const fake = fakeClient({ tables: answer });
  const session = { currentOpening: () => 1, refuse: vi.fn(async () => {}) };
  const client = async () => fake.client as unknown as ShowsClient;
  const shows = createShows({ client, session, liveBuild: async () => null, timers: globalTimers });
  const draft = createEventDraft();
  const added = vi.fn();
  const store = createPublishing({ client, session, draft, shows, added });
  draft.selectDay(day);
  draft.editEventDraft({ title: "Cornmarket launch", description: "", eventType: "gig" });
  draft.$publishNew.set(true);
  store.edit(NEW_GIG, typedShow);
  return { fake, session, shows, draft, added, store };
}

/** A show form filled in as the team would for the Cornmarket Room in Dublin, doors and prices left as they come. */
export const typedShow: ShowDraft = {
  ...emptyShowDraft,
  venueName: "The Cornmarket Room",
  street: "27 Thomas Street",
  town: "Dublin",
  county: "County Dublin",
  postalCode: "D08 V6F3",
  ticketUrl: "https://tickets.example/dublin",
};
