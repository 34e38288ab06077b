// @vitest-environment jsdom
// Restore in a card's history: once the version is back, its Restore is off ("Same as the card now"), so the focus
// goes to the card restored rather than to the page; but focus the person moved elsewhere while the restore was on
// its way stays where they put it.
import { useStore } from "@nanostores/react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, settle } from "../../test/deferred";
import { fakeContactsStore, piperDirectory } from "./contacts.fake";
import { ContactCard } from "./ContactCard";
import type { FakeReply } from "../../test/fake-client";

// The page's store on a fake table (the browser's one would reach for the real backend).
const page = vi.hoisted(() => ({ setup: undefined as ReturnType<typeof fakeContactsStore> | undefined }));
vi.mock("./contacts.store", async (original) => ({
  ...(await original<typeof import("./contacts.store")>()),
  contactsStore: () => page.setup?.store,
}));

beforeEach(() => {
  page.setup = fakeContactsStore({ server: piperDirectory() });
});

/** The piper's card as the list shows it, following the store, beside the page's search field. */
function Page() {
  const [piper] = useStore(page.setup!.store.$contacts);
  return (
    <>
      <input aria-label="Search contacts" />
      {piper ? <ContactCard contact={piper} registerEditButton={() => {}} /> : null}
    </>
  );
}

/** The card, a teammate having changed its role once, its history open; each update held until `answer`. */
async function restoring() {
  const { server, store } = page.setup!;
  server.change("Labhrás", { role: "Uilleann piper" });
  await store.load();
  const held = deferred<void>();
  server.intercept((request, answer) =>
    request.method === "update" ? held.promise.then(() => answer(request) as FakeReply) : undefined,
  );
  render(<Page />);
  fireEvent.click(screen.getByRole("button", { name: /^History/ }));
  const restore = await screen.findByRole("button", { name: /^Restore ?version 1$/ });
  restore.focus();
  fireEvent.click(restore);
  const answer = async () => {
    held.resolve();
    await act(settle);
    expect(screen.getByRole("heading", { name: "Labhrás" }).nextElementSibling).toHaveTextContent(/^Piper$/);
  };
  return { answer };
}

describe("a contact's Restore", () => {
  it("puts the focus on the card restored once the version is back", async () => {
    const { answer } = await restoring();
    await answer();
    expect(screen.getByRole("heading", { name: "Labhrás" })).toHaveFocus();
  });

  it("leaves the focus where the person moved it while the restore was on its way", async () => {
    const { answer } = await restoring();
    const search = screen.getByRole("textbox", { name: "Search contacts" });
    search.focus();
    await answer();
    expect(search).toHaveFocus();
  });
});
