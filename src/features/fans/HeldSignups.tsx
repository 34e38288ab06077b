import { useStore } from "@nanostores/react";
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { AskFirst } from "./AskFirst";
import { formatSignupDate, heldSignupsText, interestShort } from "./fans";
import { fansList } from "./fans.store";

/**
 * The held sign-ups, apart from the list: what they are, the two actions (clearing, which deletes them, once
 * confirmed), and each address with its choice and date. Nothing shows while none are held. `onAnswered` runs
 * once an action is answered (the list keeps the focus then).
 */
export function HeldSignups({ onAnswered }: { onAnswered: () => void }) {
  const list = fansList();
  const held = useStore(list.$held);
  const releasing = useStore(list.$releasing);
  // Clearing deletes them for good: asked first, as removing one address is, with the safe answer focused.
  const [askingToClear, setAskingToClear] = useState(false);
  if (!held || held.length === 0) return null;
  return (
    <section aria-labelledby="held-heading" className="space-y-4 rounded border border-amber-300 bg-amber-50 p-4">
      <h2 id="held-heading" className="text-lg font-semibold">
        Held sign-ups
      </h2>
      <p>{heldSignupsText(held.length)}</p>
      <div className="flex flex-wrap gap-2">
        <Button aria-disabled={releasing} onClick={() => void list.releaseHeld(true).then(onAnswered)}>
          Add all to the list
        </Button>
        <AskFirst
          asking={askingToClear}
          ask={() => setAskingToClear(true)}
          keep={() => setAskingToClear(false)}
          yes={() => {
            setAskingToClear(false);
            void list.releaseHeld(false).then(onAnswered);
          }}
          button={{ text: "Clear all", busy: releasing }}
          question={{ label: "Clear all held sign-ups?", text: "Clear them all for good?", yes: "Yes, clear" }}
        />
      </div>
      <ul className="space-y-1">
        {held.map((signup) => (
          <li key={signup.id} className="break-all">
            {signup.email} · {interestShort(signup.interest)} ·{" "}
            <time dateTime={signup.created_at}>{formatSignupDate(signup.created_at)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
