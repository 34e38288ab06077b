// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeTime } from "../../test/fake-time";
import { memoryStorage } from "../../test/memory-storage";
import { ROADMAP_STORAGE_KEY } from "./roadmap";
import { createRoadmapStore } from "./roadmap.store";
import { SetAsideNotice } from "./SetAsideNotice";

/** A browser storage holding `stored` under the roadmap's key, with no room for anything more. */
function fullStorage(stored: string) {
  const storage = memoryStorage({ [ROADMAP_STORAGE_KEY]: stored });
  storage.refuse = "full";
  return storage;
}

describe("the notice of an unreadable roadmap", () => {
  it("warns that the next change replaces a copy there was no room to keep aside, and can be dismissed", () => {
    const clock = fakeTime(new Date(2026, 10, 23, 9, 0).getTime());
    const store = createRoadmapStore({
      storage: fullStorage("[1, 2, 3]"),
      now: clock.now,
      timers: clock.timers,
      toast: () => "",
      warn: () => undefined,
    });
    store.load();
    render(<SetAsideNotice store={store} />);

    expect(screen.getByRole("alert")).toHaveTextContent(
      "The roadmap saved in this browser could not be read (it is not a roadmap), so the default tasks are shown. " +
        "There was no room to keep it aside, so your next change replaces it: download it now to fix it, then import it.",
    );
    expect(screen.getByRole("button", { name: "Download the saved copy" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete the saved copy" })).toBeNull();

    act(() => fireEvent.click(screen.getByRole("button", { name: "Dismiss" })));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("Notice dismissed.")).toBeInTheDocument();
  });
});
