/**
 * The Sign out button above a team page's tool, once signed in (team.signout.store.ts does the work). Beside it,
 * a line while it waits for a change on its way, or why it did not sign out. Each tool renders it above itself
 * (CalendarTool, ContactsTool, SignupList), so its code comes with the tool's, not with the Enter Password screen.
 */
import { useStore } from "@nanostores/react";
import { Button } from "../../components/ui/Button";
import { signOutControl } from "./team.signout.store";

/** Said beside Sign out while it waits for the changes on their way to be saved. */
const WAITING = "Signing out once the change on its way is saved…";

export function SignOut() {
  const control = signOutControl();
  const waiting = useStore(control.$waiting);
  const stopped = useStore(control.$stopped);
  const line = waiting ? WAITING : stopped;
  return (
    // At the start of the line, under the team bar's links: the top right is where the toasts of the sign-in stand
    // (toasts.placement.ts keeps them off every control, and a button there left them no clear place on a laptop).
    <div data-sign-out className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      {/* min-h-11: a 44 px touch target, for a phone handed on in a hurry. */}
      <Button variant="secondary" className="min-h-11" aria-disabled={waiting} onClick={() => void control.signOut()}>
        Sign out
      </Button>
      <p role="status" className={line ? "text-sm text-stone-700" : "sr-only"}>
        {line}
      </p>
    </div>
  );
}
