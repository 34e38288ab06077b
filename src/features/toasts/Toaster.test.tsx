// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { wait, withToastTimers } from "../../test/toasts";
import { Toaster } from "./Toaster";
import { showToast } from "./toasts.store";

/** Renders the Toaster and queues a toast with an Undo button; returns the button. */
function toastWithUndo(action: { onClick?: () => void; onHold?: (held: boolean) => void } = {}) {
  render(<Toaster />);
  act(() => {
    showToast({
      title: "Task deleted",
      description: "“Tune the fiddle”",
      action: { label: "Undo", onClick: action.onClick ?? (() => {}), onHold: action.onHold },
    });
  });
  return screen.getByRole("button", { name: "Undo" });
}

describe("a toast with an action", () => {
  withToastTimers();

  it("offers the action as a button, stays while it has focus, then closes a while after focus leaves", () => {
    const onClick = vi.fn();
    const undo = toastWithUndo({ onClick });
    expect(screen.getByRole("status")).toHaveTextContent("Task deleted“Tune the fiddle”Undo");

    act(() => undo.focus());
    // In steps: a toast closes, then is removed once its fade-out ends.
    wait(12_000);
    wait(5_000);
    expect(screen.getByRole("button", { name: "Undo" })).toBe(undo);
    expect(screen.getByRole("status")).toHaveClass("opacity-100");

    act(() => undo.blur());
    wait(9_000);
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeNull();
    wait(3_000);
    // Closed, then gone once its fade-out ends.
    wait(2_000);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(onClick).not.toHaveBeenCalled();
  });

  it("stays while the pointer is over it", () => {
    const undo = toastWithUndo();
    fireEvent.mouseEnter(undo);
    wait(12_000);
    wait(5_000);
    expect(screen.getByRole("status")).toHaveClass("opacity-100");
    fireEvent.mouseLeave(undo);
    wait(12_000);
    wait(5_000);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("runs the action once when its button is pressed, and closes", () => {
    const onClick = vi.fn();
    const undo = toastWithUndo({ onClick });
    act(() => undo.focus());
    act(() => undo.click());
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => undo.blur());
    // Gone once its fade-out ends, and focus leaving it did not bring it back.
    wait(3_000);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("tells its action while it is held open, by focus or by the pointer, and lets go of both", () => {
    const onHold = vi.fn();
    const undo = toastWithUndo({ onHold });
    act(() => undo.focus());
    fireEvent.mouseEnter(undo);
    expect(onHold.mock.calls).toEqual([[true], [true]]);
    // Still held by the pointer once focus has left, and let go when the pointer leaves too.
    act(() => undo.blur());
    expect(onHold.mock.calls).toEqual([[true], [true], [false]]);
    fireEvent.mouseLeave(undo);
    expect(onHold.mock.calls).toEqual([[true], [true], [false], [false]]);

    // Pressed while held: let go once the toast is gone, so nothing stays held for ever.
    fireEvent.mouseEnter(undo);
    act(() => undo.focus());
    act(() => undo.click());
    wait(3_000);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    const held = onHold.mock.calls.reduce((count, [on]) => count + (on ? 1 : -1), 0);
    expect(held).toBe(0);
  });
});

describe("closing a toast before its time", () => {
  withToastTimers();

  it("closes the toast tapped, and only that one", () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: "Access granted", description: "You can now edit the contact directory" });
      showToast({ title: "Contacts loaded", description: "3 contacts loaded from the shared database" });
    });
    fireEvent.click(screen.getByText("You can now edit the contact directory"));
    // Gone once its fade-out ends, long before its five seconds; the other stays.
    wait(1_500);
    expect(screen.queryByText("Access granted")).toBeNull();
    expect(screen.getByText("Contacts loaded")).toBeInTheDocument();
  });

  it("closes the newest toast standing at each Escape, one per press", () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: "First" });
      wait(10);
      showToast({ title: "Second" });
    });
    fireEvent.keyDown(document.body, { key: "Escape" });
    wait(1_500);
    expect(screen.queryByText("Second")).toBeNull();
    expect(screen.getByText("First")).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: "Escape" });
    wait(1_500);
    expect(screen.queryByText("First")).toBeNull();
  });

  it("leaves the toasts standing when the page took the Escape already (a search box clearing, a card closing)", () => {
    const undo = toastWithUndo();
    const box = document.body.appendChild(document.createElement("input"));
    box.addEventListener("keydown", (event) => event.preventDefault());
    fireEvent.keyDown(box, { key: "Escape" });
    wait(1_500);
    expect(screen.getByRole("button", { name: "Undo" })).toBe(undo);
    box.remove();
    fireEvent.keyDown(document.body, { key: "Escape" });
    wait(1_500);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("leaves the toasts to a dialog's own Escape", () => {
    const undo = toastWithUndo();
    const dialog = document.body.appendChild(document.createElement("dialog"));
    dialog.setAttribute("open", "");
    fireEvent.keyDown(document.body, { key: "Escape" });
    wait(1_500);
    expect(screen.getByRole("button", { name: "Undo" })).toBe(undo);
    dialog.remove();
  });
});
