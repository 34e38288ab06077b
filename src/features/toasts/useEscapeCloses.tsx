/** Escape closes the newest toast standing, one per press, as a tap on a toast closes that one. */
import { useEffect } from "react";
import toast, { type Toast } from "react-hot-toast";

/** Not while a dialog is open, whose own Escape it is, nor when something on the page took the key already. */
export function useEscapeCloses(toasts: readonly Toast[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      const newest = toasts.filter((shown) => shown.visible).sort((a, b) => b.createdAt - a.createdAt)[0];
      if (newest) toast.dismiss(newest.id);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [toasts]);
}
