/**
 * The Add Event form as typed so far, and the day picked in the month: kept
 * in memory apart from the team session, so they outlive the page locking
 * itself (nothing typed is lost; after the next sign-in the form shows it
 * again), never a reload. createEventDraft is a test's own; eventDraft() the
 * page's. Light: the Enter Password screen reads whether it holds something.
 */
import { atom, computed } from "nanostores";
import type { EventDraft } from "./calendar.form";

/** Said on the Enter Password screen, under why the page locked, while the draft holds something typed. */
export const DRAFT_KEPT_TEXT = "Your unsaved event is kept and will be back after you sign in.";

export function createEventDraft() {
  /** The form's values; null while untouched and after a successful add (the form then shows emptyEventDraft). */
  const $eventDraft = atom<EventDraft | null>(null);
  /** The day picked in the month, the date of the event being typed. */
  const $selectedDay = atom<Date | undefined>(undefined);
  /** Whether the draft holds something typed, so the Enter Password screen says it is kept. */
  const $hasUnsavedEvent = computed(
    $eventDraft,
    (draft) => draft !== null && (draft.title.trim() !== "" || draft.description.trim() !== ""),
  );
  return {
    $eventDraft,
    $selectedDay,
    $hasUnsavedEvent,
    editEventDraft: (draft: EventDraft) => $eventDraft.set(draft),
    clearEventDraft: () => $eventDraft.set(null),
    selectDay: (day: Date | undefined) => $selectedDay.set(day),
  };
}

export type EventDraftStore = ReturnType<typeof createEventDraft>;

let pageDraft: EventDraftStore | undefined;

/** The page's one draft, shared by the form, the month and the Enter Password screen. */
export function eventDraft(): EventDraftStore {
  pageDraft ??= createEventDraft();
  return pageDraft;
}
