/**
 * Putting a gig on the website, from the Add Event form (the gig and its show in one go) or from a gig
 * already in the calendar: what is typed in each show form (kept through a failure and through the page
 * locking), each field's problem said beside it, at most one publication of a gig on its way. The show is
 * checked before the gig is added, so a show the database would refuse leaves no gig behind; should the
 * database still refuse it, the gig stays in the calendar and its form keeps what was typed, to try again
 * from the gig's card.
 */
import { atom, map } from "nanostores";
import { getSupabase } from "../../lib/supabase";
import { showToast } from "../toasts/toasts.store";
import { isAccessRefused } from "../team/team";
import { teamSession, type TeamSession } from "../team/team.store";
import { dayKey, eventDayKey, type CalendarEvent } from "./calendar";
import { eventDraft, type EventDraftStore } from "./calendar.draft.store";
import { errorMessage } from "./calendar.errors";
import { emptyEventDraft, eventFromDraft } from "./calendar.form";
import { emptyShowDraft, showFromDraft, type ShowDraft, type ShowDraftProblems } from "./calendar.publish";
import type { ShowsClient } from "./calendar.api";
import { insertGig, insertShow, type ShowChange } from "./calendar.writes";
import { detailsChange, draftFromShow, showDay } from "./calendar.details";
import { followed } from "./calendar.meanwhile";
import type { Show } from "./calendar.shows";
import { calendarShows, type Shows } from "./calendar.shows.store";
import { calendarFeed } from "./calendar.store";

/** The key of the Add Event form's show; a gig's own form is keyed by the gig's id. */
export const NEW_GIG = "new";

/** The key of a published show's details form. */
export const detailsFormKey = (showId: string) => `details-${showId}`;

/** The toast of a show form with problems: each is said beside its field. */
const CHECK_FIELDS = { title: "Check the show's details", description: "Each problem is said beside its field." };

export type PublishDependencies = {
  client: () => Promise<ShowsClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  draft: Pick<EventDraftStore, "$eventDraft" | "$selectedDay" | "clearEventDraft">;
  shows: Pick<Shows, "replace" | "$publishNew">;
  /** After a gig is added: the calendar's list read again. */
  added: () => void;
};

