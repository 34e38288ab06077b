/**
 * One event as a card: its type colour bar, type, title, the date when asked for, and its description; a
 * gig also says whether it is on the website, and leads to its show (GigOnWebsite).
 */
import { cardClass, cx, wrapAnywhere } from "../../components/ui/styles";
import { eventTypeColourClass, formatEventDate, type CalendarEvent } from "./calendar";
import { GigOnWebsite } from "./GigOnWebsite";

export function EventCard({ event, withDate = false }: { event: CalendarEvent; withDate?: boolean }) {
  return (
    <li className={cx(cardClass, "flex overflow-hidden")}>
      <span aria-hidden="true" className={`w-2 shrink-0 ${eventTypeColourClass(event.event_type)}`} />
      <div className="min-w-0 flex-1 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">{event.event_type}</p>
        <h3 className={cx("text-lg font-semibold", wrapAnywhere)}>{event.title}</h3>
        {withDate ? <p className="text-sm text-stone-700">{formatEventDate(event)}</p> : null}
        {event.description ? (
          <p className={cx("mt-2 whitespace-pre-line text-stone-800", wrapAnywhere)}>{event.description}</p>
        ) : null}
        {event.event_type === "gig" ? <GigOnWebsite event={event} /> : null}
      </div>
    </li>
  );
}
