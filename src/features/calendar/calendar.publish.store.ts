/**
 * Putting a gig on the website, from the Add Event form (the gig and its show in one go) or from a gig already in the
 * calendar: what is typed in each show form (kept through a failure and through the page locking), each field's problem
 * said beside it, at most one publication of a gig on its way. The show is checked before the gig is added, so a show
 * the database would refuse leaves no gig behind; should the database still refuse it, the gig stays in the calendar
 * and its form keeps what was typed, to try again from the gig's card.
 */
import { atom, map } from "nanostores";
import { changeOnItsWay } from "../../lib/changes-on-their-way";
import { knownOffline } from "../../lib/offline";
import { getSupabase } from "../../lib/supabase";
import { showToast } from "../toasts/toasts.store";
import { isAccessRefused, isNetworkFailure } from "../team/team";
import { signOutControl } from "../team/team.signout.store";
import { teamSession, type TeamSession } from "../team/team.store";
import { dayKey, eventDayKey, type CalendarEvent } from "./calendar";
import { eventDraft, type EventDraftStore } from "./calendar.draft.store";
import { detailsChange, isShowAsTyped } from "./calendar.details";
import { errorMessage } from "./calendar.errors";
import { emptyEventDraft, eventFromDraft, eventProblems } from "./calendar.form";
import { emptyShowDraft, showFromDraft, type ShowDraft, type ShowDraftProblems } from "./calendar.publish";
import { detailsFormKey, isShowTyped, NEW_GIG } from "./calendar.types";
import type { ShowsClient } from "./calendar.api";
import { gigTaken, insertGig, insertShow, readShow } from "./calendar.writes";
import { createDetailsForms } from "./calendar.details.store";
import type { Show } from "./calendar.shows";
import { calendarShows, type Shows } from "./calendar.shows.store";
import { calendarFeed } from "./calendar.store";
import { keepCardShowsInTab, keepDetailsInTab } from "./calendar.kept.store";
import { followNewGigDraft } from "./calendar.newgig.store";

/** The toast of a show form with problems: each is said beside its field. */
const CHECK_FIELDS = { title: "Check the show's details", description: "Each problem is said beside its field." };

export type PublishDependencies = {
  client: () => Promise<ShowsClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  draft: Pick<EventDraftStore, "$eventDraft" | "$selectedDay" | "$newShow" | "clearEventDraft" | "idToAdd">;
  shows: Pick<Shows, "replace" | "load" | "$shows">;
  /** After a gig is added: the calendar's list read again. */
  added: () => void;
};

