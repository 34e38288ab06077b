/**
 * The Add Event form as typed so far: the event, the day picked in the month, whether the gig goes on the website
 * and its show's fields. Kept apart from the team session, so they outlive the page locking itself (nothing typed is
 * lost; after the next sign-in the form shows it again; Sign out forgets them), and the page's are kept in the tab too
 * (src/lib/kept-in-tab.ts), as one entry, so they outlive a reload and a phone dropping the tab in the background.
 * createEventDraft is a test's own; eventDraft() the page's. Light: the Enter Password screen reads whether it
 * holds something, so the show's fields are checked here without the show form's rules (calendar.publish.ts).
 */
import { atom, computed } from "nanostores";
import { idsOfAdds } from "../../lib/ids-of-adds";
import { dropFromTab, keepInTab, keptRecord, stringsLike, type TabStorage } from "../../lib/kept-in-tab";
import type { EventDraft } from "./calendar.form";
import type { ShowDraft } from "./calendar.publish";
import { emptyEventDraft, emptyShowDraft, isEventType, isShowTyped, isTicketKind } from "./calendar.types";

/** Said on the Enter Password screen, under why the page locked, while the draft holds something typed. */
export const DRAFT_KEPT_TEXT = "Your unsaved event is kept and will be back after you sign in.";

export function createEventDraft() {
  /** The form's values; null while untouched and after a successful add (the form then shows emptyEventDraft). */
  const $eventDraft = atom<EventDraft | null>(null);
  /** The day picked in the month, the date of the event being typed. */
  const $selectedDay = atom<Date | undefined>(undefined);
  /** Whether "Put on the website" is ticked: the gig is added with its show. */
  const $publishNew = atom(false);
  /** The new gig's show as typed (the show form NEW_GIG, calendar.types.ts, of calendar.publish.store.ts); null while untouched. */
  const $newShow = atom<ShowDraft | null>(null);
  /** True while the form empties: what keeps it (keepDraftInTab) hears the change once, when it is done. */
  const $emptying = atom(false);
  /** Whether the form holds something typed, its show's fields too, so the Enter Password screen says it is kept. */
  const $hasUnsavedEvent = computed(
    [$eventDraft, $newShow],
    (draft, show) =>
      (draft !== null && (draft.title.trim() !== "" || draft.description.trim() !== "")) ||
      (show !== null && isShowTyped(show)),
  );
  /** The id the event typed is added with, for as long as it is typed so: every try of one add sends the same. */
  const adds = idsOfAdds(() => crypto.randomUUID());
  return {
    /**
     * The id to add `event` with: the one its last try had, as long as it is the same event. An add whose answer was
     * lost (the connection dropped after the server took it) is sent again with it, and the database refuses the
     * second as taken: added once, never twice. The form emptied (the event added), the next event has a new one.
     */
    idToAdd: (event: object) => adds.idFor(event),
    $eventDraft,
    $selectedDay,
    $publishNew,
    $newShow,
    $emptying,
    $hasUnsavedEvent,
    editEventDraft: (draft: EventDraft) => $eventDraft.set(draft),
    /** The event added: the form empties, its show and "Put on the website" with it. The day stays picked. */
    clearEventDraft: () => {
      $emptying.set(true);
      adds.added();
      try {
        $eventDraft.set(null);
        $publishNew.set(false);
        $newShow.set(null);
      } finally {
        // Whatever a listener of the parts did, the form is kept again from here on (and written, empty or not).
        $emptying.set(false);
      }
    },
    selectDay: (day: Date | undefined) => $selectedDay.set(day),
  };
}

export type EventDraftStore = ReturnType<typeof createEventDraft>;

let pageDraft: EventDraftStore | undefined;

/** The tab's key of the page's Add Event form. */
const KEPT_FORM = "stagedoor.calendar.add-event";

/**
 * The keys an earlier version of the page kept the form under, in three parts that could disagree: not read, only
 * removed. A tab's storage lives as long as the tab, so at most a form typed just before the update starts empty.
 */
const EARLIER_KEYS = ["stagedoor.calendar.event", "stagedoor.calendar.publish", "stagedoor.calendar.show"];

