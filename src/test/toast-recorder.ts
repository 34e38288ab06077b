/**
 * The one toast recorder for unit tests: what a store was handed to show, or what went on the shared
 * toast queue, read as "Title: description" lines (or kept whole, to press a toast's button).
 */
import { $toasts } from "../features/toasts/toasts.store";

type Toast = { title: string; description?: string };

/** A toast as the tests read it. */
const line = (toast: Toast) => `${toast.title}: ${toast.description}`;

/** A stand-in for a store's `toast` function that keeps every toast it is handed, in order. */
export function recordToasts<T extends Toast = Toast>() {
  const shown: T[] = [];
  const lines: string[] = [];
  return {
    /** The toasts whole, oldest first. */
    shown,
    /** The same toasts as lines. */
    lines,
    /** Shows a toast, and returns its id as the real queue does. */
    toast: (toast: T) => {
      lines.push(line(toast));
      return String(shown.push(toast));
    },
  };
}

/** The toasts on the shared queue so far, as lines. */
export const toastLines = () => $toasts.get().map(line);
