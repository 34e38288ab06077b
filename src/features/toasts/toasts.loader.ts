/**
 * Starts the toast renderer when the first toast is queued, not before: a page
 * that never toasts (most visits to /merch) downloads no toast code and no
 * React for it. Browser-only; ToastHost.astro calls it on pages that can toast.
 */
import { $toasts } from "./toasts.store";
import { lazyCode } from "../../lib/retried";

/** Fetches the renderer's code and starts it; a test hands in its own to see when it is asked for. */
export type ToasterLoad = () => Promise<{ mountToaster: () => void }>;

/** The renderer's code (lazyCode: asked for only while online). */
const toasterCode = lazyCode(() => import("./toasts.mount"));

export function mountToasterOnFirstToast(load: ToasterLoad = toasterCode): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    stopListening();
    load()
      .then(({ mountToaster }) => mountToaster())
      .catch((error: unknown) => {
        // Offline or a stale deploy: the page keeps working, and the next toast asks for the renderer again (a
        // signal lost for a moment must not silence the page for good). What was queued goes: it spoke of a moment
        // that has passed, and shown later beside what is said then it would mislead ("No connection" beside
        // "Access granted").
        console.error("The notifications could not be loaded.", error);
        started = false;
        $toasts.set([]);
        stopListening = listen();
      });
  };
  const listen = () =>
    $toasts.listen((queue) => {
      if (queue.length > 0) start();
    });
  let stopListening = listen();
  // An island may have toasted before this script ran.
  if ($toasts.get().length > 0) start();
}
