/**
 * Adding the event typed in the Add Event form: at most one on its way, the draft kept on any failure
 * and cleared once the event is in, each outcome said with its toast (docs/features.md#calendar).
 */
import { atom } from "nanostores";
import { showToast } from "../toasts/toasts.store";
import { isAccessRefused } from "../team/team";
import type { TeamSession } from "../team/team.store";
import { insertEvent, type CalendarClient } from "./calendar.api";
import type { EventDraftStore } from "./calendar.draft.store";
import { errorMessage } from "./calendar.errors";
import { emptyEventDraft, eventFromDraft } from "./calendar.form";

export function createEventAdding(deps: {
  client: () => Promise<CalendarClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  draft: Pick<EventDraftStore, "$eventDraft" | "$selectedDay" | "clearEventDraft" | "idToAdd">;
  /** After a successful add: the list read again. */
  added: () => void;
}) {
  /** Whether an Add Event is on its way. */
  const $adding = atom(false);

  /**
   * Adds the event typed in the form. Without a picked day or a title, or
   * while an add is on its way, nothing happens. Only a successful add clears
   * the draft, says "Event added" and reads the list again. Any failure keeps
   * the draft: a refused session locks the page (the draft is back after the
   * next sign-in), anything else says why in the toast of
   * docs/features.md#calendar. Returns whether
   * the event was added.
   */
  async function addEvent(): Promise<boolean> {
    const draft = deps.draft.$eventDraft.get() ?? emptyEventDraft;
    const row = eventFromDraft(draft, deps.draft.$selectedDay.get());
    if (!row || $adding.get()) return false;
    $adding.set(true);
    const opening = deps.session.currentOpening();
    try {
      await insertEvent(await deps.client(), row, deps.draft.idToAdd(row));
    } catch (error) {
      if (isAccessRefused(error)) await deps.session.refuse(opening);
      else showToast({ title: "Error adding event", description: errorMessage(error), variant: "destructive" });
      return false;
    } finally {
      $adding.set(false);
    }
    deps.draft.clearEventDraft();
    showToast({ title: "Event added", description: "New event has been added successfully" });
    deps.added();
    return true;
  }

  return { $adding, addEvent };
}
