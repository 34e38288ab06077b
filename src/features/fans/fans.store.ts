/**
 * The team's list of fan sign-ups on /fans: every page of it read once the
 * page opens, the count, how many sign-ups an allowance refused in the last 24
 * hours, removing an address after a confirmation, the CSV for the mailing tool, and the sign-ups held while
 * too many came at once, which the team adds to the list or clears in one action. A call the server refuses for
 * the session locks the page, as the other tools do. The client, the team session and the clock are handed
 * in, so a test drives a failed load or a failed removal with fakes;
 * fansList() is the browser's one instance.
 */
import { atom, computed } from "nanostores";
import { getSupabaseRest } from "../../lib/supabase";
import { isAccessRefused } from "../team/team";
import { signOutControl } from "../team/team.signout.store";
import { teamSession, type TeamSession } from "../team/team.store";
import { showToast } from "../toasts/toasts.store";
import { CSV_MIME_TYPE, csvFilename, failureText, signupsCsv, type FanSignup } from "./fans";
import {
  fetchHeldSignups,
  fetchRefusedSignups,
  fetchSignups,
  releaseHeldSignups,
  removeSignup,
  type FansClient,
} from "./fans.api";

export type FansListDependencies = {
  /** The client, as the browser loads it (once, on first use). */
  client: () => Promise<FansClient>;
  session: Pick<TeamSession, "watch" | "currentOpening" | "refuse">;
  /** Milliseconds since the epoch: the CSV's date. */
  now: () => number;
};

