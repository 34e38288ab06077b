/**
 * The shared contacts directory island: the team's Enter Password screen, as on every team page, then
 * the directory itself (ContactsTool, fetched with the Supabase client once someone starts on the
 * password, so the page loads light). The migration of contacts kept in this browser and the first
 * load run after the sign-in; the page locks again, saying why, when the session ends, and that a contact half
 * typed in the add form is kept.
 */
import { useStore } from "@nanostores/react";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { TeamGate, teamTool } from "../team/TeamGate";
import { teamSession } from "../team/team.store";
import { lazyCode } from "../../lib/retried";
import { CONTACT_KEPT_TEXT, contactKept } from "./contacts.kept";

const contactsTool = teamTool(lazyCode(() => import("./ContactsTool").then(({ ContactsTool }) => ContactsTool)));

export function Contacts() {
  // Rendered again at each lock: a contact typed in the add form before it is kept in the tab, and said so.
  useStore(teamSession().$unlocked);
  return (
    <ErrorBoundary>
      <TeamGate tool={contactsTool} kept={contactKept() ? CONTACT_KEPT_TEXT : null} />
    </ErrorBoundary>
  );
}
