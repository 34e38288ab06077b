// An add whose answer the signal lost, the contact added all the same, is read back and said added; tried again
// when it could not be read back, it is added once: every try of one add goes with one id, which the table refuses
// the second time as taken, and the page reads as added.
import { describe, expect, it, vi } from "vitest";
import { failure } from "../../test/fake-client";
import { draft, fakeContactsServer, fakeContactsStore as setUp } from "./contacts.fake";

/** New ids that differ at every call, as in a browser. */
const varying = () => {
  let seed = 0;
  return () => (seed = (seed + 0.37) % 1);
};

describe("contacts store: an add whose answer was lost", () => {
  it("says the contact added when its answer was lost and it is read back by its id", async () => {
    const server = fakeContactsServer();
    server.intercept((request, answer) => {
      if (request.method !== "insert") return undefined;
      answer(request);
      return failure(0, "TypeError: Failed to fetch");
    });
    const { store, toasts, names } = setUp({ server, random: varying() });
    expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(true);
    const [insert, readBack] = server.requests;
    expect(readBack).toMatchObject({
      method: "select",
      filters: [{ column: "id", op: "eq", value: (insert!.values as { id: string }).id }],
    });
    expect(names()).toEqual(["Dara"]);
    expect(toasts).toEqual(["Contact added: New contact has been added successfully"]);
  });

  it("reads nothing back when the browser knows it is offline, and says at once the add failed", async () => {
    const server = fakeContactsServer();
    server.intercept((request) => (request.method === "insert" ? failure(0, "TypeError: Failed to fetch") : undefined));
    const { store, toasts } = setUp({ server, random: varying() });
    vi.stubGlobal("navigator", { onLine: false });
    expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(false);
    vi.unstubAllGlobals();
    expect(server.requests.map(({ method }) => method)).toEqual(["insert"]);
    expect(toasts).toEqual(["Error: Failed to add contact"]);
  });

  it("says the add failed when the answer was lost and the contact is not read back, nor could be", async () => {
    for (const readBack of [undefined, failure(0, "TypeError: Failed to fetch")]) {
      const server = fakeContactsServer();
      server.intercept((request) =>
        request.method === "insert" ? failure(0, "TypeError: Failed to fetch") : readBack,
      );
      const { store, toasts, names } = setUp({ server, random: varying() });
      expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(false);
      expect(names()).toEqual([]);
      expect(toasts).toEqual(["Error: Failed to add contact"]);
    }
  });

  it("adds a contact whose answer and read back were lost once: sent again with its id, the id taken is the contact added, once", async () => {
    const server = fakeContactsServer();
    const taken = 'duplicate key value violates unique constraint "contacts_pkey"';
    let readsLost = 1;
    server.intercept((request, answer) => {
      if (request.method === "select" && readsLost > 0) {
        readsLost -= 1;
        return failure(0, "TypeError: Failed to fetch");
      }
      if (request.method !== "insert") return undefined;
      if (server.contacts.some((row) => row.id === request.values?.id))
        return { data: null, error: { code: "23505", message: taken }, status: 409 };
      // The first try reaches the table, which adds the contact; its answer never comes back.
      answer(request);
      return failure(0, "TypeError: Failed to fetch");
    });
    const { store, toasts, names } = setUp({ server, random: varying() });
    const dara = draft({ name: "Dara", role: "Sound" });
    expect(await store.add(dara)).toBe(false);
    expect(toasts).toEqual(["Error: Failed to add contact"]);
    expect(await store.add(dara)).toBe(true);
    const [first, again] = server.requests.filter((request) => request.method === "insert");
    expect(again!.values).toEqual(first!.values);
    expect(server.contacts.map((row) => row.name)).toEqual(["Dara"]);
    expect(names()).toEqual(["Dara"]);
    expect(store.$contacts.get()[0]).toMatchObject({ version: 1 });
    expect(toasts.at(-1)).toBe("Contact added: New contact has been added successfully");
    // Added, the next contact is a new add with an id of its own, even typed the same.
    server.intercept(null);
    expect(await store.add(dara)).toBe(true);
    expect(server.contacts).toHaveLength(2);
  });

  it("gives an add changed since its failed try an id of its own", async () => {
    const server = fakeContactsServer();
    server.intercept((request) => (request.method === "insert" ? failure(0, "TypeError: Failed to fetch") : undefined));
    const { store } = setUp({ server, random: varying() });
    await store.add(draft({ name: "Dara", role: "Sound" }));
    await store.add(draft({ name: "Dara", role: "Sound engineer" }));
    const [first, changed] = server.requests.filter((request) => request.method === "insert");
    expect((changed!.values as { id: string }).id).not.toBe((first!.values as { id: string }).id);
  });

  it("keeps the id through a press that sends nothing and through spaces the add does not send", async () => {
    const server = fakeContactsServer();
    server.intercept((request) => (request.method === "insert" ? failure(0, "TypeError: Failed to fetch") : undefined));
    const { store } = setUp({ server, random: varying() });
    await store.add(draft({ name: "Dara", role: "Sound" }));
    expect(await store.add(draft({ name: "Dara", role: "" }))).toBe(false);
    await store.add(draft({ name: " Dara ", role: "Sound" }));
    const [first, again] = server.requests.filter((request) => request.method === "insert");
    expect(again!.values).toEqual(first!.values);
  });

  it("takes no other contact's card for its own: an id taken by other values at their first version fails the add", async () => {
    const server = fakeContactsServer();
    const taken = { code: "23505", message: 'duplicate key value violates unique constraint "contacts_pkey"' };
    server.intercept((request, answer) => {
      if (request.method !== "insert") return undefined;
      // Someone else's contact, made with the very same id (a browser whose randomness repeats).
      answer({ ...request, values: { ...request.values, name: "Eve" } });
      return { data: null, error: taken, status: 409 };
    });
    const { store, toasts, names } = setUp({ server, random: varying() });
    expect(await store.add(draft({ name: "Dara", role: "Sound" }))).toBe(false);
    expect(names()).toEqual([]);
    expect(toasts).toEqual(["Error: Failed to add contact"]);
  });

  it("says an add in doubt went in once a read of the list holds it, the form emptied, and adds nothing more", async () => {
    const server = fakeContactsServer();
    let online = false;
    server.intercept((request, answer) => {
      if (online) return undefined;
      if (request.method === "insert") answer(request);
      return failure(0, "TypeError: Failed to fetch");
    });
    const { store, toasts, names } = setUp({ server, random: varying() });
    store.editAddDraft(draft({ name: "Dara", role: "Sound" }));
    expect(await store.add(store.$addDraft.get())).toBe(false);
    expect(toasts).toEqual(["Error: Failed to add contact"]);
    // The signal back, the list is read again (as when the connection returns): the contact is in it.
    online = true;
    await store.load({ quiet: true });
    expect(names()).toEqual(["Dara"]);
    expect(store.$addDraft.get()).toEqual(draft({}));
    expect(toasts.at(-1)).toBe("Contact added: New contact has been added successfully");
    expect(server.requests.filter((request) => request.method === "insert")).toHaveLength(1);
  });
});
