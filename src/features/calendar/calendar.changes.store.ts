/**
 * A published show's changes, made from its panel: postponed, rescheduled (the start it had kept), sold
 * out, cancelled, a new ticket link, each made only to the version the team saw; and its kept versions with
 * Restore, which puts one back as a new version (kept in turn), also only over the version seen. A refused call locks the page through the
 * team session; any other failure says why in a toast and changes nothing. Loaded with the show's panel.
 *
 * createShowChanges takes the client, the session and the list of shows, so a test drives it with fakes;
 * showChanges() is the browser's one instance.
 */
import { atom, type ReadableAtom, type WritableAtom } from "nanostores";
import { replyOrder, type ReplyOrder } from "../../lib/reply-order";
import { knownOffline } from "../../lib/offline";
import { getSupabase } from "../../lib/supabase";
import { showToast } from "../toasts/toasts.store";
import { isAccessRefused, isNetworkFailure } from "../team/team";
import { teamSession, type TeamSession } from "../team/team.store";
import type { ShowsClient } from "./calendar.api";
import {
  fetchShowHistory,
  madeBy,
  readShow,
  restoreShow,
  updateShow,
  WRITTEN_COLUMNS,
  type ShowChange,
  type ShowVersion,
} from "./calendar.writes";
import { errorMessage } from "./calendar.errors";
import { calendarShows, type Shows } from "./calendar.shows.store";
import type { Show } from "./calendar.shows";

/** What a change or restore refused because the show moved on since the page read it says. */
const MEANWHILE = "Someone changed this show meanwhile: it is shown as it is now. Try again.";

/** What a restore puts back of a kept version (restore_show): every column a write may change. */
const restoredValues = (kept: Show): Partial<Show> =>
  Object.fromEntries(WRITTEN_COLUMNS.map((column) => [column, kept[column]]));

/** A show's kept versions, as its history panel shows them. */
export type ShowHistory = { versions: ShowVersion[] | null; failed: boolean; restoring: number | null };

export type ShowChangesDependencies = {
  client: () => Promise<ShowsClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  shows: Pick<Shows, "$shows" | "load" | "replace">;
};

