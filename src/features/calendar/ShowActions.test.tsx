// @vitest-environment jsdom
import { useStore } from "@nanostores/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { settle } from "../../test/deferred";
import type { FakeReply } from "../../test/fake-client";
import type { ShowChanges } from "./calendar.changes.store";
import type { Show } from "./calendar.shows";
import type { Shows } from "./calendar.shows.store";
import { aShow, fakeShows } from "./calendar.fake";
import { ShowActions } from "./ShowActions";
import { ShowPanel } from "./ShowPanel";

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
  render(<ShowActions show={dublin} focusStatus={() => {}} />);
  return fake;
}

/** The show's panel as the page shows it, following the list of shows (GigOnWebsite does so). */
function LivePanel({ changes }: { changes: ShowChanges & { $shows: Shows["$shows"] } }) {
  const show = useStore(changes.$shows).find(({ id }) => id === dublin.id);
  return show ? <ShowPanel show={show} /> : null;
}

/** The whole panel open on `dublin` (or `shown`, as it stands), each write answered as the database would. */
async function openWholePanel(shown: Show = dublin) {
  const { store } = fakeShows((request) =>
    request.method === "update" ? ok([{ ...shown, ...request.values, version: 2 }]) : ok([shown]),
  );
  await store.load();
  page.changes = store;
  render(<LivePanel changes={store} />);
  return store;
}

/** Presses a button as a keyboard user does: it has the focus first. */
function press(name: string) {
  const button = screen.getByRole("button", { name });
  button.focus();
  fireEvent.click(button);
}

/** The show's status line: the definition a screen reader is told is its "Status". */
const statusLine = () => screen.getByRole("definition", { description: "Status" });

/** The focus is on the show's status line, which says `says`. */
const focusOnStatus = (says: string) =>
  waitFor(() => {
    expect(statusLine()).toHaveTextContent(says);
    expect(statusLine()).toHaveFocus();
  });

const reschedule = () => within(screen.getByRole("form", { name: "Reschedule" }));
/** What the panel says of the show's tickets. */
const tickets = () => screen.getByText("Tickets", { selector: "dt" }).nextElementSibling as HTMLElement;
const ticketLink = () => within(screen.getByRole("form", { name: "Ticket link" }));

