/**
 * Which tour dates are still to come and which are over, at a given moment. The build decides with its
 * clock (the pages pass it); the visitor's browser decides again with its own (ShowClock.astro's script,
 * which marks an element whose `data-ends` has gone by), so a page built last week is right today.
 * Pure: values in, values out.
 */
import { showEndsAt, type TourDate } from "../data/tour-dates";

/** Whether a show is over at `now`. */
export function isOver(date: Pick<TourDate, "startDate">, now: Date): boolean {
  return Date.parse(showEndsAt(date)) <= now.getTime();
}

/**
 * Whether the tour card (and its structured data) files a date among the shows that are over: its time has
 * gone by, and it was not postponed (a postponed show waits for its new day: news for a fan however long ago
 * its old one was).
 */
export function isPast(date: TourDate, now: Date): boolean {
  return date.status !== "EventPostponed" && isOver(date, now);
}

/**
 * Whether a date is one a fan can still go to: not over, not cancelled, and not postponed (it will not be on
 * that day, and its new one is not known yet), so a postponed show is never the next show.
 */
function isAhead(date: TourDate, now: Date): boolean {
  return date.status !== "EventCancelled" && date.status !== "EventPostponed" && !isOver(date, now);
}

/** The dates a fan can still go to, soonest first; the next show is the first of them. */
export function showsAhead(dates: readonly TourDate[], now: Date): TourDate[] {
  return dates.filter((date) => isAhead(date, now)).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
}

/** The next show, or undefined when none is left. */
export function nextShow(dates: readonly TourDate[], now: Date): TourDate | undefined {
  return showsAhead(dates, now)[0];
}

/**
 * How many of the shows that are over the tour card lists: the latest of them. A year of touring would
 * otherwise make /tour a long page of shows nobody can go to any more, heavier with every one (about 0.1 KB
 * gzip a show); the older ones stay in the whole tour's calendar file and at their own addresses.
 */
export const PAST_SHOWS_LISTED = 12;

/**
 * The dates as the tour card lists them, each group in date order: the shows still to come first, then those
 * that will not happen on their day (cancelled ones whose day is still to come, and postponed ones whenever
 * their old day was: news for a fan who had planned on them), then the latest `PAST_SHOWS_LISTED` of the shows
 * that are over.
 */
export function upcomingFirst(dates: readonly TourDate[], now: Date): { date: TourDate; over: boolean }[] {
  const sorted = [...dates].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  const ahead = sorted.filter((date) => isAhead(date, now));
  const calledOff = sorted.filter((date) => !isAhead(date, now) && !isPast(date, now));
  const over = sorted.filter((date) => isPast(date, now));
  return [
    ...[...ahead, ...calledOff].map((date) => ({ date, over: false })),
    ...over.slice(Math.max(0, over.length - PAST_SHOWS_LISTED)).map((date) => ({ date, over: true })),
  ];
}

/** The ids of the dates the tour card lists at `now` (see upcomingFirst): those /tour has a row for to link to. */
export function idsOnTourCard(dates: readonly TourDate[], now: Date): Set<string> {
  return new Set(upcomingFirst(dates, now).map(({ date }) => date.id));
}

/** The words for when no show is coming up: the plain ones, and those said while `count` postponed shows wait. */
export type NoneAhead = {
  text: string;
  postponedText: (count: number) => string;
  postponedLink: (count: number) => string;
};

/**
 * What the card (and / and /listen) say once no show is coming up: that none is, or, while postponed shows wait
 * for a new day (listed on /tour, never over), that no date is confirmed and theirs will follow.
 */
export function noneAheadText(dates: readonly TourDate[], words: NoneAhead): string {
  const postponed = postponedShows(dates).length;
  return postponed > 0 ? words.postponedText(postponed) : words.text;
}

/** The postponed shows, soonest old day first: listed on /tour whenever their old day was, never over. */
export function postponedShows(dates: readonly TourDate[]): TourDate[] {
  return dates
    .filter((date) => date.status === "EventPostponed")
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
}
