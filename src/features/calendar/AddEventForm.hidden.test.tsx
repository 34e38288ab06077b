// @vitest-environment jsdom
// The Add Event form and what the table refuses that cannot be seen: said under the field at Add Event, with the
// focus there and a button that takes it out, and nothing added until it is; a title of only invisible characters
// is no title (nothing happens, nothing is said), as the spec has an empty one.
import { fireEvent, render, screen } from "@testing-library/react";
import { atom } from "nanostores";
import { beforeEach, expect, it, vi } from "vitest";
import { createEventDraft, type EventDraftStore } from "./calendar.draft.store";
import { AddEventForm } from "./AddEventForm";

const page = vi.hoisted(() => ({ draft: undefined as EventDraftStore | undefined, addEvent: vi.fn() }));
vi.mock("./calendar.draft.store", async (original) => ({
  ...(await original<typeof import("./calendar.draft.store")>()),
  eventDraft: () => page.draft,
}));
vi.mock("./calendar.store", async (original) => ({
  ...(await original<typeof import("./calendar.store")>()),
  calendarFeed: () => ({ $adding: atom(false), addEvent: page.addEvent, refresh: vi.fn() }),
}));

beforeEach(() => {
  page.addEvent.mockClear();
  page.draft = createEventDraft();
  page.draft.selectDay(new Date(new Date().getFullYear() + 1, 4, 18));
});

const pressAddEvent = () => fireEvent.click(screen.getByRole("button", { name: "Add Event" }));

it("says a title holding a right-to-left override under it, with the focus, and adds it once they are taken out", () => {
  render(<AddEventForm />);
  const title = screen.getByRole("textbox", { name: "Title" });
  fireEvent.change(title, { target: { value: "Gig \u202ehcraeheR" } });
  pressAddEvent();
  expect(title).toHaveFocus();
  expect(title).toHaveAccessibleDescription(
    "Title: holds hidden characters (U+202E), which can break it or make it read as something else",
  );
  expect(page.addEvent).not.toHaveBeenCalled();
  const remove = screen.getByRole("button", { name: /^Remove them ?from Title$/ });
  remove.focus();
  fireEvent.click(remove);
  expect(title).toHaveValue("Gig hcraeheR");
  expect(title).not.toHaveAccessibleDescription();
  // The button goes with them: the focus is back on the field, not lost to the page.
  expect(title).toHaveFocus();
  pressAddEvent();
  expect(page.addEvent).toHaveBeenCalledOnce();
});

it("keeps a description's line breaks, and says and takes out only a tab and a direction mark", () => {
  render(<AddEventForm />);
  fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "🎸 Gig" } });
  const description = screen.getByRole("textbox", { name: "Description" });
  fireEvent.change(description, { target: { value: "Load in 5pm\n\tSoundcheck\u200f 6pm" } });
  pressAddEvent();
  expect(description).toHaveFocus();
  expect(description).toHaveAccessibleDescription(
    "Description: holds hidden characters (U+200F, U+0009), which can break it or make it read as something else",
  );
  expect(page.addEvent).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole("button", { name: /^Remove them ?from Description$/ }));
  expect(description).toHaveValue("Load in 5pm\n Soundcheck 6pm");
  pressAddEvent();
  expect(page.addEvent).toHaveBeenCalledOnce();
});

// That nothing is added of it is the store's (eventFromDraft: calendar.form.test.ts).
it("says nothing of a title of zero-width spaces", () => {
  render(<AddEventForm />);
  const title = screen.getByRole("textbox", { name: "Title" });
  fireEvent.change(title, { target: { value: "\u200b\u200b" } });
  pressAddEvent();
  expect(title).not.toHaveAccessibleDescription();
  expect(screen.queryByRole("button", { name: /Remove them/ })).toBeNull();
});
