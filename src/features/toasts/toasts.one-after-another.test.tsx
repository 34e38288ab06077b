// @vitest-environment jsdom
// In a file of its own: react-hot-toast keeps one store per module, and a toast held by the pointer in
// another test file's cases would hold these too.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { wait, withToastTimers } from "../../test/toasts";
import { Toaster } from "./Toaster";
import { showToast, TOAST_DURATION_MS } from "./toasts.store";

withToastTimers();

it("shows each toast, also once an earlier one has closed and gone", () => {
  render(<Toaster />);
  act(() => showToast({ title: "Added to cart", description: "1 × Tote" }));
  expect(screen.getByRole("status")).toHaveTextContent("1 × Tote");
  // The first one closes, then is removed once its fade-out ends.
  wait(TOAST_DURATION_MS + 1_000);
  wait(2_000);
  expect(screen.queryByRole("status")).toBeNull();

  act(() => showToast({ title: "Added to cart", description: "2 × Tote" }));
  expect(screen.getByRole("status")).toHaveTextContent("2 × Tote");
  act(() => showToast({ title: "Error", description: "Failed to add contact", variant: "destructive" }));
  expect(screen.getByRole("alert")).toHaveTextContent("Failed to add contact");
  // And these close in their turn.
  wait(TOAST_DURATION_MS + 1_000);
  wait(2_000);
  expect(screen.queryByRole("status")).toBeNull();
  expect(screen.queryByRole("alert")).toBeNull();
});

it("lets the next toast close by itself after one was closed with the pointer over it", () => {
  render(<Toaster />);
  act(() => showToast({ title: "Task deleted", action: { label: "Undo", onClick: () => {} } }));
  const undo = screen.getByRole("button", { name: "Undo" });
  // Pressed with the mouse: the pointer is over the toast as it goes, and never leaves it.
  fireEvent.mouseEnter(undo);
  act(() => undo.click());
  wait(2_000);
  expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();

  act(() => showToast({ title: "Task restored" }));
  expect(screen.getByRole("status")).toHaveTextContent("Task restored");
  wait(TOAST_DURATION_MS + 1_000);
  wait(2_000);
  expect(screen.queryByRole("status")).toBeNull();
});

it("puts a toast that answers an earlier one in its place on screen, for its own full time", () => {
  render(<Toaster />);
  let denied = "";
  act(() => {
    denied = showToast({ title: "Access denied", description: "Incorrect password", variant: "destructive" });
  });
  expect(screen.getByRole("alert")).toHaveTextContent("Incorrect password");
  wait(TOAST_DURATION_MS - 1_000);
  act(() => showToast({ title: "Access granted", description: "You can now edit the calendar", replaces: denied }));
  expect(screen.queryByRole("alert")).toBeNull();
  expect(screen.getByRole("status")).toHaveTextContent("You can now edit the calendar");
  // Its time starts afresh: still there when the refusal would have closed.
  wait(2_000);
  expect(screen.getByRole("status")).toHaveTextContent("Access granted");
  wait(TOAST_DURATION_MS + 1_000);
  wait(2_000);
  expect(screen.queryByRole("status")).toBeNull();
});