export function createPublishing(deps: PublishDependencies) {
  const $drafts = map<Record<string, ShowDraft>>({});
  const $problems = map<Record<string, ShowDraftProblems>>({});
  /** How many times each form was refused for its problems: at each, the first field with one takes the focus. */
  const $refusals = map<Record<string, number>>({});
  const $publishing = atom(false);
  followNewGigDraft(deps.draft, $drafts, $problems);

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
    const fields = (Object.keys(draft) as (keyof ShowDraft)[]).filter((field) => draft[field] !== before[field]);
    for (const field of fields) delete problems[field];
    detailsForms.retyped(key, fields);
    $drafts.setKey(key, draft);
    $problems.setKey(key, problems);
  }

  /** A form refused for the problems said beside its fields: a toast says so, and the first field takes the focus. */
  function refusedForProblems(key: string) {
    checkToast = showToast({ ...CHECK_FIELDS, variant: "destructive", replaces: checkToast });
    $refusals.setKey(key, ($refusals.get()[key] ?? 0) + 1);
  }

  /** The show a form would put on the website for the gig `eventId` on `date`, or its problems said (and refused, if `refuse`). */
  function checked(key: string, eventId: string, date: string, now: Date | null = new Date(), refuse = true) {
    const result = showFromDraft(draftOf(key), eventId, date, now);
    $problems.setKey(key, result.problems ?? {});
    if (result.problems && refuse) refusedForProblems(key);
    return result.row;
  }

  /** The details forms of published shows, among these forms. */
  const detailsForms = createDetailsForms({ $drafts, $problems, draftOf, checked, answered, refusedForProblems });

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

  /**
   * The gig `eventId` put on the website by a teammate while this form's was on its way: their show is read and
   * shown, and what was typed here goes to its details form, to save over theirs or to drop; nothing typed is lost
   * (the card's form stays while their show could not be read).
   */
  async function takenMeanwhile(eventId: string) {
    await deps.shows.load();
    const theirs = deps.shows.$shows.get().find((show) => show.event_id === eventId);
    // Read once their show is: the card's fields may be typed into while it is read (and are gone at a Sign out).
    const typed = $drafts.get()[eventId];
    if (theirs && typed) toDetails(theirs, typed);
    showToast({
      title: "Already on the website",
      description: `A teammate put this gig on the website a moment ago. What you typed is ${theirs ? "in its show's details" : "kept here"}.`,
      variant: "destructive",
      replaces: answered(),
    });
  }

  /**
   * Puts the show `row` up for its gig. A try whose answer was lost, or refused as the gig's show is up, may have put
   * it up all the same: the gig's show read back is this one when it is as it went up (its first version, on the
   * website as announced) with every detail as sent.
   */
  async function insertOwnShow(row: Parameters<typeof insertShow>[1]): Promise<Show> {
    const client = await deps.client();
    try {
      return await insertShow(client, row);
    } catch (error) {
      if (!((isNetworkFailure(error) && !knownOffline()) || gigTaken(error))) throw error;
      const show = await readShow(client, row.event_id, true).catch(() => null);
      const asSent = show?.version === 1 && show.published && show.status === "scheduled";
      if (asSent && Object.keys(detailsChange(show, row)).length === 0) return show;
      throw error;
    }
  }

  /** What was typed on the gig's card goes to the details form of its show, `show`, to save over it or to drop. */
  function toDetails(show: Show, typed: ShowDraft) {
    detailsForms.openDetails(detailsFormKey(show.id), show, typed);
    closeForm(show.event_id);
  }

  /**
   * A gig's card still holding a typed show once the gig's show is read (a teammate's, put up while this form's could
   * not be said, or while the tab was dropped): the card shows the show then, not the form, so what was typed goes to
   * the show's details form, and a toast says so; when it is the show as it is (this form's own, put up just before
   * a reload took the page), the form just goes. Not while a publication is on its way: its own show is read then.
   */
  function typedUnderShows() {
    if ($publishing.get()) return;
    for (const show of deps.shows.$shows.get()) {
      const typed = $drafts.get()[show.event_id];
      if (!typed || !isShowTyped(typed)) continue;
      if (isShowAsTyped(show, typed)) {
        closeForm(show.event_id);
        continue;
      }
      toDetails(show, typed);
      showToast({
        title: "Already on the website",
        description: "This gig is on the website already. What you typed is in its show's details.",
        variant: "destructive",
      });
    }
  }
  deps.shows.$shows.listen(typedUnderShows);
  $publishing.listen(typedUnderShows);

  /** Puts a gig already in the calendar on the website. Returns whether it is now. */
  async function publish(event: CalendarEvent): Promise<boolean> {
    if ($publishing.get()) return false;
    const row = checked(event.id, event.id, eventDayKey(event));
    if (!row) return false;
    $publishing.set(true);
    const opening = deps.session.currentOpening();
    try {
      await deps.shows.replace(await insertOwnShow(row));
      // Gone before the publication ends, so its own show is not taken for a teammate's (typedUnderShows).
      $drafts.setKey(event.id, undefined as unknown as ShowDraft);
    } catch (error) {
      await (gigTaken(error) ? takenMeanwhile(event.id) : refused(error, opening));
      return false;
    } finally {
      $publishing.set(false);
    }
    showToast({
      title: "Put on the website",
      description: `${row.venue_name}: on the website in a few minutes`,
      replaces: answered(),
    });
    return true;
  }

  /**
   * "Add Event" with "Put on the website" ticked: the show checked, the gig added, then its show (one change on its
   * way for Sign out). A failure to add the gig keeps the whole form; a show refused keeps its fields on the gig's card.
   * A gig whose field is too long or hides characters is not added; its show is checked too. Returns if the gig is added.
   */
  async function addPublishedGig(): Promise<boolean> {
    const day = deps.draft.$selectedDay.get();
    const typed = deps.draft.$eventDraft.get() ?? emptyEventDraft;
    const [event, tooLong] = [eventFromDraft(typed, day), Object.keys(eventProblems(typed, day)).length > 0];
    if (!day || $publishing.get() || !(event || tooLong)) return false;
    const row = checked(NEW_GIG, "", dayKey(day), new Date(), !tooLong);
    if (!event || !row) return false;
    $publishing.set(true);
    const [opening, finished] = [deps.session.currentOpening(), changeOnItsWay()];
    let eventId: string;
    try {
      eventId = await insertGig(await deps.client(), event, deps.draft.idToAdd(event));
    } catch (error) {
      $publishing.set(false);
      finished(false);
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
    try {
      // The show's fields go to the gig's card first: the draft emptied, the form's show goes with it, unticked.
      $drafts.setKey(eventId, draftOf(NEW_GIG));
      deps.draft.clearEventDraft();
      deps.added();
      await deps.shows.replace(await insertOwnShow({ ...row, event_id: eventId }));
      $drafts.setKey(eventId, undefined as unknown as ShowDraft);
      finished(true);
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
      finished(false); // a show not put up (after a `finished(true)`, nothing)
    }
    return true;
  }

  /** A form done with: what was typed in it goes. */
  function closeForm(key: string) {
    detailsForms.forget(key);
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
    ...detailsForms,
    closeForm,
    /** Signed out: every form's typing goes, so none greets the next person to sign in here (a lock keeps them). */
    forgetForms: () => Object.keys($drafts.get()).forEach(closeForm),
  };
}

export type Publishing = ReturnType<typeof createPublishing>;

let browserPublishing: Publishing | undefined;

/** The page's one set of show forms, on the browser's client, team session, event draft and shows. */
export function gigPublishing(): Publishing {
  if (!browserPublishing) {
    browserPublishing = createPublishing({
      client: getSupabase,
      session: teamSession(),
      draft: eventDraft(),
      shows: calendarShows(),
      added: calendarFeed().refresh,
    });
    keepCardShowsInTab(browserPublishing, calendarShows());
    keepDetailsInTab(browserPublishing);
    signOutControl().whenSignedOut(browserPublishing.forgetForms);
  }
  return browserPublishing;
}
