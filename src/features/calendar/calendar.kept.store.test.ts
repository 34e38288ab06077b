// The show forms kept in the tab: a gig added whose show the database refused keeps it on its card through a reload,
// as its toast promises, and a published show's details form, half typed, comes back and follows the show. The tab's storage is a fake handed in, so no window is needed.
import { atom } from "nanostores";
import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { failure, fakeClient, type FakeReply, type FakeRequest } from "../../test/fake-client";
import { memoryStorage } from "../../test/memory-storage";
import type { ShowsClient } from "./calendar.api";
import { createEventDraft, keepDraftInTab } from "./calendar.draft.store";
import { aShow, event, typedShow } from "./calendar.fake";
import type { Show } from "./calendar.shows";
import { createPublishing } from "./calendar.publish.store";
import { keepCardShowsInTab, keepDetailsInTab } from "./calendar.kept.store";
import { emptyShowDraft, NEW_GIG } from "./calendar.types";

const KEY = "stagedoor.calendar.card-shows";
// The refusal's toast goes with the test: the files after this one in its process start without it.
afterEach(() => $toasts.set([]));
const ok = (data: unknown[]): FakeReply => ({ data, error: null, status: 200 });

/** The page's show forms as a new load of the tab makes them, over `storage`, on a client answering `answer`. */
function loadedWith(storage: ReturnType<typeof memoryStorage>, answer: (request: FakeRequest) => FakeReply) {
  const fake = fakeClient({ tables: answer });
  const session = { currentOpening: () => 1, refuse: vi.fn(async () => {}) };
  const draft = createEventDraft();
  keepDraftInTab(draft, storage);
  // The page's shows: those put up from here, and a teammate's, set by the test.
  const $shows = atom<Show[]>([]);
  const replace = async (show: Show) => $shows.set([...$shows.get(), show]);
  const store = createPublishing({
    client: async () => fake.client as unknown as ShowsClient,
    session,
    draft,
    shows: { replace, load: async () => {}, $shows },
    added: () => {},
  });
  keepCardShowsInTab(store, { $shows }, storage);
  keepDetailsInTab(store, storage);
  return { store, draft, $shows };
}

/** A database that adds the gig "e-1" and refuses its show. */
const refusingTheShow = (request: FakeRequest) =>
  request.table === "calendar_events" ? ok([{ id: "e-1" }]) : failure(500, "The database is busy");

