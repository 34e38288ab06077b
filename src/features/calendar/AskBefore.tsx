/**
 * The question asked before a change a tap by mistake must not make, as it reaches others at once: cancelling a
 * show or taking it off the website (fans see it within minutes), ending the calendar's address (every subscribed
 * phone is cut off). The safe answer has the focus, so a second tap keeps things as they are; Escape answers it
 * too. Each answer closes the question; where the focus goes then is the caller's (`onKeep` gives it back to the
 * button that asked).
 */
import { useEffect, useId, useRef } from "react";
import { Button } from "../../components/ui/Button";

type AskBeforeProps = {
  question: string;
  /** The words of the answer that makes the change, and of the one that keeps the show as it is. */
  yes: string;
  keep: string;
  busy: boolean;
  onYes: (pressed: HTMLButtonElement) => void;
  onKeep: () => void;
};

export function AskBefore({ question, yes, keep, busy, onYes, onKeep }: AskBeforeProps) {
  const id = useId();
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => keepButton.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={`${id}-question`}
      className="space-y-2"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // The question's own Escape keeps things as they are: no toast closes with it.
        event.preventDefault();
        onKeep();
      }}
    >
      <p id={`${id}-question`} className="max-w-prose font-medium">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          size="sm"
          className="min-h-11"
          aria-disabled={busy || undefined}
          onClick={({ currentTarget }) => {
            if (!busy) onYes(currentTarget);
          }}
        >
          {yes}
        </Button>
        <Button ref={keepButton} variant="secondary" size="sm" className="min-h-11" onClick={onKeep}>
          {keep}
        </Button>
      </div>
    </div>
  );
}
