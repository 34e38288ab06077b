/**
 * A published show's status buttons: Postpone, Mark sold out (or Back on sale) and Cancel the show (each but what it is already;
 * a show may be postponed and sold out at once). Cancelling asks first, "Keep the show" focused so a second tap by mistake keeps it, as fans see a
 * cancellation on the website within minutes; each change is a new version, restorable. "Keep the show" gives the
 * focus back to "Cancel the show"; once a change is answered, the focus goes to the show's status line (focusStatus),
 * or, when the cancellation was refused, back to "Cancel the show". The panel's guard (GuardedButton.tsx) keeps a
 * double tap from making a second change: "Mark sold out" takes Postpone's place once pressed.
 */
import { useRef, useState } from "react";
import { focusIfLost } from "../../components/ui/focusIfLost";
import { offeredStatuses, statusChange, type Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { AskBefore } from "./AskBefore";
import { GuardedButton, type TapGuard } from "./GuardedButton";
import type { FocusStatus } from "./ShowPanel";

/** Each status button's words, and its toast once the change is made. */
const STATUS_WORDS = {
  postponed: ["Postpone", "Show postponed"],
  "sold-out": ["Mark sold out", "Show marked sold out"],
  "on-sale": ["Back on sale", "Show back on sale"],
  cancelled: ["Cancel the show", "Show cancelled"],
} as const;

/** Asked before a show is cancelled. */
const CANCEL_QUESTION =
  "Cancel this show? Fans see it cancelled on the website within minutes; Restore puts it back as it was.";

type StatusButtonsProps = { show: Show; guard: TapGuard; busy: boolean; focusStatus: FocusStatus };

export function StatusButtons({ show, guard, busy, focusStatus }: StatusButtonsProps) {
  const shows = showChanges();
  const [askingCancel, setAskingCancel] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {offeredStatuses(show).map((status) => (
          <GuardedButton
            key={status}
            ref={status === "cancelled" ? cancel : undefined}
            guard={guard}
            onPress={(pressed) => {
              if (status === "cancelled") setAskingCancel(true);
              else {
                const done = STATUS_WORDS[status][1];
                void shows.change(show.id, statusChange(show, status)!, done).then(() => focusStatus(pressed));
              }
            }}
          >
            {STATUS_WORDS[status][0]}
          </GuardedButton>
        ))}
      </div>
      {askingCancel ? (
        <AskBefore
          question={CANCEL_QUESTION}
          yes="Yes, cancel the show"
          keep="Keep the show"
          busy={busy}
          onYes={(pressed) => {
            setAskingCancel(false);
            void shows
              .change(show.id, { status: "cancelled" }, STATUS_WORDS.cancelled[1])
              .then((done) => (done ? focusStatus(pressed) : focusIfLost(cancel.current)));
          }}
          onKeep={() => {
            // The question goes; the button that asked it takes the focus back, as /fans' Keep does.
            setAskingCancel(false);
            cancel.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
