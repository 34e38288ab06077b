// @vitest-environment jsdom
// A published show's panel while a teammate changes the same show: what the person typed in its forms stays in
// the fields, whatever the teammate changes and however often, through the panel closing and the show being
// cancelled and restored; a field both changed is said beside it, and only fields the teammate alone changed
// take their value.
import { useStore } from "@nanostores/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { deferred, settle } from "../../test/deferred";
import type { FakeReply } from "../../test/fake-client";
import type { ShowChanges } from "./calendar.changes.store";
import type { Show } from "./calendar.shows";
import type { Shows } from "./calendar.shows.store";
import { aShow, fakeShows } from "./calendar.fake";
import { ShowPanel } from "./ShowPanel";

// The panel's shows and their changes on a fake client (the browser's one instance would reach for the real backend).
const page = vi.hoisted(() => ({ changes: undefined as (ShowChanges & Shows) | undefined }));
vi.mock("./calendar.changes.store", async (original) => ({
  ...(await original<typeof import("./calendar.changes.store")>()),
  showChanges: () => page.changes,
}));
vi.mock("./calendar.shows.store", async (original) => ({
  ...(await original<typeof import("./calendar.shows.store")>()),
  calendarShows: () => page.changes,
}));

const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");
const oldLink = dublin.ticket_url;
/** A show of its own for each test: what is typed in a show's forms is the page's, kept for as long as it is open. */
let opened = 0;
const myLink = "https://tickets.example/dublin-late-show";
const theirLink = "https://tickets.example/dublin-matinee";
const ok = (data: unknown[]): FakeReply => ({ data, error: null, status: 200 });
const clash = (theirs: string) => `changed meanwhile to “${theirs}” by someone else; save again to put yours instead`;

/** The show's panel as the page shows it, following the list of shows (GigOnWebsite does so). */
function LivePanel({ changes, id }: { changes: ShowChanges & { $shows: Shows["$shows"] }; id: string }) {
  const show = useStore(changes.$shows).find((shown) => shown.id === id);
  return show ? <ShowPanel show={show} /> : null;
}

/**
 * The whole panel open on `dublin`; `teammate` saves a version of their own, read as the page reads it once
 * heard. Writes from here are answered as the database would, made only to the version they were made to; with
 * `answer`, each is written at once and its answer waits until the test resolves it.
 */
async function openPanel({ answer }: { answer?: Promise<void> } = {}) {
  let now: Show = { ...dublin, id: `${dublin.id}-${(opened += 1)}` };
  const { store, fake } = fakeShows((request) => {
    if (request.method !== "update") return ok([now]);
    const version = request.filters.find(({ column }) => column === "version")?.value;
    if (version !== now.version) return ok([]);
    now = { ...now, ...(request.values as Partial<Show>), version: now.version + 1 };
    const written = ok([now]);
    return answer ? answer.then(() => written) : written;
  });
  await store.load();
  page.changes = store;
  const reopen = () => render(<LivePanel changes={store} id={now.id} />);
  const panel = reopen();
  const teammate = async (changes: Partial<Show>) => {
    now = { ...now, ...changes, version: now.version + 1 };
    await act(() => store.load());
  };
  const updates = () => fake.requests.filter(({ method }) => method === "update");
  /** The page reads the shows again (its own save heard before it is answered, say). */
  const reads = () => act(() => store.load());
  return { panel, reopen, teammate, updates, reads, now: () => now };
}

/** Waits until the panel shows the show as `says` (a save answered, the list of shows holding its version). */
async function panelSays(says: string) {
  await waitFor(() => expect(screen.getByText("Tickets", { selector: "dt" }).closest("dl")).toHaveTextContent(says));
  await act(settle);
}

/** Waits until the save pressed in `form` is answered: its button, `name`, is no longer disabled. */
async function saveAnswered(form: () => ReturnType<typeof within>, name: string) {
  await waitFor(() => expect(form().getByRole("button", { name })).not.toHaveAttribute("aria-disabled"));
  await act(settle);
}

const linkForm = () => within(screen.getByRole("form", { name: "Ticket link" }));
const linkField = () => linkForm().getByRole("textbox", { name: "New ticket link" });
const typeLink = (url: string) => fireEvent.change(linkField(), { target: { value: url } });
const saveLink = async () => {
  fireEvent.click(linkForm().getByRole("button", { name: "Save the ticket link" }));
  await act(settle);
};

