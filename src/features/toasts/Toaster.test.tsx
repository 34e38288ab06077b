// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "./Toaster";
import { $toasts, showToast } from "./toasts.store";

describe("a toast with an action", () => {
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });

  it("offers the action as a button, stays while it has focus, then closes a while after focus leaves", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    const onClick = vi.fn();
    act(() => {
      showToast({ title: "Task deleted", description: "“Tune the fiddle”", action: { label: "Undo", onClick } });
    });
    const undo = await screen.findByRole("button", { name: "Undo" });
    expect(screen.getByRole("status")).toHaveTextContent("Task deleted“Tune the fiddle”Undo");

    act(() => undo.focus());
    // In steps: a toast closes, then is removed once its fade-out ends.
    await act(async () => vi.advanceTimersByTime(12_000));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole("button", { name: "Undo" })).toBe(undo);
    expect(screen.getByRole("status")).toHaveClass("opacity-100");

    act(() => undo.blur());
    await act(async () => vi.advanceTimersByTime(9_000));
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(3_000));
    // Closed, then gone once its fade-out ends.
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(onClick).not.toHaveBeenCalled();
  });

  it("stays while the pointer is over it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    act(() => {
      showToast({ title: "Task deleted", action: { label: "Undo", onClick: () => {} } });
    });
    const undo = await screen.findByRole("button", { name: "Undo" });
    fireEvent.mouseEnter(undo);
    await act(async () => vi.advanceTimersByTime(12_000));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole("status")).toHaveClass("opacity-100");
    fireEvent.mouseLeave(undo);
    await act(async () => vi.advanceTimersByTime(12_000));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("runs the action once when its button is pressed, and closes", async () => {
    render(<Toaster />);
    const onClick = vi.fn();
    act(() => {
      showToast({ title: "Task deleted", action: { label: "Undo", onClick } });
    });
    const undo = await screen.findByRole("button", { name: "Undo" });
    act(() => undo.focus());
    act(() => undo.click());
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => undo.blur());
    // Gone once its fade-out ends, and focus leaving it did not bring it back.
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).toBeNull(), { timeout: 3000 });
  });
});
