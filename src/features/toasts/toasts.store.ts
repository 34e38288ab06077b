/**
 * The one toast queue every island pushes to. The Toaster takes each toast off
 * the queue and hands it to react-hot-toast, so islands never import the toast
 * library themselves.
 */
import { atom } from "nanostores";

export type ToastVariant = "default" | "destructive";

/** How long a toast shows. */
export const TOAST_DURATION_MS = 5000;
/** A toast with a button stays longer, so there is time to reach the button from the keyboard too. */
export const ACTION_TOAST_DURATION_MS = 10_000;

/**
 * A button on the toast (e.g. Undo); pressing it runs `onClick` and closes the toast.
 * While the toast is held open (focus or the pointer in it), its time stands still:
 * `onHold(true)` says it is held, `onHold(false)` that it is let go and its full time
 * starts again, so whatever the button undoes can stay undoable as long as it is offered.
 * Called once each way per reason it is held.
 */
export type ToastAction = { label: string; onClick: () => void; onHold?: (held: boolean) => void };

export type ToastMessage = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
};

export const $toasts = atom<readonly ToastMessage[]>([]);

let counter = 0;

/**
 * Queues a toast; failures pass `variant: "destructive"`, a toast that offers a step back passes `action`.
 * A toast that answers an earlier one passes its id as `replaces` and takes its place on screen (a Login's
 * "Access granted" after its "Access denied"), instead of stacking beside it. Returns its id.
 */
export function showToast(toast: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  replaces?: string;
}): string {
  const { replaces, ...shown } = toast;
  let id = replaces;
  if (id === undefined) {
    counter += 1;
    id = `toast-${counter}`;
  }
  $toasts.set([...$toasts.get().filter((queued) => queued.id !== id), { id, variant: "default", ...shown }]);
  return id;
}

/** Takes a toast off the queue once the renderer has it; the toast itself stays on screen. */
export function dequeueToast(id: string): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
