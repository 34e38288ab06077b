// @vitest-environment jsdom
// A field of the contacts' forms pasted too long: kept whole, said by how much while it is over, and when the form
// is sent said under the field, aloud (an alert, anew at each refusal, but never while typing), with the focus
// there, with nothing sent to the table.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { settle } from "../../test/deferred";
import { fakeContactsServer, fakeContactsStore } from "./contacts.fake";
import { AddContactForm } from "./AddContactForm";
import { EditContactCard } from "./EditContactCard";

// The page's store on a fake table (the browser's one would reach for the real backend).
const page = vi.hoisted(() => ({ setup: undefined as ReturnType<typeof fakeContactsStore> | undefined }));
vi.mock("./contacts.store", async (original) => ({
  ...(await original<typeof import("./contacts.store")>()),
  contactsStore: () => page.setup?.store,
}));

beforeEach(() => {
  page.setup = fakeContactsStore({ server: fakeContactsServer([{ id: "p", name: "Labhrás", role: "Piper" }]) });
});

/** A role pasted from an agency's signature: 236 characters, where the table takes 200. */
const role = `Booking agent for Ireland and the UK, festivals ${"and more ".repeat(21)}`.trim();
const writes = () => page.setup!.server.requests.filter((request) => request.method !== "select");

describe("the add form, with a field pasted too long", () => {
  it("keeps it whole, says by how much, and at Add Contact says so under it, aloud, with the focus, adding nothing", async () => {
    render(<AddContactForm />);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Dara" } });
    const field = screen.getByRole("textbox", { name: "Role" });
    fireEvent.change(field, { target: { value: role } });
    expect(field).toHaveValue(role);
    expect(field).toHaveAccessibleDescription("36 characters too many (at most 200)");
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Add Contact" }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription("Role: at most 200 characters (this has 236)");
    expect(screen.getByRole("alert")).toHaveTextContent("Role: at most 200 characters (this has 236)");
    expect(writes()).toEqual([]);

    // Typed again, it is said no more; within the limit, the contact is added.
    fireEvent.change(field, { target: { value: "Booking agent" } });
    expect(field).toBeValid();
    expect(field).not.toHaveAccessibleDescription();
    fireEvent.click(screen.getByRole("button", { name: "Add Contact" }));
    await waitFor(() => expect(page.setup!.server.row("Dara")).toMatchObject({ role: "Booking agent" }));
  });
});

describe("the add form's button", () => {
  it("stays a control through an add (a disabled one would drop the focus), and adds once for a second press", async () => {
    render(<AddContactForm />);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Dara" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Role" }), { target: { value: "Booking agent" } });
    const add = screen.getByRole("button", { name: "Add Contact" });
    add.focus();
    fireEvent.click(add);
    expect(add).toBeEnabled();
    expect(add).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(add);
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue(""));
    expect(add).toHaveFocus();
    expect(writes().filter((request) => request.method === "insert")).toHaveLength(1);
  });
});

describe("an edited card, with a field pasted too long", () => {
  it("says so under it at Save, aloud, anew at each Save, with the focus there, and saves nothing", async () => {
    const { store, server } = page.setup!;
    await store.load();
    const [piper] = store.$contacts.get();
    store.startEditing(piper);
    render(<EditContactCard contact={piper} />);
    const phone = screen.getByRole("textbox", { name: "Phone" });
    const pasted = "+353 87 123 4567 (mobile, evenings), +353 1 234 5678 (house)";
    fireEvent.change(phone, { target: { value: pasted } });
    expect(phone).toHaveAccessibleDescription("10 characters too many (at most 50)");
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(phone).toHaveFocus();
    expect(phone).toHaveAccessibleDescription("Phone: at most 50 characters (this has 60)");
    const said = screen.getByRole("alert");
    expect(said).toHaveTextContent("Phone: at most 50 characters (this has 60)");
    // Enter pressed in the field, where the focus already is: said aloud again, a line anew.
    fireEvent.submit(phone);
    expect(screen.getByRole("alert")).not.toBe(said);
    expect(screen.getByRole("alert")).toHaveTextContent("Phone: at most 50 characters (this has 60)");
    expect(phone).toHaveValue(pasted);
    // Nothing goes out afterwards either: the store is not asked to save.
    await settle();
    expect(writes()).toEqual([]);
    expect(server.row("Labhrás")?.phone).toBeNull();
  });

  it("counts a name as Save writes it, spaces at its ends too, so what it says while typed is what Save says", async () => {
    const { store } = page.setup!;
    await store.load();
    const [piper] = store.$contacts.get();
    store.startEditing(piper);
    render(<EditContactCard contact={piper} />);
    const name = screen.getByRole("textbox", { name: "Name" });
    fireEvent.change(name, { target: { value: `${"n".repeat(199)}  ` } });
    expect(name).toHaveAccessibleDescription("1 character too many (at most 200)");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(name).toHaveAccessibleDescription("Name: at most 200 characters (this has 201)");
    await settle();
    expect(writes()).toEqual([]);
  });
});
