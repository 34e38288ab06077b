// The add form's contact kept in the tab: half typed on a phone whose browser dropped the tab, it is back as typed
// after the reload, said on the Enter Password screen until then, and gone once added or at Sign out. The tab's
// storage is a fake handed in, so no window is needed.
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../test/memory-storage";
import { emptyDraft } from "./contacts";
import { draft, fakeContactsStore } from "./contacts.fake";
import { CONTACT_KEPT_KEY, contactKept } from "./contacts.kept";
import { keepAddDraftInTab } from "./contacts.kept.store";

/** The page's contacts store as a new load of the tab makes it, over `tab`. */
function loadedWith(tab: ReturnType<typeof memoryStorage>) {
  const { store } = fakeContactsStore();
  keepAddDraftInTab(store, tab);
  return store;
}

const typed = draft({ name: "Síle Ní Bhriain", role: "Booker", phone: "+353 87 123 4567" });

describe("the add form's contact kept in the tab", () => {
  it("comes back as typed after a reload, and the Enter Password screen says it is kept", () => {
    const tab = memoryStorage();
    expect(contactKept(tab)).toBe(false);
    loadedWith(tab).editAddDraft(typed);
    expect(contactKept(tab)).toBe(true);
    expect(loadedWith(tab).$addDraft.get()).toEqual(typed);
  });

  it("is gone once the contact is added (the form emptied) or at Sign out, and nothing comes back", () => {
    const tab = memoryStorage();
    const store = loadedWith(tab);
    store.editAddDraft(typed);
    store.editAddDraft(emptyDraft);
    expect(tab.raw(CONTACT_KEPT_KEY)).toBeNull();
    expect(loadedWith(tab).$addDraft.get()).toEqual(emptyDraft);
    const again = loadedWith(tab);
    again.editAddDraft(typed);
    again.forgetTyped();
    expect(contactKept(tab)).toBe(false);
    expect(loadedWith(tab).$addDraft.get()).toEqual(emptyDraft);
  });

  it("comes back without the direction characters a phone number loses as it is typed", () => {
    const tab = memoryStorage({ [CONTACT_KEPT_KEY]: JSON.stringify({ ...typed, phone: "\u202e+353 87 123 4567" }) });
    expect(loadedWith(tab).$addDraft.get()).toEqual(typed);
  });

  it("drops what the form could not show, and reads nothing from it", () => {
    for (const junk of [
      "{not json",
      "[]",
      '"text"',
      JSON.stringify({ ...typed, age: "40" }),
      JSON.stringify({ ...typed, name: 4 }),
      JSON.stringify(emptyDraft),
    ]) {
      const tab = memoryStorage({ [CONTACT_KEPT_KEY]: junk });
      expect(loadedWith(tab).$addDraft.get(), junk).toEqual(emptyDraft);
      expect(tab.raw(CONTACT_KEPT_KEY), junk).toBeNull();
    }
  });

  it("keeps the form in memory where the browser refuses its storage, and says nothing is kept", () => {
    const tab = memoryStorage();
    tab.refuse = "unreadable";
    const store = loadedWith(tab);
    store.editAddDraft(typed);
    expect(store.$addDraft.get()).toEqual(typed);
    expect(contactKept(tab)).toBe(false);
  });
});
