// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { atom } from "nanostores";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeClient } from "../../test/fake-client";
import { globalTimers } from "../../test/fake-time";
import type { ShowsClient } from "./calendar.api";
import { createEventDraft, type EventDraftStore } from "./calendar.draft.store";
import { createPublishing, type Publishing } from "./calendar.publish.store";
import { createShows, type Shows } from "./calendar.shows.store";
import { AddEventForm } from "./AddEventForm";

// The form's stores on a fake client (the browser's one instances would reach for the real backend).
const page = vi.hoisted(() => ({
  draft: undefined as EventDraftStore | undefined,
  shows: undefined as Shows | undefined,
  publishing: undefined as Publishing | undefined,
  requests: [] as { method: string }[],
  addEvent: vi.fn(),
}));
vi.mock("./calendar.draft.store", async (original) => ({
  ...(await original<typeof import("./calendar.draft.store")>()),
  eventDraft: () => page.draft,
}));
vi.mock("./calendar.shows.store", async (original) => ({
  ...(await original<typeof import("./calendar.shows.store")>()),
  calendarShows: () => page.shows,
}));
vi.mock("./calendar.publish.store", async (original) => ({
  ...(await original<typeof import("./calendar.publish.store")>()),
  gigPublishing: () => page.publishing,
}));
vi.mock("./calendar.store", async (original) => ({
  ...(await original<typeof import("./calendar.store")>()),
  calendarFeed: () => ({ $adding: atom(false), addEvent: page.addEvent, refresh: vi.fn() }),
}));

beforeEach(() => {
  page.addEvent.mockClear();
  const fake = fakeClient({ tables: () => ({ data: [], error: null, status: 200 }) });
  page.requests = fake.requests;
  const session = { currentOpening: () => 1, refuse: vi.fn(async () => {}) };
  const client = async () => fake.client as unknown as ShowsClient;
  page.draft = createEventDraft();
  page.shows = createShows({ client, session, liveBuild: async () => null, timers: globalTimers });
  page.publishing = createPublishing({ client, session, draft: page.draft, shows: page.shows, added: vi.fn() });
  // A day next year: a show over is not put on the website, nor one years ahead.
  page.draft.selectDay(new Date(new Date().getFullYear() + 1, 4, 18));
});

// The show's fields are code fetched when first shown (calendar.lazy.tsx): transformed and loaded here, where the
// hook's timeout allows for a busy machine, so the tests below wait only for React to render them.
beforeAll(async () => {
  await import("./ShowFields");
});

/** The form with a gig titled, "Put on the website" ticked and its show's fields shown. */
async function gigOnTheWebsite() {
  render(<AddEventForm />);
  fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Cornmarket launch" } });
  fireEvent.click(screen.getByRole("checkbox", { name: "Put on the website" }));
  await screen.findByRole("textbox", { name: "Venue" });
}

/** Presses Add Event as a keyboard user does: it has the focus first. */
function pressAddEvent() {
  const button = screen.getByRole("button", { name: "Add Event" });
  button.focus();
  fireEvent.click(button);
}

describe("adding a gig put on the website, with problems in its show's fields", () => {
  it("puts the focus on the first field with a problem, the venue, and says each beside its field", async () => {
    await gigOnTheWebsite();
    pressAddEvent();
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Venue" })).toHaveFocus());
    expect(screen.getByText("Venue: required")).toBeInTheDocument();
    expect(screen.getByText("Street: required")).toBeInTheDocument();
  });

  it("puts the focus on the first field that has one, not the first field, and again at each refusal", async () => {
    await gigOnTheWebsite();
    for (const [label, value] of [
      ["Venue", "The Cornmarket Room"],
      ["Street", "27 Thomas Street"],
      ["Town", "Dublin"],
      ["County", "County Dublin"],
      ["Postal code", "D08 V6F3"],
      ["Ticket link", "http://tickets.example/dublin"],
    ]) {
      fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
    }
    pressAddEvent();
    const link = screen.getByRole("textbox", { name: "Ticket link" });
    await waitFor(() => expect(link).toHaveFocus());
    expect(link).toHaveAccessibleDescription("Ticket link: a whole address starting with https://");

    // Pressed again unchanged, the focus goes back to it from the button.
    pressAddEvent();
    await waitFor(() => expect(link).toHaveFocus());
  });

  it("says beside Country and Currency, in words, which one the form takes", async () => {
    await gigOnTheWebsite();
    const country = screen.getByRole("textbox", { name: "Country" });
    expect(country).toHaveAccessibleDescription("Ireland (IE)");
    fireEvent.change(country, { target: { value: "Ir" } });
    expect(country).toHaveAccessibleDescription("Iran (IR)");
    fireEvent.change(country, { target: { value: "Ireland" } });
    expect(country).toHaveValue("Ireland");
    expect(country).toHaveAccessibleDescription("Ireland (IE)");
    const currency = screen.getByRole("textbox", { name: "Currency (with a price)" });
    fireEvent.change(currency, { target: { value: "euro" } });
    expect(currency).toHaveValue("euro");
    expect(currency).toHaveAccessibleDescription("Three letters: EUR, GBP");
    fireEvent.change(currency, { target: { value: "gbp" } });
    expect(currency).toHaveAccessibleDescription("British Pound (GBP)");
  });
});

