/**
 * For component tests that show toasts: fake timers for each test, and everything a test left behind
 * (the rendered tree, react-hot-toast's list, the shared queue) gone before the next one.
 */
import { act, cleanup } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, beforeEach, vi } from "vitest";
import { $toasts } from "../features/toasts/toasts.store";

/** Registers the fake timers and the clean-up around each test of the calling file or block. */
export function withToastTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    // Unmounted first, so clearing the queue and react-hot-toast's own list renders nothing.
    cleanup();
    toast.remove();
    $toasts.set([]);
    vi.useRealTimers();
  });
}

/** Lets time pass, with every update it causes rendered before the next line looks. */
export const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
