/** Which tour date /listen shows as the next show. Pure: the page passes the build time. */
import type { TourDate } from "../../data/tour";

/**
 * The first date, by start, that has not ended by `now` (a show counts until `durationMinutes`
 * after doors), skipping cancelled ones; undefined when none is left.
 */
export function nextShow(
  dates: readonly TourDate[],
  now: Date,
  durationMinutes: number,
): { date: TourDate; endsAt: string } | undefined {
  const upcoming = dates
    .filter((date) => date.status !== "EventCancelled")
    .map((date) => ({ date, end: Date.parse(date.startDate) + durationMinutes * 60_000 }))
    .filter(({ end }) => end > now.getTime())
    .sort((a, b) => Date.parse(a.date.startDate) - Date.parse(b.date.startDate));
  const first = upcoming[0];
  return first && { date: first.date, endsAt: new Date(first.end).toISOString() };
}
