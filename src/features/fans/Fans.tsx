/**
 * The team's list of fan sign-ups (/fans): the team's Enter Password screen,
 * as on every team page, then the list (SignupList, loaded once someone starts
 * on the password). Rendered in the browser only (client:only).
 */
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { TeamGate, teamTool } from "../team/TeamGate";
import { lazyCode } from "../../lib/retried";

const signupList = teamTool(lazyCode(() => import("./SignupList").then(({ SignupList }) => SignupList)));

export function Fans() {
  return (
    <ErrorBoundary>
      <TeamGate tool={signupList} />
    </ErrorBoundary>
  );
}
