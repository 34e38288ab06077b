// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { withToastTimers } from "../../test/toasts";
import { Toaster } from "../toasts/Toaster";
import { Roadmap } from "./Roadmap";
import { ROADMAP_STORAGE_KEY } from "./roadmap";

const group = (name: string) => within(screen.getByRole("region", { name }));
const saved = () => JSON.parse(localStorage.getItem(ROADMAP_STORAGE_KEY) ?? "null");

/**
 * A double-click as the browser reports it: two clicks, the second counted as such (event.detail 2),
 * on whatever is under the pointer by then.
 */
function doubleClick(first: HTMLElement, underPointerThen: () => HTMLElement = () => first) {
  fireEvent.click(first, { detail: 1 });
  fireEvent.click(underPointerThen(), { detail: 2 });
}

describe("the roadmap tool", () => {
  withToastTimers();
  beforeEach(() => {
    localStorage.clear();
  });

  it("adds one task for a double-click on Add, and deletes one task for a double-click on ✕", () => {
    render(<Roadmap />);
    const planning = group("Planning & Setup");
    fireEvent.change(planning.getByPlaceholderText("New task"), { target: { value: "Book the mastering engineer" } });
    doubleClick(planning.getByRole("button", { name: "Add" }));
    expect(planning.getAllByRole("checkbox")).toHaveLength(9);
    expect(saved().planning.at(-1)).toMatchObject({ text: "Book the mastering engineer" });

    // The second click lands on the delete button of the task that moved up into the row.
    const first = planning.getByRole("button", { name: "Delete task: Build the team contact sheet" });
    doubleClick(first, () => planning.getAllByRole("button", { name: /^Delete task/ })[0]);
    expect(planning.getAllByRole("checkbox")).toHaveLength(8);
    expect(planning.getByText("Choose a distributor and set up distribution")).toBeInTheDocument();
  });

  it("moves focus to the task that took a deleted one's place, and to the task brought back by Undo", () => {
    render(
      <>
        <Roadmap />
        <Toaster />
      </>,
    );
    const content = group("Content & Strategy");
    act(() => content.getByRole("button", { name: "Delete task: Order vinyl and CD printing" }).click());
    expect(document.activeElement).toHaveAccessibleName("Delete task: Run promotion for the single and EP");

    const undo = screen.getByRole("button", { name: "Undo" });
    expect(undo.closest("[role=status]")).toHaveTextContent(
      "Task deleted“Order vinyl and CD printing” was deleted from Content & Strategy.Undo",
    );
    act(() => undo.click());
    expect(content.getAllByRole("checkbox")).toHaveLength(6);
    expect(document.activeElement).toBe(content.getByRole("checkbox", { name: /Order vinyl and CD printing/ }));
    expect(saved().content[2]).toMatchObject({ text: "Order vinyl and CD printing" });
  });

  it("keeps a task pasted too long whole, says by how much, and at Add says so under it, aloud, with the focus, adding nothing", () => {
    render(<Roadmap />);
    const tour = group("Tour & Events");
    const field = tour.getByRole("textbox", { name: "New task for Tour & Events" });
    const pasted = `Plan the Italian dates: ${"Milan, Turin, Bologna, ".repeat(22)}Rome`;
    fireEvent.change(field, { target: { value: pasted } });
    expect(field).toHaveValue(pasted);
    expect(field).toHaveAccessibleDescription("34 characters too many (at most 500)");
    // While typed, it is read with the field only, not out loud at each keystroke.
    expect(tour.queryByRole("alert")).toBeNull();

    act(() => tour.getByRole("button", { name: "Add" }).click());
    expect(field).toHaveFocus();
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription("New task: at most 500 characters (this has 534)");
    const said = tour.getByRole("alert");
    expect(said).toHaveTextContent("New task: at most 500 characters (this has 534)");
    // Enter pressed in the field, where the focus already is: said aloud again, a line anew.
    fireEvent.submit(field);
    expect(tour.getByRole("alert")).not.toBe(said);
    expect(tour.getByRole("alert")).toHaveTextContent("New task: at most 500 characters (this has 534)");
    expect(field).toHaveValue(pasted);
    expect(tour.getAllByRole("checkbox")).toHaveLength(7);
    expect(saved()).toBeNull();

    // Typed again, it is said no more, nor aloud while still over; within the limit, the task is added.
    fireEvent.change(field, { target: { value: `${pasted}!` } });
    expect(field).toHaveAccessibleDescription("35 characters too many (at most 500)");
    expect(tour.queryByRole("alert")).toBeNull();
    fireEvent.change(field, { target: { value: "Plan the Italian dates" } });
    expect(field).not.toHaveAccessibleDescription();
    act(() => tour.getByRole("button", { name: "Add" }).click());
    expect(tour.getAllByRole("checkbox")).toHaveLength(8);
  });
});
