/**
 * The one toast queue every island pushes to. The Toaster drains it
 * into react-hot-toast, so islands never import the toast library themselves.
 */
import { atom } from "nanostores";

export type ToastVariant = "default" | "destructive";

export type ToastMessage = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
};

export const $toasts = atom<readonly ToastMessage[]>([]);

let counter = 0;

/** Queues a toast; failures pass `variant: "destructive"`. Returns its id. */
export function showToast(toast: { title: string; description?: string; variant?: ToastVariant }): string {
  counter += 1;
  const id = `toast-${counter}`;
  $toasts.set([...$toasts.get(), { id, variant: "default", ...toast }]);
  return id;
}

/** Removes a queued toast once it has been handed to the renderer. */
export function dismissToast(id: string): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