describe("rescheduling a published show", () => {
  it("says why doors already over are refused, on the fields it is about, with the focus on the first", async () => {
    const fake = await openPanel();
    fireEvent.change(reschedule().getByLabelText("New date"), { target: { value: "2020-01-01" } });
    fireEvent.click(reschedule().getByRole("button", { name: "Reschedule" }));

    const said = "New doors: a day and time still to come (that one is over)";
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

  it("marks the doors alone, and puts the focus there, when the time is left out or the clocks skip it", async () => {
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
    // Ireland's clocks go forward from 01:00 to 02:00 on March 28th 2027: 01:30 is not on them that day.
    fireEvent.change(reschedule().getByLabelText("New date"), { target: { value: "2027-03-28" } });
    fireEvent.change(doors, { target: { value: "01:30" } });
    fireEvent.click(reschedule().getByRole("button", { name: "Reschedule" }));
    const skipped = "New doors: not on the clock that day in Europe/Dublin: the clocks go forward then";
    expect(doors).toHaveAccessibleDescription(skipped);
  });
});

describe("changing a published show's ticket link", () => {
  it.each([
    ["http://tickets.example/dublin", "a whole address starting with https://"],
    [
      "https://tickets.example/orla quinlan",
      "has a space in it: a web address has none (copy it again from the ticket page)",
    ],
  ])("says why a link is refused (%s), on its field, with the focus back on it", async (typed, why) => {
    const fake = await openPanel();
    const link = ticketLink().getByRole("textbox", { name: "New ticket link" });
    fireEvent.change(link, { target: { value: typed } });
    fireEvent.click(ticketLink().getByRole("button", { name: "Save the ticket link" }));

    const said = `Ticket link: ${why}`;
    expect(ticketLink().getByRole("alert")).toHaveTextContent(said);
    expect(link).toBeInvalid();
    expect(link).toHaveAccessibleDescription(said);
    expect(link).toHaveFocus();
    expect(link).toHaveValue(typed);
    expect(fake.requests.filter(({ method }) => method === "update")).toHaveLength(0);
  });
});

describe("the ticket link's form", () => {
  it("names what the link goes to with a visible label", async () => {
    await openPanel();
    const kind = ticketLink().getByRole("combobox", { name: "The ticket link goes to" });
    expect(kind).toHaveValue("ticket");
    expect(ticketLink().getByText("The ticket link goes to").tagName).toBe("LABEL");
  });

  it("says the link is the one the show has now when it is saved unchanged, and writes nothing", async () => {
    const fake = await openPanel();
    const link = ticketLink().getByRole("textbox", { name: "New ticket link" });
    fireEvent.change(link, { target: { value: " https://tickets.example/dublin " } });
    fireEvent.click(ticketLink().getByRole("button", { name: "Save the ticket link" }));

    const said = "That is the link the show has now";
    expect(ticketLink().getByRole("status")).toHaveTextContent(said);
    expect(link).toHaveAccessibleDescription(said);
    expect(link).toBeValid();
    await settle();
    expect(fake.requests.filter(({ method }) => method === "update")).toHaveLength(0);

    // Changed, it is written, and the note goes.
    fireEvent.change(ticketLink().getByRole("combobox"), { target: { value: "venue" } });
    fireEvent.click(ticketLink().getByRole("button", { name: "Save the ticket link" }));
    await waitFor(() => expect(fake.requests.filter(({ method }) => method === "update")).toHaveLength(1));
    expect(ticketLink().queryByRole("status")).toBeNull();
  });
});

describe("a cancelled show's tickets", () => {
  it.each([
    ["an availability", { availability: "on-sale" }, "On sale"],
    ["an on-sale time", { on_sale_at: "2027-03-01T10:00:00+00:00" }, "on sale from"],
    ["sold out", { status: "sold-out", availability: "sold-out" }, "Sold out"],
  ])("are not said to be on sale or sold out, with %s kept from before", async (_, before, words) => {
    await openWholePanel({ ...dublin, ...before, status: "cancelled" });
    expect(tickets()).toHaveTextContent("https://tickets.example/dublin (a ticket shop) · €12.50");
    expect(tickets()).not.toHaveTextContent(words);
    expect(statusLine()).toHaveTextContent("Cancelled");
  });

  it("still say how they stand while the show is on", async () => {
    await openWholePanel({ ...dublin, availability: "few-left" });
    expect(tickets()).toHaveTextContent("€12.50 · Few left");
  });
});

describe("where the focus goes when a published show's status changes", () => {
  it.each([
    ["Postpone", "Postponed"],
    ["Mark sold out", "Sold out"],
  ])("after %s, on the show's status line, which says what it is now", async (button, says) => {
    await openWholePanel();
    press(button);
    await focusOnStatus(says);
    expect(screen.queryByRole("button", { name: button })).toBeNull();
  });

  it("after Back on sale, on the show's status line, which no longer says sold out; Mark sold out is back", async () => {
    await openWholePanel({ ...dublin, status: "sold-out" });
    expect(statusLine()).toHaveTextContent("Sold out");
    expect(screen.queryByRole("button", { name: "Mark sold out" })).toBeNull();
    press("Back on sale");
    await focusOnStatus("Scheduled");
    expect(screen.queryByRole("button", { name: "Back on sale" })).toBeNull();
    expect(screen.getByRole("button", { name: "Mark sold out" })).toBeVisible();
  });

  it("says, in the details of a show marked sold out, that fans read it sold out whatever its availability", async () => {
    await openWholePanel({ ...dublin, status: "sold-out", availability: "few-left" });
    press("Edit the show's details");
    expect(screen.getByRole("form", { name: "Show details" })).toHaveTextContent(
      /^Marked sold out: fans read “Sold out”/,
    );
  });

  it("after Keep the show, back on Cancel the show, which asked", async () => {
    await openWholePanel();
    press("Cancel the show");
    expect(screen.getByRole("button", { name: "Keep the show" })).toHaveFocus();
    press("Keep the show");
    expect(screen.queryByRole("button", { name: "Keep the show" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel the show" })).toHaveFocus();
  });

  it("after Yes, cancel the show, on the show's status line, which says it is cancelled", async () => {
    await openWholePanel();
    press("Cancel the show");
    press("Yes, cancel the show");
    await focusOnStatus("Cancelled");
  });

  it("stays where it is when a teammate's change is heard", async () => {
    const store = await openWholePanel();
    screen.getByRole("button", { name: "Mark sold out" }).focus();
    await store.replace({ ...dublin, status: "postponed", version: 2 });
    await waitFor(() => expect(statusLine()).toHaveTextContent("Postponed"));
    await settle();
    expect(statusLine()).not.toHaveFocus();
    expect(screen.getByRole("button", { name: "Mark sold out" })).toHaveFocus();
  });
});

describe("taking a show off the website and putting it back", () => {
  it("asks first, with the answer that keeps it focused; Keep gives the focus back and changes nothing", async () => {
    const store = await openWholePanel();
    press("Take off the website");
    const question = screen.getByRole("group", { name: /^Take this show off the website\?/ });
    expect(within(question).getByRole("button", { name: "Keep it on the website" })).toHaveFocus();
    press("Keep it on the website");
    expect(screen.queryByRole("group", { name: /^Take this show off the website\?/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: "Take off the website" })).toHaveFocus());
    expect(store.$shows.get()[0]?.published).toBe(true);
  });

  it("takes it off as a new version, then offers only putting it back, which brings its changes back", async () => {
    const store = await openWholePanel();
    press("Take off the website");
    press("Yes, take it off");
    await focusOnStatus("Scheduled · off the website");
    expect(store.$shows.get()[0]).toMatchObject({ published: false, version: 2 });
    expect(
      screen.getByText(
        /^This show is taken off the website: fans stop finding it there once the website catches up, as the card says\. Put it back to change it;/,
      ),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Cancel the show" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Ticket link" })).toBeNull();

    // It has just taken the place of Take off the website: it takes a tap a moment later (GuardedButton.tsx).
    expect(screen.getByRole("button", { name: "Put back on the website" })).toHaveAttribute("aria-disabled", "true");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Put back on the website" })).not.toHaveAttribute("aria-disabled"),
    );
    press("Put back on the website");
    await focusOnStatus("Scheduled");
    expect(statusLine()).not.toHaveTextContent("off the website");
    expect(store.$shows.get()[0]?.published).toBe(true);
    expect(screen.getByRole("button", { name: "Cancel the show" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Take off the website" })).toBeVisible();
  });

  it("drops a question left open when a teammate takes the show off: it does not come back with the show", async () => {
    const store = await openWholePanel();
    press("Take off the website");
    await store.replace({ ...dublin, published: false, version: 2 });
    await waitFor(() => expect(screen.getByRole("button", { name: "Put back on the website" })).toBeVisible());
    expect(screen.queryByRole("group", { name: /^Take this show off the website\?/ })).toBeNull();
    await store.replace({ ...dublin, published: true, version: 3 });
    await waitFor(() => expect(screen.getByRole("button", { name: "Take off the website" })).toBeVisible());
    expect(screen.queryByRole("button", { name: "Keep it on the website" })).toBeNull();
  });

  it("is offered for a cancelled show, which fans would otherwise go on seeing listed as cancelled", async () => {
    const store = await openWholePanel({ ...dublin, status: "cancelled" });
    press("Take off the website");
    press("Yes, take it off");
    await waitFor(() => expect(store.$shows.get()[0]?.published).toBe(false));
    expect(store.$shows.get()[0]?.status).toBe("cancelled");
  });
});
