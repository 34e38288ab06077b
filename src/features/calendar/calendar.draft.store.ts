/**
 * The Add Event form as typed so far, and the day picked in the month: kept
 * apart from the team session, so they outlive the page locking itself
 * (nothing typed is lost; after the next sign-in the form shows it again),
 * and the page's are kept in the tab too (src/lib/kept-in-tab.ts), so they
 * outlive a reload and a phone dropping the tab in the background.
 * createEventDraft is a test's own; eventDraft() the page's. Light: the Enter
 * Password screen reads whether it holds something.
 */
import { atom, computed } from "nanostores";
import { keepInTab, stringsLike } from "../../lib/kept-in-tab";
import type { EventDraft } from "./calendar.form";
import { emptyEventDraft, isEventType } from "./calendar.types";

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

/** The tab's keys of the page's draft. */
const KEPT_EVENT = "stagedoor.calendar.event";
const KEPT_DAY = "stagedoor.calendar.day";

/** A draft kept in the tab, as the form can show it. */
function keptDraft(kept: unknown): EventDraft | undefined {
  const draft = stringsLike(kept, emptyEventDraft);
  return draft && isEventType(draft.eventType) ? draft : undefined;
}

/** A day kept in the tab (the instant it was picked at, as text). */
const keptDay = (kept: unknown) => (typeof kept === "string" && Date.parse(kept) ? new Date(kept) : undefined);

/** The page's one draft, shared by the form, the month and the Enter Password screen, and kept in the tab. */
export function eventDraft(): EventDraftStore {
  if (!pageDraft) {
    pageDraft = createEventDraft();
    keepInTab(pageDraft.$eventDraft, KEPT_EVENT, keptDraft);
    keepInTab(pageDraft.$selectedDay, KEPT_DAY, keptDay, (day) => day?.toISOString());
  }
  return pageDraft;
}
