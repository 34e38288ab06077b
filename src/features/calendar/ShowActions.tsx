/**
 * What the team changes of a published show: postponed, sold out, cancelled (StatusButtons.tsx), taken off the
 * website and put back (WebsiteButton.tsx), rescheduled to a new time still to come in the venue's time zone
 * (RescheduleForm.tsx), a new ticket link (TicketLinkForm.tsx), and any of its details put right (ShowDetails.tsx:
 * the show's form, filled in as it is: only what is changed is written). Each change is a new version, kept and
 * restorable; what is typed stays after a refusal. A cancelled show offers none of them but taking it off the
 * website: Restore (ShowHistory.tsx) brings it back, and with it the forms as they were typed, following the
 * version restored (a cancellation heard from a teammate while a person types drops nothing). A show taken off
 * offers only putting it back (and Restore). Its button is a new one once the show is off the website, or back:
 * a question left open before a teammate's change does not come back with the show. Whenever what the buttons
 * offer changes (a change made here or a teammate's), they take no tap for a moment (GuardedButton.tsx).
 */
import { useStore } from "@nanostores/react";
import { ShowDetails } from "./ShowDetails";
import { offeredStatuses, type Show } from "./calendar.shows";
import type { FocusStatus } from "./ShowPanel";
import { showChanges } from "./calendar.changes.store";
import { useTapGuard } from "./GuardedButton";
import { RescheduleForm } from "./RescheduleForm";
import { StatusButtons } from "./StatusButtons";
import { TicketLinkForm } from "./TicketLinkForm";
import { WebsiteButton } from "./WebsiteButton";

export function ShowActions({ show, focusStatus }: { show: Show; focusStatus: FocusStatus }) {
  const shows = showChanges();
  const busy = useStore(shows.$changing)[show.id] ?? false;
  // What the panel's buttons offer, in a word: when it changes under a finger, they wait a moment (GuardedButton).
  const offered = !show.published ? "off" : show.status === "cancelled" ? "cancelled" : offeredStatuses(show).join(" ");
  const guard = useTapGuard(busy, offered);

  // A cancelled show is not changed back by a tap on another status or a new day: fans were told it is off.
  // Restore brings back a version from before the cancellation, as the cancel question says.
  // A show taken off the website is changed once it is back on: fans would not see a change made meanwhile.
  if (!show.published) {
    return (
      <div className="space-y-2">
        <p className="max-w-prose text-sm">
          This show is taken off the website: fans stop finding it there once the website catches up, as the card says.
          Put it back to change it; anything typed in its forms is kept till then.
        </p>
        <WebsiteButton key="off-the-website" show={show} guard={guard} busy={busy} focusStatus={focusStatus} />
      </div>
    );
  }
  if (show.status === "cancelled") {
    return (
      <div className="space-y-2">
        <p className="max-w-prose text-sm">
          This show is cancelled: fans see it so once the website catches up, as the card says. To undo the
          cancellation, restore a version from before it; anything typed in its forms is kept till then.
        </p>
        <WebsiteButton key="on-the-website" show={show} guard={guard} busy={busy} focusStatus={focusStatus} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <StatusButtons show={show} guard={guard} busy={busy} focusStatus={focusStatus} />
      <WebsiteButton key="on-the-website" show={show} guard={guard} busy={busy} focusStatus={focusStatus} />
      <ShowDetails show={show} busy={busy} />
      <RescheduleForm show={show} busy={busy} />
      <TicketLinkForm show={show} busy={busy} />
    </div>
  );
}
