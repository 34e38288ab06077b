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

/**
 * Each part's code and what it brings (static imports): the show's fields bring their store, and the two other parts
 * the show's fields. A part's load asks for what it brings too (already here then, so no second fetch), so that
 * what has come is given offline as well: the fields after a show's panel was opened, the store after the fields.
 */
const publishingCode = lazyCode(() => import("./calendar.publish.store"));
const showFieldsCode = lazyCode(() =>
  Promise.all([import("./ShowFields"), publishingCode()]).then(([{ ShowFields }]) => ShowFields),
);

export const LazyShowFields = lazyRetried(showFieldsCode, Unavailable);
export const LazyPublishShow = lazyRetried(
  lazyCode(() => Promise.all([import("./PublishShow"), showFieldsCode()]).then(([{ PublishShow }]) => PublishShow)),
  Unavailable,
);
export const LazyShowPanel = lazyRetried(
  lazyCode(() => Promise.all([import("./ShowPanel"), showFieldsCode()]).then(([{ ShowPanel }]) => ShowPanel)),
  Unavailable,
);

/**
 * "Add Event" with "Put on the website" ticked; the store is here whenever the show's fields are. Should its code
 * not come (offline, the fields never shown), nothing is sent and the form stays, as when the gig cannot be sent.
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
