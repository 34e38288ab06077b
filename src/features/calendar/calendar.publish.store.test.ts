import { describe, expect, it } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { failure } from "../../test/fake-client";
import { toastLines } from "../../test/toast-recorder";
import { aShow, publishingTests, typedShow } from "./calendar.fake";
import { storedDateOf } from "./calendar";
import { NEW_GIG } from "./calendar.types";

const { day, made, ok, publishing } = publishingTests();

describe("adding a gig with its show on the website", () => {
  it("adds the gig, then its show for that gig's id, and clears both forms", async () => {
    const { fake, store, shows, draft, added } = publishing((request) =>
      request.table === "calendar_events" ? ok([{ id: "e-1" }]) : ok([made]),
    );
    expect(await store.addPublishedGig()).toBe(true);
    expect(fake.requests.map(({ table, method }) => `${method} ${table}`)).toEqual([
      "insert calendar_events",
      "insert shows",
    ]);
    expect(fake.requests[0]!.values).toMatchObject({ title: "Cornmarket launch", start_date: storedDateOf(day) });
    expect(fake.requests[1]!.values).toMatchObject({
      id: "dublin-2027-07-10",
      event_id: "e-1",
      venue_name: "The Cornmarket Room",
      starts_at: "2027-07-10T19:00:00.000Z",
      time_zone: "Europe/Dublin",
    });
    expect(shows.$shows.get()).toEqual([made]);
    expect(draft.$eventDraft.get()).toBeNull();
    expect(draft.$publishNew.get()).toBe(false);
    expect(store.$drafts.get()).toEqual({});
    expect(added).toHaveBeenCalledOnce();
    expect(toastLines()).toEqual(["Event added: New event has been added successfully"]);
  });

  it("adds a gig whose answer was lost once: sent again with its id, the id taken is the gig added, and its show goes up", async () => {
    let tries = 0;
    const { fake, store, shows } = publishing((request) => {
      if (request.table !== "calendar_events") return ok([made]);
      // Nor does the answer to the read back that follows.
      if (request.method === "select") return failure(0, "TypeError: Failed to fetch");
      tries += 1;
      // The first try reached the server, which added the gig; its answer never came back.
      if (tries === 1) return failure(0, "TypeError: Failed to fetch");
      const taken = 'duplicate key value violates unique constraint "calendar_events_pkey"';
      return { data: null, error: { code: "23505", message: taken }, status: 409 };
    });
    expect(await store.addPublishedGig()).toBe(false);
    expect(toastLines()).toEqual([
      "Error adding event: Could not reach the calendar server. Check your internet connection and try again.",
    ]);
    expect(await store.addPublishedGig()).toBe(true);
    const [first, again, show] = fake.requests.filter((request) => request.method !== "select");
    expect(first!.values).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(again!.values).toEqual(first!.values);
    expect(show!.values).toMatchObject({ event_id: (first!.values as { id: string }).id });
    expect(shows.$shows.get()).toEqual([made]);
    expect(toastLines().at(-1)).toBe("Event added: New event has been added successfully");
  });

  it("says the gig added with its show when the show's answer was lost and its show is read back as typed", async () => {
    let up: Record<string, unknown> | undefined;
    const { fake, store, shows } = publishing((request) => {
      if (request.table === "calendar_events") return ok([{ id: "e-1" }]);
      if (request.method === "select") return ok(up ? [up] : []);
      up = { ...made, ...(request.values as object) };
      return failure(0, "TypeError: Failed to fetch");
    });
    expect(await store.addPublishedGig()).toBe(true);
    expect(fake.requests.at(-1)?.filters).toEqual([{ column: "event_id", op: "eq", value: "e-1" }]);
    expect(shows.$shows.get()).toEqual([up]);
    expect(store.$drafts.get()).toEqual({});
    expect(toastLines()).toEqual(["Event added: New event has been added successfully"]);
  });

  it("adds nothing while the show has problems, and says each beside its field", async () => {
    const { fake, store, draft } = publishing(() => ok([]));
    store.edit(NEW_GIG, { ...typedShow, ticketUrl: "tickets.example", country: "" });
    expect(await store.addPublishedGig()).toBe(false);
    expect(fake.requests).toEqual([]);
    expect(store.$problems.get()[NEW_GIG]).toEqual({
      ticketUrl: "a whole address starting with https://",
      country: "a country, by its two letters (IE, GB, FR) or its name in English",
    });
    expect(draft.$eventDraft.get()?.title).toBe("Cornmarket launch");
    expect(toastLines()).toEqual(["Check the show's details: Each problem is said beside its field."]);
    // Pressing again with the problems still there says it again in the same toast, not in a second one.
    expect(await store.addPublishedGig()).toBe(false);
    expect(toastLines()).toEqual(["Check the show's details: Each problem is said beside its field."]);
    // Typing the field again takes its problem away; the other stays.
    store.edit(NEW_GIG, { ...store.draftOf(NEW_GIG), ticketUrl: "https://tickets.example" });
    expect(store.$problems.get()[NEW_GIG]).toEqual({
      country: "a country, by its two letters (IE, GB, FR) or its name in English",
    });
  });

  it("forgets what it said of the show's fields once the form empties, the event added without its show", async () => {
    const { store, draft } = publishing(() => ok([]));
    store.edit(NEW_GIG, { ...typedShow, ticketUrl: "tickets.example" });
    expect(await store.addPublishedGig()).toBe(false);
    expect(store.$problems.get()[NEW_GIG]).toHaveProperty("ticketUrl");
    // Unticked, the event is added the plain way: the form empties, and the next gig's show starts afresh.
    draft.clearEventDraft();
    expect(store.$problems.get()[NEW_GIG] ?? {}).toEqual({});
    expect(store.draftOf(NEW_GIG).ticketUrl).toBe("");
  });

  it("answers the corrected form in place of its Check the show's details, not beside it", async () => {
    const { store } = publishing((request) => (request.table === "calendar_events" ? ok([{ id: "e-1" }]) : ok([made])));
    store.edit(NEW_GIG, { ...typedShow, ticketUrl: "tickets.example" });
    expect(await store.addPublishedGig()).toBe(false);
    expect(toastLines()).toEqual(["Check the show's details: Each problem is said beside its field."]);
    store.edit(NEW_GIG, typedShow);
    expect(await store.addPublishedGig()).toBe(true);
    expect(toastLines()).toEqual(["Event added: New event has been added successfully"]);
  });

  it("forgets what it said of the doors once another day is picked, and nothing else", async () => {
    const { store, draft } = publishing(() => ok([]));
    draft.selectDay(new Date(2026, 10, 1));
    store.edit(NEW_GIG, { ...typedShow, country: "" });
    expect(await store.addPublishedGig()).toBe(false);
    expect(Object.keys(store.$problems.get()[NEW_GIG] ?? {}).sort()).toEqual(["country", "doors"]);
    // The same day picked again (the picker hands over a new date for it): the doors are still over.
    draft.selectDay(new Date(2026, 10, 1));
    expect(Object.keys(store.$problems.get()[NEW_GIG] ?? {}).sort()).toEqual(["country", "doors"]);
    draft.selectDay(day);
    expect(Object.keys(store.$problems.get()[NEW_GIG] ?? {})).toEqual(["country"]);
  });

  it("keeps everything typed when the gig cannot be added", async () => {
    const { store, draft } = publishing(() => failure(500, "The database is busy"));
    expect(await store.addPublishedGig()).toBe(false);
    expect(draft.$eventDraft.get()?.title).toBe("Cornmarket launch");
    expect(store.draftOf(NEW_GIG)).toEqual(typedShow);
    expect(toastLines()).toEqual(["Error adding event: The database is busy"]);
  });

  it("keeps the show on the gig's card when the database refuses it after the gig is in", async () => {
    const { store, shows } = publishing((request) =>
      request.table === "calendar_events"
        ? ok([{ id: "e-1" }])
        : failure(409, 'duplicate key value violates unique constraint "shows_pkey"'),
    );
    expect(await store.addPublishedGig()).toBe(true);
    expect(shows.$shows.get()).toEqual([]);
    expect(store.draftOf("e-1")).toEqual(typedShow);
    expect(toastLines()).toEqual([
      'Event added, not on the website: duplicate key value violates unique constraint "shows_pkey" Its show is kept on the gig\'s card: try again from there.',
    ]);
  });

  it("locks the page when the server refuses the session", async () => {
    const { store, session, draft } = publishing(() => failure(401, "JWT expired"));
    expect(await store.addPublishedGig()).toBe(false);
    expect(session.refuse).toHaveBeenCalledWith(1);
    expect(draft.$eventDraft.get()?.title).toBe("Cornmarket launch");
  });
});