describe("the ticket link form, as a teammate changes the show", () => {
  it("keeps the link typed, says theirs beside it, and holds the first save once", async () => {
    const { teammate, updates, now } = await openPanel();
    typeLink(myLink);
    await teammate({ ticket_url: theirLink });
    expect(linkField()).toHaveValue(myLink);
    expect(linkField()).toHaveAccessibleDescription(`Ticket link: ${clash(theirLink)}`);
    expect(linkField()).toBeInvalid();
    await saveLink();
    expect(updates()).toHaveLength(0);
    expect(linkField()).toHaveFocus();
    await saveLink();
    expect(updates()).toHaveLength(1);
    expect(now()).toMatchObject({ ticket_url: myLink, version: 3 });
  });

  it("keeps the link typed when a teammate saves the same link, then another", async () => {
    const { teammate, now } = await openPanel();
    typeLink(myLink);
    await teammate({ ticket_url: myLink });
    await teammate({ ticket_url: theirLink });
    expect(linkField()).toHaveValue(myLink);
    expect(linkField()).toHaveAccessibleDescription(`Ticket link: ${clash(theirLink)}`);
    // Then they put the first link back: nothing of theirs is left to say, and the save goes through.
    await teammate({ ticket_url: oldLink });
    expect(linkField()).toHaveValue(myLink);
    expect(linkField()).toBeValid();
    await saveLink();
    expect(now()).toMatchObject({ ticket_url: myLink, version: 5 });
  });

  it("takes a teammate's new link where only what it goes to was changed here, and saves both", async () => {
    const { teammate, now } = await openPanel();
    fireEvent.change(linkForm().getByRole("combobox", { name: "The ticket link goes to" }), {
      target: { value: "venue" },
    });
    await teammate({ ticket_url: theirLink, price: 30 });
    expect(linkField()).toHaveValue(theirLink);
    expect(linkField()).toBeValid();
    await saveLink();
    expect(now()).toMatchObject({ ticket_url: theirLink, ticket_kind: "venue", price: 30 });
  });

  it("keeps the link typed through the panel closing and opening again, and a teammate's change meanwhile", async () => {
    const { panel, reopen, teammate } = await openPanel();
    typeLink(myLink);
    panel.unmount();
    await teammate({ venue_town: "Cork" });
    reopen();
    expect(linkField()).toHaveValue(myLink);
  });

  it("keeps the link typed through a teammate cancelling the show and restoring it", async () => {
    const { teammate } = await openPanel();
    typeLink(myLink);
    await teammate({ status: "cancelled" });
    expect(screen.getByText(/This show is cancelled/)).toBeInTheDocument();
    await teammate({ status: "scheduled" });
    expect(linkField()).toHaveValue(myLink);
  });

  it("keeps what is typed while its save is on its way", async () => {
    const { updates } = await openPanel();
    typeLink(myLink);
    fireEvent.click(linkForm().getByRole("button", { name: "Save the ticket link" }));
    typeLink(`${myLink}-2`);
    await panelSays(`${myLink} (a ticket shop)`);
    expect(updates()).toHaveLength(1);
    expect(linkField()).toHaveValue(`${myLink}-2`);
  });

  it("keeps the link typed back while its save is on its way, though the page reads the link saved first", async () => {
    const answer = deferred();
    const { reads, now } = await openPanel({ answer: answer.promise });
    typeLink(myLink);
    fireEvent.click(linkForm().getByRole("button", { name: "Save the ticket link" }));
    await act(settle);
    typeLink(oldLink);
    await reads();
    expect(linkField()).toHaveValue(oldLink);
    expect(linkForm().getByRole("button", { name: "Save the ticket link" })).toHaveAttribute("aria-disabled", "true");
    answer.resolve();
    await saveAnswered(linkForm, "Save the ticket link");
    expect(linkField()).toHaveValue(oldLink);
    expect(linkField()).toBeValid();
    await saveLink();
    expect(now()).toMatchObject({ ticket_url: oldLink, version: 3 });
  });
});

describe("the details form, as a teammate changes the show", () => {
  it("keeps the ticket link typed through a teammate cancelling the show and restoring it", async () => {
    const { teammate } = await openPanel();
    fireEvent.click(screen.getByRole("button", { name: "Edit the show's details" }));
    const details = () => within(screen.getByRole("form", { name: "Show details" }));
    fireEvent.change(details().getByLabelText("Ticket link"), { target: { value: myLink } });
    await teammate({ status: "cancelled" });
    await teammate({ status: "scheduled", venue_town: "Cork" });
    expect(details().getByLabelText("Ticket link")).toHaveValue(myLink);
    expect(details().getByLabelText("Town")).toHaveValue("Cork");
  });
});

