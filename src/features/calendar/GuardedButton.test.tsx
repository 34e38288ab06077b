// @vitest-environment jsdom
// A show's panel under a finger: the next status's button takes the place of the one just pressed (or of the one
// a teammate's change took away), and a second tap there must not make a change fans see.
import { useStore } from "@nanostores/react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { settle } from "../../test/deferred";
import type { ShowChanges } from "./calendar.changes.store";
import type { Shows } from "./calendar.shows.store";
import { aShow, fakeShows } from "./calendar.fake";
import { ShowActions } from "./ShowActions";

// The buttons' changes on a fake client (the browser's one instance would reach for the real backend).
const page = vi.hoisted(() => ({ changes: undefined as ShowChanges | undefined }));
vi.mock("./calendar.changes.store", async (original) => ({
  ...(await original<typeof import("./calendar.changes.store")>()),
  showChanges: () => page.changes,
}));

const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");

/** The buttons of `shown` as the page shows them, following the list of shows; each write answered as made. */
async function openButtons(shown = dublin) {
  const { store, fake } = fakeShows((request) => ({
    data: [request.method === "update" ? { ...store.$shows.get()[0], ...request.values, version: 2 } : shown],
    error: null,
    status: 200,
  }));
  await store.load();
  page.changes = store;
  function Live({ shows }: { shows: Shows["$shows"] }) {
    const show = useStore(shows).find(({ id }) => id === dublin.id);
    return show ? <ShowActions show={show} focusStatus={() => {}} /> : null;
  }
  render(<Live shows={store.$shows} />);
  const writes = () => fake.requests.filter(({ method }) => method === "update").length;
  return { store, writes };
}

const button = (name: string) => screen.getByRole("button", { name });
/** The button is taking taps again. */
const takesTaps = (name: string) => waitFor(() => expect(button(name)).not.toHaveAttribute("aria-disabled"));

describe("a show's panel buttons under a finger", () => {
  it("take no second tap at once after a change made here: the next status's button waits a moment", async () => {
    const { store, writes } = await openButtons();
    fireEvent.click(button("Postpone"));
    await waitFor(() => expect(store.$shows.get()[0]?.status).toBe("postponed"));
    // "Mark sold out" now stands where Postpone was: a double tap's second half changes nothing.
    fireEvent.click(button("Mark sold out"));
    await settle();
    expect(writes()).toBe(1);
    expect(store.$shows.get()[0]?.availability).toBeNull();
    // A moment on, a tap meant for it is taken.
    await takesTaps("Mark sold out");
    fireEvent.click(button("Mark sold out"));
    await waitFor(() => expect(store.$shows.get()[0]?.availability).toBe("sold-out"));
  });

  it("take no tap at once after a teammate's change moved them", async () => {
    const { store, writes } = await openButtons();
    expect(button("Mark sold out")).not.toHaveAttribute("aria-disabled");
    // A teammate marks it sold out as the person reaches for the same button: "Back on sale" takes its place.
    await act(() => store.replace({ ...dublin, status: "sold-out", version: 2 }));
    fireEvent.click(button("Back on sale"));
    await settle();
    expect(writes()).toBe(0);
    expect(store.$shows.get()[0]?.status).toBe("sold-out");
    await takesTaps("Back on sale");
  });

  it("take the first tap when nothing has moved", async () => {
    const { store, writes } = await openButtons();
    fireEvent.click(button("Mark sold out"));
    // The write is sent before its answer changes the list: the list is waited for, then what was sent counted.
    await waitFor(() => expect(store.$shows.get()[0]?.status).toBe("sold-out"));
    expect(writes()).toBe(1);
  });

  it("take no tap at once when they have just appeared: a teammate put the show back on the website", async () => {
    const { store, writes } = await openButtons({ ...dublin, published: false });
    await act(() => store.replace({ ...dublin, published: true, version: 2 }));
    fireEvent.click(button("Postpone"));
    await settle();
    expect(writes()).toBe(0);
    expect(store.$shows.get()[0]?.status).toBe("scheduled");
    await takesTaps("Postpone");
  });

  it("keep Put back on the website from undoing a teammate's take-off with a tap meant for Take off", async () => {
    const { store, writes } = await openButtons();
    await act(() => store.replace({ ...dublin, published: false, version: 2 }));
    fireEvent.click(button("Put back on the website"));
    await settle();
    expect(writes()).toBe(0);
    expect(store.$shows.get()[0]?.published).toBe(false);
    await takesTaps("Put back on the website");
  });
});
