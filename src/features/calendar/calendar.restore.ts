/**
 * Whether restoring a kept version of a published show asks first, and what it asks: a restore that changes what
 * fans are told in a way a tap by mistake must not, as the panel's own buttons that do the same ask
 * (StatusButtons.tsx, WebsiteButton.tsx). Any other restore is one tap, so undoing a change stays cheap.
 */
import { isSoldOut, statusText, type Show } from "./calendar.shows";
import { keptDoors } from "./calendar.history";

/** The question, and the words of its safe answer (the one that keeps the show as it is). */
export type RestoreQuestion = { question: string; keep: string };

const cancelled = (show: Show) => show.status === "cancelled";

/** How fans will read a show no longer cancelled, in a few words before its status. */
const backOn = (kept: Show) =>
  kept.status === "postponed"
    ? "postponed, no longer cancelled"
    : isSoldOut(kept)
      ? "going ahead again"
      : "on sale again";

/**
 * What restoring `kept` over the show `now` asks, or null when it is one tap:
 * - taking the show off the website asks as Take off the website does (fans no longer find it);
 * - bringing back a version from before a cancellation (on the website) asks, saying what fans will see then,
 *   its status and doors ("Fans will see it on sale again: Scheduled, doors 20:00.");
 * - bringing back a cancelled version on the website over one fans read going ahead (or did not see) asks as
 *   Cancel the show does.
 * Putting a show back on the website as it was asks nothing, as Put back on the website does not: fans see again
 * what they saw, and one tap takes it off again, after asking.
 */
export function restoreQuestion(kept: Show, now: Show): RestoreQuestion | null {
  if (now.published && !kept.published) {
    return {
      question:
        "Take this show off the website? Within minutes fans no longer find it on the tour page or in the tour's calendar file.",
      keep: "Keep it on the website",
    };
  }
  if (!kept.published || cancelled(kept) === cancelled(now)) return null;
  if (cancelled(now)) {
    return {
      question: `Undo the cancellation? Fans will see it ${backOn(kept)}: ${statusText(kept)}, doors ${keptDoors(kept, now)}.`,
      keep: "Keep it cancelled",
    };
  }
  return { question: "Cancel this show? Fans see it cancelled on the website within minutes.", keep: "Keep the show" };
}