describe("the details form, saved", () => {
  it("stays open with what is typed while its save is on its way, to save next over the version saved", async () => {
    const { now } = await openPanel();
    fireEvent.click(screen.getByRole("button", { name: "Edit the show's details" }));
    const details = () => within(screen.getByRole("form", { name: "Show details" }));
    fireEvent.change(details().getByLabelText("Town"), { target: { value: "Cork" } });
    fireEvent.click(details().getByRole("button", { name: "Save the details" }));
    fireEvent.change(details().getByLabelText("Ticket link"), { target: { value: myLink } });
    await panelSays("Cork");
    expect(now()).toMatchObject({ venue_town: "Cork", ticket_url: oldLink, version: 2 });
    expect(details().getByLabelText("Ticket link")).toHaveValue(myLink);
    fireEvent.click(details().getByRole("button", { name: "Save the details" }));
    await panelSays(myLink);
    expect(now()).toMatchObject({ venue_town: "Cork", ticket_url: myLink, version: 3 });
    expect(screen.queryByRole("form", { name: "Show details" })).toBeNull();
  });

  it("stays open with a field typed back while its save is on its way, though the page reads the save first", async () => {
    const answer = deferred();
    const { reads, now } = await openPanel({ answer: answer.promise });
    fireEvent.click(screen.getByRole("button", { name: "Edit the show's details" }));
    const details = () => within(screen.getByRole("form", { name: "Show details" }));
    fireEvent.change(details().getByLabelText("Town"), { target: { value: "Cork" } });
    fireEvent.click(details().getByRole("button", { name: "Save the details" }));
    await act(settle);
    fireEvent.change(details().getByLabelText("Town"), { target: { value: dublin.venue_town } });
    await reads();
    expect(details().getByLabelText("Town")).toHaveValue(dublin.venue_town);
    answer.resolve();
    await saveAnswered(details, "Save the details");
    expect(details().getByLabelText("Town")).toHaveValue(dublin.venue_town);
    fireEvent.click(details().getByRole("button", { name: "Save the details" }));
    await panelSays(dublin.venue_town);
    expect(now()).toMatchObject({ venue_town: dublin.venue_town, version: 3 });
  });

  it("stays closed when it is closed while its save is on its way", async () => {
    const { now } = await openPanel();
    fireEvent.click(screen.getByRole("button", { name: "Edit the show's details" }));
    const details = () => within(screen.getByRole("form", { name: "Show details" }));
    fireEvent.change(details().getByLabelText("Town"), { target: { value: "Cork" } });
    fireEvent.click(details().getByRole("button", { name: "Save the details" }));
    fireEvent.click(details().getByRole("button", { name: "Keep them as they are" }));
    await panelSays("Cork");
    expect(now()).toMatchObject({ venue_town: "Cork", version: 2 });
    expect(screen.queryByRole("form", { name: "Show details" })).toBeNull();
    // Opened again, it shows the show as saved, not a blank form.
    fireEvent.click(screen.getByRole("button", { name: "Edit the show's details" }));
    expect(details().getByLabelText("Town")).toHaveValue("Cork");
  });
});

describe("the Reschedule form, as a teammate changes the show", () => {
  it("keeps the date typed and takes the doors a teammate alone changed", async () => {
    const { teammate } = await openPanel();
    const form = () => within(screen.getByRole("form", { name: "Reschedule" }));
    fireEvent.change(form().getByLabelText("New date"), { target: { value: "2027-08-14" } });
    // Their doors an hour later, 21:00 in Dublin.
    await teammate({ starts_at: "2027-07-10T20:00:00+00:00" });
    expect(form().getByLabelText("New date")).toHaveValue("2027-08-14");
    expect(form().getByLabelText("New doors (Europe/Dublin)")).toHaveValue("21:00");
  });

  it("keeps the date typed, and says theirs, when a teammate moves the show to another day", async () => {
    const { teammate } = await openPanel();
    const form = () => within(screen.getByRole("form", { name: "Reschedule" }));
    fireEvent.change(form().getByLabelText("New date"), { target: { value: "2027-08-14" } });
    await teammate({ starts_at: "2027-08-21T19:00:00+00:00" });
    expect(form().getByLabelText("New date")).toHaveValue("2027-08-14");
    expect(form().getByLabelText("New date")).toHaveAccessibleDescription(`New date: ${clash("2027-08-21")}`);
  });
});
