// A show's Reschedule and Ticket link forms kept in the tab: what is half typed comes back after a reload (a phone
// dropping the tab while the manager copies a link from another app), and follows the show as read afresh. The
// tab's storage is a fake handed in, so no window is needed.
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../test/memory-storage";
import { createFollowingForms, keepFollowingFormsInTab } from "./calendar.following.store";

const KEY = "stagedoor.calendar.show-changes";
const link = "link-dublin";
const shown = { url: "https://tickets.example/dublin", kind: "ticket" };
const typed = { url: "https://tickets.example/dublin-late-show", kind: "ticket" };
const clash = (theirs: string) => `changed meanwhile to “${theirs}” by someone else; save again to put yours instead`;

/** The page's forms as a new load of the tab makes them, over `storage`. */
function loadedWith(storage: ReturnType<typeof memoryStorage>) {
  const forms = createFollowingForms();
  keepFollowingFormsInTab(forms, storage);
  return forms;
}

describe("a show's typed change forms kept in the tab", () => {
  it("come back as typed after a reload, and follow the show as read afresh, field by field", () => {
    const storage = memoryStorage();
    const before = loadedWith(storage);
    before.type(link, shown, 1, typed);
    before.type("reschedule-dublin", { date: "2027-05-02", time: "20:00" }, 1, { date: "2027-05-09", time: "20:00" });

    const after = loadedWith(storage);
    expect(after.$forms.get()[link]?.typed).toEqual(typed);
    expect(after.$forms.get()["reschedule-dublin"]?.typed).toEqual({ date: "2027-05-09", time: "20:00" });
    // A teammate moved the doors meanwhile and changed the link: the time left alone takes theirs, the link typed
    // stays, said to clash, and its next save is held once.
    after.follow("reschedule-dublin", { date: "2027-05-02", time: "21:00" }, 2);
    expect(after.$forms.get()["reschedule-dublin"]?.typed).toEqual({ date: "2027-05-09", time: "21:00" });
    after.follow(link, { ...shown, url: "https://tickets.example/b" }, 2);
    expect(after.$forms.get()[link]).toMatchObject({
      typed,
      clashes: { problems: { url: clash("https://tickets.example/b") } },
    });
    expect(after.holds(link)).toBe(true);
  });

  it("are forgotten in the tab once saved, and keep nothing while nothing is typed", async () => {
    const storage = memoryStorage();
    const forms = loadedWith(storage);
    forms.type(link, shown, 1, typed);
    expect(storage.raw(KEY)).not.toBeNull();
    await forms.save(link, typed, typed, async () => true);
    expect(storage.raw(KEY)).toBeNull();
    // Typed, then typed back to the show's: nothing to keep.
    forms.type(link, shown, 2, typed);
    forms.type(link, shown, 2, shown);
    expect(storage.raw(KEY)).toBeNull();
    expect(loadedWith(storage).$forms.get()).toEqual({});
  });

  it("keep a form whose save was on its way as typed, and as the show read afresh says it was written", async () => {
    const storage = memoryStorage();
    const forms = loadedWith(storage);
    forms.type(link, shown, 1, typed);
    let reloaded: ReturnType<typeof loadedWith> | undefined;
    await forms.save(link, typed, typed, async () => {
      reloaded = loadedWith(storage);
      return true;
    });
    // The save was written: the show read afresh has the link; nothing clashes, and Save has nothing to hold.
    reloaded!.follow(link, typed, 2);
    expect(reloaded!.$forms.get()[link]).toMatchObject({ typed, version: 2, clashes: { problems: {}, held: {} } });
    expect(reloaded!.holds(link)).toBe(false);
    // The link as saved is the show's now, not typed here: a teammate's later link is taken, never saved over.
    reloaded!.follow(link, { ...typed, url: "https://tickets.example/c" }, 3);
    expect(reloaded!.$forms.get()[link]).toMatchObject({
      typed: { ...typed, url: "https://tickets.example/c" },
      clashes: { problems: {}, held: {} },
    });
    expect(reloaded!.holds(link)).toBe(false);
  });

  it("drop what no form could show, one form at a time, and read nothing from what is not a record of forms", () => {
    const form = { typed, own: shown, was: shown, clashes: { problems: {}, held: {} } };
    const whole = { form, version: 1 };
    const doors = { date: "2027-05-02", time: "20:00" };
    const rescheduled = {
      form: { typed: doors, own: doors, was: doors, clashes: { problems: {}, held: {} } },
      version: 1,
    };
    const storage = memoryStorage({
      [KEY]: JSON.stringify({
        [link]: whole,
        // The longest show id the database allows.
        [`reschedule-${"a".repeat(100)}`]: rescheduled,
        [`reschedule-${"a".repeat(101)}`]: rescheduled,
        "link-extra-field": { ...whole, form: { ...form, own: { ...shown, extra: "x" } } },
        "link-bad-version": { ...whole, version: -1 },
        "link-said-elsewhere": { ...whole, form: { ...form, clashes: { problems: { colour: "red" }, held: {} } } },
        "link-half-sent": { ...whole, form: { ...form, sending: { sent: typed } } },
        // A Reschedule form's key with a link's fields: kept by a page whose forms differed.
        "reschedule-dublin": whole,
        "details-dublin": whole,
        "link-number": { ...whole, form: { ...form, typed: { url: 3, kind: "ticket" } } },
        // A kind of link the form does not offer, which the database would refuse.
        "link-raffle": { ...whole, form: { ...form, typed: { ...typed, kind: "raffle" } } },
      }),
    });
    expect(Object.keys(loadedWith(storage).$forms.get())).toEqual([link, `reschedule-${"a".repeat(100)}`]);
    for (const junk of ["[]", "null", '"text"', "{not json"]) {
      const refused = memoryStorage({ [KEY]: junk });
      expect(loadedWith(refused).$forms.get()).toEqual({});
      expect(refused.raw(KEY)).toBeNull();
    }
  });

  it("are forgotten at Sign out, in the page and in the tab", () => {
    const storage = memoryStorage();
    const forms = loadedWith(storage);
    forms.type(link, shown, 1, typed);
    forms.forget();
    expect(forms.$forms.get()).toEqual({});
    expect(storage.raw(KEY)).toBeNull();
  });

  it("keep the page's forms in memory where the browser refuses its storage", () => {
    const storage = memoryStorage();
    storage.refuse = "full";
    const forms = loadedWith(storage);
    forms.type(link, shown, 1, typed);
    expect(forms.$forms.get()[link]?.typed).toEqual(typed);
    expect(storage.raw(KEY)).toBeNull();
  });
});
