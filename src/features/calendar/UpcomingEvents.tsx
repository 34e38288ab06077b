/** The "Upcoming Events" cards: by start date ascending, with type colour bar, type, title, date, description. */
import { sortEvents, type CalendarEvent } from "./calendar";
import { EventCard } from "./EventCard";

export function UpcomingEvents({ events }: { events: readonly CalendarEvent[] }) {
  const sorted = sortEvents(events);
  return (
    <section aria-labelledby="upcoming-events">
      <h2 id="upcoming-events" className="font-serif text-2xl font-semibold">
        Upcoming Events
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sorted.map((event) => (
          <EventCard key={event.id} event={event} withDate />
        ))}
      </ul>
    </section>
  );
}
