import { afterEach, describe, expect, it } from "vitest";
import { $toasts } from "../toasts/toasts.store";
import { storedDateOf } from "./calendar";
import { settle } from "../../test/deferred";
import { withVitestClock } from "../../test/fake-time";
import { toastLines } from "../../test/toast-recorder";
import { live, LOCK_REASONS } from "./calendar.fake";

withVitestClock();
afterEach(() => $toasts.set([]));

describe("adding an event", () => {
  const typed = { title: "  Radio session, RTÉ ", description: "Bring the 12-string", eventType: "promotion" as const };
  const day = new Date(2031, 4, 18);

  async function typing() {
    const fake = await live();
    fake.draft.selectDay(day);
    fake.draft.editEventDraft(typed);
    return fake;
  }

  it("inserts the typed event on the picked day, clears the form, says Event added and reads the list again", async () => {
    const fake = await typing();
    const adding = fake.feed.addEvent();
    await settle();
    expect(fake.feed.$adding.get()).toBe(true);
    expect(fake.writes.map(({ table, kind, value }) => ({ table, kind, value }))).toEqual([
      {
        table: "calendar_events",
        kind: "insert",
        value: {
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          title: "Radio session, RTÉ",
          description: "Bring the 12-string",
          start_date: storedDateOf(day),
          end_date: storedDateOf(day),
          event_type: "promotion",
        },
      },
    ]);
    const before = fake.reads.length;
    fake.writes[0].answer();
    expect(await adding).toBe(true);
    expect(fake.feed.$adding.get()).toBe(false);
    expect(toastLines()).toEqual(["Event added: New event has been added successfully"]);
    expect(fake.draft.$eventDraft.get()).toBeNull();
    expect(fake.draft.$selectedDay.get()).toBe(day);
    await settle();
    expect(fake.reads.length - before).toBe(1);
  });

  it("does nothing without a day or a title, or while an add is on its way", async () => {
    const fake = await live();
    fake.draft.editEventDraft(typed);
    expect(await fake.feed.addEvent()).toBe(false);
    fake.draft.selectDay(day);
    fake.draft.editEventDraft({ ...typed, title: "   " });
    expect(await fake.feed.addEvent()).toBe(false);
    expect(fake.writes).toEqual([]);
    fake.draft.editEventDraft(typed);
    void fake.feed.addEvent();
    expect(await fake.feed.addEvent()).toBe(false);
    await settle();
    expect(fake.writes).toHaveLength(1);
    expect(toastLines()).toEqual([]);
  });

  it("keeps the form and shows the server's message when the insert fails", async () => {
    const fake = await typing();
    const adding = fake.feed.addEvent();
    await settle();
    fake.writes[0].fail({ code: "23514", message: "The venue is double-booked" }, 400);
    expect(await adding).toBe(false);
    expect(toastLines()).toEqual(["Error adding event: The venue is double-booked"]);
    expect($toasts.get()[0].variant).toBe("destructive");
    expect(fake.draft.$eventDraft.get()).toEqual(typed);
    expect(fake.session.$unlocked.get()).toBe(true);
  });

  it("adds an event whose answer was lost once: sent again with its id, the server's refusal of the id taken is the add", async () => {
    const fake = await typing();
    let adding = fake.feed.addEvent();
    await settle();
    // The server took the add; its answer never came back, nor that of the read back that follows.
    fake.writes[0].fail({ message: "TypeError: Failed to fetch", details: "", hint: "", code: "" }, 0);
    await settle();
    fake.waitingReads().at(-1)!.fail({ message: "TypeError: Failed to fetch" }, 0);
    expect(await adding).toBe(false);
    expect(fake.draft.$eventDraft.get()).toEqual(typed);
    adding = fake.feed.addEvent();
    await settle();
    expect(fake.writes[1].value).toEqual(fake.writes[0].value);
    fake.writes[1].fail(
      { code: "23505", message: 'duplicate key value violates unique constraint "calendar_events_pkey"' },
      409,
    );
    expect(await adding).toBe(true);
    expect(toastLines().at(-1)).toBe("Event added: New event has been added successfully");
    expect(fake.draft.$eventDraft.get()).toBeNull();
  });

  it("says an event added when its answer was lost and it is read back by its id", async () => {
    const fake = await typing();
    const adding = fake.feed.addEvent();
    await settle();
    const { id } = fake.writes[0].value as { id: string };
    fake.writes[0].fail({ message: "TypeError: Failed to fetch", details: "", hint: "", code: "" }, 0);
    await settle();
    const readBack = fake.waitingReads().at(-1)!;
    expect(readBack.table).toBe("calendar_events");
    readBack.answer([{ id }]);
    expect(await adding).toBe(true);
    expect(toastLines().at(-1)).toBe("Event added: New event has been added successfully");
    expect(fake.draft.$eventDraft.get()).toBeNull();
    expect(fake.writes).toHaveLength(1);
  });

  it("adds an event changed after a failed add, and the next event, each with an id of its own", async () => {
    const fake = await typing();
    const ids = async () => {
      const adding = fake.feed.addEvent();
      await settle();
      return { adding, id: (fake.writes.at(-1)!.value as { id: string }).id };
    };
    const first = await ids();
    fake.writes[0].fail({ code: "23514", message: "The venue is double-booked" }, 400);
    await first.adding;
    fake.draft.editEventDraft({ ...typed, title: "Radio session, Newstalk" });
    const changed = await ids();
    expect(changed.id).not.toBe(first.id);
    fake.writes[1].answer();
    await changed.adding;
    fake.draft.editEventDraft({ ...typed, title: "Radio session, Newstalk" });
    const next = await ids();
    expect(next.id).not.toBe(changed.id);
    // Another event's id taken is no add of this one: said, and kept.
    fake.writes[2].fail(
      { code: "23505", message: 'duplicate key value violates unique constraint "calendar_events_title_key"' },
      409,
    );
    expect(await next.adding).toBe(false);
    expect(fake.draft.$eventDraft.get()?.title).toBe("Radio session, Newstalk");
  });

  it("locks, keeping the draft and saying nothing of Event added, when the server refuses the insert", async () => {
    const fake = await typing();
    const adding = fake.feed.addEvent();
    await settle();
    fake.writes[0].fail({ code: "42501", message: "permission denied for table calendar_events" }, 401);
    expect(await adding).toBe(false);
    expect(fake.session.$unlocked.get()).toBe(false);
    expect(fake.session.$lockReason.get()).toBe("accessRefused");
    expect(toastLines()).toEqual([`Calendar locked: ${LOCK_REASONS.accessRefused}`]);
    expect(fake.draft.$eventDraft.get()).toEqual(typed);
    expect(fake.draft.$selectedDay.get()).toBe(day);
  });

  it("keeps the draft, and the new session, when an insert from before the last lock is refused late", async () => {
    const fake = await typing();
    const adding = fake.feed.addEvent();
    await settle();
    // The session ends elsewhere while the insert is on its way, and the team signs in again.
    fake.emit("SIGNED_OUT");
    fake.emit("SIGNED_IN", { access_token: "new" });
    fake.writes[0].fail({ code: "42501", message: "permission denied for table calendar_events" }, 401);
    expect(await adding).toBe(false);
    expect(fake.calls).not.toContain("signOut local");
    expect(fake.session.$unlocked.get()).toBe(true);
    expect(fake.draft.$eventDraft.get()).toEqual(typed);
    expect(toastLines()).toEqual([`Calendar locked: ${LOCK_REASONS.sessionEnded}`]);
  });
});
