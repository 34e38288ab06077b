import { describe, expect, it } from "vitest";
import { failure } from "../../test/fake-client";
import { memoryStorage } from "../../test/memory-storage";
import { recordToasts } from "../../test/toast-recorder";
import { LEGACY_CONTACTS_KEY } from "./contacts";
import { fakeContactsServer, fakeContactsStore as setUp } from "./contacts.fake";
import type { ContactsToast } from "./contacts.shared";
import { createContactsStore } from "./contacts.store";

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
