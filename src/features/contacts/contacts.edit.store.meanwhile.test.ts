// Editing a card: what is typed while its save is on its way is never dropped, whether the card stays open or
// another card's Edit puts it aside meanwhile.
import { describe, expect, it } from "vitest";
import { deferred } from "../../test/deferred";
import { draft, editingFirstCard as editing, fakeContactsServer, storedPiper as stored } from "./contacts.fake";

describe("contacts store: typing while a save is on its way", () => {
  /**
   * The piper's role changed and Save pressed, with the update held back by the server until `held` is
   * resolved: what is typed meanwhile is typed while the save is on its way.
   */
  function savingRoleHeldBack(
    server: ReturnType<typeof fakeContactsServer>,
    store: Awaited<ReturnType<typeof editing>>["store"],
  ) {
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    const held = deferred();
    server.intercept((request, answer) =>
      request.method === "update" ? held.promise.then(() => answer(request)) : undefined,
    );
    return { held, saving: store.save() };
  }

  it("keeps what was typed while the save was on its way, on top of the contact as saved, for the next Save", async () => {
    const { server, store, toasts } = await editing();
    const { held, saving } = savingRoleHeldBack(server, store);
    // A missing e-mail noticed while the save is on its way (Save is greyed out; the fields are not).
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper", email: "labhras@example.ie" }));
    held.resolve();
    expect(await saving).toBe(true);
    expect(stored(server)).toEqual(["Uilleann piper", null, null, 2]);
    expect(toasts.at(-1)).toBe("Contact updated: Contact has been updated successfully");
    // The card stays open with the e-mail, now a change of the version just saved.
    expect(store.$editing.get()).toMatchObject({
      version: 2,
      draft: { role: "Uilleann piper", email: "labhras@example.ie" },
      typedWhileSaving: true,
    });
    server.intercept(() => undefined);
    expect(await store.save()).toBe(true);
    expect(stored(server)).toEqual(["Uilleann piper", "labhras@example.ie", null, 3]);
    expect(store.$editing.get()).toBeNull();
  });

  it("keeps what was typed while the save was on its way aside when another card is opened meanwhile", async () => {
    const server = fakeContactsServer([
      { id: "p", name: "Labhrás", role: "Piper", email: null },
      { id: "q", name: "Muireann", role: "Singer" },
    ]);
    const { store } = await editing(server);
    const { held, saving } = savingRoleHeldBack(server, store);
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper", email: "labhras@example.ie" }));
    store.startEditing(store.$contacts.get().find((contact) => contact.id === "q")!);
    held.resolve();
    expect(await saving).toBe(true);
    // The piper's card still says its changes wait, and its Edit takes the e-mail up, on the version saved.
    expect(store.$parked.get()).toEqual(["p"]);
    store.startEditing(store.$contacts.get().find((contact) => contact.id === "p")!);
    expect(store.$editing.get()).toMatchObject({
      version: 2,
      draft: { role: "Uilleann piper", email: "labhras@example.ie" },
    });
  });

  it("closes the card after a save when what was typed meanwhile was typed back as it was", async () => {
    const { server, store } = await editing();
    const { held, saving } = savingRoleHeldBack(server, store);
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann pipe" }));
    store.editDraft("p", draft({ name: "Labhrás", role: "Uilleann piper" }));
    held.resolve();
    expect(await saving).toBe(true);
    expect(store.$editing.get()).toBeNull();
  });
});
