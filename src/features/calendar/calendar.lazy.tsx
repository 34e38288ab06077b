/**
 * The published shows' forms and panel, fetched when first opened rather than with the calendar: most
 * visits open none, and the calendar's JavaScript once signed in stays within its ceiling
 * (tools/bench/budgets.mjs). Code that cannot be fetched (offline, a stale deploy) says so in place; what
 * was typed stays in the page's show forms.
 */
import { lazy } from "react";

function Unavailable() {
  return (
    <p role="alert" className="text-sm text-red-800">
      This part of the calendar could not be loaded. Check your connection, then reload the page.
    </p>
  );
}

const failed = (error: unknown) => {
  console.error(error);
  return { default: Unavailable };
};

export const LazyShowFields = lazy(() =>
  import("./ShowFields").then(({ ShowFields }) => ({ default: ShowFields }), failed),
);
export const LazyPublishShow = lazy(() =>
  import("./PublishShow").then(({ PublishShow }) => ({ default: PublishShow }), failed),
);
export const LazyShowPanel = lazy(() =>
  import("./ShowPanel").then(({ ShowPanel }) => ({ default: ShowPanel }), failed),
);
