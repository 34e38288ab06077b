/**
 * "Subscribe on your phone", its effects: when the current address was made, read as the section opens,
 * and a new address on request, whose secret the section shows until the page locks or is left (the
 * database keeps only its hash, so it is never shown again); one still on its way when the page locks is
 * shown once the team opens it again, as nobody could see it otherwise. A refused call locks the page through
 * the team session, as the calendar's other calls do.
 *
 * createCalendarSubscribe takes the client, the session and the site's origin, so a test drives it with
 * fakes; calendarSubscribe() is the browser's one instance.
 */
import { atom } from "nanostores";
import { getSupabase } from "../../lib/supabase";
import { isAccessRefused } from "../team/team";
import { signOutControl } from "../team/team.signout.store";
import { teamSession, type TeamSession } from "../team/team.store";
import { feedAddressMadeAt, isChangedMeanwhile, makeFeedAddress, type SubscribeClient } from "./calendar.api";
import { subscriptionAddresses, type SubscriptionAddresses } from "./calendar.subscribe";

export type SubscribeState = {
  /** When the current address was made; null when there is none, or before the first read. */
  madeAt: string | null;
  /** Whether the read of when it was made has answered. */
  read: boolean;
  /** The addresses of a secret made on this page, shown until the page locks. */
  addresses: SubscriptionAddresses | null;
  /** Whether a new address is on its way. */
  making: boolean;
  /** What failed last: the read of whether there is an address, or the making of one; false when nothing did. */
  failed: false | "read" | "make";
  /** Whether the last new address was refused because someone made one since this page read it. */
  changed: boolean;
};

export type CalendarSubscribeDependencies = {
  client: () => Promise<SubscribeClient>;
  session: Pick<TeamSession, "currentOpening" | "refuse">;
  /** The site's origin, where the feed is served. */
  origin: () => string;
};

const START: SubscribeState = {
  madeAt: null,
  read: false,
  addresses: null,
  making: false,
  failed: false,
  changed: false,
};

export function createCalendarSubscribe(deps: CalendarSubscribeDependencies) {
  const $subscribe = atom<SubscribeState>(START);

  /**
   * A refused call locks the page; any other failure is said in the section, as what failed (`what`).
   * `making`: whether a make goes on.
   */
  async function failed(error: unknown, opening: number | null, what: "read" | "make", making = false) {
    if (isAccessRefused(error)) await deps.session.refuse(opening);
    $subscribe.set({ ...$subscribe.get(), making, failed: what, changed: false });
  }

  /** Addresses made on this page: a read begun before one was made has nothing more to say. */
  let made = 0;

  /** Reads when the current address was made; the secret of a locked page is forgotten. */
  async function open(): Promise<void> {
    // A New address still on its way keeps the button busy: its answer, not this read, says what the section shows.
    $subscribe.set({ ...START, making: $subscribe.get().making });
    const opening = deps.session.currentOpening();
    const before = made;
    try {
      const madeAt = await feedAddressMadeAt(await deps.client());
      if (made === before) $subscribe.set({ ...$subscribe.get(), madeAt, read: true });
    } catch (error) {
      if (made === before) await failed(error, opening, "read", $subscribe.get().making);
    }
  }

  /**
   * "New address": ends the address this page was shown (or last made), at once, and shows the new one.
   * Resolves false, having made nothing, when a teammate made one since (the server ends only the address the
   * page was shown): where none was in use when last read, the section then asks before ending theirs.
   */
  async function newAddress(): Promise<boolean> {
    return (await make()) !== "changed";
  }

  /**
   * Asks for a new address ending the one this page knows of. When someone made another since, nothing is
   * made or ended: the address there is now is read and the section says so.
   */
  async function make(): Promise<"made" | "changed" | "failed" | "busy"> {
    const state = $subscribe.get();
    if (state.making) return "busy";
    $subscribe.set({ ...state, making: true, failed: false, changed: false });
    const opening = deps.session.currentOpening();
    try {
      const client = await deps.client();
      // Not read yet (or the read failed): the person asked to end whatever address there is, so it is read now.
      const ending = state.read ? state.madeAt : await feedAddressMadeAt(client);
      try {
        const { secret, madeAt } = await makeFeedAddress(client, ending);
        made += 1;
        $subscribe.set({
          madeAt,
          read: true,
          addresses: subscriptionAddresses(deps.origin(), secret),
          making: false,
          failed: false,
          changed: false,
        });
        return "made";
      } catch (error) {
        if (!isChangedMeanwhile(error)) throw error;
        // What this page showed is not the address any more (a secret made here included): the one there is now,
        // once read; until then, none is known, so the next New address reads first.
        const reading = (made += 1);
        $subscribe.set({ madeAt: null, read: false, addresses: null, making: false, failed: false, changed: true });
        try {
          const madeAt = await feedAddressMadeAt(client);
          // An address made here meanwhile (the button is free again) is newer than what this read found.
          if (made === reading) $subscribe.set({ ...$subscribe.get(), madeAt, read: true });
        } catch (readError) {
          if (isAccessRefused(readError)) await deps.session.refuse(opening);
          else if (made === reading) $subscribe.set({ ...$subscribe.get(), failed: "read" });
        }
        return "changed";
      }
    } catch (error) {
      await failed(error, opening, "make");
      return "failed";
    }
  }

  /** Signed out: the addresses made here are not shown again (Sign out waits for one on its way to arrive first). */
  const forget = () => $subscribe.set({ ...$subscribe.get(), addresses: null });

  return { $subscribe, open, newAddress, forget };
}

export type CalendarSubscribe = ReturnType<typeof createCalendarSubscribe>;

let browserSubscribe: CalendarSubscribe | undefined;

/** The page's one subscription section, on the browser's client and team session. */
export function calendarSubscribe(): CalendarSubscribe {
  if (!browserSubscribe) {
    browserSubscribe = createCalendarSubscribe({
      client: getSupabase,
      session: teamSession(),
      origin: () => window.location.origin,
    });
    signOutControl().whenSignedOut(browserSubscribe.forget);
  }
  return browserSubscribe;
}