describe("a field pasted too long", () => {
  const venue = `The Cornmarket Room, ${"upstairs ".repeat(24)}`.trim();

  it("keeps the whole venue, says by how much it is over, and at Add Event says so under it with the focus", async () => {
    await gigOnTheWebsite();
    const field = screen.getByRole("textbox", { name: "Venue" });
    // No field has a limit the browser would cut a paste at (a test's typing goes past one: a person's does not).
    for (const box of screen.getAllByRole("textbox")) expect(box).not.toHaveAttribute("maxlength");
    fireEvent.change(field, { target: { value: venue } });
    expect(field).toHaveValue(venue);
    expect(field).toHaveAccessibleDescription("36 characters too many (at most 200)");
    pressAddEvent();
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription("Venue: at most 200 characters (this has 236)");
  });

  it("says a title too long under it, aloud, with the focus, and adds nothing", () => {
    render(<AddEventForm />);
    const title = screen.getByRole("textbox", { name: "Title" });
    expect(title).not.toHaveAttribute("maxlength");
    expect(screen.getByRole("textbox", { name: "Description" })).not.toHaveAttribute("maxlength");
    fireEvent.change(title, { target: { value: venue } });
    expect(title).toHaveValue(venue);
    expect(title).toHaveAccessibleDescription("36 characters too many (at most 200)");
    pressAddEvent();
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription("Title: at most 200 characters (this has 236)");
    const said = screen.getByRole("alert");
    expect(said).toHaveTextContent("Title: at most 200 characters (this has 236)");
    // Enter pressed in the field, where the focus already is: the problem is said aloud again, a line anew.
    fireEvent.submit(title);
    expect(screen.getByRole("alert")).not.toBe(said);
    expect(screen.getByRole("alert")).toHaveTextContent("Title: at most 200 characters (this has 236)");
    expect(page.addEvent).not.toHaveBeenCalled();
    // Typed again, it is said no more; within the limit, the event is added.
    fireEvent.change(title, { target: { value: "Cornmarket launch" } });
    expect(title).not.toHaveAccessibleDescription();
    pressAddEvent();
    expect(page.addEvent).toHaveBeenCalledOnce();
  });
});

describe("a gig put on the website with a title too long", () => {
  it("says the show's problems in the same press, the title's aloud with the focus, and adds nothing", async () => {
    await gigOnTheWebsite();
    const title = screen.getByRole("textbox", { name: "Title" });
    fireEvent.change(title, { target: { value: "t".repeat(201) } });
    pressAddEvent();
    expect(screen.getByRole("alert")).toHaveTextContent("Title: at most 200 characters (this has 201)");
    expect(await screen.findByText("Venue: required")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Venue" })).toBeInvalid();
    // The show's fields, said once the form is sent, leave the focus on the title, the first of the problems.
    await act(async () => {});
    expect(title).toHaveFocus();
    expect(page.requests.filter((request) => request.method !== "select")).toEqual([]);
  });
});

describe("the show's fields a gig needs", () => {
  it("marks the few it can do without, and announces each of the others as required", async () => {
    await gigOnTheWebsite();
    const show = screen.getByRole("group", { name: "The show on the website" });
    expect(show).toHaveAccessibleDescription(
      "Each field is needed unless it says “(optional)”; the currency only with a price.",
    );
    const needed = ["Venue", "Street", "Town", "County", "Postal code", "Country", "Doors", "Time zone", "Ticket link"];
    for (const name of needed) expect(screen.getByLabelText(name)).toBeRequired();
    for (const name of ["Price (optional)", "Currency (with a price)", "Tickets on sale from (optional)"]) {
      expect(screen.getByLabelText(name)).not.toBeRequired();
    }
  });
});
