import { describe, expect, it } from "vitest";
import { deferred, settle } from "../../test/deferred";
import { failure, type FakeReply } from "../../test/fake-client";
import { memoryStorage } from "../../test/memory-storage";
import { recordToasts } from "../../test/toast-recorder";
import { LEGACY_CONTACTS_KEY } from "./contacts";
import { fakeContactsServer } from "./contacts.fake";
import { createContactsStore, type ContactsToast } from "./contacts.store";

/** A store on a fake backend, with the toasts it shows as "Title: description" lines. */
function setUp(
  options: { server?: ReturnType<typeof fakeContactsServer>; storage?: ReturnType<typeof memoryStorage> } = {},
) {
  const server = options.server ?? fakeContactsServer();
  const storage = options.storage ?? memoryStorage();
  const toasts = recordToasts<ContactsToast>();
  const downloads: { filename: string; text: string }[] = [];
  const store = createContactsStore({
    client: Promise.resolve(server.client),
    storage,
    now: () => Date.UTC(2025, 5, 1),
    random: () => 0.5,
    toast: toasts.toast,
    download: (file) => downloads.push(file),
  });
  const names = () => store.$contacts.get().map((contact) => contact.name);
  return { server, storage, store, toasts: toasts.lines, downloads, names };
}

const draft = (values: Partial<Record<"name" | "role" | "email" | "phone", string>>) => ({
  name: "",
  role: "",
  email: "",
  phone: "",
  ...values,
});

describe("contacts store: migrating legacy local contacts", () => {
  const legacy = [
    { id: "l1", name: "Fiona", role: "Agent", email: "", phone: "087 000" },
    { id: "l2", name: "Gerry", role: "Label" },
    { id: "l3", name: "Hugh", role: "Press" },
    { name: "No id at all", role: "Mystery" },
  ];

  it("moves the rows the table takes, keeps the failed and unreadable ones, and says so", async () => {
    const server = fakeContactsServer();
    server.intercept((request) =>
      request.method === "upsert" && request.values?.name === "Gerry" ? failure() : undefined,
    );
    // Where earlier versions of the page kept them: another key would strand every one still in a browser.
    const storage = memoryStorage({ contacts: JSON.stringify(legacy) });
    const { store, toasts, names } = setUp({ server, storage });
    await store.start();
    expect(server.contacts.map((row) => [row.id, row.name, row.email, row.phone])).toEqual([
      ["l3", "Hugh", null, null],
      ["l1", "Fiona", null, "087 000"],
    ]);
    expect(JSON.parse(storage.raw("contacts") ?? "null")).toEqual([
      { ...legacy[1], email: null, phone: null },
      legacy[3],
    ]);
    expect(toasts).toEqual([
      "Migration error: Failed to migrate contact: Gerry",
      "Contacts migrated: 2 local contacts have been migrated to the shared database",
      "Contacts loaded: 2 contacts loaded from the shared database",
    ]);
    expect(names()).toEqual(["Hugh", "Fiona"]);
  });

  it("removes the local copy once every contact is in the table, and runs once per page", async () => {
    const storage = memoryStorage({ [LEGACY_CONTACTS_KEY]: JSON.stringify(legacy.slice(0, 3)) });
    const { server, store, toasts } = setUp({ storage });
    await Promise.all([store.start(), store.start()]);
    expect(storage.raw(LEGACY_CONTACTS_KEY)).toBeNull();
    expect(server.requests.filter((request) => request.method === "upsert")).toHaveLength(3);
    expect(toasts.filter((toast) => toast.startsWith("Contacts migrated"))).toHaveLength(1);
  });

  it("leaves a stored value that is not a list untouched, and still loads", async () => {
    const storage = memoryStorage({ [LEGACY_CONTACTS_KEY]: "{oops" });
    const { store, toasts } = setUp({ storage });
    await store.start();
    expect(storage.raw(LEGACY_CONTACTS_KEY)).toBe("{oops");
    expect(toasts).toEqual(["Contacts loaded: 0 contacts loaded from the shared database"]);
  });

  it("keeps everything for the next visit when the backend cannot be reached at all", async () => {
    const storage = memoryStorage({ [LEGACY_CONTACTS_KEY]: JSON.stringify(legacy) });
    const toasts = recordToasts<ContactsToast>();
    const store = createContactsStore({
      client: () => Promise.reject(new Error("offline")),
      storage,
      toast: toasts.toast,
    });
    await store.start();
    expect(storage.raw(LEGACY_CONTACTS_KEY)).toBe(JSON.stringify(legacy));
    expect(toasts.lines).toEqual(["Error: Failed to load contacts"]);
    expect(store.$loading.get()).toBe(false);
  });
});

