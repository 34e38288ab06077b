// A gig already in the calendar put on the website from its card: its show for the gig's day, the next free id for
// a second show in a town that day, what was typed kept when the database refuses it or a teammate was first.
import { describe, expect, it, vi } from "vitest";
import { failure, type FakeReply } from "../../test/fake-client";
import { toastLines } from "../../test/toast-recorder";
import { storedDateOf } from "./calendar";
import { publishingTests, typedShow } from "./calendar.fake";

const { day, made, ok, publishing } = publishingTests();

describe("putting a gig already in the calendar on the website", () => {
  const gig = {
    id: "e-1",
    title: "Cornmarket launch",
    description: null,
    start_date: storedDateOf(day),
    end_date: storedDateOf(day),
    event_type: "gig",
  };

  it("puts its show on the website for the gig's day, and clears its form", async () => {
    const { fake, store, shows } = publishing(() => ok([made]));
    store.edit(gig.id, typedShow);
    expect(await store.publish(gig)).toBe(true);
    expect(fake.requests[0]!.values).toMatchObject({ event_id: "e-1", id: "dublin-2027-07-10" });
    expect(shows.$shows.get()).toEqual([made]);
    expect(store.$drafts.get()[gig.id]).toBeUndefined();
    expect(toastLines()).toEqual(["Put on the website: The Cornmarket Room: on the website in a few minutes"]);
  });

  it("gives a second show in the same town that day the next free id", async () => {
    const { fake, store } = publishing((request) =>
      request.values?.id === "dublin-2027-07-10"
        ? {
            data: null,
            error: { code: "23505", message: 'duplicate key value violates unique constraint "shows_pkey"' },
            status: 409,
          }
        : ok([{ ...made, id: "dublin-2027-07-10-2" }]),
    );
    store.edit(gig.id, typedShow);
    expect(await store.publish(gig)).toBe(true);
    expect(fake.requests.map((request) => request.values?.id)).toEqual(["dublin-2027-07-10", "dublin-2027-07-10-2"]);
  });

  it("shows a teammate's show put up meanwhile, with what was typed here in its details form to save or drop", async () => {
    const theirs = { ...made, venue_name: "The Cornmarket", ticket_url: "https://tickets.example/theirs" };
    // Typed into while their show is read: that goes to the details form too.
    let typeMore = () => {};
    const { store, shows } = publishing((request) => {
      if (request.method === "insert") {
        return {
          data: null,
          error: { code: "23505", message: 'duplicate key value violates unique constraint "shows_event_id_key"' },
          status: 409,
        };
      }
      typeMore();
      return ok([theirs]);
    });
    typeMore = () => store.edit(gig.id, { ...typedShow, street: "28 Thomas Street" });
    store.edit(gig.id, typedShow);
    expect(await store.publish(gig)).toBe(false);
    expect(toastLines()).toEqual([
      "Already on the website: A teammate put this gig on the website a moment ago. What you typed is in its show's details.",
    ]);
    expect(shows.$shows.get()).toEqual([theirs]);
    expect(store.$drafts.get()[gig.id]).toBeUndefined();
    const details = `details-${theirs.id}`;
    expect(store.draftOf(details)).toEqual({ ...typedShow, street: "28 Thomas Street" });
    // Saved, it writes what was typed over their show's fields, to the version read.
    expect(store.detailsOf(details)).toMatchObject({
      change: { venue_name: typedShow.venueName, venue_street: "28 Thomas Street" },
      version: theirs.version,
    });
  });

  it("keeps what was typed on the card when a teammate's show put up meanwhile cannot be read", async () => {
    const { store, shows } = publishing((request) =>
      request.method === "insert"
        ? { data: null, error: { code: "23505", message: 'unique constraint "shows_event_id_key"' }, status: 409 }
        : failure(503, "The database is busy"),
    );
    store.edit(gig.id, typedShow);
    expect(await store.publish(gig)).toBe(false);
    expect(store.draftOf(gig.id)).toEqual(typedShow);
    expect(toastLines().at(-1)).toBe(
      "Already on the website: A teammate put this gig on the website a moment ago. What you typed is kept here.",
    );
    // Their show read at last (heard, or read again): the card shows it, not the form, so what was typed goes to
    // its details form rather than under it, and a toast says where.
    const theirs = { ...made, ticket_url: "https://tickets.example/theirs" };
    await shows.replace(theirs);
    expect(store.$drafts.get()[gig.id]).toBeUndefined();
    expect(store.draftOf(`details-${theirs.id}`)).toEqual(typedShow);
    expect(toastLines().at(-1)).toBe(
      "Already on the website: This gig is on the website already. What you typed is in its show's details.",
    );
  });

  it("lets the card's form go without a word once its show is read as typed: its own, put up before a reload", async () => {
    const { store, shows } = publishing((request) => ok([{ ...made, ...request.values }]));
    store.edit(gig.id, typedShow);
    expect(await store.publish(gig)).toBe(true);
    const own = shows.$shows.get()[0]!;
    // Kept in the tab as typed, and the show read again after the reload.
    store.edit(gig.id, typedShow);
    await shows.replace({ ...own });
    expect(store.$drafts.get()[gig.id]).toBeUndefined();
    expect(store.$drafts.get()[`details-${own.id}`]).toBeUndefined();
    expect(toastLines()).toEqual(["Put on the website: The Cornmarket Room: on the website in a few minutes"]);
  });

  it("opens no details form for a teammate's show read after a Sign out: what was typed is gone with it", async () => {
    let signOut = () => {};
    const { store } = publishing((request) => {
      if (request.method === "insert") {
        return { data: null, error: { code: "23505", message: 'unique constraint "shows_event_id_key"' }, status: 409 };
      }
      signOut();
      return ok([made]);
    });
    signOut = () => store.forgetForms();
    store.edit(gig.id, typedShow);
    expect(await store.publish(gig)).toBe(false);
    expect(Object.values(store.$drafts.get()).filter(Boolean)).toEqual([]);
  });

  describe("when the answer to putting it up is lost on the way back", () => {
    const lost = failure(0, "TypeError: Failed to fetch");
    const taken = {
      data: null,
      error: { code: "23505", message: 'unique constraint "shows_event_id_key"' },
      status: 409,
    };
    /** The card's show put up by its first try (`first`: its answer), then answered as `again`; read back as it went up. */
    function putUpOnce(first: FakeReply, again: FakeReply, offline = () => false) {
      let up: Record<string, unknown> | undefined;
      return publishing((request) => {
        if (request.method !== "insert") return offline() ? lost : ok(up ? [up] : []);
        if (up) return again;
        up = { ...made, ...(request.values as object) };
        return first;
      });
    }

    it("says it put up once the gig's show is read back as typed", async () => {
      const { fake, store, shows } = putUpOnce(lost, taken);
      store.edit(gig.id, typedShow);
      expect(await store.publish(gig)).toBe(true);
      expect(fake.requests.at(-1)?.filters).toEqual([{ column: "event_id", op: "eq", value: gig.id }]);
      expect(shows.$shows.get()).toMatchObject([{ event_id: gig.id, venue_name: typedShow.venueName }]);
      expect(store.$drafts.get()[gig.id]).toBeUndefined();
      expect(toastLines()).toEqual(["Put on the website: The Cornmarket Room: on the website in a few minutes"]);
    });

    it("takes no show read back for its own unless it is as it went up: first version, on the website, scheduled", async () => {
      for (const since of [{ version: 2 }, { published: false, version: 2 }, { status: "cancelled", version: 2 }]) {
        let up: Record<string, unknown> | undefined;
        const { store } = publishing((request) => {
          if (request.method !== "insert") return ok(up ? [{ ...up, ...since }] : []);
          up = { ...made, ...(request.values as object) };
          return lost;
        });
        store.edit(gig.id, typedShow);
        expect(await store.publish(gig)).toBe(false);
        expect(toastLines().at(-1)).toBe(
          "Not put on the website: Could not reach the calendar server. Check your internet connection and try again.",
        );
        expect(store.draftOf(gig.id)).toEqual(typedShow);
      }
    });

    it("reads nothing back when the browser knows it is offline, and says at once it could not reach the server", async () => {
      const { fake, store } = putUpOnce(lost, taken);
      store.edit(gig.id, typedShow);
      vi.stubGlobal("navigator", { onLine: false });
      expect(await store.publish(gig)).toBe(false);
      vi.unstubAllGlobals();
      expect(fake.requests.map(({ method }) => method)).toEqual(["insert"]);
      expect(toastLines()).toEqual([
        "Not put on the website: Could not reach the calendar server. Check your internet connection and try again.",
      ]);
    });

    it("says it was not put up while nothing can be read back, and that it is up at the next press", async () => {
      let offline = true;
      const { store } = putUpOnce(lost, taken, () => offline);
      store.edit(gig.id, typedShow);
      expect(await store.publish(gig)).toBe(false);
      expect(toastLines()).toEqual([
        "Not put on the website: Could not reach the calendar server. Check your internet connection and try again.",
      ]);
      expect(store.draftOf(gig.id)).toEqual(typedShow);
      // The signal back, pressed again: the database refuses a second show for the gig, which is this one.
      offline = false;
      expect(await store.publish(gig)).toBe(true);
      expect(store.$drafts.get()[gig.id]).toBeUndefined();
      expect(toastLines().at(-1)).toBe("Put on the website: The Cornmarket Room: on the website in a few minutes");
    });
  });

  it("keeps what was typed when the database refuses it", async () => {
    const { store } = publishing(() => failure(400, "Only a gig of the calendar can be put on the website"));
    store.edit(gig.id, typedShow);
    expect(await store.publish(gig)).toBe(false);
    expect(store.draftOf(gig.id)).toEqual(typedShow);
    expect(toastLines()).toEqual(["Not put on the website: Only a gig of the calendar can be put on the website"]);
  });
});
