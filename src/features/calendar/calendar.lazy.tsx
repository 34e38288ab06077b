/**
 * The published shows' forms and panel, fetched when first opened rather than with the calendar: most
 * visits open none, and the calendar's JavaScript once signed in stays within its ceiling
 * (tools/bench/budgets.mjs). Code that cannot be fetched (offline, a stale deploy) says so in place and is
 * fetched again until it comes: after a wait that grows, at once when the connection is back or Try again is
 * pressed, and when opened anew (lazyRetried); what was typed stays in the page's show forms.
 */
import { lazyRetried } from "../../lib/lazy-retried";

function Unavailable() {
  return (
    <p role="alert" className="text-sm text-red-800">
      This part of the calendar could not be loaded. Check your connection: it loads once the connection is back, or
      when you open it again.
    </p>
  );
}

export const LazyShowFields = lazyRetried(
  () => import("./ShowFields").then(({ ShowFields }) => ShowFields),
  Unavailable,
);
export const LazyPublishShow = lazyRetried(
  () => import("./PublishShow").then(({ PublishShow }) => PublishShow),
  Unavailable,
);
export const LazyShowPanel = lazyRetried(() => import("./ShowPanel").then(({ ShowPanel }) => ShowPanel), Unavailable);