describe("a published show's details form", () => {
  const key = "details-dublin";
  const opened = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z", { event_id: "e-1", version: 3 });

  it("measures the change against the show it was filled in from, made only to that version", () => {
    const { store } = publishing(() => undefined);
    store.openDetails(key, opened);
    store.edit(key, { ...store.draftOf(key), street: "28 Thomas Street" });
    expect(store.detailsOf(key)).toEqual({ change: { venue_street: "28 Thomas Street" }, version: 3 });
  });

  it("follows a teammate's newer version in the fields left alone, and keeps what was typed", () => {
    const { store } = publishing(() => undefined);
    store.openDetails(key, opened);
    store.edit(key, { ...store.draftOf(key), street: "28 Thomas Street" });
    // A teammate renamed the venue and moved the street too, meanwhile.
    const theirs = { ...opened, version: 4, venue_name: "The Cornmarket", venue_street: "1 Thomas Street" };
    store.followDetails(key, theirs);
    expect(store.draftOf(key)).toMatchObject({ venueName: "The Cornmarket", street: "28 Thomas Street" });
    // Both changed the street: the first Save is held to say so; saved again against their version, it writes
    // only the street, and their name stays.
    expect(store.detailsOf(key)).toBeNull();
    expect(store.detailsOf(key)).toMatchObject({ change: { venue_street: "28 Thomas Street" }, version: 4 });
  });

  it("says a field a teammate changed meanwhile to something else than typed, and holds the next Save once for it", () => {
    const { store } = publishing(() => undefined);
    store.openDetails(key, opened);
    store.edit(key, { ...store.draftOf(key), price: "18.00", street: "28 Thomas Street" });
    // A teammate set the price to 30 (and the same street) meanwhile.
    store.followDetails(key, { ...opened, version: 4, price: 30, venue_street: "28 Thomas Street" });
    const clash = "changed meanwhile to “30.00” by someone else; save again to put yours instead";
    expect(store.$problems.get()[key]).toEqual({ price: clash });
    expect(store.detailsOf(key)).toBeNull();
    expect(store.$refusals.get()[key]).toBe(1);
    expect(toastLines()).toEqual(["Check the show's details: Each problem is said beside its field."]);
    // Saved again, it puts this price over theirs, knowingly.
    expect(store.detailsOf(key)).toMatchObject({ change: { price: 18 }, version: 4 });
    // Typed again instead, the field is no longer held.
    store.followDetails(key, { ...opened, version: 5, price: 25, venue_street: "28 Thomas Street" });
    store.edit(key, { ...store.draftOf(key), price: "19.00" });
    expect(store.$problems.get()[key]).toEqual({});
    expect(store.detailsOf(key)).toMatchObject({ change: { price: 19 }, version: 5 });
  });

  it("says a clash against the teammate's latest version, and drops it once theirs is what is typed", () => {
    const { store } = publishing(() => undefined);
    store.openDetails(key, opened);
    store.edit(key, { ...store.draftOf(key), street: "28 Thomas Street", price: "18.00" });
    store.followDetails(key, { ...opened, version: 4, venue_street: "1 Thomas Street", price: 30 });
    store.followDetails(key, { ...opened, version: 5, venue_street: "28 Thomas Street", price: 25 });
    const clash = "changed meanwhile to “25.00” by someone else; save again to put yours instead";
    expect(store.$problems.get()[key]).toEqual({ price: clash });
    expect(store.detailsOf(key)).toBeNull();
    expect(store.detailsOf(key)).toMatchObject({ change: { price: 18 }, version: 5 });
  });

  it("holds no Save, and says nothing, once each field a teammate changed is what is typed, said or not", () => {
    const { store } = publishing(() => undefined);
    store.openDetails(key, opened);
    store.edit(key, { ...store.draftOf(key), street: "28 Thomas Street", town: "Limerick" });
    store.followDetails(key, { ...opened, version: 4, venue_street: "1 Thomas Street", venue_town: "Ennis" });
    store.followDetails(key, { ...opened, version: 5, venue_street: "28 Thomas Street", venue_town: "Ennis" });
    expect(Object.keys(store.$problems.get()[key] ?? {})).toEqual(["town"]);
    expect(store.detailsOf(key)).toBeNull();
    // Said at that Save, the town's clash goes too once theirs is what is typed.
    store.followDetails(key, { ...opened, version: 6, venue_street: "28 Thomas Street", venue_town: "Limerick" });
    expect(store.$problems.get()[key]).toEqual({});
    expect(store.detailsOf(key)).toMatchObject({ change: {}, version: 6 });
  });

  it("stays as typed when opened again (the page locked and unlocked), and starts afresh once closed", () => {
    const { store } = publishing(() => undefined);
    store.openDetails(key, opened);
    store.edit(key, { ...store.draftOf(key), street: "28 Thomas Street" });
    store.openDetails(key, opened);
    expect(store.draftOf(key).street).toBe("28 Thomas Street");
    store.closeForm(key);
    expect(store.$drafts.get()[key]).toBeUndefined();
    store.openDetails(key, opened);
    expect(store.draftOf(key).street).toBe("27 Thomas Street");
  });

  it("puts a show's details right once it is over, but moves it to no doors already over", () => {
    const { store } = publishing(() => undefined);
    const over = { ...opened, starts_at: "2026-11-01T20:00:00+00:00" };
    store.openDetails(key, over);
    store.edit(key, { ...store.draftOf(key), ticketUrl: "https://tickets.example/dublin-2" });
    expect(store.detailsOf(key)?.change).toEqual({ ticket_url: "https://tickets.example/dublin-2" });
    store.edit(key, { ...store.draftOf(key), doors: "21:00" });
    expect(store.detailsOf(key)).toBeNull();
    expect(store.$problems.get()[key]).toEqual({ doors: "a day and time still to come (that one is over)" });
  });

  it("hands its answer the place of its Check the show's details, once the form is put right", () => {
    const { store } = publishing(() => undefined);
    store.openDetails(key, opened);
    store.edit(key, { ...store.draftOf(key), venueName: "" });
    expect(store.detailsOf(key)).toBeNull();
    const [check] = $toasts.get();
    expect(check?.title).toBe("Check the show's details");
    store.edit(key, { ...store.draftOf(key), venueName: "The Cornmarket" });
    expect(store.detailsOf(key)?.replaces).toBe(check!.id);
    // Answered once: a later form's answer takes nobody's place.
    expect(store.detailsOf(key)?.replaces).toBeUndefined();
  });
});
