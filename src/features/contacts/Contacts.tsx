/**
 * The shared contacts directory island: the team's Enter Password screen, as on every team page, then
 * the directory itself (ContactsTool, fetched with the Supabase client once someone starts on the
 * password, so the page loads light). The migration of contacts kept in this browser and the first
 * load run after the sign-in; the page locks again, saying why, when the session ends.
 */
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { TeamGate, teamTool } from "../team/TeamGate";
import { lazyCode } from "../../lib/retried";

const contactsTool = teamTool(lazyCode(() => import("./ContactsTool").then(({ ContactsTool }) => ContactsTool)));

export function Contacts() {
  return (
    <ErrorBoundary>
      <TeamGate tool={contactsTool} />
    </ErrorBoundary>
  );
}
