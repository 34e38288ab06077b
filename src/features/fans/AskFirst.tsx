/**
 * A button for what cannot be undone, and the question that replaces it once pressed ("Remove for good?"): the safe
 * answer, Keep, takes the focus the button had, and Keep gives it back to the button. /fans asks it before removing
 * an address and before clearing the held sign-ups.
 */
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { cx, type ButtonStyle } from "../../components/ui/styles";

type AskFirstProps = {
  /** Whether the question stands in place of the button. */
  asking: boolean;
  ask: () => void;
  keep: () => void;
  yes: () => void;
  /** The button's words, its name for a screen reader when they need more, and whether it is waiting. */
  button: { text: string; label?: string; busy?: boolean };
  /** The question's name for a screen reader, its words, and the words of its Yes. */
  question: { label: string; text: string; yes: string };
  size?: ButtonStyle["size"];
};

export function AskFirst({ asking, ask, keep, yes, button, question, size }: AskFirstProps) {
  // Answered "Keep": the question goes, and the button comes back with the focus the question had.
  const [kept, setKept] = useState(false);
  if (!asking) {
    return (
      <Button
        variant="secondary"
        size={size}
        aria-label={button.label}
        aria-disabled={button.busy}
        autoFocus={kept}
        onClick={() => {
          if (button.busy) return;
          setKept(false);
          ask();
        }}
      >
        {button.text}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={question.label} className="flex flex-wrap items-center gap-2">
      <span className={cx("font-semibold", size === "sm" && "text-sm")}>{question.text}</span>
      <Button size={size} aria-disabled={button.busy} onClick={yes}>
        {question.yes}
      </Button>
      {/* The question replaces the button that had focus: the safe answer takes it over. */}
      <Button
        variant="secondary"
        size={size}
        onClick={() => {
          setKept(true);
          keep();
        }}
        autoFocus
      >
        Keep
      </Button>
    </div>
  );
}
