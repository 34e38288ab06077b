import { describe, expect, it } from "vitest";
import { deferred } from "../../test/deferred";
import { failure } from "../../test/fake-client";
import { draft, editingFirstCard, fakeContactsServer, piperDirectory, storedPiper } from "./contacts.fake";

describe("contacts store: editing", () => {
  const seeded = piperDirectory;
  const editing = editingFirstCard;
  const stored = storedPiper;

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

  it("keeps the changes of a card left for another, for its next Edit; Cancel there drops them", async () => {
    const server = fakeContactsServer([
      { id: "p", name: "Labhrás", role: "Piper" },
      { id: "q", name: "Muireann", role: "Singer" },
    ]);
    const { store } = await editing(server);
    const [piper, singer] = store.$contacts.get();
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    store.startEditing(singer);
    expect(store.$editingId.get()).toBe("q");
    // The card says its changes wait, until its Edit takes them up again.
    expect(store.$parked.get()).toEqual(["p"]);
    store.startEditing(piper);
    expect(store.$parked.get()).toEqual([]);
    expect(store.$editing.get()?.draft.role).toBe("Uilleann piper");
    // A card left without changes is taken up afresh.
    store.startEditing(singer);
    store.startEditing(piper);
    store.startEditing(singer);
    expect(store.$editing.get()?.draft.role).toBe("Singer");
    store.startEditing(piper);
    store.stopEditing("p");
    store.startEditing(piper);
    expect(store.$editing.get()?.draft.role).toBe("Piper");
    expect(await store.save()).toBe(true);
    expect(server.row("Labhrás")?.role).toBe("Piper");
  });

  it("shows a teammate's change, saved while the card's changes were kept aside, where only they changed a field", async () => {
    const server = fakeContactsServer([
      { id: "p", name: "Labhrás", role: "Piper", phone: null },
      { id: "q", name: "Muireann", role: "Singer" },
    ]);
    const { store } = await editing(server);
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    store.startEditing(store.$contacts.get()[1]);
    server.change("Labhrás", { phone: "+353 87 555 0101" });
    await store.load();
    store.startEditing(store.$contacts.get().find((contact) => contact.id === "p")!);
    expect(store.$editing.get()?.draft).toMatchObject({ role: "Uilleann piper", phone: "+353 87 555 0101" });
    expect(await store.save()).toBe(true);
    expect(server.row("Labhrás")).toMatchObject({ role: "Uilleann piper", phone: "+353 87 555 0101" });
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

  it("sends no save with a field longer than the table takes, and keeps it whole, aside too", async () => {
    const server = fakeContactsServer([
      { id: "p", name: "Labhrás", role: "Piper" },
      { id: "q", name: "Muireann", role: "Singer" },
    ]);
    const { store, toasts } = await editing(server);
    const role = `Uilleann piper for sessions, weddings and ${"festivals, ".repeat(18)}`.trim();
    store.editDraft("p", draft({ name: "Labhrás", role }));
    expect(await store.save()).toBe(false);
    expect(server.requests.filter((request) => request.method === "update")).toEqual([]);
    expect(toasts.filter((toast) => toast.startsWith("Error"))).toEqual([]);
    expect(store.$saving.get()).toBe(false);
    // Left for another card and taken up again, the card holds the whole of it.
    store.startEditing(store.$contacts.get()[1]);
    store.startEditing(store.$contacts.get()[0]);
    expect(store.$editing.get()?.draft.role).toBe(role);
  });

  it("sends no save over a teammate's change with a field longer than the table takes", async () => {
    const { server, store } = await savedAfter({ role: "Píobaire" }, { role: "Uilleann piper" });
    expect(store.$editing.get()?.theirs).toMatchObject({ role: "Píobaire" });
    const updates = server.requests.filter((request) => request.method === "update").length;
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper ".repeat(15) }));
    expect(await store.saveOverTheirs()).toBe(false);
    expect(server.requests.filter((request) => request.method === "update")).toHaveLength(updates);
    expect(server.row("Labhrás")?.role).toBe("Píobaire");
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