export function createShowChanges(deps: ShowChangesDependencies) {
  /** The shows being changed or restored, by id: one write at a time per show, so none is sent over another. */
  const $changing = atom<Record<string, boolean>>({});
  const histories = new Map<string, WritableAtom<ShowHistory>>();
  const { $shows, load, replace } = deps.shows;

  const historyAtom = (id: string) => {
    let history = histories.get(id);
    if (!history) {
      history = atom<ShowHistory>({ versions: null, failed: false, restoring: null });
      histories.set(id, history);
    }
    return history;
  };

  const replies = new Map<string, ReplyOrder>();
  const historyReads = (id: string) => {
    let order = replies.get(id);
    if (!order) replies.set(id, (order = replyOrder()));
    return order;
  };

  /**
   * The show read back after a write with `change` over `before` (the version the page saw) that answered nothing, or
   * nothing changed: the show when that write is what made it (its answer lost on the way back, or lost the first
   * time and pressed again), else null, also when it cannot be told.
   */
  async function madeAfterAll(before: Show | undefined, change: Partial<Show> | null): Promise<Show | null> {
    // Offline, a read back could only fail, seconds later: "Could not reach" is said at once.
    if (!before || !change || knownOffline()) return null;
    const now = await readShow(await deps.client(), before.id).catch(() => null);
    return madeBy(now, before, change) ? now : null;
  }

  /** A failed call: a refused session locks the page; anything else is said in a toast (in place of `replaces`). */
  async function failed(title: string, error: unknown, opening: number | null, replaces?: string) {
    if (isAccessRefused(error)) await deps.session.refuse(opening);
    else showToast({ title, description: errorMessage(error), variant: "destructive", replaces });
  }

  /**
   * Changes the show `id` from the version shown (or `version`, the one a form was filled in from), then says
   * `done` in a toast. When someone changed it meanwhile, nothing is changed: the show is read again and a
   * toast says so, in place of the toast `replaces` (a form's "Check the show's details"). Returns whether it
   * changed.
   */
  async function change(
    id: string,
    patch: ShowChange,
    done: string,
    version?: number,
    replaces?: string,
  ): Promise<boolean> {
    const show = $shows.get().find((shown) => shown.id === id);
    if (!show || $changing.get()[id]) return false;
    $changing.set({ ...$changing.get(), [id]: true });
    const opening = deps.session.currentOpening();
    const seen = version ?? show.version;
    const before = show.version === seen ? show : undefined;
    const changedTo = async (changed: Show) => {
      await replace(changed);
      showToast({
        title: done,
        description: `${changed.venue_name}: the website catches up in a few minutes`,
        replaces,
      });
      return true;
    };
    try {
      // Nothing changed over the version seen: unless by this very change, pressed again after its answer was lost.
      const changed = (await updateShow(await deps.client(), id, seen, patch)) ?? (await madeAfterAll(before, patch));
      if (!changed) {
        showToast({
          title: "Show not changed",
          description: MEANWHILE,
          variant: "destructive",
          replaces,
        });
        await load();
        return false;
      }
      return await changedTo(changed);
    } catch (error) {
      // The change may have been made with its answer lost on the way back: then it is said as made.
      const made = isNetworkFailure(error) ? await madeAfterAll(before, patch) : null;
      if (made) return await changedTo(made);
      await failed("Show not changed", error, opening, replaces);
      return false;
    } finally {
      $changing.set({ ...$changing.get(), [id]: false });
    }
  }

  /**
   * Reads a show's kept versions, newest first. Only the latest read's reply is shown, its versions or its
   * failure: once a newer read has started, an older one's reply, however late, has nothing to say.
   */
  async function loadHistory(id: string): Promise<void> {
    const history = historyAtom(id);
    const reply = historyReads(id).next();
    history.set({ ...history.get(), failed: false });
    try {
      const versions = await fetchShowHistory(await deps.client(), id);
      if (reply.latest()) history.set({ ...history.get(), versions, failed: false });
    } catch {
      if (reply.latest()) history.set({ ...history.get(), failed: true });
    }
  }

  /** Puts a kept version back, as a new version (itself kept, so a restore can be undone). */
  async function restore(id: string, version: number): Promise<boolean> {
    const history = historyAtom(id);
    const before = $shows.get().find((shown) => shown.id === id);
    const seen = before?.version;
    // What the restore puts back, when the page has read it (else a lost answer cannot be told from a teammate's).
    const putBack = () => {
      const kept = history.get().versions?.find((kept) => kept.version === version)?.show;
      return kept ? restoredValues(kept) : null;
    };
    // One write of a show at a time from this page: a restore sent over a change still on its way would be
    // refused by the server as a teammate's change.
    if (history.get().restoring !== null || seen === undefined || $changing.get()[id]) return false;
    history.set({ ...history.get(), restoring: version });
    $changing.set({ ...$changing.get(), [id]: true });
    const opening = deps.session.currentOpening();
    const restored = async (show: Show) => {
      await replace(show);
      showToast({ title: "Show restored", description: `${show.venue_name} is back as it was in version ${version}` });
      return true;
    };
    try {
      // As a change: nothing restored over the version seen, unless by this very restore, its answer lost before.
      const show =
        (await restoreShow(await deps.client(), id, version, seen)) ?? (await madeAfterAll(before, putBack()));
      if (!show) {
        showToast({ title: "Show not restored", description: MEANWHILE, variant: "destructive" });
        await load();
        return false;
      }
      return await restored(show);
    } catch (error) {
      const made = isNetworkFailure(error) ? await madeAfterAll(before, putBack()) : null;
      if (made) return await restored(made);
      await failed("Show not restored", error, opening);
      return false;
    } finally {
      history.set({ ...history.get(), restoring: null });
      $changing.set({ ...$changing.get(), [id]: false });
      void loadHistory(id);
    }
  }

  return {
    $changing,
    history: (id: string): ReadableAtom<ShowHistory> => historyAtom(id),
    change,
    loadHistory,
    restore,
  };
}

export type ShowChanges = ReturnType<typeof createShowChanges>;

let browserChanges: ShowChanges | undefined;

/** The page's one set of show changes, on the browser's client, team session and list of shows. */
export function showChanges(): ShowChanges {
  browserChanges ??= createShowChanges({ client: getSupabase, session: teamSession(), shows: calendarShows() });
  return browserChanges;
}
