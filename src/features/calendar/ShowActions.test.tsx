// @vitest-environment jsdom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { settle } from "../../test/deferred";
import type { FakeReply } from "../../test/fake-client";
import type { ShowChanges } from "./calendar.changes.store";
import { aShow, fakeShows } from "./calendar.fake";
import { ShowActions } from "./ShowActions";

// The panel's show changes on a fake client (the browser's one instance would reach for the real backend).
const page = vi.hoisted(() => ({ changes: undefined as ShowChanges | undefined }));
vi.mock("./calendar.changes.store", async (original) => ({
  ...(await original<typeof import("./calendar.changes.store")>()),
  showChanges: () => page.changes,
}));

const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");
const ok = (data: unknown[]): FakeReply => ({ data, error: null, status: 200 });

/** The panel's changes open on `dublin`, the list read; every write answered as the database would. */
async function openPanel() {
  const { store, fake } = fakeShows((request) =>
    request.method === "update" ? ok([{ ...dublin, ...request.values, version: 2 }]) : ok([dublin]),
  );
  await store.load();
  page.changes = store;
  render(<ShowActions show={dublin} />);
  return fake;
}

const reschedule = () => within(screen.getByRole("form", { name: "Reschedule" }));
const ticketLink = () => within(screen.getByRole("form", { name: "Ticket link" }));

describe("rescheduling a published show", () => {
  it("says why doors already over are refused, on the fields it is about, with the focus on the first", async () => {
    const fake = await openPanel();
    fireEvent.change(reschedule().getByLabelText("New date"), { target: { value: "2020-01-01" } });
    fireEvent.click(reschedule().getByRole("button", { name: "Reschedule" }));

    const said = "New doors: a show still to come: that day and time are over";
    expect(reschedule().getByRole("alert")).toHaveTextContent(said);
    const date = reschedule().getByLabelText("New date");
    expect(date).toBeInvalid();
    expect(date).toHaveAccessibleDescription(said);
    expect(date).toHaveFocus();
    expect(reschedule().getByLabelText("New doors (Europe/Dublin)")).toHaveAccessibleDescription(said);

    // Put right, the refusal goes and the show is moved.
    fireEvent.change(date, { target: { value: "2027-08-14" } });
    fireEvent.click(reschedule().getByRole("button", { name: "Reschedule" }));
    await settle();
    expect(reschedule().queryByRole("alert")).toBeNull();
    expect(date).toBeValid();
    expect(fake.requests.filter(({ method }) => method === "update")).toHaveLength(1);
  });

  it("marks the doors alone, and puts the focus there, when the time is left out", async () => {
    await openPanel();
    fireEvent.change(reschedule().getByLabelText("New doors (Europe/Dublin)"), { target: { value: "" } });
    fireEvent.click(reschedule().getByRole("button", { name: "Reschedule" }));

    const said = "New doors: a date and a time of that day in Europe/Dublin";
    expect(reschedule().getByRole("alert")).toHaveTextContent(said);
    const doors = reschedule().getByLabelText("New doors (Europe/Dublin)");
    expect(doors).toBeInvalid();
    expect(doors).toHaveAccessibleDescription(said);
    expect(doors).toHaveFocus();
    expect(reschedule().getByLabelText("New date")).toBeValid();
  });
});

describe("changing a published show's ticket link", () => {
  it("says why a link is refused, on its field, with the focus back on it", async () => {
    const fake = await openPanel();
    const link = ticketLink().getByRole("textbox", { name: "New ticket link" });
    fireEvent.change(link, { target: { value: "http://tickets.example/dublin" } });
    fireEvent.click(ticketLink().getByRole("button", { name: "Save the ticket link" }));

    const said = "Ticket link: a whole address starting with https://";
    expect(ticketLink().getByRole("alert")).toHaveTextContent(said);
    expect(link).toBeInvalid();
    expect(link).toHaveAccessibleDescription(said);
    expect(link).toHaveFocus();
    expect(link).toHaveValue("http://tickets.example/dublin");
    expect(fake.requests.filter(({ method }) => method === "update")).toHaveLength(0);
  });
});
