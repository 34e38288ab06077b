/**
 * Renders the Toaster into its own root at the end of the page. Browser-only. The team
 * pages swap their body as they move from one to another (Astro's client router): the
 * Toaster's element then moves into the new body, with its toasts and their timers.
 */
import { createRoot } from "react-dom/client";
import { Toaster } from "./Toaster";

/** Mounts the Toaster; answers how to take it down again, its toasts' timers with it (a test's, as it ends). */
export function mountToaster(): () => void {
  const host = document.createElement("div");
  host.dataset.toaster = "";
  document.body.append(host);
  const root = createRoot(host);
  root.render(<Toaster />);
  const follow = () => document.body.append(host);
  document.addEventListener("astro:after-swap", follow);
  return () => {
    document.removeEventListener("astro:after-swap", follow);
    root.unmount();
    host.remove();
  };
}
