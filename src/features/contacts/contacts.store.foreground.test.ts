import { describe, expect, it } from "vitest";
import { settle } from "../../test/deferred";
import { failure } from "../../test/fake-client";
import { fakeNetwork, fakePage } from "../../test/fake-page";
import { fakeTime } from "../../test/fake-time";
import { memoryStorage } from "../../test/memory-storage";
import { recordToasts } from "../../test/toast-recorder";
import { fakeContactsServer } from "./contacts.fake";
import type { ContactsToast } from "./contacts.shared";
import { CATCH_UP_MS, createContactsStore } from "./contacts.store";

/**
 * The manager leaves /contacts open, takes a call, and comes back: what a teammate added or changed
 * meanwhile is on the list without a reload, and nothing pops up to say so.
 */
describe("contacts store: catching up when the page comes back", () => {
  function openOnAPhone() {
    const server = fakeContactsServer([{ id: "p", name: "Labhrás", role: "Piper" }]);
    const page = fakePage();
    const network = fakeNetwork();
    const toasts = recordToasts<ContactsToast>();
    const time = fakeTime(Date.UTC(2025, 5, 1, 9));
    const store = createContactsStore({
      client: Promise.resolve(server.client),
      storage: memoryStorage(),
      now: time.now,
      timers: time.timers,
      toast: toasts.toast,
      page,
      network,
    });
    const names = () => store.$contacts.get().map((contact) => `${contact.name} (${contact.role})`);
    const reads = () => server.requests.filter((request) => request.method === "select" && !request.after).length;
    const later = (ms: number) => time.advance(ms);
    return { server, page, network, store, toasts: toasts.lines, names, reads, later, pending: time.pending };
  }

  /** Someone else adds a contact, straight to the table, as a teammate's phone would. */
  const teammateAdds = (server: ReturnType<typeof fakeContactsServer>) =>
    server.contacts.unshift({ id: "s", name: "Siobhán", role: "Promoter", version: 1 });

  it("reads the list again, without a toast, when the page comes back to the foreground", async () => {
    const { server, page, store, toasts, names, later } = openOnAPhone();
    const stop = store.open();
    await store.start();
    page.set("hidden");
    teammateAdds(server);
    server.change("Labhrás", { role: "Uilleann piper" });
    later(CATCH_UP_MS);
    page.set("visible");
    await settle();
    expect(names()).toEqual(["Siobhán (Promoter)", "Labhrás (Uilleann piper)"]);
    // The spec's toast said the first load; the catch-up says nothing.
    expect(toasts).toEqual(["Contacts loaded: 1 contacts loaded from the shared database"]);
    stop();
  });

  it("reads it again when the connection returns, but not more than once in a short while", async () => {
    const { server, page, network, store, names, reads, later } = openOnAPhone();
    const stop = store.open();
    await store.start();
    later(CATCH_UP_MS);
    teammateAdds(server);
    network.fire("online");
    await settle();
    expect(names()).toEqual(["Siobhán (Promoter)", "Labhrás (Piper)"]);
    // Switching apps again at once costs no further read.
    page.set("hidden");
    page.set("visible");
    await settle();
    expect(reads()).toBe(2);
    stop();
  });

  it("keeps the list as it was when the catch-up fails, saying nothing", async () => {
    const { server, page, store, toasts, names, reads, later } = openOnAPhone();
    const stop = store.open();
    await store.start();
    server.intercept(() => failure());
    later(CATCH_UP_MS);
    page.set("visible");
    await settle();
    expect(reads()).toBe(2);
    expect(names()).toEqual(["Labhrás (Piper)"]);
    expect(toasts).toEqual(["Contacts loaded: 1 contacts loaded from the shared database"]);
    stop();
  });

  it("tries a catch-up that did not get through again, soon: a phone is online a moment before its signal carries", async () => {
    const { server, network, store, names, reads, later, pending } = openOnAPhone();
    const stop = store.open();
    await store.start();
    later(CATCH_UP_MS);
    teammateAdds(server);
    let refused = 1;
    server.intercept(() => (refused-- > 0 ? failure(0, "TypeError: Failed to fetch") : undefined));
    network.fire("online");
    await settle();
    expect(names()).toEqual(["Labhrás (Piper)"]);
    // Two seconds on, the read is tried again, and gets through.
    later(2_000);
    await settle();
    expect(names()).toEqual(["Siobhán (Promoter)", "Labhrás (Piper)"]);
    expect(reads()).toBe(3);
    expect(pending()).toBe(0);
    stop();
  });

  it("stops catching up once the page locks or is left", async () => {
    const { server, page, store, names, reads, later, pending } = openOnAPhone();
    const stop = store.open();
    await store.start();
    server.intercept(() => failure());
    later(CATCH_UP_MS);
    page.set("visible");
    await settle();
    expect(pending()).toBe(1);
    stop();
    expect(pending()).toBe(0);
    server.intercept(null);
    teammateAdds(server);
    later(CATCH_UP_MS);
    page.set("visible");
    await settle();
    expect(reads()).toBe(2);
    expect(names()).toEqual(["Labhrás (Piper)"]);
  });
});
