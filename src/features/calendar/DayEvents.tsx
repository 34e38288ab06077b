/**
 * Beside the month: the picked day's events (type, title, description), so a dot leads to what it
 * stands for; a day without events says so plainly, and before any day is picked it says how.
 */
import { useId } from "react";
import { eventsOnDay, formatDay, type CalendarEvent } from "./calendar";
import { EventCard } from "./EventCard";

export function DayEvents({ events, day }: { events: readonly CalendarEvent[]; day: Date | undefined }) {
  const headingId = useId();
  const onDay = day ? eventsOnDay(events, day) : [];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="font-serif text-xl font-semibold">
        {day ? `Events on ${formatDay(day)}` : "Events on the picked day"}
      </h2>
      {!day ? (
        <p className="text-sm text-stone-700">Pick a day in the calendar to see its events here.</p>
      ) : onDay.length === 0 ? (
        <p className="text-sm text-stone-700">No events on {formatDay(day)}.</p>
      ) : (
        <ul className="space-y-3">
          {onDay.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
    </section>
  );
}
