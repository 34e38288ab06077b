/**
 * The last cell of a /fans row: "Remove", and the question that replaces it ("Remove for good?"), with where the
 * focus goes once it is answered.
 */
import { useStore } from "@nanostores/react";
import type { FanSignup } from "./fans";
import { AskFirst } from "./AskFirst";
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
  return (
    <AskFirst
      asking={confirming}
      ask={() => list.askToRemove(signup.id)}
      keep={list.keep}
      yes={() => void list.remove(signup.id).then(keepFocusInList)}
      button={{ text: "Remove", label: `Remove ${signup.email}` }}
      question={{ label: `Remove ${signup.email}?`, text: "Remove for good?", yes: "Yes, remove" }}
      size="sm"
    />
  );
}
