import { describe, expect, it } from "vitest";
import { deferred, settle } from "../../test/deferred";
import { failure, type FakeReply } from "../../test/fake-client";
import { memoryStorage } from "../../test/memory-storage";
import { recordToasts } from "../../test/toast-recorder";
import { draft, fakeContactsServer, fakeContactsStore as setUp } from "./contacts.fake";
import type { ContactsToast } from "./contacts.shared";
import { createContactsStore } from "./contacts.store";

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

  it("sends nothing while a field is longer than the table takes, and keeps the whole of what was typed", async () => {
    const { server, store, toasts } = setUp();
    const role = `Booking agent for Ireland and the UK, festivals ${"and more ".repeat(21)}`.trim();
    store.editAddDraft(draft({ name: "Dara", role }));
    expect(await store.add(store.$addDraft.get())).toBe(false);
    expect(server.requests).toEqual([]);
    expect(toasts).toEqual([]);
    expect(store.$addDraft.get().role).toBe(role);
  });

  it("empties the form before the new card is listed, so its contact is never said to be in the directory already", async () => {
    const { store } = setUp();
    store.editAddDraft(draft({ name: "Dara", role: "Sound" }));
    const formWhenListed: string[] = [];
    const stop = store.$contacts.listen((contacts) => {
      if (contacts.some((contact) => contact.name === "Dara")) formWhenListed.push(store.$addDraft.get().name);
    });
    expect(await store.add(store.$addDraft.get())).toBe(true);
    stop();
    expect(formWhenListed).toEqual([""]);
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
    // Each read of the list is its first page and the empty one after it.
    expect(server.requests.filter((request) => request.method === "select" && !request.after)).toHaveLength(2);
    expect(store.$contacts.get()[0].role).toBe("Uilleann piper");
  });

  it("keeps what is typed in the add form until the contact is added", () => {
    const { store } = signedIn();
    store.editAddDraft(draft({ name: "Dara", role: "Sound" }));
    expect(store.$addDraft.get()).toEqual(draft({ name: "Dara", role: "Sound" }));
  });

  it("says on the page when the day's adds are spent and when adding works again, keeping the promised toast", async () => {
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