describe("contacts store: loading", () => {
  it("shows the table newest first and says how many it loaded", async () => {
    const server = fakeContactsServer([
      { id: "b", name: "Brian", role: "Press" },
      { id: "a", name: "Aoife", role: "Booker" },
    ]);
    const { store, toasts, names } = setUp({ server });
    expect(store.$loading.get()).toBe(true);
    await store.load();
    expect(store.$loading.get()).toBe(false);
    expect(names()).toEqual(["Brian", "Aoife"]);
    expect(toasts).toEqual(["Contacts loaded: 2 contacts loaded from the shared database"]);
  });

  it("says when the contacts cannot be loaded, and stops loading", async () => {
    const server = fakeContactsServer([{ id: "a", name: "Aoife", role: "Booker" }]);
    server.intercept(() => failure());
    const { store, toasts, names } = setUp({ server });
    await store.load();
    expect(toasts).toEqual(["Error: Failed to load contacts"]);
    expect(store.$loading.get()).toBe(false);
    expect(names()).toEqual([]);
  });

  it("never lets a slow older read replace the list a newer one showed", async () => {
    const server = fakeContactsServer([{ id: "a", name: "Aoife", role: "Booker" }]);
    const held = deferred();
    let reads = 0;
    server.intercept((request, answer) => {
      if (request.method !== "select" || (reads += 1) > 1) return undefined;
      // The first read is answered with the table as it is now, but only when the test says.
      const reply = answer(request);
      return held.promise.then(() => reply);
    });
    const { store, toasts, names } = setUp({ server });
    const older = store.load();
    server.change("Aoife", { name: "Aoife Ní Bhriain" });
    await store.load();
    held.resolve();
    await older;
    expect(names()).toEqual(["Aoife Ní Bhriain"]);
    expect(toasts).toEqual(["Contacts loaded: 1 contacts loaded from the shared database"]);
  });

  it("keeps a contact added while the load was on its way", async () => {
    const server = fakeContactsServer([{ id: "a", name: "Aoife", role: "Booker" }]);
    const held = deferred();
    server.intercept((request, answer) =>
      request.method === "select" ? held.promise.then(() => answer(request)) : undefined,
    );
    const { store, names } = setUp({ server });
    const loading = store.load();
    const added = store.add(draft({ name: "Dara", role: "Sound" }));
    held.resolve();
    await Promise.all([loading, added]);
    // The read went out before the insert, so its reply may or may not hold Dara: Dara is shown once.
    expect(names().filter((name) => name === "Dara")).toHaveLength(1);
    expect(names()).toContain("Aoife");
  });
});

