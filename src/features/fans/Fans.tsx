/**
 * The team's list of fan sign-ups (/fans): the same Enter Password screen and
 * team sign-in as the calendar, then the list (SignupList). Rendered in the
 * browser only (client:only).
 */
import { useStore } from "@nanostores/react";
import { getSupabase } from "../../lib/supabase";
import { teamSession } from "../calendar/calendar.store";
import { PasswordGate } from "../calendar/PasswordGate";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { FANS_ACCESS_GRANTED } from "./fans";
import { SignupList } from "./SignupList";

/** Loads the Supabase client once someone starts on the password, not at load, as the calendar does. */
function prepareLogin(): void {
  void getSupabase().catch(() => {
    // The Login itself reports a client that cannot load.
  });
}

function FansPage() {
  // The same team session as the calendar: its sign-in follows the auth events and locks both pages.
  const unlocked = useStore(teamSession().$unlocked);
  return unlocked ? <SignupList /> : <PasswordGate onPrepare={prepareLogin} granted={FANS_ACCESS_GRANTED} />;
}

export function Fans() {
  return (
    <ErrorBoundary>
      <FansPage />
    </ErrorBoundary>
  );
}
