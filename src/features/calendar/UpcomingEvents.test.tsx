// @vitest-environment jsdom
// The Upcoming Events list with nothing to come: while the calendar is still being read it says so, and only a list
// read says that nothing is planned (a team member signing in must not be told the tour is empty for a moment).
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UpcomingEvents } from "./UpcomingEvents";

describe("Upcoming Events with nothing to come", () => {
  it("says the calendar is being read until it is, then that nothing is planned", () => {
    const { rerender } = render(<UpcomingEvents events={[]} read={false} />);
    expect(screen.getByText("Reading the calendar…")).toBeTruthy();
    expect(screen.queryByText("Nothing planned from today on.")).toBeNull();
    rerender(<UpcomingEvents events={[]} read />);
    expect(screen.getByText("Nothing planned from today on.")).toBeTruthy();
    expect(screen.queryByText("Reading the calendar…")).toBeNull();
  });
});