/**
 * The form as the tab keeps it, one entry for all of it: each part only while it holds something, the day (the
 * instant it was picked at, as text) only with another part.
 */
type KeptForm = { draft?: EventDraft; day?: string; publish?: true; show?: ShowDraft };

/** Each availability the show form offers, or none, as ShowDraft says them. */
const AVAILABILITY: Record<ShowDraft["availability"], true> = {
  "": true,
  "on-sale": true,
  "few-left": true,
  "sold-out": true,
  "pre-sale": true,
};

/** A kept draft, as the form can show it. */
function keptDraft(kept: unknown): EventDraft | undefined {
  const draft = stringsLike(kept, emptyEventDraft);
  return draft && isEventType(draft.eventType) ? draft : undefined;
}

/** A kept show, as its form can show it: the Add Event form's, a gig card's or a details form's (calendar.kept.store.ts). */
export function keptShow(kept: unknown): ShowDraft | undefined {
  const show = stringsLike(kept, emptyShowDraft);
  const chosen = show && isTicketKind(show.ticketKind) && Object.hasOwn(AVAILABILITY, show.availability);
  return chosen ? show : undefined;
}

/** Whether `day` is a day the month can open on: an instant in the years 1900 to 2199, as text. */
const isKeptDay = (day: unknown): day is string => {
  const year = typeof day === "string" ? new Date(day).getUTCFullYear() : Number.NaN;
  return year >= 1900 && year < 2200;
};

/**
 * The form kept in the tab, part by part: a part the form could not show is dropped alone (kept by an older
 * version of the page, or edited by hand), the rest comes back. Undefined when nothing but a day is left.
 */
function keptForm(kept: unknown): KeptForm | undefined {
  const parts = keptRecord(kept);
  if (!parts) return undefined;
  const draft = keptDraft(parts.draft);
  const show = keptShow(parts.show);
  const publish = parts.publish === true;
  if (!draft && !show && !publish) return undefined;
  return {
    ...(draft && { draft }),
    ...(isKeptDay(parts.day) && { day: parts.day }),
    ...(publish && { publish }),
    ...(show && { show }),
  };
}

/**
 * Keeps the form of `draft` in the tab (`storage` in a test) while something of it is typed or ticked, as a page
 * loaded afresh finds it: written whole at every change, and gone whole once the event is added (a reload then opens
 * the month on today again, with nothing of the show).
 */
export function keepDraftInTab(draft: EventDraftStore, storage?: TabStorage): void {
  const { $eventDraft, $selectedDay, $publishNew, $newShow, $emptying } = draft;
  dropFromTab(EARLIER_KEYS, storage);
  const current = (): KeptForm | null => {
    const [typed, day, publish, show] = [$eventDraft.get(), $selectedDay.get(), $publishNew.get(), $newShow.get()];
    if (!typed && !publish && !show) return null;
    return {
      ...(typed && { draft: typed }),
      ...(day && { day: day.toISOString() }),
      ...(publish && { publish }),
      ...(show && { show }),
    };
  };
  const restore = (kept: KeptForm | null) => {
    if (!kept) return;
    if (kept.draft) $eventDraft.set(kept.draft);
    if (kept.day) $selectedDay.set(new Date(kept.day));
    if (kept.publish) $publishNew.set(true);
    if (kept.show) $newShow.set(kept.show);
  };
  // Written at every change but those made while the form empties, which is written once, as empty, at its end.
  const listen = (listener: (value: KeptForm | null) => void) => {
    const changed = () => $emptying.get() || listener(current());
    for (const $part of [$eventDraft, $selectedDay, $publishNew, $newShow, $emptying]) $part.listen(changed);
  };
  keepInTab<KeptForm | null>({ set: restore, listen }, KEPT_FORM, keptForm, undefined, storage);
}

/** The page's one form, shared by the form, the month and the Enter Password screen, and kept in the tab. */
export function eventDraft(): EventDraftStore {
  if (!pageDraft) {
    pageDraft = createEventDraft();
    keepDraftInTab(pageDraft);
  }
  return pageDraft;
}
