// @vitest-environment jsdom
import { useStore } from "@nanostores/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { settle } from "../../test/deferred";
import type { ShowChanges } from "./calendar.changes.store";
import { aShow, fakeShows } from "./calendar.fake";
import type { Show } from "./calendar.shows";
import { ShowHistory } from "./ShowHistory";
import { ShowPanel } from "./ShowPanel";

// The panel's show changes on a fake client (the browser's one instance would reach for the real backend).
const page = vi.hoisted(() => ({ changes: undefined as ShowChanges | undefined }));
vi.mock("./calendar.changes.store", async (original) => ({
  ...(await original<typeof import("./calendar.changes.store")>()),
  showChanges: () => page.changes,
}));

/** Restore, named for its version (jsdom's name computation drops the space before the words only a screen reader reads). */
const restoreButton = () => screen.getByRole("button", { name: /^Restore ?version 1$/ });

const now = aShow("dublin-2027-07-10", "2027-02-01T10:00:00Z", { version: 2, price: 25 });

/**
 * The page's shows on a fake client that answers `now` and, for its history, earlier versions: `now` with each
 * of `kept`, the first being version 1 (answered newest first, as the database does). The page has read the
 * show as it is now, the version a restore is made over.
 */
async function pageWith(kept: Partial<Show>[], current: Show = now) {
  const versions = kept.map((changes, index) => ({
    ...current,
    version: index + 1,
    updated_at: `2027-01-0${index + 1}T10:00:00Z`,
    ...changes,
  }));
  const rows = versions.map((show) => ({
    version: show.version,
    show,
    written_at: show.updated_at,
    replaced_at: current.updated_at,
  }));
  const { store, fake } = fakeShows((request) =>
    request.table === "shows_history"
      ? { data: rows.reverse(), error: null, status: 200 }
      : { data: [current], error: null, status: 200 },
  );
  await store.load();
  page.changes = store;
  return { store, fake, before: versions[0]! };
}

/** The history of `current` opened, its earlier versions being it with each of `kept`; answers the client's fake. */
async function historyOf(kept: Partial<Show>[], current: Show = now) {
  const { fake } = await pageWith(kept, current);
  render(<ShowHistory show={current} focusStatus={() => {}} />);
  await screen.findByText("Version 1");
  return fake;
}

/** The history of `current` opened, its one earlier version being it with `kept`. */
const historyWith = (kept: Partial<Show>, current: Show = now) => historyOf([kept], current);

/** The show's whole panel, following the list of shows as the page's does, its one earlier version `kept`. */
async function panelWith(kept: Partial<Show>, current: Show = now) {
  const { store, fake, before } = await pageWith([kept], current);
  function LivePanel() {
    const show = useStore(store.$shows).find(({ id }) => id === current.id);
    return show ? <ShowPanel show={show} /> : null;
  }
  render(<LivePanel />);
  await screen.findByText("Version 1");
  return { store, fake, before };
}

