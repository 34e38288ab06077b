/**
 * Once the team has signed in, a link from one team page to another swaps the page with Astro's client
 * router instead of loading it afresh, so the session, which lives in this page's memory only, opens the
 * next page too. Loaded after the first sign-in (TeamGate), so a visitor who only looks at the password
 * screen downloads no router; the team pages carry the router's mark (BaseLayout.astro), the public pages
 * do not, and a link to one of them stays an ordinary page load. Browser-only.
 */
import { navigate } from "astro:transitions/client";
import { teamLinks } from "../../data/tools";

const teamPaths = new Set(teamLinks.map((link) => link.href));
/** A page's path without a trailing slash or file extension. */
const pathOf = (url: URL) => url.pathname.replace(/(\.html|\/)$/, "") || "/";

let following = false;

/** Swaps the page for the team page a plain click on a link leads to; once, however often it is called. */
export function followTeamLinks(): void {
  if (following) return;
  following = true;
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
    if (link.target && link.target !== "_self") return;
    const to = new URL(link.href);
    if (to.origin !== location.origin || !teamPaths.has(pathOf(to))) return;
    event.preventDefault();
    void navigate(link.href);
  });
}
