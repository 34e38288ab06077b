// An add whose answer the signal lost, the contact added all the same, is added once when tried again: every try
// of one add goes with one id, which the table refuses the second time as taken, and the page reads as added.
import { describe, expect, it } from "vitest";
import { failure } from "../../test/fake-client";
import { draft, fakeContactsServer, fakeContactsStore as setUp } from "./contacts.fake";

/** New ids that differ at every call, as in a browser. */
const varying = () => {
  let seed = 0;
  return () => (seed = (seed + 0.37) % 1);
};

describe("contacts store: an add whose answer was lost", () => {
  it("adds a contact whose answer was lost once: sent again with its id, the id taken is the contact added, once", async () => {
    const server = fakeContactsServer();
    const taken = 'duplicate key value violates unique constraint "contacts_pkey"';
    server.intercept((request, answer) => {
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
});
