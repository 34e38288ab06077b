import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { settle } from "../../test/deferred";
import { failure, type FakeReply } from "../../test/fake-client";
import type { ShowChange } from "./calendar.writes";
import { withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { aShow, fakeShows, NO_CONNECTION_TEXT } from "./calendar.fake";

withVitestClock();
afterEach(() => $toasts.set([]));

const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");
const ok = (data: unknown[]): FakeReply => ({ data, error: null, status: 200 });

describe("a published show's changes", () => {
  it("change only the version the team saw, and show the change with its toast", async () => {
    const cancelled = { ...dublin, status: "cancelled", version: 2, updated_at: "2027-01-02T10:00:00Z" };
    const { store, fake } = fakeShows((request) => ok(request.method === "update" ? [cancelled] : [dublin]), {
      builtAt: "2027-01-01T11:00:00Z",
    });
    await store.load();
    // A minute after the change the server wrote: on the website in a few minutes, on whatever day the test runs.
    vi.setSystemTime(Date.parse(cancelled.updated_at) + 60_000);
    expect(await store.change(dublin.id, { status: "cancelled" }, "Show cancelled")).toBe(true);
    const update = fake.requests.find((request) => request.method === "update");
    expect(update?.values).toEqual({ status: "cancelled" });
    expect(update?.filters).toEqual([
      { column: "id", op: "eq", value: dublin.id },
      { column: "version", op: "eq", value: 1 },
    ]);
    expect(store.$shows.get()).toEqual([cancelled]);
    expect(store.$standings.get().get(dublin.id)).toBe("soon");
    expect(toastLines()).toEqual(["Show cancelled: The Cornmarket Room: the website catches up in a few minutes"]);
  });

  it("change nothing when someone changed the show meanwhile, and show it as it is now", async () => {
    const theirs = { ...dublin, status: "postponed", version: 2 };
    let read = 0;
    const { store } = fakeShows((request) =>
      request.method === "update" ? ok([]) : ok([(read += 1) === 1 ? dublin : theirs]),
    );
    await store.load();
    expect(await store.change(dublin.id, { status: "cancelled" }, "Show cancelled")).toBe(false);
    expect(store.$shows.get()).toEqual([theirs]);
    expect(toastLines()).toEqual([
      "Show not changed: Someone changed this show meanwhile: it is shown as it is now. Try again.",
    ]);
  });

  it("lock the page when the server refuses the session, and say any other failure", async () => {
    const { store, session } = fakeShows((request) =>
      request.method === "update" ? failure(401, "JWT expired") : ok([dublin]),
    );
    await store.load();
    expect(await store.change(dublin.id, { status: "sold-out" }, "Show marked sold out")).toBe(false);
    expect(session.refuse).toHaveBeenCalledWith(1);
    const other = fakeShows((request) =>
      request.method === "update" ? failure(400, "new row violates check constraint") : ok([dublin]),
    );
    await other.store.load();
    expect(await other.store.change(dublin.id, { ticket_url: "https://x.example" }, "Ticket link changed")).toBe(false);
    expect(toastLines()).toEqual(["Show not changed: new row violates check constraint"]);
    expect(other.store.$shows.get()).toEqual([dublin]);
  });

  describe("when the answer to a change is lost on the way back", () => {
    const lost = failure(0, "TypeError: Failed to fetch");
    const soldOut = { ...dublin, availability: "sold-out", version: 2 };
    /**
     * The page on `dublin`, `change` sent with its answer lost, and the show read back as `after` (a lost read too:
     * `lost`); the update answered as `again` at a second press.
     */
    async function changeLost(after: FakeReply, change: ShowChange = { availability: "sold-out" }, again = lost) {
      let updates = 0;
      const { store, fake } = fakeShows((request) => {
        if (request.method === "update") return (updates += 1) === 1 ? lost : again;
        return request.filters.some(({ column }) => column === "id") ? after : ok([dublin]);
      });
      await store.load();
      const changed = await store.change(dublin.id, change, "Show changed");
      return { changed, store, fake };
    }

    it("say the change made when the show read back is the next version with it, and nothing else changed", async () => {
      const { changed, store, fake } = await changeLost(ok([soldOut]));
      expect(changed).toBe(true);
      expect(fake.requests.at(-1)?.filters).toEqual([{ column: "id", op: "eq", value: dublin.id }]);
      expect(store.$shows.get()).toEqual([soldOut]);
      expect(toastLines()).toEqual(["Show changed: The Cornmarket Room: the website catches up in a few minutes"]);
    });

    it("say it did not reach the server when the show read back is as it was, a teammate's, or not read", async () => {
      const teammates = [
        { ...dublin, status: "postponed", version: 2 },
        { ...dublin, availability: "few-left", version: 2 },
        // Their change holds this one's value, and more: it is theirs.
        { ...soldOut, venue_name: "Whelan's", price: 20 },
        { ...soldOut, version: 3 },
      ];
      for (const after of [ok([dublin]), ...teammates.map((show) => ok([show])), lost, ok([])]) {
        const { changed, store } = await changeLost(after);
        expect(changed).toBe(false);
        expect(store.$shows.get()).toEqual([dublin]);
        expect(toastLines()).toEqual([`Show not changed: ${NO_CONNECTION_TEXT}`]);
        $toasts.set([]);
      }
    });

    it("read nothing back when the browser knows it is offline: it could not reach the server, said at once", async () => {
      vi.stubGlobal("navigator", { onLine: false });
      const { changed, store, fake } = await changeLost(ok([soldOut]));
      vi.unstubAllGlobals();
      expect(changed).toBe(false);
      expect(fake.requests.filter((request) => request.filters.some(({ column }) => column === "id"))).toHaveLength(1);
      expect(store.$shows.get()).toEqual([dublin]);
      expect(toastLines()).toEqual([`Show not changed: ${NO_CONNECTION_TEXT}`]);
    });

    it("take an instant written another way as the same, and nothing else", async () => {
      const moved = { ...dublin, starts_at: "2027-07-11T18:30:00+00:00", version: 2 };
      expect((await changeLost(ok([moved]), { starts_at: "2027-07-11T19:30:00+01:00" })).changed).toBe(true);
      expect((await changeLost(ok([moved]), { starts_at: "2027-07-11T19:30:00+00:00" })).changed).toBe(false);
      const priced = { ...dublin, price: 18, currency: "EUR", version: 2 };
      expect((await changeLost(ok([priced]), { price: 18, currency: "EUR" })).changed).toBe(true);
      expect((await changeLost(ok([priced]), { price: 0, currency: "EUR" })).changed).toBe(false);
      expect((await changeLost(ok([{ ...dublin, price: 0, version: 2 }]), { price: null })).changed).toBe(false);
    });

    it("say the change made when pressed again once the signal is back: nothing to change, as it was made", async () => {
      let online = false;
      const { store } = fakeShows((request) => {
        if (!online) return request.method === "select" && request.filters.length === 0 ? ok([dublin]) : lost;
        // Back online: the first try had reached the database.
        return request.method === "update" ? ok([]) : ok([soldOut]);
      });
      await store.load();
      expect(await store.change(dublin.id, { availability: "sold-out" }, "Show marked sold out")).toBe(false);
      expect(toastLines()).toEqual([`Show not changed: ${NO_CONNECTION_TEXT}`]);
      online = true;
      expect(await store.change(dublin.id, { availability: "sold-out" }, "Show marked sold out")).toBe(true);
      expect(store.$shows.get()).toEqual([soldOut]);
      expect(toastLines().at(-1)).toBe(
        "Show marked sold out: The Cornmarket Room: the website catches up in a few minutes",
      );
    });

    it("say a restore made when the show read back holds the kept version's values, and nothing else", async () => {
      const cancelled = { ...dublin, status: "cancelled", version: 2 };
      for (const [after, made] of [
        [{ ...dublin, version: 3 }, true],
        [{ ...dublin, notes: "Load in at 5", version: 3 }, false],
      ] as const) {
        const { store, fake } = fakeShows((request) => {
          if (request.table === "shows_history")
            return ok([{ version: 1, show: dublin, written_at: dublin.updated_at, replaced_at: null }]);
          return request.filters.some(({ column }) => column === "id") ? ok([after]) : ok([cancelled]);
        });
        await store.load();
        await store.loadHistory(dublin.id);
        const restoring = store.restore(dublin.id, 1);
        await settle();
        fake.functionCalls[0]!.fail({ message: "TypeError: Failed to fetch" }, 0);
        expect(await restoring).toBe(made);
        expect(store.$shows.get()).toEqual([made ? after : cancelled]);
        expect(toastLines()).toEqual([
          made
            ? "Show restored: The Cornmarket Room is back as it was in version 1"
            : `Show not restored: ${NO_CONNECTION_TEXT}`,
        ]);
        $toasts.set([]);
      }
    });
  });

  it("read a show's kept versions and restore one as a new version", async () => {
    const restored = { ...dublin, version: 3, updated_at: "2027-01-03T10:00:00Z" };
    const { store, fake } = fakeShows((request) =>
      request.table === "shows_history"
        ? ok([{ version: 1, show: dublin, written_at: dublin.updated_at, replaced_at: "2027-01-02T10:00:00Z" }])
        : ok([{ ...dublin, status: "cancelled", version: 2 }]),
    );
    await store.load();
    await store.loadHistory(dublin.id);
    expect(store.history(dublin.id).get().versions).toEqual([
      { version: 1, show: dublin, writtenAt: dublin.updated_at, replacedAt: "2027-01-02T10:00:00Z" },
    ]);
    const restoring = store.restore(dublin.id, 1);
    await settle();
    expect(fake.functionCalls.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: "restore_show", args: { show_id: dublin.id, version: 1, seen: 2 } },
    ]);
    fake.functionCalls[0]!.answer([restored]);
    expect(await restoring).toBe(true);
    expect(store.$shows.get()).toEqual([restored]);
    expect(toastLines()).toEqual(["Show restored: The Cornmarket Room is back as it was in version 1"]);
  });

  it("restore nothing when someone changed the show since the page read it, and show it as it is now", async () => {
    const theirs = { ...dublin, status: "cancelled", version: 2 };
    let read = 0;
    const { store, fake } = fakeShows(() => ok([(read += 1) === 1 ? dublin : theirs]));
    await store.load();
    const restoring = store.restore(dublin.id, 1);
    await settle();
    expect(fake.functionCalls.map(({ args }) => args)).toEqual([{ show_id: dublin.id, version: 1, seen: 1 }]);
    // The server wrote nothing: the show had moved on to version 2.
    fake.functionCalls[0]!.answer([]);
    expect(await restoring).toBe(false);
    expect(store.$shows.get()).toEqual([theirs]);
    expect(toastLines()).toEqual([
      "Show not restored: Someone changed this show meanwhile: it is shown as it is now. Try again.",
    ]);
  });

  it("hold Restore while a change of the show is on its way, and a change while a restore is", async () => {
    const postponed = { ...dublin, status: "postponed", version: 2 };
    const { store, fake } = fakeShows((request) => (request.method === "update" ? undefined : ok([dublin])));
    await store.load();
    const changing = store.change(dublin.id, { status: "postponed" }, "Show postponed");
    await settle();
    // Sent now, the restore would go out over version 1 and come back refused, as if a teammate had changed it.
    expect(await store.restore(dublin.id, 1)).toBe(false);
    expect(fake.functionCalls).toEqual([]);
    fake.writes[0]!.answer([postponed]);
    expect(await changing).toBe(true);
    const restoring = store.restore(dublin.id, 1);
    await settle();
    expect(store.$changing.get()[dublin.id]).toBe(true);
    expect(await store.change(dublin.id, { status: "cancelled" }, "Show cancelled")).toBe(false);
    expect(fake.requests.filter((request) => request.method === "update")).toHaveLength(1);
    expect(fake.functionCalls.map(({ args }) => args)).toEqual([{ show_id: dublin.id, version: 1, seen: 2 }]);
    fake.functionCalls[0]!.answer([{ ...dublin, version: 3 }]);
    expect(await restoring).toBe(true);
    expect(store.$changing.get()[dublin.id]).toBe(false);
    expect(toastLines()).toEqual([
      "Show postponed: The Cornmarket Room: the website catches up in a few minutes",
      "Show restored: The Cornmarket Room is back as it was in version 1",
    ]);
  });

  it("never let a slower reply to an older read of a show's history replace a newer one, or its failure say so", async () => {
    const { store, fake } = fakeShows((request) => (request.table === "shows_history" ? undefined : ok([dublin])));
    await store.load();
    const kept = (version: number) => ({ version, show: dublin, written_at: dublin.updated_at, replaced_at: null });
    const older = store.loadHistory(dublin.id);
    const newer = store.loadHistory(dublin.id);
    await settle();
    const [first, second] = fake.reads.filter((read) => read.table === "shows_history");
    second!.answer([kept(2), kept(1)]);
    await newer;
    first!.answer([kept(1)]);
    await older;
    expect(
      store
        .history(dublin.id)
        .get()
        .versions?.map(({ version }) => version),
    ).toEqual([2, 1]);
    const failing = store.loadHistory(dublin.id);
    const last = store.loadHistory(dublin.id);
    await settle();
    const [third, fourth] = fake.reads.filter((read) => read.table === "shows_history").slice(2);
    third!.fail({ message: "Service Unavailable" }, 503);
    await failing;
    fourth!.answer([kept(3), kept(2), kept(1)]);
    await last;
    expect(store.history(dublin.id).get()).toMatchObject({
      failed: false,
      versions: [{ version: 3 }, { version: 2 }, { version: 1 }],
    });
  });

  it("never let an older read of a show's history, answered late, replace the newer read's failure", async () => {
    const { store, fake } = fakeShows((request) => (request.table === "shows_history" ? undefined : ok([dublin])));
    await store.load();
    const older = store.loadHistory(dublin.id);
    const newer = store.loadHistory(dublin.id);
    await settle();
    const [first, second] = fake.reads.filter((read) => read.table === "shows_history");
    second!.fail({ message: "Service Unavailable" }, 503);
    await newer;
    first!.answer([{ version: 1, show: dublin, written_at: dublin.updated_at, replaced_at: null }]);
    await older;
    expect(store.history(dublin.id).get()).toEqual({ versions: null, failed: true, restoring: null });
  });
});
