/**
 * A published show's status buttons: Postpone, Mark sold out (or Back on sale) and Cancel the show (each but what it is already;
 * a show may be postponed and sold out at once). Cancelling asks first, "Keep the show" focused so a second tap by mistake keeps it, as fans see a
 * cancellation on the website within minutes; each change is a new version, restorable. "Keep the show" gives the
 * focus back to "Cancel the show"; once a change is answered, the focus goes to the show's status line (focusStatus).
 */
import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { statusChange, type Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { AskBefore } from "./AskBefore";
import type { FocusStatus } from "./ShowPanel";

const STATUS_CHANGES = [
  ["postponed", "Postpone", "Show postponed"],
  ["sold-out", "Mark sold out", "Show marked sold out"],
  ["on-sale", "Back on sale", "Show back on sale"],
  ["cancelled", "Cancel the show", "Show cancelled"],
] as const;

/**
 * How long after the status buttons change they wait before they take a tap: "Postpone" pressed twice would
 * otherwise mark the show sold out too ("Mark sold out" takes Postpone's place), and "Mark sold out" pressed as a
 * teammate's "Mark sold out" arrives would put it back on sale, each a change fans see.
 */
const SETTLE_MS = 800;

/** Asked before a show is cancelled. */
const CANCEL_QUESTION =
  "Cancel this show? Fans see it cancelled on the website within minutes; Restore puts it back as it was.";

type StatusButtonsProps = { show: Show; busy: boolean; focusStatus: FocusStatus };

export function StatusButtons({ show, busy, focusStatus }: StatusButtonsProps) {
  const shows = showChanges();
  const [askingCancel, setAskingCancel] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const offered = STATUS_CHANGES.filter(([status]) => statusChange(show, status) !== null);
  // Just after the buttons change (a change made here or heard from a teammate), another status's button stands
  // where the finger is: a tap waits it out. Set before the browser takes the next tap (a layout effect) and read
  // at the tap, so none slips in before the dimming shows.
  const shown = offered.map(([status]) => status).join(" ");
  const lastShown = useRef(shown);
  const pausing = useRef(false);
  const [settling, setSettling] = useState(false);
  useLayoutEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    pausing.current = true;
    setSettling(true);
    const timer = setTimeout(() => {
      pausing.current = false;
      setSettling(false);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      pausing.current = false;
    };
  }, [shown]);

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {offered.map(([status, words, done]) => (
          <Button
            key={status}
            ref={status === "cancelled" ? cancel : undefined}
            variant="secondary"
            size="sm"
            aria-disabled={busy || settling || undefined}
            onClick={({ currentTarget }) => {
              if (busy || pausing.current) return;
              if (status === "cancelled") setAskingCancel(true);
              else void shows.change(show.id, statusChange(show, status)!, done).then(() => focusStatus(currentTarget));
            }}
          >
            {words}
          </Button>
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
            void shows.change(show.id, { status: "cancelled" }, "Show cancelled").then(() => focusStatus(pressed));
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
