/** Renders the Toaster into its own root at the end of the page. Browser-only. */
import { createRoot } from "react-dom/client";
import { Toaster } from "./Toaster";

export function mountToaster(): void {
  const host = document.createElement("div");
  host.dataset.toaster = "";
  document.body.append(host);
  createRoot(host).render(<Toaster />);
}