export function createPublishing(deps: PublishDependencies) {
  const $drafts = map<Record<string, ShowDraft>>({});
  const $problems = map<Record<string, ShowDraftProblems>>({});
  /** How many times each form was refused for its problems: at each, the first field with one takes the focus. */
  const $refusals = map<Record<string, number>>({});
  // The new gig's doors are on the picked day: another day picked, what was said of the doors no longer holds.
  deps.draft.$selectedDay.listen((day, before) => {
    // The picker hands over the same day anew when it is picked again: nothing has changed then.
    if (day && before && dayKey(day) === dayKey(before)) return;
    const { doors, ...others } = $problems.get()[NEW_GIG] ?? {};
    if (doors !== undefined) $problems.setKey(NEW_GIG, others);
  });
  const $publishing = atom(false);

  const draftOf = (key: string): ShowDraft => $drafts.get()[key] ?? emptyShowDraft;
  /**
   * The last "Check the show's details" toast: pressing again replaces it rather than stacking a copy, and the
   * answer to the corrected form (added, or refused) takes its place rather than standing beside it.
   */
  let checkToast: string | undefined;
  const answered = () => {
    const replaces = checkToast;
    checkToast = undefined;
    return replaces;
  };

  /** What is typed in a show form; a field typed again loses its problem. */
  function edit(key: string, draft: ShowDraft) {
    const before = draftOf(key);
    const problems = { ...$problems.get()[key] };
    const clashed = clashes.get(key);
    for (const field of Object.keys(draft) as (keyof ShowDraft)[]) {
      if (draft[field] === before[field]) continue;
      delete problems[field];
      delete clashed?.[field];
    }
    if (clashed && Object.keys(clashed).length === 0) clashes.delete(key);
    $drafts.setKey(key, draft);
    $problems.setKey(key, problems);
  }

  /** A form refused for the problems said beside its fields: a toast says so, and the first field takes the focus. */
  function refusedForProblems(key: string) {
    checkToast = showToast({ ...CHECK_FIELDS, variant: "destructive", replaces: checkToast });
    $refusals.setKey(key, ($refusals.get()[key] ?? 0) + 1);
  }

  /** The show a form would put on the website for the gig `eventId` on `date`, or its problems said. */
  function checked(key: string, eventId: string, date: string, now: Date | null = new Date()) {
    const result = showFromDraft(draftOf(key), eventId, date, now);
    $problems.setKey(key, result.problems ?? {});
    if (result.problems) refusedForProblems(key);
    return result.row;
  }

  /** A refused call locks the page; the database's refusal is said in a toast. */
  async function refused(error: unknown, opening: number | null) {
    if (isAccessRefused(error)) await deps.session.refuse(opening);
    else {
      showToast({
        title: "Not put on the website",
        description: errorMessage(error),
        variant: "destructive",
        replaces: answered(),
      });
    }
  }

  /** Puts a gig already in the calendar on the website. Returns whether it is now. */
  async function publish(event: CalendarEvent): Promise<boolean> {
    if ($publishing.get()) return false;
    const row = checked(event.id, event.id, eventDayKey(event));
    if (!row) return false;
    $publishing.set(true);
    const opening = deps.session.currentOpening();
    try {
      await deps.shows.replace(await insertShow(await deps.client(), row));
    } catch (error) {
      await refused(error, opening);
      return false;
    } finally {
      $publishing.set(false);
    }
    $drafts.setKey(event.id, undefined as unknown as ShowDraft);
    showToast({
      title: "Put on the website",
      description: `${row.venue_name}: on the website in a few minutes`,
      replaces: answered(),
    });
    return true;
  }

  /**
   * "Add Event" with "Put on the website" ticked: the show is checked, then the gig added, then its show.
   * A failure to add the gig keeps the whole form; a show the database refuses keeps its fields on the
   * gig's card. Returns whether the gig was added.
   */
  async function addPublishedGig(): Promise<boolean> {
    const day = deps.draft.$selectedDay.get();
    const event = eventFromDraft(deps.draft.$eventDraft.get() ?? emptyEventDraft, day);
    if (!event || !day || $publishing.get()) return false;
    const row = checked(NEW_GIG, "", dayKey(day));
    if (!row) return false;
    $publishing.set(true);
    const opening = deps.session.currentOpening();
    let eventId: string;
    try {
      eventId = await insertGig(await deps.client(), event);
    } catch (error) {
      $publishing.set(false);
      if (isAccessRefused(error)) await deps.session.refuse(opening);
      else {
        showToast({
          title: "Error adding event",
          description: errorMessage(error),
          variant: "destructive",
          replaces: answered(),
        });
      }
      return false;
    }
    deps.draft.clearEventDraft();
    deps.shows.$publishNew.set(false);
    $drafts.setKey(eventId, draftOf(NEW_GIG));
    $drafts.setKey(NEW_GIG, undefined as unknown as ShowDraft);
    deps.added();
    try {
      await deps.shows.replace(await insertShow(await deps.client(), { ...row, event_id: eventId }));
      $drafts.setKey(eventId, undefined as unknown as ShowDraft);
      showToast({ title: "Event added", description: "New event has been added successfully", replaces: answered() });
    } catch (error) {
      if (isAccessRefused(error)) await deps.session.refuse(opening);
      else {
        showToast({
          title: "Event added, not on the website",
          description: `${errorMessage(error)} Its show is kept on the gig's card: try again from there.`,
          variant: "destructive",
          replaces: answered(),
        });
      }
    } finally {
      $publishing.set(false);
    }
    return true;
  }

  /**
   * Each open details form's show, the version it follows (what the person changed is measured against it and
   * saved to it), and its fields as last taken from the show: those the person typed differ (calendar.meanwhile.ts).
   */
  const details = new Map<string, { base: Show; own: ShowDraft }>();
  /** The fields of each details form a teammate changed meanwhile, where something else is typed, not yet said at a Save. */
  const clashes = new Map<string, ShowDraftProblems>();

  /** A Save held for `clashed`: said beside each field, the focus on the first; the next Save goes through. */
  function refuseOnce(key: string, clashed: ShowDraftProblems) {
    clashes.delete(key);
    $problems.setKey(key, { ...$problems.get()[key], ...clashed });
    refusedForProblems(key);
    return null;
  }

  /**
   * A published show's details form, keyed `key`: filled in with the show as it is, no problem said; or, when
   * it is open already (the page locked and unlocked, say), as it was left. With `typed`, opened afresh on `show`
   * with that typed into it (what was typed while a save of it was on its way, over the version saved).
   */
  function openDetails(key: string, show: Show, typed?: ShowDraft) {
    if (!typed && $drafts.get()[key] && details.has(key)) return;
    details.set(key, { base: show, own: draftFromShow(show) });
    clashes.delete(key);
    $drafts.setKey(key, typed ?? draftFromShow(show));
    $problems.setKey(key, {});
  }

  /**
   * A newer version of the show under its open details form (a teammate's change, heard or read again): the
   * fields the person has not typed take its values, those they typed keep what they typed.
   */
  function followDetails(key: string, show: Show) {
    const { base, own } = details.get(key) ?? {};
    if (!base || !own || !$drafts.get()[key] || base.version === show.version) return;
    // A field both changed, to different things: said beside it now, and the next Save is held once for it; a
    // clash said before is said again against this version, or goes once theirs is what is typed, or as it was.
    const before = { problems: $problems.get()[key] ?? {}, held: clashes.get(key) ?? {} };
    const form = followed({ typed: draftOf(key), own, was: draftFromShow(base), clashes: before }, draftFromShow(show));
    details.set(key, { base: show, own: form.own });
    $drafts.setKey(key, form.typed);
    if (Object.keys(form.clashes.held).length > 0) clashes.set(key, form.clashes.held);
    else clashes.delete(key);
    $problems.setKey(key, form.clashes.problems);
  }

  /**
   * What the details form `key` changes, measured against the show it was filled in from, and that show's
   * version (the change is made only to it); or null: each problem is said beside its field. A show already
   * over may have its details put right: only new doors must be still to come.
   */
  function detailsOf(key: string): { change: ShowChange; version: number; replaces?: string } | null {
    const base = details.get(key)?.base;
    if (!base) return null;
    const clashed = clashes.get(key);
    if (clashed) return refuseOnce(key, clashed);
    const draft = draftOf(key);
    const opened = draftFromShow(base);
    const moved = draft.doors.trim() !== opened.doors || draft.timeZone.trim() !== opened.timeZone;
    // Doors left as they were are not measured against the clock: a show over may still have its details put right.
    const row = checked(key, base.event_id, showDay(base), moved ? new Date() : null);
    // Its answer (changed, nothing to save, refused) takes the place of the form's "Check the show's details".
    return row ? { change: detailsChange(base, row), version: base.version, replaces: answered() } : null;
  }

  /** A form done with: what was typed in it goes. */
  function closeForm(key: string) {
    details.delete(key);
    clashes.delete(key);
    $drafts.setKey(key, undefined as unknown as ShowDraft);
    $problems.setKey(key, {});
  }

  return {
    $drafts,
    $problems,
    $refusals,
    $publishing,
    draftOf,
    edit,
    publish,
    addPublishedGig,
    openDetails,
    followDetails,
    detailsOf,
    closeForm,
  };
}

export type Publishing = ReturnType<typeof createPublishing>;

let browserPublishing: Publishing | undefined;

/** The page's one set of show forms, on the browser's client, team session, event draft and shows. */
export function gigPublishing(): Publishing {
  const feed = calendarFeed();
  browserPublishing ??= createPublishing({
    client: getSupabase,
    session: teamSession(),
    draft: eventDraft(),
    shows: calendarShows(),
    added: feed.refresh,
  });
  return browserPublishing;
}
