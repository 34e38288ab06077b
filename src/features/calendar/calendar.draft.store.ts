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

/** The tab's key of the page's draft. */
const KEPT_EVENT = "stagedoor.calendar.event";

/** The draft as the tab keeps it: with the day it is for, the instant it was picked at (as text). */
type KeptDraft = EventDraft & { day?: string };

/** A draft kept in the tab, as the form can show it. */
function keptDraft(kept: unknown): KeptDraft | undefined {
  if (typeof kept !== "object" || kept === null) return undefined;
  const { day, ...fields } = kept as Record<string, unknown>;
  const draft = stringsLike(fields, emptyEventDraft);
  if (!draft || !isEventType(draft.eventType)) return undefined;
  return isKeptDay(day) ? { ...draft, day } : draft;
}

/** Whether `day` is a day the month can open on: an instant in the years 1900 to 2199, as text. */
const isKeptDay = (day: unknown): day is string => {
  const year = typeof day === "string" ? new Date(day).getUTCFullYear() : Number.NaN;
  return year >= 1900 && year < 2200;
};

/**
 * Keeps `draft` in the tab (`storage` in a test) with its day while something is typed, as a page loaded afresh
 * finds it: once the event is added, a reload opens the month on today again.
 */
export function keepDraftInTab(draft: EventDraftStore, storage?: Parameters<typeof keepInTab>[4]): void {
  const { $eventDraft, $selectedDay } = draft;
  const $kept = computed([$eventDraft, $selectedDay], (typed, day): KeptDraft | null =>
    typed ? { ...typed, ...(day && { day: day.toISOString() }) } : null,
  );
  const restore = (kept: KeptDraft | null) => {
    if (!kept) return;
    const { day, ...typed } = kept;
    $eventDraft.set(typed);
    if (day) $selectedDay.set(new Date(day));
  };
  const store = { set: restore, listen: (listener: (value: KeptDraft | null) => void) => $kept.listen(listener) };
  keepInTab<KeptDraft | null>(store, KEPT_EVENT, keptDraft, undefined, storage);
}

/** The page's one draft, shared by the form, the month and the Enter Password screen, and kept in the tab. */
export function eventDraft(): EventDraftStore {
  if (!pageDraft) {
    pageDraft = createEventDraft();
    keepDraftInTab(pageDraft);
  }
  return pageDraft;
}
