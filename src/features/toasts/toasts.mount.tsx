/**
 * Renders the Toaster into its own root at the end of the page. Browser-only. The team
 * pages swap their body as they move from one to another (Astro's client router): the
 * Toaster's element then moves into the new body, with its toasts and their timers.
 */
import { createRoot } from "react-dom/client";
import { Toaster } from "./Toaster";

export function mountToaster(): void {
  const host = document.createElement("div");
  host.dataset.toaster = "";
  document.body.append(host);
  createRoot(host).render(<Toaster />);
  document.addEventListener("astro:after-swap", () => document.body.append(host));
}
