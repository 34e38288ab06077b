// @vitest-environment jsdom
// A published show's panel links to the show where fans read it, in a new tab: the team page's session lives in
// memory only, and following the link in the same tab would sign the manager out. Its address names the country.
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ShowChanges } from "./calendar.changes.store";
import { aShow, fakeShows } from "./calendar.fake";
import type { Show } from "./calendar.shows";
import { ShowPanel } from "./ShowPanel";

const page = vi.hoisted(() => ({ changes: undefined as ShowChanges | undefined }));
vi.mock("./calendar.changes.store", async (original) => ({
  ...(await original<typeof import("./calendar.changes.store")>()),
  showChanges: () => page.changes,
}));

const dublin = aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z");

async function panelOf(show: Show) {
  const { store } = fakeShows(() => ({ data: [show], error: null, status: 200 }));
  await store.load();
  page.changes = store;
  render(<ShowPanel show={show} />);
}

describe("a show's panel", () => {
  it("links to the show on the tour page, in a new tab", async () => {
    await panelOf(dublin);
    const link = screen.getByRole("link", { name: /^See it on the tour page ↗ ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute("href", "/tour#dublin-2027-07-10");
    expect(link).toHaveAttribute("target", "_blank");
  });

  it("offers no such link for a show taken off the website", async () => {
    await panelOf({ ...dublin, published: false });
    expect(screen.queryByRole("link", { name: /tour page/ })).toBeNull();
  });

  it("says the venue's address with its country named, not its two letters", async () => {
    await panelOf({ ...dublin, venue_country: "GB" });
    expect(screen.getByText("Venue").nextElementSibling).toHaveTextContent(/, United Kingdom$/);
  });
});