describe("a gig's show form kept in the tab", () => {
  it("keeps the show of a gig added whose show was refused through a reload, and forgets it once it is up", async () => {
    const storage = memoryStorage();
    const { store, draft } = loadedWith(storage, refusingTheShow);
    draft.selectDay(new Date(2027, 6, 10));
    draft.editEventDraft({ title: "Cornmarket launch", description: "", eventType: "gig" });
    draft.$publishNew.set(true);
    store.edit(NEW_GIG, typedShow);
    expect(await store.addPublishedGig()).toBe(true);

    const up = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z", { event_id: "e-1" });
    const reloaded = loadedWith(storage, () => ok([up]));
    expect(reloaded.store.draftOf("e-1")).toEqual(typedShow);
    // The Add Event form itself is empty: the gig is in.
    expect(reloaded.draft.$eventDraft.get()).toBeNull();
    expect(reloaded.store.draftOf(NEW_GIG).venueName).toBe("");

    // Tried again from the gig's card, and up: nothing of it is kept any more.
    expect(await reloaded.store.publish(event("e-1", "Cornmarket launch", new Date(2027, 6, 10)))).toBe(true);
    expect(storage.raw(KEY)).toBeNull();
    expect(loadedWith(storage, refusingTheShow).store.draftOf("e-1").venueName).toBe("");
  });

  it("keeps what is typed on a gig's card, and none of the details forms of shows already up", () => {
    const storage = memoryStorage();
    const { store } = loadedWith(storage, refusingTheShow);
    const gig = event("e-2", "Galway gig");
    store.edit(gig.id, { ...typedShow, venueName: "Róisín Dubh" });
    store.edit("details-dublin-2027-07-10", { ...typedShow, venueName: "Not kept" });
    expect(JSON.parse(storage.raw(KEY) ?? "null")).toEqual({ "e-2": { ...typedShow, venueName: "Róisín Dubh" } });
    expect(loadedWith(storage, refusingTheShow).store.draftOf("e-2").venueName).toBe("Róisín Dubh");
  });

  it("forgets a gig's form once a teammate puts its show up, or once nothing is typed in it", () => {
    const storage = memoryStorage();
    const { store, $shows } = loadedWith(storage, refusingTheShow);
    store.edit("e-6", { ...typedShow, venueName: "Dolan's" });
    store.edit("e-7", { ...typedShow, venueName: "Whelan's" });
    store.edit("e-8", { ...typedShow, venueName: "Typed, then taken back" });
    expect(Object.keys(JSON.parse(storage.raw(KEY) ?? "{}") as object)).toEqual(["e-6", "e-7", "e-8"]);
    $shows.set([aShow("limerick-2027-08-01", "2027-01-01T10:00:00Z", { event_id: "e-6" })]);
    store.edit("e-8", emptyShowDraft);
    expect(Object.keys(JSON.parse(storage.raw(KEY) ?? "{}") as object)).toEqual(["e-7"]);
  });

  it("keeps at most twenty gigs' forms, the latest begun", () => {
    const storage = memoryStorage();
    const { store } = loadedWith(storage, refusingTheShow);
    for (let gig = 1; gig <= 25; gig += 1) store.edit(`g-${gig}`, { ...typedShow, venueName: `Venue ${gig}` });
    const latest = Array.from({ length: 20 }, (_, index) => `g-${index + 6}`);
    expect(Object.keys(JSON.parse(storage.raw(KEY) ?? "{}") as object)).toEqual(latest);
    expect(Object.keys(loadedWith(storage, refusingTheShow).store.$drafts.get())).toEqual(latest);
  });

  it("keeps the show of a gig just added whose show was refused, with twenty other gigs' forms already kept", async () => {
    const storage = memoryStorage();
    const { store, draft } = loadedWith(storage, refusingTheShow);
    for (let gig = 1; gig <= 20; gig += 1) store.edit(`g-${gig}`, { ...typedShow, venueName: `Venue ${gig}` });
    draft.selectDay(new Date(2027, 6, 10));
    draft.editEventDraft({ title: "Cornmarket launch", description: "", eventType: "gig" });
    draft.$publishNew.set(true);
    store.edit(NEW_GIG, typedShow);
    // Its toast says the show is kept on the gig's card: through a reload too.
    expect(await store.addPublishedGig()).toBe(true);
    expect(loadedWith(storage, refusingTheShow).store.draftOf("e-1")).toEqual(typedShow);
  });

  it("drops each kept form it could not show, and keeps the others", () => {
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        "e-3": typedShow,
        "e-4": { ...typedShow, ticketKind: "raffle" },
        "e-5": "not a form",
        [NEW_GIG]: typedShow,
        "details-cork": typedShow,
        ["x".repeat(65)]: typedShow,
      }),
    });
    const { store } = loadedWith(storage, refusingTheShow);
    expect(Object.keys(store.$drafts.get())).toEqual(["e-3"]);
    for (const unreadable of ["{not json", "[1]", "null"]) {
      const left = memoryStorage({ [KEY]: unreadable });
      expect(loadedWith(left, refusingTheShow).store.$drafts.get()).toEqual({});
      expect(left.raw(KEY)).toBeNull();
    }
  });
});

