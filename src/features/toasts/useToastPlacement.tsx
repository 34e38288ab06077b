/** The Toaster's link to its placement store: where the stack stands, and how many toasts stand at once. */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import toast, { type Toast } from "react-hot-toast";
import { toastsOverCap } from "./toasts.placement";
import { createToastPlacement } from "./toasts.placement.store";

/** Where the toasts stand, clear of the page's controls (toasts.placement.store.ts), and the element it measures in. */
export function useToastPlacement(toasts: readonly Toast[]) {
  const host = useRef<HTMLDivElement>(null);
  const [placement] = useState(() => createToastPlacement({ window }));
  useEffect(() => placement.start(host.current!), [placement]);
  // Toasts came, went or changed height: measure again. Past the most that may stand at once, the oldest go.
  useEffect(() => {
    placement.update();
    const held = (shown: Toast) => shown.duration === Infinity;
    toastsOverCap(toasts.map((shown) => ({ ...shown, held: held(shown) }))).forEach((id) => toast.dismiss(id));
  }, [placement, toasts]);
  return { host, place: useStore(placement.$placement) };
}
