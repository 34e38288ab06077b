/**
 * "Subscribe on your phone": the addresses a calendar app subscribes to for the team's feed, and the
 * section's words. Pure. The feed itself is served by netlify/functions/team-calendar/.
 */
import { formatDate } from "../../lib/dates";
import { feedPath } from "../../lib/team-feed-path.mjs";

export type SubscriptionAddresses = {
  /** What a calendar app is given to subscribe (Google Calendar's "From URL"). */
  https: string;
  /** The same address for a phone's calendar app, which a tap on the link opens (Apple Calendar). */
  webcal: string;
};

/** The feed's two addresses on the site at `origin`. */
export function subscriptionAddresses(origin: string, secret: string): SubscriptionAddresses {
  const https = new URL(feedPath(secret), origin).href;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

export const SUBSCRIBE_WORDS = {
  heading: "Subscribe on your phone",
  intro:
    "Every team event in your phone's calendar app, kept up to date by the app itself. The address is secret: share it only with the team.",
  google:
    "Google Calendar: on a computer, open Other calendars → + → From URL, paste the https:// address, then Add calendar. It appears on your phone once synced.",
  apple:
    "Apple Calendar: tap the webcal:// link on your iPhone, or open Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar and paste the address.",
  /** Under the address while it is on screen: the one time it is (the database keeps its hash alone). */
  shownOnce:
    "Copy it now: this address is shown only this once. Later, New address is the only way to get one again, and it ends this one.",
  newAddress: "New address",
  copy: "Copy",
  copied: "Copied",
  making: "Making a new address…",
  none: "No address yet. New address makes one.",
  reading: "Looking for the current address…",
  readFailed:
    "Whether the team has an address could not be read: reload the page to see it. New address asks before ending any.",
  failed: "The address could not be made. Try again.",
  changedMeanwhile:
    "Someone on the team made a new address meanwhile, so nothing was ended: ask them for it, or press New address to end theirs.",
  endQuestion:
    "A new address ends the current one at once: every phone subscribed with it stops getting the team's events until it is given the new one.",
  endConfirm: "End it and make a new one",
  endKeep: "Keep the current address",
} as const;

/**
 * Whether "New address" asks first: it does while an address may be in use (there is one, one was made on this
 * page, or whether there is has not been read), since ending it cuts every subscribed phone off and cannot be
 * undone.
 */
export function asksBeforeNewAddress(state: {
  read: boolean;
  madeAt: string | null;
  addresses: SubscriptionAddresses | null;
}): boolean {
  return !state.read || state.madeAt !== null || state.addresses !== null;
}

/**
 * What the section says about the address when its secret is not on screen: it is shown once, when made.
 * `madeAt` is when the current address was made, null when there is none; until the read of it has answered
 * (`read`), that it is being looked for, or that the read failed (`failed`), never that there is none.
 */
export function madeAtText({
  madeAt,
  read,
  failed,
}: {
  madeAt: string | null;
  read: boolean;
  failed: false | "read" | "make";
}): string {
  if (!read) return failed === "read" ? SUBSCRIBE_WORDS.readFailed : SUBSCRIBE_WORDS.reading;
  if (madeAt === null) return SUBSCRIBE_WORDS.none;
  const made = new Date(madeAt);
  if (Number.isNaN(made.getTime())) return SUBSCRIBE_WORDS.none;
  return `The current address was made on ${formatDate(made)}. It is shown only when it is made: New address ends it at once and gives a new one.`;
}
