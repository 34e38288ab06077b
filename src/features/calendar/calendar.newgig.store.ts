/**
 * The Add Event form's show form, among the show forms (calendar.publish.store.ts): its typing is the event
 * draft's (kept in the tab with the rest of that form), and what was said of its doors goes when another day is
 * picked, as the doors are on the picked day.
 */
import type { MapStore } from "nanostores";
import { dayKey } from "./calendar";
import type { EventDraftStore } from "./calendar.draft.store";
import type { ShowDraft, ShowDraftProblems } from "./calendar.publish";
import { NEW_GIG } from "./calendar.types";

/**
 * Binds the new gig's form in `$drafts` and `$problems` to the event draft: the form starts as the draft holds it,
 * what is typed in it goes to the draft, and it goes when the draft empties (the event added, put on the website
 * or not).
 */
export function followNewGigDraft(
  draft: Pick<EventDraftStore, "$selectedDay" | "$newShow">,
  $drafts: MapStore<Record<string, ShowDraft>>,
  $problems: MapStore<Record<string, ShowDraftProblems>>,
): void {
  draft.$selectedDay.listen((day, before) => {
    // The picker hands over the same day anew when it is picked again: nothing has changed then.
    if (day && before && dayKey(day) === dayKey(before)) return;
    const { doors, ...others } = $problems.get()[NEW_GIG] ?? {};
    if (doors !== undefined) $problems.setKey(NEW_GIG, others);
  });
  const { $newShow } = draft;
  const newShow = $newShow.get();
  if (newShow) $drafts.setKey(NEW_GIG, newShow);
  $drafts.listen((drafts) => $newShow.set(drafts[NEW_GIG] ?? null));
  $newShow.listen((show) => {
    if (show !== ($drafts.get()[NEW_GIG] ?? null)) $drafts.setKey(NEW_GIG, show ?? (undefined as unknown as ShowDraft));
    // What was said of fields now gone would stand beside the next gig's empty ones.
    if (show === null) $problems.setKey(NEW_GIG, {});
  });
}