describe("a published show's earlier versions", () => {
  it("offer Restore for a version that differs in its price alone, and say the price it had", async () => {
    const fake = await historyWith({ price: 12.5 });
    expect(restoreButton()).toBeEnabled();
    expect(screen.getByText("Differs from now: Price €12.50")).toBeInTheDocument();
    fireEvent.click(restoreButton());
    await settle();
    expect(fake.functionCalls.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: "restore_show", args: { show_id: now.id, version: 1, seen: 2 } },
    ]);
  });

  it.each<[string, Partial<Show>, string]>([
    ["currency", { currency: "GBP" }, "Price £25.00"],
    ["availability", { availability: "few-left" }, "Availability Few left"],
    ["on-sale time", { on_sale_at: "2027-03-01T10:00:00+00:00" }, "On sale from Mar 1, 2027, 10:00 (Europe/Dublin)"],
    ["street", { venue_street: "1 Main Street" }, "Street 1 Main Street"],
    ["town", { venue_town: "Cork" }, "Town Cork"],
    ["county", { venue_county: "County Cork" }, "County County Cork"],
    ["postal code", { venue_postal_code: "T12 X2Y3" }, "Postal code T12 X2Y3"],
    ["country", { venue_country: "GB" }, "Country United Kingdom"],
    ["time zone", { time_zone: "Europe/London" }, "Time zone Europe/London"],
    ["notes", { notes: "load in at four" }, "Notes “load in at four”"],
  ])("offer Restore for a version that differs in its %s alone, and say what it had", async (_, kept, words) => {
    await historyWith(kept);
    expect(restoreButton()).toBeEnabled();
    expect(screen.getByText(`Differs from now: ${words}`)).toBeInTheDocument();
  });

  it("say each difference of a version that differs in several things, and keep what they said before", async () => {
    await historyWith({ price: 12.5, venue_town: "Cork", status: "postponed" });
    expect(screen.getByText("Differs from now: Town Cork · Price €12.50 · Status Postponed")).toBeInTheDocument();
    expect(screen.getByText("Postponed · Jul 10, 2027, 20:00 (Europe/Dublin)")).toBeInTheDocument();
    expect(screen.getByText("https://tickets.example/dublin")).toBeInTheDocument();
  });

  it("say a version taken off the website was so, and that restoring it takes the show off", async () => {
    await historyWith({ published: false });
    expect(screen.getByText("Scheduled · off the website · Jul 10, 2027, 20:00 (Europe/Dublin)")).toBeInTheDocument();
    expect(screen.getByText("Differs from now: Off the website")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Restore ?version 1 \(takes it off the website\)$/ })).toBeEnabled();
  });

  it("say that restoring a version fans saw puts a show taken off the website back on", async () => {
    await historyWith({ published: true }, { ...now, published: false });
    expect(screen.getByText("Differs from now: On the website")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Restore ?version 1 \(puts it back on the website\)$/ })).toBeEnabled();
  });

  it("say what the change that replaced each version did, newest first", async () => {
    const early = "https://tickets.example/dublin-early";
    await historyOf([{ ticket_url: early, status: "scheduled" }, { status: "scheduled" }], {
      ...now,
      version: 3,
      status: "cancelled",
    });
    const versions = screen.getAllByRole("listitem");
    expect(versions.map((version) => within(version).getByText(/^Version/).textContent)).toEqual([
      "Version 2",
      "Version 1",
    ]);
    expect(within(versions[0]!).getByText("Next change: cancelled")).toBeInTheDocument();
    expect(within(versions[1]!).getByText("Next change: ticket link changed")).toBeInTheDocument();
  });

  it("say which earlier version a restore brought back, its Restore named as before", async () => {
    await historyOf([{}, { status: "cancelled" }], { ...now, version: 3 });
    const cancelled = screen.getAllByRole("listitem")[0]!;
    expect(within(cancelled).getByText("Next change: cancellation undone (as in version 1)")).toBeInTheDocument();
    expect(within(cancelled).getByRole("button", { name: /^Restore ?version 2$/ })).toBeEnabled();
  });

  it("keep Restore off while a change of the show made here is on its way", async () => {
    await historyWith({ price: 12.5 });
    act(() => page.changes!.$changing.set({ [now.id]: true }));
    expect(restoreButton()).toBeDisabled();
    act(() => page.changes!.$changing.set({ [now.id]: false }));
    expect(restoreButton()).toBeEnabled();
  });

  it("keep Restore off for a version the same as the show now, and say so", async () => {
    await historyWith({ price: "25.00" as unknown as number });
    expect(screen.getByText("Same as the show now")).toBeInTheDocument();
    expect(restoreButton()).toBeDisabled();
  });
});

describe("restoring a published show's earlier version", () => {
  it("puts the focus on the show's status line once restored, Restore being off by then", async () => {
    const { fake, before } = await panelWith({ status: "postponed" });
    const restore = restoreButton();
    restore.focus();
    fireEvent.click(restore);
    await settle();
    fake.functionCalls[0]!.answer([{ ...before, version: 3 }]);
    await waitFor(() => {
      const status = screen.getByRole("definition", { description: "Status" });
      expect(status).toHaveTextContent("Postponed");
      expect(status).toHaveFocus();
    });
  });
});

