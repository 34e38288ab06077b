/**
 * The published shows' forms and panel, fetched when first opened rather than with the calendar: most
 * visits open none, and the calendar's JavaScript once signed in stays within its ceiling
 * (tools/bench/budgets.mjs). Code that cannot be fetched (offline, a stale deploy) says so in place and is
 * fetched again until it comes: after a wait that grows, at once when the connection is back or Try again is
 * pressed, and when opened anew (lazyRetried); what was typed stays in the page's show forms.
 */
import { lazyRetried } from "../../lib/lazy-retried";
import { lazyCode } from "../../lib/retried";
import { showToast } from "../toasts/toasts.store";
import { errorMessage } from "./calendar.errors";

function Unavailable() {
  return (
    <p role="alert" className="text-sm text-red-800">
      This part of the calendar could not be loaded. Check your connection: it loads once the connection is back, or
      when you open it again.
    </p>
  );
}

export const LazyShowFields = lazyRetried(
  lazyCode(() => import("./ShowFields").then(({ ShowFields }) => ShowFields)),
  Unavailable,
);
export const LazyPublishShow = lazyRetried(
  lazyCode(() => import("./PublishShow").then(({ PublishShow }) => PublishShow)),
  Unavailable,
);
export const LazyShowPanel = lazyRetried(
  lazyCode(() => import("./ShowPanel").then(({ ShowPanel }) => ShowPanel)),
  Unavailable,
);

/** The store of a gig put on the website as it is added; usually here already, with the show's fields. */
const publishingCode = lazyCode(() => import("./calendar.publish.store"));

/**
 * "Add Event" with "Put on the website" ticked. Should the store's code not come (offline), nothing is sent and the
 * form stays, as when the gig itself cannot be sent.
 */
export async function addGigOnWebsite() {
  let publishing;
  try {
    publishing = await publishingCode();
  } catch (error) {
    showToast({ title: "Error adding event", description: errorMessage(error), variant: "destructive" });
    return;
  }
  await publishing.gigPublishing().addPublishedGig();
}
