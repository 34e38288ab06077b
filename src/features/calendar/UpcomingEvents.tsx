/** The "Upcoming Events" cards: by start date ascending, with type colour bar, type, title, date, description. */
import { cardClass, cx } from "../../components/ui/styles";
import { formatEventDate, eventTypeColourClass, sortEvents, type CalendarEvent } from "./calendar";

export function UpcomingEvents({ events }: { events: readonly CalendarEvent[] }) {
  const sorted = sortEvents(events);
  return (
    <section aria-labelledby="upcoming-events">
      <h2 id="upcoming-events" className="font-serif text-2xl font-semibold">
        Upcoming Events
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sorted.map((event) => (
          <li key={event.id} className={cx(cardClass, "flex overflow-hidden")}>
            <span aria-hidden="true" className={`w-2 shrink-0 ${eventTypeColourClass(event.event_type)}`} />
            <div className="min-w-0 p-4">
              <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">{event.event_type}</p>
              <h3 className="break-words text-lg font-semibold">{event.title}</h3>
              <p className="text-sm text-stone-700">{formatEventDate(event)}</p>
              {event.description ? (
                <p className="mt-2 whitespace-pre-line break-words text-stone-800">{event.description}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
