/**
 * The team's list of fan sign-ups on /fans: every page of it read once the
 * page opens, the count, how many sign-ups an allowance refused in the last 24
 * hours, removing an address after a confirmation, and the CSV for the mailing tool. The client, the team session and the clock are handed
 * in, so a test drives a failed load or a failed removal with fakes;
 * fansList() is the browser's one instance.
 */
import { atom, computed } from "nanostores";
import { getSupabaseRest } from "../../lib/supabase";
import { teamSession, type TeamSession } from "../team/team.store";
import { showToast } from "../toasts/toasts.store";
import { CSV_MIME_TYPE, csvFilename, failureText, signupsCsv, type FanSignup } from "./fans";
import { fetchRefusedSignups, fetchSignups, removeSignup, type FansClient } from "./fans.api";

export type FansListDependencies = {
  /** The client, as the browser loads it (once, on first use). */
  client: () => Promise<FansClient>;
  session: Pick<TeamSession, "watch">;
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
        if (!disposed) $signups.set(signups);
      } catch (error) {
        showToast({ title: "Error loading sign-ups", description: failureText(error), variant: "destructive" });
      }
    })();
    return () => {
      disposed = true;
      stopWatch();
    };
  }

  /**
   * Removes an address for good, once "Yes, remove" is pressed. Only when the
   * server has removed it does it leave the list; a failure says why and keeps
   * the row. Returns whether it was removed.
   */
  async function remove(id: string): Promise<boolean> {
    const signup = $signups.get()?.find((entry) => entry.id === id);
    if (!signup) return false;
    $confirming.set(null);
    try {
      await removeSignup(await deps.client(), id);
    } catch (error) {
      showToast({ title: "Error removing address", description: failureText(error), variant: "destructive" });
      return false;
    }
    $signups.set($signups.get()?.filter((entry) => entry.id !== id) ?? null);
    showToast({ title: "Address removed", description: `${signup.email} is off the list` });
    return true;
  }

  /** "Download CSV": the list as shown, in a file dated today; null while there is nothing to download. */
  function csvFile(): { filename: string; text: string; mimeType: string } | null {
    const signups = $signups.get();
    if (!signups || signups.length === 0) return null;
    return { filename: csvFilename(new Date(deps.now())), text: signupsCsv(signups), mimeType: CSV_MIME_TYPE };
  }

  return {
    $signups,
    $confirming,
    $count,
    $refused,
    start,
    remove,
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
  browserList ??= createFansList({ client: getSupabaseRest, session: teamSession(), now: () => Date.now() });
  return browserList;
}
