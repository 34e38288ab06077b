/**
 * The shared calendar island: the team's Enter Password screen until the team
 * signs in, then the calendar itself (CalendarTool, loaded on demand). The
 * page follows the team session's auth events and locks again, saying why
 * and that the event being typed is kept, when the session ends. Rendered in
 * the browser only (client:only), so "today" is never baked into the HTML at build time.
 */
import { useStore } from "@nanostores/react";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { TeamGate, teamTool } from "../team/TeamGate";
import { DRAFT_KEPT_TEXT, eventDraft } from "./calendar.draft.store";
import { lazyCode } from "../../lib/retried";

const calendarTool = teamTool(lazyCode(() => import("./CalendarTool").then(({ CalendarTool }) => CalendarTool)));

function CalendarPage() {
  const draftKept = useStore(eventDraft().$hasUnsavedEvent);
  return <TeamGate tool={calendarTool} kept={draftKept ? DRAFT_KEPT_TEXT : null} />;
}

export function Calendar() {
  return (
    <ErrorBoundary>
      <CalendarPage />
    </ErrorBoundary>
  );
}
