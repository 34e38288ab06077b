/**
 * The one toast queue every island pushes to. The Toaster drains it
 * into react-hot-toast, so islands never import the toast library themselves.
 */
import { atom } from "nanostores";

export type ToastVariant = "default" | "destructive";

/** A button on the toast (e.g. Undo); pressing it runs `onClick` and closes the toast. */
export type ToastAction = { label: string; onClick: () => void };

export type ToastMessage = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
};

export const $toasts = atom<readonly ToastMessage[]>([]);

let counter = 0;

/** Queues a toast; failures pass `variant: "destructive"`, a toast that offers a step back passes `action`. Returns its id. */
export function showToast(toast: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}): string {
  counter += 1;
  const id = `toast-${counter}`;
  $toasts.set([...$toasts.get(), { id, variant: "default", ...toast }]);
  return id;
}

/** Removes a queued toast once it has been handed to the renderer. */
export function dismissToast(id: string): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
