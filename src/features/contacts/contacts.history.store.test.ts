import { describe, expect, it } from "vitest";
import { deferred } from "../../test/deferred";
import { failure } from "../../test/fake-client";
import { draft, fakeContactsServer, fakeContactsStore as setUp } from "./contacts.fake";

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

  it("never lets an older read, answered late, replace the newer read's failure", async () => {
    const { server, store } = await edited();
    const held = deferred();
    let reads = 0;
    server.intercept((request, answer) => {
      if (request.table !== "contacts_history") return undefined;
      reads += 1;
      return reads === 1 ? held.promise.then(() => answer(request)) : failure();
    });
    const older = store.loadHistory("g");
    await store.loadHistory("g");
    held.resolve();
    await older;
    expect(store.history("g").get()).toMatchObject({ failed: true, loaded: null });
  });
});
