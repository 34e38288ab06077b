/**
 * The last cell of a /fans row: "Remove", and the question that replaces it ("Remove for good?"), with where the
 * focus goes once it is answered.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import type { FanSignup } from "./fans";
import { fansList } from "./fans.store";

/** The list's count, which takes the focus once a question it asked is answered. */
export const COUNT_ID = "fans-count";

/**
 * Once a removal is answered, the question (and, when it went through, the row) is gone, and with it the
 * focus: the count, which says what changed, takes it, so a keyboard user stays in the list.
 */
export function keepFocusInList() {
  if (document.activeElement === null || document.activeElement === document.body) {
    document.getElementById(COUNT_ID)?.focus();
  }
}

/** The last cell of a row: "Remove", or the question that replaces it. */
export function RemoveCell({ signup }: { signup: FanSignup }) {
  const list = fansList();
  const confirming = useStore(list.$confirming) === signup.id;
  // Answered "Keep": the question goes, and "Remove" comes back with the focus the question had.
  const [kept, setKept] = useState(false);
  if (!confirming) {
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Remove ${signup.email}`}
        autoFocus={kept}
        onClick={() => {
          setKept(false);
          list.askToRemove(signup.id);
        }}
      >
        Remove
      </Button>
    );
  }
  return (
    <div role="group" aria-label={`Remove ${signup.email}?`} className="flex flex-wrap gap-2">
      <span className="text-sm font-semibold">Remove for good?</span>
      <Button size="sm" onClick={() => void list.remove(signup.id).then(keepFocusInList)}>
        Yes, remove
      </Button>
      {/* The question replaces the button that had focus: the safe answer takes it over. */}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setKept(true);
          list.keep();
        }}
        autoFocus
      >
        Keep
      </Button>
    </div>
  );
}