describe("restoring a version that changes what fans are told in a way that needs care", () => {
  const cancelled = { ...now, status: "cancelled" as const };
  const question = "Undo the cancellation? Fans will see it on sale again: Scheduled, doors 20:00.";

  it("asks before bringing back a version from before a cancellation, and keeps the show cancelled when told so", async () => {
    const { fake } = await panelWith({ status: "scheduled" }, cancelled);
    fireEvent.click(restoreButton());
    const asked = screen.getByRole("group", { name: question });
    expect(within(asked).getByRole("button", { name: "Keep it cancelled" })).toHaveFocus();
    fireEvent.click(within(asked).getByRole("button", { name: "Keep it cancelled" }));
    expect(screen.queryByRole("group", { name: question })).not.toBeInTheDocument();
    expect(restoreButton()).toHaveFocus();
    await settle();
    expect(fake.functionCalls).toEqual([]);
  });

  it("keeps the show cancelled on Escape, the focus back on Restore", async () => {
    const { fake } = await panelWith({ status: "scheduled" }, cancelled);
    fireEvent.click(restoreButton());
    fireEvent.keyDown(screen.getByRole("button", { name: "Keep it cancelled" }), { key: "Escape" });
    expect(screen.queryByRole("group", { name: question })).not.toBeInTheDocument();
    expect(restoreButton()).toHaveFocus();
    await settle();
    expect(fake.functionCalls).toEqual([]);
  });

  it("restores once answered yes, the focus then on the show's status line", async () => {
    const { fake, before } = await panelWith({ status: "scheduled" }, cancelled);
    fireEvent.click(restoreButton());
    fireEvent.click(screen.getByRole("button", { name: "Yes, restore version 1" }));
    await settle();
    expect(fake.functionCalls.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: "restore_show", args: { show_id: now.id, version: 1, seen: 2 } },
    ]);
    fake.functionCalls[0]!.answer([{ ...before, version: 3 }]);
    await waitFor(() => {
      const status = screen.getByRole("definition", { description: "Status" });
      expect(status).toHaveTextContent("Scheduled");
      expect(status).toHaveFocus();
    });
  });

  it("drops its question once a teammate's change answers it, not asking it again at their next change", async () => {
    const { store } = await panelWith({ status: "scheduled" }, cancelled);
    fireEvent.click(restoreButton());
    expect(screen.getByRole("group", { name: question })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Keep it cancelled" })).toHaveFocus();
    // A teammate restores the version first: the question has nothing left to ask, and its focus goes to the show's
    // status line, this version's Restore being off now (the show is as it was).
    await act(() => store.replace({ ...now, status: "scheduled", version: 3 }));
    expect(screen.queryByRole("group", { name: question })).not.toBeInTheDocument();
    expect(screen.getByRole("definition", { description: "Status" })).toHaveFocus();
    // Later they cancel the show again: nobody pressed Restore since, so nothing asks (nor takes the focus).
    await act(() => store.replace({ ...now, status: "cancelled", version: 4 }));
    expect(screen.getByRole("definition", { description: "Status" })).toHaveTextContent("Cancelled");
    expect(screen.queryByRole("group", { name: question })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Keep it cancelled" })).not.toBeInTheDocument();
  });

  it("gives the focus back to Restore when a teammate's change ends the question but the version still differs", async () => {
    const { store } = await panelWith({ status: "scheduled" }, cancelled);
    fireEvent.click(restoreButton());
    expect(screen.getByRole("button", { name: "Keep it cancelled" })).toHaveFocus();
    // A teammate postpones the show instead: no longer cancelled, nothing to ask, yet version 1 still differs.
    await act(() => store.replace({ ...now, status: "postponed", version: 3 }));
    expect(screen.queryByRole("group", { name: question })).not.toBeInTheDocument();
    expect(restoreButton()).toHaveFocus();
  });

  it("asks before taking the show off the website, as Take off the website does", async () => {
    const fake = await historyWith({ published: false });
    fireEvent.click(screen.getByRole("button", { name: /^Restore ?version 1 \(takes it off the website\)$/ }));
    const asked = screen.getByRole("group", { name: /^Take this show off the website\? / });
    expect(within(asked).getByRole("button", { name: "Keep it on the website" })).toHaveFocus();
    await settle();
    expect(fake.functionCalls).toEqual([]);
  });

  it("puts a show back on the website as it was at one tap, as Put back on the website does", async () => {
    const fake = await historyWith({ published: true }, { ...now, published: false });
    fireEvent.click(screen.getByRole("button", { name: /^Restore ?version 1 \(puts it back on the website\)$/ }));
    await settle();
    expect(screen.queryByRole("group")).not.toBeInTheDocument();
    expect(fake.functionCalls.map(({ name }) => name)).toEqual(["restore_show"]);
  });
});
