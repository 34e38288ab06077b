// @vitest-environment jsdom
// New doors typed in a published show's details form: the form asks whether the show moved, which fans are told
// of, or a mistyped time is put right, which they are not; a move unless the person says otherwise, as fans may
// have read the old time. Asked only where fans would read the two otherwise.
import { useStore } from "@nanostores/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { settle } from "../../test/deferred";
import type { ShowChanges } from "./calendar.changes.store";
import { aShow, fakeShows } from "./calendar.fake";
import { movedNote } from "./calendar.details";
import { rescheduledTo, type Show } from "./calendar.shows";
import type { Shows } from "./calendar.shows.store";
import { ShowPanel } from "./ShowPanel";

const page = vi.hoisted(() => ({ changes: undefined as (ShowChanges & Shows) | undefined }));
vi.mock("./calendar.changes.store", async (original) => ({
  ...(await original<typeof import("./calendar.changes.store")>()),
  showChanges: () => page.changes,
}));
vi.mock("./calendar.shows.store", async (original) => ({
  ...(await original<typeof import("./calendar.shows.store")>()),
  calendarShows: () => page.changes,
}));

/** Doors 20:00 in Dublin (19:00 UTC) on Jul 10, 2027. */
const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");
/** A show of its own for each test: what is typed in a show's forms is the page's, kept for as long as it is open. */
let opened = 0;
const MOVED = "The show moved: fans read “Doors moved from 20:00”";
const CORRECTED = "A mistake put right: fans read only the new time";

function LivePanel({ changes, id }: { changes: Shows; id: string }) {
  const show = useStore(changes.$shows).find((shown) => shown.id === id);
  return show ? <ShowPanel show={show} /> : null;
}

/** The panel open on `show`, its details form opened; each update is written as the database would. */
async function detailsOf(show: Show) {
  let now: Show = { ...show, id: `${show.id}-${(opened += 1)}` };
  const { store } = fakeShows((request) => {
    if (request.method === "update") now = { ...now, ...(request.values as Partial<Show>), version: now.version + 1 };
    return { data: [now], error: null, status: 200 };
  });
  await store.load();
  page.changes = store;
  render(<LivePanel changes={store} id={now.id} />);
  fireEvent.click(screen.getByRole("button", { name: "Edit the show's details" }));
  const form = () => within(screen.getByRole("form", { name: "Show details" }));
  const save = async () => {
    const version = now.version;
    fireEvent.click(form().getByRole("button", { name: "Save the details" }));
    // Written, and its answer in the page's list: on a busy machine the answer comes after the write.
    await waitFor(() => expect(store.$shows.get().find((shown) => shown.id === now.id)?.version).toBe(version + 1));
    await act(settle);
  };
  return { form, save, now: () => now };
}

const typeDoors = (form: () => ReturnType<typeof within>, doors: string) =>
  fireEvent.change(form().getByLabelText("Doors"), { target: { value: doors } });
const statusLine = () => screen.getByText("Status", { selector: "dt" }).nextElementSibling;

describe("new doors in a published show's details", () => {
  it("are asked about only once typed, and are a move unless said otherwise: fans are told of it", async () => {
    const { form, save, now } = await detailsOf(dublin);
    expect(form().queryByRole("group", { name: "Why the doors changed" })).toBeNull();
    typeDoors(form, "20:30");
    const asked = within(form().getByRole("group", { name: "Why the doors changed" }));
    expect(asked.getByRole("radio", { name: MOVED })).toBeChecked();
    expect(asked.getByRole("radio", { name: CORRECTED })).not.toBeChecked();
    await save();
    expect(now()).toMatchObject({ status: "rescheduled", previous_starts_at: dublin.starts_at });
    expect(statusLine()).toHaveTextContent("Rescheduled (was Jul 10, 2027, 20:00 (Europe/Dublin))");
  });

  it("said to put a mistake right, write the new doors alone: the show stands as it did", async () => {
    const { form, save, now } = await detailsOf(dublin);
    typeDoors(form, "20:30");
    fireEvent.click(form().getByRole("radio", { name: CORRECTED }));
    expect(form().getByRole("radio", { name: MOVED })).not.toBeChecked();
    await save();
    expect(now()).toMatchObject({ status: "scheduled", previous_starts_at: null });
    expect(Date.parse(now().starts_at)).toBe(Date.parse("2027-07-10T19:30:00Z"));
    expect(statusLine()).toHaveTextContent(/^Scheduled$/);
    // Opened again, the form asks afresh, a move until said otherwise (its button is back once the form has closed).
    fireEvent.click(await screen.findByRole("button", { name: "Edit the show's details" }));
    typeDoors(form, "21:00");
    expect(form().getByRole("radio", { name: "The show moved: fans read “Doors moved from 20:30”" })).toBeChecked();
  });

  it("in another time zone quote the doors fans will be told of on the venue's clock that zone gives", async () => {
    const { form, save, now } = await detailsOf(dublin);
    // The venue is in Paris, not Dublin: its 20:00 is an hour earlier, and the 20:00 fans knew is 21:00 there.
    fireEvent.change(form().getByLabelText("Time zone"), { target: { value: "Europe/Paris" } });
    const moved = "The show moved: fans read “Doors moved from 21:00”";
    expect(form().getByRole("radio", { name: moved })).toBeChecked();
    await save();
    expect(now()).toMatchObject({ status: "rescheduled", previous_starts_at: dublin.starts_at });
    expect(movedNote(now())).toBe("Doors moved from 21:00");
  });

  it("of a show already moved are not asked about: fans read the start it was announced with either way", async () => {
    const moved = { ...dublin, ...rescheduledTo(dublin, "2027-07-10T20:00:00+00:00") };
    const { form, save, now } = await detailsOf(moved);
    typeDoors(form, "21:30");
    expect(form().queryByRole("group", { name: "Why the doors changed" })).toBeNull();
    await save();
    expect(now()).toMatchObject({ status: "rescheduled", previous_starts_at: dublin.starts_at });
    expect(statusLine()).toHaveTextContent("Rescheduled (was Jul 10, 2027, 20:00 (Europe/Dublin))");
  });

  it("of a postponed show put right keep it postponed, where a move would tell fans it is rescheduled", async () => {
    const { form, save, now } = await detailsOf({ ...dublin, status: "postponed" });
    typeDoors(form, "19:30");
    fireEvent.click(form().getByRole("radio", { name: CORRECTED }));
    await save();
    expect(now()).toMatchObject({ status: "postponed", previous_starts_at: null });
    expect(Date.parse(now().starts_at)).toBe(Date.parse("2027-07-10T18:30:00Z"));
  });
});