describe("a published show's details form kept in the tab", () => {
  const DETAILS = "stagedoor.calendar.show-details";
  const form = "details-dublin";
  const opened = aShow("dublin", "2027-01-01T10:00:00Z", { event_id: "e-1", version: 3 });
  const clashOf = (theirs: string) =>
    `changed meanwhile to “${theirs}” by someone else; save again to put yours instead`;
  const none = () => ok([]);

  /** The form open on `opened`, its venue and ticket link typed over, in a tab kept in `storage`. */
  function typedDetails(storage: ReturnType<typeof memoryStorage>) {
    const { store } = loadedWith(storage, none);
    store.openDetails(form, opened);
    store.edit(form, {
      ...store.draftOf(form),
      venueName: "The Cornmarket Loft",
      ticketUrl: "https://tickets.example/late",
    });
    return store;
  }

  it("comes back open as typed after a reload, and saves only what was typed, to the version it followed", () => {
    const storage = memoryStorage();
    typedDetails(storage);
    const { store } = loadedWith(storage, none);
    expect(store.draftOf(form)).toMatchObject({ venueName: "The Cornmarket Loft", town: "Dublin" });
    // Typed into before its show is read, and reloaded again: the latest is kept.
    store.edit(form, { ...store.draftOf(form), street: "28 Thomas Street" });
    expect(loadedWith(storage, none).store.draftOf(form).street).toBe("28 Thomas Street");
    store.followDetails(form, opened);
    expect(store.detailsOf(form)).toMatchObject({
      change: {
        venue_name: "The Cornmarket Loft",
        venue_street: "28 Thomas Street",
        ticket_url: "https://tickets.example/late",
      },
      version: 3,
    });
  });

  it("follows the show as read afresh: a field left alone takes a teammate's change, one both changed is said", () => {
    const storage = memoryStorage();
    typedDetails(storage);
    const { store } = loadedWith(storage, none);
    store.followDetails(form, { ...opened, version: 5, venue_town: "Cork", ticket_url: "https://tickets.example/b" });
    expect(store.draftOf(form)).toMatchObject({ venueName: "The Cornmarket Loft", town: "Cork" });
    expect(store.$problems.get()[form]).toEqual({ ticketUrl: clashOf("https://tickets.example/b") });
    // Held once for the clash, then saved to the version it now follows, the town not written back.
    expect(store.detailsOf(form)).toBeNull();
    const saved = store.detailsOf(form);
    expect(saved).toMatchObject({ version: 5, change: { ticket_url: "https://tickets.example/late" } });
    expect(saved?.change).not.toHaveProperty("venue_town");
  });

  it("keeps a Save on its way: reloaded before its answer, a teammate's later change to a field it wrote is taken", () => {
    const storage = memoryStorage();
    expect(typedDetails(storage).detailsOf(form)).toMatchObject({ version: 3 });
    // Reloaded before the answer: the show read afresh has what the Save wrote, so nothing clashes.
    const written = {
      ...opened,
      version: 4,
      venue_name: "The Cornmarket Loft",
      ticket_url: "https://tickets.example/late",
    };
    const { store } = loadedWith(storage, none);
    store.followDetails(form, written);
    expect(store.$problems.get()[form]).toEqual({});
    // Those fields are the show's now, not typed here: a teammate's later link is taken, never said as a clash.
    store.followDetails(form, { ...written, version: 5, ticket_url: "https://tickets.example/theirs" });
    expect(store.draftOf(form).ticketUrl).toBe("https://tickets.example/theirs");
    expect(store.$problems.get()[form]).toEqual({});
  });

  it("keeps whether new doors put a mistyped time right", () => {
    const storage = memoryStorage();
    const typed = typedDetails(storage);
    typed.edit(form, { ...typed.draftOf(form), doors: "21:30" });
    typed.correcting(form, true);
    const { store } = loadedWith(storage, none);
    expect(store.$corrections.get()[form]).toBe(true);
    expect(store.draftOf(form).doors).toBe("21:30");
  });

  it("keeps nothing once the form is closed or forgotten at Sign out, nor while nothing is typed", () => {
    const storage = memoryStorage();
    const typed = typedDetails(storage);
    expect(storage.raw(DETAILS)).not.toBeNull();
    typed.closeForm(form);
    expect(storage.raw(DETAILS)).toBeNull();
    typed.openDetails(form, opened);
    expect(storage.raw(DETAILS)).toBeNull();
    typedDetails(storage).forgetForms();
    expect(storage.raw(DETAILS)).toBeNull();
    expect(loadedWith(storage, none).store.$drafts.get()).toEqual({});
  });

  it("drops each kept form it could not show, and keeps the others", () => {
    const storage = memoryStorage();
    typedDetails(storage);
    const kept = JSON.parse(storage.raw(DETAILS)!) as Record<string, { form: object; version: number }>;
    const whole = kept[form]!;
    storage.setItem(
      DETAILS,
      JSON.stringify({
        ...kept,
        "details-bad-version": { ...whole, version: "3" },
        "details-bad-field": { ...whole, form: { ...whole.form, typed: { ...typedShow, ticketKind: "raffle" } } },
        "details-said-elsewhere": {
          ...whole,
          form: { ...whole.form, clashes: { problems: { colour: "x" }, held: {} } },
        },
        "e-9": whole,
        [`details-${"a".repeat(100)}`]: whole,
        [`details-${"a".repeat(101)}`]: whole,
      }),
    );
    expect(Object.keys(loadedWith(storage, none).store.$drafts.get())).toEqual([form, `details-${"a".repeat(100)}`]);
  });
});
