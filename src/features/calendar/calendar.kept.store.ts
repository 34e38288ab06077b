/**
 * What the tab keeps of the page's show forms (src/lib/kept-in-tab.ts), beside the Add Event form
 * (calendar.draft.store.ts): the show forms on gigs' cards, and published shows' details forms, back as typed after a
 * reload and a phone dropping the tab in the background. Sign out forgets them in the page (forgetForms, calendar.publish.store.ts)
 * and in the tab (forgetKeptInTab, src/lib/forget-kept-in-tab.ts).
 */
import { keepInTab, keptRecord, latestKept, type TabStorage } from "../../lib/kept-in-tab";
import { keptFollowing } from "./calendar.meanwhile";
import type { KeptDetails } from "./calendar.details.store";
import { keptShow } from "./calendar.draft.store";
import type { ShowDraft } from "./calendar.publish";
import type { Publishing } from "./calendar.publish.store";
import type { Shows } from "./calendar.shows.store";
import { detailsFormKey, isShowTyped, KEPT_FORMS_AT_MOST, NEW_GIG, SHOW_ID } from "./calendar.types";

/** The tab's key of the show forms on gigs' cards. */
const KEPT_CARD_SHOWS = "stagedoor.calendar.card-shows";

/** Whether the form `key` is a gig card's (keyed by the gig's id), not the Add Event form's nor a details form. */
const isCardForm = (key: string) => key !== NEW_GIG && !key.startsWith(detailsFormKey(""));

/** The gigs' show forms kept in the tab, by gig id, those the forms can show; undefined when none is. */
function keptCardShows(kept: unknown): Record<string, ShowDraft> | undefined {
  const forms = Object.entries(keptRecord(kept) ?? {}).flatMap(([key, value]) => {
    const show = isCardForm(key) && key.length <= 64 ? keptShow(value) : undefined;
    return show ? [[key, show] as const] : [];
  });
  return latestKept(forms, KEPT_FORMS_AT_MOST);
}

/**
 * Keeps the show forms on gigs' cards in the tab (`storage` in a test), as the Add Event form is (calendar.draft.store.ts):
 * a gig added whose show the database refused keeps that show on its card through a reload, as the toast says. A form
 * goes once its gig has a show (put up here or by a teammate: the card shows it) or once nothing is typed in it.
 */
export function keepCardShowsInTab(
  publishing: Pick<Publishing, "$drafts">,
  shows: Pick<Shows, "$shows">,
  storage?: TabStorage,
): void {
  const { $drafts } = publishing;
  const cards = () => {
    const up = new Set(shows.$shows.get().map((show) => show.event_id));
    const forms = Object.entries($drafts.get()).filter(
      ([key, show]) => isCardForm(key) && !up.has(key) && show !== undefined && isShowTyped(show),
    );
    return latestKept(forms, KEPT_FORMS_AT_MOST) ?? null;
  };
  keepInTab<unknown>(
    {
      set: (kept) => {
        for (const [key, show] of Object.entries(kept as Record<string, ShowDraft>)) $drafts.setKey(key, show);
      },
      listen: (listener) => {
        $drafts.listen(listener);
        shows.$shows.listen(listener);
      },
    },
    KEPT_CARD_SHOWS,
    keptCardShows,
    cards,
    storage,
  );
}

/** The tab's key of published shows' details forms. */
const KEPT_DETAILS = "stagedoor.calendar.show-details";

/** The key of a details form the page has: a show's id (as the database allows one) after the form's prefix. */
const DETAILS_KEY = new RegExp(`^${detailsFormKey("")}${SHOW_ID}$`);

/** The details forms kept in the tab, each the page can show; undefined when none is. */
function keptDetailsForms(found: unknown): Record<string, KeptDetails> | undefined {
  const forms = Object.entries(keptRecord(found) ?? {}).flatMap(([key, value]) => {
    const kept = DETAILS_KEY.test(key) ? keptFollowing(value, keptShow) : undefined;
    const corrected = keptRecord(value)?.corrected === true;
    return kept ? [[key, { ...kept, ...(corrected && { corrected }) }] as const] : [];
  });
  return latestKept(forms, KEPT_FORMS_AT_MOST);
}

/**
 * Keeps published shows' details forms in the tab (`storage` in a test) while something is typed in them: written
 * at every change, gone once saved, closed or forgotten at Sign out. Back after a reload, each follows its show, as
 * read afresh, field by field once its panel shows it: what a teammate changed meanwhile is taken where nothing is
 * typed, and said where both changed a field.
 */
export function keepDetailsInTab(
  publishing: Pick<Publishing, "$drafts" | "$problems" | "$corrections" | "$saves" | "keptDetails" | "restoreDetails">,
  storage?: TabStorage,
): void {
  const { $drafts, $problems, $corrections, $saves, keptDetails, restoreDetails } = publishing;
  const kept = () => latestKept(keptDetails(), KEPT_FORMS_AT_MOST) ?? null;
  keepInTab<Record<string, KeptDetails> | null>(
    {
      set: (forms) => forms && restoreDetails(forms),
      listen: (listener) => {
        for (const $part of [$drafts, $problems, $corrections, $saves]) $part.listen(() => listener(kept()));
      },
    },
    KEPT_DETAILS,
    keptDetailsForms,
    undefined,
    storage,
  );
}