describe("contacts store: adding", () => {
  it("adds a contact at the top with empty fields as null, and says so", async () => {
    const { server, store, toasts, names } = setUp({
      server: fakeContactsServer([{ id: "a", name: "Aoife", role: "Booker" }]),
    });
    await store.load();
    expect(await store.add(draft({ name: " Dara ", role: "Sound engineer", email: " " }))).toBe(true);
    expect(names()).toEqual(["Dara", "Aoife"]);
    expect(server.row("Dara")).toMatchObject({ id: `${Date.UTC(2025, 5, 1)}fffffffff`, email: null, phone: null });
    expect(toasts.at(-1)).toBe("Contact added: New contact has been added successfully");
  });

  it("does nothing without a name or a role", async () => {
    const { server, store, toasts } = setUp();
    expect(await store.add(draft({ name: "Dara" }))).toBe(false);
    expect(await store.add(draft({ role: "Sound" }))).toBe(false);
    expect(server.requests).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it("takes the direction characters out of a pasted phone number as it arrives, so it adds as shown", async () => {
    const { server, store, toasts } = setUp();
    // A number as an address book copies it: wrapped in U+202A … U+202C.
    store.editAddDraft(draft({ name: "Dara", role: "Sound", phone: "\u202A+353 87 123 4567\u202C" }));
    expect(store.$addDraft.get().phone).toBe("+353 87 123 4567");
    expect(await store.add(store.$addDraft.get())).toBe(true);
    expect(server.row("Dara")?.phone).toBe("+353 87 123 4567");
    expect(toasts).toEqual(["Contact added: New contact has been added successfully"]);
  });

  it("says when the add fails, so the form keeps what was typed", async () => {
    const server = fakeContactsServer();
    server.intercept((request) => (request.method === "insert" ? failure(429, "too many") : undefined));
    const { store, toasts, names } = setUp({ server });
    expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(false);
    expect(names()).toEqual([]);
    expect(toasts).toEqual(["Error: Failed to add contact"]);
    expect(store.$adding.get()).toBe(false);
  });
});

describe("contacts store: editing", () => {
  const seeded = () => fakeContactsServer([{ id: "p", name: "Labhrás", role: "Piper", email: null }]);

  async function editing(server = seeded()) {
    const setup = setUp({ server });
    await setup.store.load();
    const [contact] = setup.store.$contacts.get();
    setup.store.startEditing(contact);
    return { ...setup, contact };
  }

  /** The card's role, e-mail, phone and version as the table holds them. */
  const stored = (server: ReturnType<typeof seeded>) => {
    const row = server.row("Labhrás");
    return [row?.role, row?.email, row?.phone, row?.version];
  };

  /** Someone else saves `theirs` while the card is edited here; then this draft is saved. */
  async function savedAfter(theirs: Record<string, unknown>, mine: Parameters<typeof draft>[0]) {
    const setup = await editing();
    setup.server.change("Labhrás", theirs);
    setup.store.editDraft("p", draft({ name: "Labhrás", ...mine }));
    return { ...setup, saved: await setup.store.save() };
  }

  it("edits one card at a time, and Cancel drops the draft", async () => {
    const { store, contact } = await editing();
    expect(store.$editing.get()).toMatchObject({ id: "p", draft: draft({ name: "Labhrás", role: "Piper" }) });
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    store.editDraft("elsewhere", draft({ name: "ignored" }));
    expect(store.$editing.get()?.draft.role).toBe("Uilleann piper");
    store.stopEditing(contact.id);
    expect(store.$editingId.get()).toBeNull();
    expect(store.$contacts.get()[0].role).toBe("Piper");
  });

  it("saves the draft, returns the card to viewing and says so", async () => {
    const { server, store, toasts } = await editing();
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper", email: "" }));
    expect(await store.save()).toBe(true);
    expect(server.row("Labhrás")).toMatchObject({ role: "Uilleann piper", email: null, version: 2 });
    expect(store.$contacts.get()[0]).toMatchObject({ role: "Uilleann piper", version: 2 });
    expect(store.$editing.get()).toBeNull();
    expect(toasts.at(-1)).toBe("Contact updated: Contact has been updated successfully");
  });

  it("merges a save with someone else's change to another field, without asking, and keeps both", async () => {
    const { server, store, toasts, saved } = await savedAfter({ phone: "01 234" }, { role: "Uilleann piper" });
    expect(saved).toBe(true);
    expect(server.row("Labhrás")).toMatchObject({ role: "Uilleann piper", phone: "01 234", version: 3 });
    expect(store.$contacts.get()[0]).toMatchObject({ role: "Uilleann piper", phone: "01 234", version: 3 });
    expect(store.$editing.get()).toBeNull();
    expect(toasts.at(-1)).toBe("Contact updated: Contact has been updated successfully");
  });

  it("keeps the draft and shows theirs when we both changed a field; only a choice saves then", async () => {
    const { server, store, toasts, saved } = await savedAfter(
      { role: "Uilleann piper", phone: "01 234" },
      { role: "Píobaire", email: "labhras@example.ie" },
    );
    expect(saved).toBe(false);
    expect(store.$editing.get()).toMatchObject({
      draft: { role: "Píobaire", email: "labhras@example.ie" },
      theirs: { role: "Uilleann piper", phone: "01 234", version: 2 },
    });
    expect(store.$contacts.get()[0]).toMatchObject({ role: "Uilleann piper", phone: "01 234" });
    expect(server.row("Labhrás")).toMatchObject({ role: "Uilleann piper", email: null, version: 2 });
    expect(toasts.filter((toast) => toast.startsWith("Contact updated"))).toEqual([]);
    // With theirs on screen, a plain Save (Enter in the form) saves nothing.
    expect(await store.save()).toBe(false);
    expect(server.row("Labhrás")?.version).toBe(2);
  });

  it("puts their change to a field I left alone into my draft, where the form shows it, and saves what it shows", async () => {
    const { server, store } = await savedAfter(
      { role: "Uilleann piper", phone: "01 234" },
      { role: "Píobaire", email: "labhras@example.ie" },
    );
    // Their phone in the form, my e-mail and my role as typed, the role in question beside theirs.
    expect(store.$editing.get()).toMatchObject({
      draft: draft({ name: "Labhrás", role: "Píobaire", email: "labhras@example.ie", phone: "01 234" }),
      theirs: { role: "Uilleann piper", phone: "01 234" },
      taken: ["phone"],
    });
    expect(await store.saveOverTheirs()).toBe(true);
    expect(stored(server)).toEqual(["Píobaire", "labhras@example.ie", "01 234", 3]);
  });

  it("follows their still newer change to a field I left alone, and saves mine once I type over it", async () => {
    const { server, store } = await savedAfter({ role: "Uilleann piper", phone: "01 234" }, { role: "Píobaire" });
    // Before the choice they change the phone again, and the role: the form follows the phone; the role is asked again.
    server.change("Labhrás", { role: "Piper and singer", phone: "01 999" });
    expect(await store.saveOverTheirs()).toBe(false);
    expect(store.$editing.get()).toMatchObject({
      draft: { role: "Píobaire", phone: "01 999" },
      theirs: { role: "Piper and singer", version: 3 },
    });
    store.editDraft("p", { ...store.$editing.get()!.draft, phone: "087 555" });
    expect(await store.saveOverTheirs()).toBe(true);
    expect(stored(server)).toEqual(["Píobaire", null, "087 555", 4]);
  });

  it("Keep theirs: their value where we both changed a field, and the rest of my changes saved", async () => {
    const { server, store, toasts } = await savedAfter(
      { role: "Uilleann piper", phone: "01 234" },
      { role: "Píobaire", email: "labhras@example.ie" },
    );
    expect(await store.keepTheirs()).toBe(true);
    expect(stored(server)).toEqual(["Uilleann piper", "labhras@example.ie", "01 234", 3]);
    expect(store.$editing.get()).toBeNull();
    expect(toasts.at(-1)).toBe("Contact updated: Contact has been updated successfully");
  });

  it("Keep theirs with nothing else of mine writes nothing and shows their card", async () => {
    const { server, store, toasts } = await savedAfter({ role: "Uilleann piper" }, { role: "Píobaire" });
    const writes = server.requests.filter((request) => request.method === "update").length;
    expect(await store.keepTheirs()).toBe(true);
    expect(server.requests.filter((request) => request.method === "update")).toHaveLength(writes);
    expect(store.$editing.get()).toBeNull();
    expect(store.$contacts.get()[0]).toMatchObject({ role: "Uilleann piper", version: 2 });
    expect(toasts.filter((toast) => toast.startsWith("Contact updated"))).toEqual([]);
  });

  it("saves mine over theirs on request, merging a newer change to another field, asking again about a newer one to the same", async () => {
    const { server, store, toasts } = await savedAfter(
      { role: "Uilleann piper" },
      { role: "Píobaire", phone: "087 999" },
    );
    // Someone changes the role once more before the choice: a new value, so a new question.
    server.change("Labhrás", { role: "Piper and singer" });
    expect(await store.saveOverTheirs()).toBe(false);
    expect(store.$editing.get()?.theirs).toMatchObject({ role: "Piper and singer", version: 3 });
    expect(server.row("Labhrás")?.version).toBe(3);
    // And then the e-mail, which I left alone: merged without asking, the role as I chose.
    server.change("Labhrás", { email: "labhras@example.ie" });
    expect(await store.saveOverTheirs()).toBe(true);
    expect(stored(server)).toEqual(["Píobaire", "labhras@example.ie", "087 999", 5]);
    expect(store.$editing.get()).toBeNull();
    expect(toasts.at(-1)).toBe("Contact updated: Contact has been updated successfully");
  });

  it("leaves the choice to the person when the card keeps changing under every merged save", async () => {
    const { server, store } = await editing();
    // Before every write, someone else changes the phone again.
    let changes = 0;
    server.intercept((request, answer) => {
      if (request.method === "update") server.change("Labhrás", { phone: `01 ${(changes += 1)}` });
      return answer(request);
    });
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    expect(await store.save()).toBe(false);
    expect(changes).toBe(6);
    expect(server.row("Labhrás")).toMatchObject({ role: "Piper", phone: "01 6" });
    // Their newest version beside the draft, nothing in question: either choice saves both.
    expect(store.$editing.get()).toMatchObject({ draft: { role: "Uilleann piper" }, theirs: { phone: "01 6" } });
    server.intercept(null);
    expect(await store.saveOverTheirs()).toBe(true);
    expect(server.row("Labhrás")).toMatchObject({ role: "Uilleann piper", phone: "01 6" });
  });

  it("takes the direction characters out of a phone number pasted into an edited card, and saves it as shown", async () => {
    const { server, store } = await editing();
    store.editDraft("p", draft({ name: "Labhrás", role: "Piper", phone: "\u2066087 123\u2069\u200E" }));
    expect(store.$editing.get()?.draft.phone).toBe("087 123");
    expect(await store.save()).toBe(true);
    expect(server.row("Labhrás")?.phone).toBe("087 123");
  });

  it("sends no save that holds direction characters the table refuses, and keeps the draft", async () => {
    const { server, store, toasts } = await editing();
    store.editDraft("p", draft({ name: "\u202ELabhrás", role: "Piper" }));
    expect(await store.save()).toBe(false);
    expect(server.requests.filter((request) => request.method === "update")).toEqual([]);
    expect(toasts.filter((toast) => toast.startsWith("Error"))).toEqual([]);
    expect(store.$editing.get()?.draft.name).toBe("\u202ELabhrás");
    expect(store.$saving.get()).toBe(false);
  });

  it("fails a save that changed no row, keeping the draft", async () => {
    const { server, store, toasts } = await editing();
    server.remove("Labhrás");
    store.editDraft("p", draft({ name: "Labhrás II", role: "Piper" }));
    expect(await store.save()).toBe(false);
    expect(toasts.at(-1)).toBe("Error: Failed to update contact");
    expect(store.$editing.get()).toMatchObject({ draft: { name: "Labhrás II" }, theirs: null });
  });

  it("fails a save the server refuses, keeping the draft and allowing another try", async () => {
    const server = seeded();
    const { store, toasts } = await editing(server);
    server.intercept((request) => (request.method === "update" ? failure(400, "blank name") : undefined));
    store.editDraft("p", draft({ name: "   ", role: "Piper" }));
    expect(await store.save()).toBe(false);
    expect(toasts.at(-1)).toBe("Error: Failed to update contact");
    expect(store.$editing.get()?.draft.name).toBe("   ");
    expect(store.$saving.get()).toBe(false);
    server.intercept(null);
    store.editDraft("p", draft({ name: "Labhrás", role: "Píobaire" }));
    expect(await store.save()).toBe(true);
  });

  it("leaves the card being edited alone when an earlier card's save finishes", async () => {
    const server = fakeContactsServer([
      { id: "p", name: "Labhrás", role: "Piper" },
      { id: "q", name: "Muireann", role: "Singer" },
    ]);
    const { store } = await editing(server);
    const held = deferred();
    server.intercept((request, answer) =>
      request.method === "update" ? held.promise.then(() => answer(request)) : undefined,
    );
    const saving = store.save();
    store.startEditing(store.$contacts.get()[1]);
    held.resolve();
    expect(await saving).toBe(true);
    expect(store.$editingId.get()).toBe("q");
  });
});

describe("contacts store: a card's history", () => {
  async function edited() {
    const server = fakeContactsServer([{ id: "g", name: "Gráinne", role: "Booker", email: "grainne@example.ie" }]);
    const setup = setUp({ server });
    await setup.store.load();
    setup.store.startEditing(setup.store.$contacts.get()[0]);
    setup.store.editDraft("g", draft({ name: "Gráinne", role: "Agent" }));
    await setup.store.save();
    return setup;
  }

  it("loads the earlier versions and restores one as a change of its own", async () => {
    const { server, store, toasts } = await edited();
    await store.loadHistory("g");
    const [first] = store.history("g").get().loaded?.versions ?? [];
    expect(first).toMatchObject({ version: 1, role: "Booker", email: "grainne@example.ie" });
    expect(await store.restore("g", first)).toBe(true);
    expect(server.row("Gráinne")).toMatchObject({ role: "Booker", email: "grainne@example.ie", version: 3 });
    expect(store.$contacts.get()[0]).toMatchObject({ role: "Booker", version: 3 });
    expect(toasts.at(-1)).toBe("Contact restored: Gráinne is back as it was in version 1");
    expect(store.history("g").get().restoring).toBeNull();
    // The restore is kept in the history too: the version it replaced can be restored in turn.
    await store.loadHistory("g");
    expect(
      store
        .history("g")
        .get()
        .loaded?.versions.map((version) => [version.version, version.role]),
    ).toEqual([
      [2, "Agent"],
      [1, "Booker"],
    ]);
  });

  it("restores nothing over a change made meanwhile, and shows that change", async () => {
    const { server, store, toasts } = await edited();
    await store.loadHistory("g");
    const [first] = store.history("g").get().loaded?.versions ?? [];
    server.change("Gráinne", { role: "Manager" });
    expect(await store.restore("g", first)).toBe(false);
    expect(server.row("Gráinne")).toMatchObject({ role: "Manager", version: 3 });
    expect(store.$contacts.get()[0]).toMatchObject({ role: "Manager", version: 3 });
    expect(toasts.at(-1)).toBe("Error: Failed to update contact");
  });

  it("says when the history cannot be loaded, and loads it on the next try", async () => {
    const { server, store } = await edited();
    server.intercept((request) => (request.table === "contacts_history" ? failure() : undefined));
    await store.loadHistory("g");
    expect(store.history("g").get()).toMatchObject({ failed: true, loaded: null });
    server.intercept(null);
    await store.loadHistory("g");
    expect(store.history("g").get()).toMatchObject({ failed: false, loaded: { more: false } });
  });

  it("adds older pages below the versions shown, and keeps them when the contact changes", async () => {
    const server = fakeContactsServer([{ id: "c", name: "Caoimhe", role: "Harper" }]);
    for (let i = 1; i <= 120; i += 1) server.change("Caoimhe", { role: `spam ${i}` });
    const { store } = setUp({ server });
    await store.load();
    await store.loadHistory("c");
    const versions = () =>
      store
        .history("c")
        .get()
        .loaded?.versions.map((version) => version.version) ?? [];
    expect(versions()).toHaveLength(50);
    await store.loadOlderHistory("c");
    await store.loadOlderHistory("c");
    expect(versions()).toHaveLength(120);
    expect(store.history("c").get().loaded?.more).toBe(false);
    const oldest = store.history("c").get().loaded?.versions.at(-1);
    expect(oldest).toMatchObject({ version: 1, role: "Harper" });
    await store.restore("c", oldest!);
    await store.loadHistory("c");
    expect(versions()).toHaveLength(121);
    expect(versions()[0]).toBe(121);
  });

  it("does not call the history unreadable when only an older read of it failed", async () => {
    const { server, store } = await edited();
    const held = deferred();
    let reads = 0;
    server.intercept((request) =>
      request.table === "contacts_history" && (reads += 1) === 1 ? held.promise.then(() => failure()) : undefined,
    );
    const older = store.loadHistory("g");
    await store.loadHistory("g");
    held.resolve();
    await older;
    expect(store.history("g").get()).toMatchObject({ failed: false, loaded: { versions: [{ version: 1 }] } });
  });
});

describe("contacts store: search and downloads", () => {
  it("indexes the list for search and downloads exactly the contacts it is given", async () => {
    const server = fakeContactsServer([
      { id: "a", name: "Aoife Ní Bhriain", role: "Booker" },
      { id: "b", name: "Brian", role: "Press" },
    ]);
    const { store, downloads } = setUp({ server });
    await store.load();
    expect(store.$index.get().map((entry) => entry.haystack.split("\n")[0])).toEqual(["aoife ni bhriain", "brian"]);
    store.setQuery("brian");
    expect(store.$query.get()).toBe("brian");
    await store.downloadVCard(store.$contacts.get()[0]);
    await store.downloadVCards(store.$contacts.get().slice(1));
    expect(downloads.map((file) => file.filename)).toEqual(["aoife-ni-bhriain.vcf", "contacts.vcf"]);
    expect(downloads[1].text.match(/^FN:/gm)).toHaveLength(1);
  });
});

describe("contacts store: behind the team sign-in", () => {
  /** The time the tests' allowance resets: 09:14 in Dublin, on the tests' day (1 June 2025, 01:00 there). */
  const RESET = "2025-06-01T08:13:20Z";
  const spent = (message: string, details = RESET): FakeReply => ({
    data: null,
    error: { code: "PT429", message, details, hint: null },
    status: 429,
  });
  const refusedSession: FakeReply = {
    data: null,
    error: { code: "42501", message: "permission denied for table contacts", details: null, hint: null },
    status: 401,
  };

  /** A store on a fake backend and a team session that records what the store asks of it. */
  function signedIn(server = fakeContactsServer([{ id: "p", name: "Labhrás", role: "Piper" }])) {
    const asked: string[] = [];
    let opening = 1;
    const toasts = recordToasts<ContactsToast>();
    const store = createContactsStore({
      client: Promise.resolve(server.client),
      storage: memoryStorage(),
      now: () => Date.UTC(2025, 5, 1),
      toast: toasts.toast,
      timeZone: "Europe/Dublin",
      session: {
        watch: () => {
          asked.push("watch");
          return () => asked.push("stop watching");
        },
        currentOpening: () => opening,
        refuse: async (refused) => void asked.push(`refuse opening ${refused}`),
      },
    });
    return { server, store, toasts: toasts.lines, asked, nextOpening: () => (opening += 1) };
  }

  it("loads once the tool is shown and checks the session while it is; opened again after a lock, reads the list again", async () => {
    const { server, store, asked } = signedIn();
    const stop = store.open();
    await store.start();
    expect(asked).toEqual(["watch"]);
    expect(store.$contacts.get().map((contact) => contact.name)).toEqual(["Labhrás"]);
    stop();
    // Someone else changed a card while this page was locked.
    server.change("Labhrás", { role: "Uilleann piper" });
    store.open()();
    await store.start();
    await settle();
    expect(asked).toEqual(["watch", "stop watching", "watch", "stop watching"]);
    expect(server.requests.filter((request) => request.method === "select")).toHaveLength(2);
    expect(store.$contacts.get()[0].role).toBe("Uilleann piper");
  });

  it("keeps what is typed in the add form until the contact is added", () => {
    const { store } = signedIn();
    store.editAddDraft(draft({ name: "Dara", role: "Sound" }));
    expect(store.$addDraft.get()).toEqual(draft({ name: "Dara", role: "Sound" }));
  });

  it("says on the page when the day's adds are spent and when adding works again, keeping the spec's toast", async () => {
    const { server, store, toasts } = signedIn();
    await store.load();
    server.intercept((request) =>
      request.method === "insert" ? spent("Too many new contacts: at most 1000 a day") : undefined,
    );
    expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(false);
    expect(toasts.at(-1)).toBe("Error: Failed to add contact");
    expect(store.$allowance.get()).toEqual({
      kind: "add",
      text: "The team has added as many contacts as the directory takes in a day. Adding works again at 09:14.",
    });
    // A change going through says nothing about adding; the next add that goes through does.
    store.startEditing(store.$contacts.get()[0]);
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    server.intercept(null);
    expect(await store.save()).toBe(true);
    expect(store.$allowance.get()?.kind).toBe("add");
    expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(true);
    expect(store.$allowance.get()).toBeNull();
  });

  it("says when changes are spent after a save or a Restore, until a change goes through", async () => {
    const { server, store, toasts } = signedIn();
    await store.load();
    server.intercept((request) =>
      request.method === "update"
        ? spent("Too many changes to contacts: at most 120 a minute", "2025-06-01T00:00:40Z")
        : undefined,
    );
    store.startEditing(store.$contacts.get()[0]);
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    expect(await store.save()).toBe(false);
    expect(toasts.at(-1)).toBe("Error: Failed to update contact");
    const saying =
      /^The team has changed contacts as often as the directory allows in a minute\. Saving and restoring work again at 01:01\.$/;
    expect(store.$allowance.get()?.text).toMatch(saying);
    store.stopEditing("p");
    const version = { contactId: "p", version: 1, name: "Old", role: "Piper", email: null, phone: null };
    const restoring = { ...version, writtenAt: RESET, replacedAt: RESET };
    expect(await store.restore("p", restoring)).toBe(false);
    expect(toasts.at(-1)).toBe("Error: Failed to update contact");
    expect(store.$allowance.get()?.text).toMatch(saying);
    server.intercept(null);
    expect(await store.restore("p", restoring)).toBe(true);
    expect(store.$allowance.get()).toBeNull();
  });

  it("locks the page when the server refuses the session, for the opening the call was made in", async () => {
    const { server, store, toasts, asked, nextOpening } = signedIn();
    const held = deferred();
    server.intercept((request) =>
      request.method === "select" ? held.promise.then(() => refusedSession) : refusedSession,
    );
    const loading = store.load();
    nextOpening();
    held.resolve();
    await loading;
    expect(toasts).toEqual(["Error: Failed to load contacts"]);
    expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(false);
    expect(asked).toEqual(["refuse opening 1", "refuse opening 2"]);
    expect(store.$allowance.get()).toBeNull();
  });
});
