/**
 * A kept version's Restore, in a show's history (ShowHistory.tsx), saying on it when restoring takes the show off
 * the website or puts it back. A restore that changes what fans are told in a way that needs care asks first, in
 * the words of restoreQuestion (calendar.restore.ts), as Cancel the show does: the safe answer focused, so a
 * second tap by mistake keeps the show as it is, and Escape answering it too. The safe answer gives the focus back
 * to Restore; once a restore is answered, the focus goes to the show's status line (focusStatus): Restore is off by
 * then. A question a teammate's change leaves with nothing to ask closes, its focus going back to Restore, or to the
 * status line when Restore is off. Any other restore is one tap.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { focusIfLost } from "../../components/ui/focusIfLost";
import type { Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { restoreQuestion } from "./calendar.restore";
import { AskBefore } from "./AskBefore";
import type { FocusStatus } from "./ShowPanel";

/** What restoring `kept` does to whether fans see the show, said on its Restore button. */
const websiteChange = (kept: Show, show: Show) =>
  show.published === kept.published
    ? ""
    : kept.published
      ? " (puts it back on the website)"
      : " (takes it off the website)";

type RestoreButtonProps = {
  show: Show;
  /** The kept version, and its number. */
  kept: Show;
  version: number;
  /** Off: a change of the show is on its way, or restoring this version would change nothing. */
  disabled: boolean;
  busy: boolean;
  focusStatus: FocusStatus;
};

export function RestoreButton({ show, kept, version, disabled, busy, focusStatus }: RestoreButtonProps) {
  const shows = showChanges();
  // Asking, not asking, or the question ended by a teammate's change (the focus then goes on, below).
  const [asking, setAsking] = useState<boolean | "ended">(false);
  const button = useRef<HTMLButtonElement>(null);
  // Worked out anew at each showing: a teammate's change heard while it is open words it for the show as it is now.
  const question = restoreQuestion(kept, show);
  // A teammate's change that leaves nothing to ask closes the question for good: left open, it would come back by
  // itself at their next change (a cancellation after a restore), taking the focus, with no Restore pressed.
  if (asking === true && !question) setAsking("ended");
  // The focus was in the question, gone now: back to Restore if it still restores, else to the show's status line.
  useEffect(() => {
    const restoreButton = button.current;
    if (asking !== "ended" || !restoreButton) return;
    if (restoreButton.disabled) focusStatus(restoreButton);
    else focusIfLost(restoreButton);
    setAsking(false);
  }, [asking, focusStatus]);
  const restore = (pressed: Element) => void shows.restore(show.id, version).then(() => focusStatus(pressed));
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        className="mt-2"
        disabled={disabled}
        onClick={({ currentTarget }) => (question ? setAsking(true) : restore(currentTarget))}
      >
        Restore<span className="sr-only"> version {version}</span>
        {websiteChange(kept, show)}
      </Button>
      {asking === true && question ? (
        <div className="mt-2">
          <AskBefore
            question={question.question}
            yes={`Yes, restore version ${version}`}
            keep={question.keep}
            busy={busy}
            onYes={(pressed) => {
              setAsking(false);
              restore(pressed);
            }}
            onKeep={() => {
              setAsking(false);
              button.current?.focus();
            }}
          />
        </div>
      ) : null}
    </>
  );
}