export function createFansList(deps: FansListDependencies) {
  /** The sign-ups, newest first; null until the list has been read. */
  const $signups = atom<FanSignup[] | null>(null);
  /** The id of the address waiting for "Yes, remove", if any. */
  const $confirming = atom<string | null>(null);
  const $count = computed($signups, (signups) => signups?.length ?? 0);
  /** Sign-ups an allowance refused in the last 24 hours; null until read, and if it cannot be read. */
  const $refused = atom<number | null>(null);
  /** Sign-ups held while too many came at once, newest first; null until read, and if they cannot be. */
  const $held = atom<FanSignup[] | null>(null);
  /** True while the held sign-ups are being added or cleared. */
  const $releasing = atom(false);

  /**
   * A failed call, made while the page was opened for the `opening`th time: a session the server refuses locks
   * the page (as on the calendar and contacts); anything else is said in a toast titled `title`.
   */
  async function failed(title: string, error: unknown, opening: number | null) {
    if (isAccessRefused(error)) await deps.session.refuse(opening);
    else showToast({ title, description: failureText(error), variant: "destructive" });
  }

  /**
   * Reads the list, and checks the team session while it is shown (a session
   * that ended elsewhere locks the page, as on the calendar), until the
   * returned stop. A failed read says why and leaves "Loading sign-ups...". The count of refused
   * sign-ups is read beside it; if it cannot be, the page says nothing of it rather than alarm anyone.
   */
  function start(): () => void {
    let disposed = false;
    let stopWatch = () => {};
    $signups.set(null);
    $confirming.set(null);
    $refused.set(null);
    $held.set(null);
    $releasing.set(false);
    const opening = deps.session.currentOpening();
    void (async () => {
      try {
        const client = await deps.client();
        if (disposed) return;
        stopWatch = deps.session.watch();
        void fetchRefusedSignups(client).then(
          (count) => !disposed && $refused.set(count),
          () => {
            // Quietly nothing: the list is what the page is for.
          },
        );
        const signups = await fetchSignups(client);
        if (disposed) return;
        $signups.set(signups);
        // The held sign-ups are read once the list is shown; if they cannot be, the page says nothing of them.
        void fetchHeldSignups(client).then(
          (held) => !disposed && $held.set(held),
          () => {},
        );
      } catch (error) {
        await failed("Error loading sign-ups", error, opening);
      }
    })();
    return () => {
      disposed = true;
      stopWatch();
    };
  }

  /**
   * Removes an address for good, once "Yes, remove" is pressed. Only when the
   * server has removed it (or a teammate had, which is said) does it leave the
   * list; a failure says why and keeps the row. Returns whether it is gone.
   */
  async function remove(id: string): Promise<boolean> {
    const signup = $signups.get()?.find((entry) => entry.id === id);
    if (!signup) return false;
    $confirming.set(null);
    const opening = deps.session.currentOpening();
    let removed: boolean;
    try {
      removed = await removeSignup(await deps.client(), id);
    } catch (error) {
      await failed("Error removing address", error, opening);
      return false;
    }
    $signups.set($signups.get()?.filter((entry) => entry.id !== id) ?? null);
    showToast(
      removed
        ? { title: "Address removed", description: `${signup.email} is off the list` }
        : { title: "Address already removed", description: `${signup.email} was already off the list` },
    );
    return true;
  }

  /**
   * "Add all to the list" (`accept`) or "Clear all": the held sign-ups in one action. Once the server has
   * done it, the held list empties and, when they were added, the list is read again to show them; a
   * failure says why and keeps them. Returns whether it went through.
   */
  async function releaseHeld(accept: boolean): Promise<boolean> {
    if ($releasing.get() || !$held.get()?.length) return false;
    $releasing.set(true);
    const opening = deps.session.currentOpening();
    let client: FansClient;
    let released: number;
    try {
      client = await deps.client();
      released = await releaseHeldSignups(client, accept);
    } catch (error) {
      await failed(accept ? "Error adding held sign-ups" : "Error clearing held sign-ups", error, opening);
      $releasing.set(false);
      return false;
    }
    $held.set([]);
    const what = released === 1 ? "1 held sign-up" : `${released} held sign-ups`;
    showToast(
      accept
        ? { title: "Held sign-ups added", description: `${what} added to the list` }
        : { title: "Held sign-ups cleared", description: `${what} cleared` },
    );
    try {
      // Added ones are shown where they now are: the list is read again.
      if (accept) $signups.set(await fetchSignups(client));
    } catch (error) {
      await failed("Error loading sign-ups", error, opening);
    } finally {
      $releasing.set(false);
    }
    return true;
  }

  /**
   * "Download CSV": the list read afresh (a fan who signed up since the page opened belongs in the mailing tool's
   * file too) and shown as read, in a file dated today; null while there is nothing to download. When it cannot
   * be read it says why, and gives no file, rather than one that may miss fans.
   */
  async function csvFile(): Promise<{ filename: string; text: string; mimeType: string } | null> {
    const opening = deps.session.currentOpening();
    let signups: FanSignup[];
    try {
      signups = await fetchSignups(await deps.client());
    } catch (error) {
      await failed("Error loading sign-ups", error, opening);
      return null;
    }
    $signups.set(signups);
    if (signups.length === 0) return null;
    return { filename: csvFilename(new Date(deps.now())), text: signupsCsv(signups), mimeType: CSV_MIME_TYPE };
  }

  return {
    $signups,
    $confirming,
    $count,
    $refused,
    $held,
    $releasing,
    start,
    remove,
    releaseHeld,
    csvFile,
    /** Asks "Remove for good?" on one row. */
    askToRemove: (id: string) => $confirming.set(id),
    /** "Keep": the question goes, the address stays. */
    keep: () => $confirming.set(null),
  };
}

export type FansList = ReturnType<typeof createFansList>;

let browserList: FansList | undefined;

/** The page's one sign-up list, on the browser's client, the team session and the clock. */
export function fansList(): FansList {
  if (!browserList) {
    browserList = createFansList({ client: getSupabaseRest, session: teamSession(), now: () => Date.now() });
    // Signed out: a "Remove for good?" left open does not greet the next person to sign in here.
    signOutControl().whenSignedOut(browserList.keep);
  }
  return browserList;
}
