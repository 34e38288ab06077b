/**
 * The unlocked calendar: the live indicator, the export button, the month view
 * with its legend, the picked day's events, the Add Event form, the Upcoming Events list and the
 * phone subscription (CalendarSubscribe.tsx), each gig's show on the website (GigOnWebsite.tsx), the events kept
 * current by the calendar feed (calendar.store.ts) while shown. Loaded only once
 * the team has signed in, so the Enter Password screen comes without the month
 * view's code.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useMemo } from "react";
import { SignOut } from "../team/SignOut";
import { AddEventForm } from "./AddEventForm";
import { calendarFeed } from "./calendar.store";
import { placedAtShows } from "./calendar.shows";
import { calendarShows } from "./calendar.shows.store";
import { CalendarSubscribe } from "./CalendarSubscribe";
import { DayEvents } from "./DayEvents";
import { eventDraft } from "./calendar.draft.store";
import { EventTypeLegend } from "./EventTypeLegend";
import { ExportButton } from "./ExportButton";
import { LiveIndicator } from "./LiveIndicator";
import { MonthView } from "./MonthView";
import { UpcomingEvents } from "./UpcomingEvents";

export function CalendarTool() {
  const feed = calendarFeed();
  const draft = eventDraft();
  const events = useStore(feed.$events);
  const status = useStore(feed.$status);
  const read = useStore(feed.$read);
  // Kept with the draft: the day picked before the page locked is still picked after the next sign-in.
  const selectedDay = useStore(draft.$selectedDay);
  // The feed runs while the calendar is shown; the page locking unmounts it, which stops the feed.
  useEffect(() => feed.start(), [feed]);
  // The published shows, and where each stands against the live site, while the calendar is shown.
  const shows = calendarShows();
  useEffect(() => shows.start(feed.$events), [shows, feed]);
  // A gig on the website is shown on its show's day: rescheduled, it moves.
  const published = useStore(shows.$shows);
  const placed = useMemo(() => placedAtShows(events, published), [events, published]);
  return (
    <>
      <SignOut />
      <div className="space-y-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <LiveIndicator status={status} />
          <ExportButton />
        </div>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[auto_minmax(0,1fr)] lg:items-start">
          <div className="w-fit space-y-4">
            <MonthView events={placed} selectedDay={selectedDay} onSelect={draft.selectDay} />
            <EventTypeLegend />
          </div>
          {/* Beside the month: the picked day's events, then the form (side by side where there is room). */}
          <div className="grid grid-cols-1 gap-8 xl:grid-cols-2 xl:items-start">
            <DayEvents events={placed} day={selectedDay} />
            <AddEventForm />
          </div>
        </div>
        <UpcomingEvents events={placed} read={read} />
        <CalendarSubscribe />
      </div>
    </>
  );
}
