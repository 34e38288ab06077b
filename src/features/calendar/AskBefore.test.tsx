// @vitest-environment jsdom
// The questions a show's panel asks before a change fans see (cancel the show, take it off the website): Escape
// keeps the show as it is, and a refused answer gives the focus back to the button that asked.
import { useStore } from "@nanostores/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { settle } from "../../test/deferred";
import { failure, type FakeReply } from "../../test/fake-client";
import { $toasts } from "../toasts/toasts.store";
import type { ShowChanges } from "./calendar.changes.store";
import { aShow, fakeShows } from "./calendar.fake";
import { ShowPanel } from "./ShowPanel";

const page = vi.hoisted(() => ({ changes: undefined as ShowChanges | undefined }));
vi.mock("./calendar.changes.store", async (original) => ({
  ...(await original<typeof import("./calendar.changes.store")>()),
  showChanges: () => page.changes,
}));
afterEach(() => $toasts.set([]));

const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");

/** The show's whole panel, following the list of shows; every change answered with `answer`. */
async function openPanel(answer: FakeReply) {
  const { store, fake } = fakeShows((request) =>
    request.method === "update" ? answer : { data: [dublin], error: null, status: 200 },
  );
  await store.load();
  page.changes = store;
  function LivePanel() {
    const show = useStore(store.$shows).find(({ id }) => id === dublin.id);
    return show ? <ShowPanel show={show} /> : null;
  }
  render(<LivePanel />);
  const writes = () => fake.requests.filter(({ method }) => method === "update").length;
  return { store, writes };
}

function press(name: string) {
  const button = screen.getByRole("button", { name });
  button.focus();
  fireEvent.click(button);
}

describe("a question before a change fans see", () => {
  it.each([
    ["Cancel the show", /^Cancel this show\?/],
    ["Take off the website", /^Take this show off the website\?/],
  ])("goes with Escape after %s, the show kept as it is and the focus back on the button", async (asking, question) => {
    const { store, writes } = await openPanel({ data: [], error: null, status: 200 });
    press(asking);
    const group = screen.getByRole("group", { name: question });
    const escape = fireEvent.keyDown(document.activeElement ?? group, { key: "Escape" });
    // Taken by the question: a toast standing would stay (the page's Escape closes one only when nothing took it).
    expect(escape).toBe(false);
    expect(screen.queryByRole("group", { name: question })).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: asking })).toHaveFocus());
    await settle();
    expect(writes()).toBe(0);
    expect(store.$shows.get()[0]).toMatchObject({ published: true, status: "scheduled" });
  });

  it.each([
    ["Cancel the show", "Yes, cancel the show"],
    ["Take off the website", "Yes, take it off"],
  ])("gives the focus back to %s when the change is refused", async (asking, yes) => {
    const { store, writes } = await openPanel(failure(500, "The database is busy"));
    press(asking);
    press(yes);
    await waitFor(() => expect(writes()).toBe(1));
    await waitFor(() => expect(screen.getByRole("button", { name: asking })).toHaveFocus());
    expect(store.$shows.get()[0]).toMatchObject({ published: true, status: "scheduled" });
  });
});
