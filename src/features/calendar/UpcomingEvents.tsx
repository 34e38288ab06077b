/**
 * The "Upcoming Events" cards (type colour bar, type, title, date, description): the events of today and after,
 * by start date ascending. The events before today follow, folded under "Past events", latest first: after a
 * year of use the list still opens on what comes next, and nothing is out of reach. The folded cards are only
 * drawn once opened, so a long history costs a phone nothing until asked for.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { focusRing } from "../../components/ui/styles";
import { upcomingAndPast, type CalendarEvent } from "./calendar";
import { today } from "./calendar.today.store";
import { EventCard } from "./EventCard";

const listClass = "mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** `read`: whether `events` is the calendar as read, not the empty list shown until the first read answers. */
export function UpcomingEvents({ events, read }: { events: readonly CalendarEvent[]; read: boolean }) {
  const { upcoming, past } = upcomingAndPast(events, useStore(today()));
  const [pastOpen, setPastOpen] = useState(false);
  return (
    <div className="space-y-6">
      <section aria-labelledby="upcoming-events">
        <h2 id="upcoming-events" className="font-serif text-2xl font-semibold">
          Upcoming Events
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-4 text-stone-700">{read ? "Nothing planned from today on." : "Reading the calendar…"}</p>
        ) : (
          <ul className={listClass}>
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} withDate />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 ? (
        <section aria-label="Past events">
          <details onToggle={(event) => setPastOpen(event.currentTarget.open)}>
            <summary className={`cursor-pointer rounded-md py-2 font-semibold ${focusRing}`}>
              Past events ({past.length}), latest first
            </summary>
            {pastOpen ? (
              <ul className={listClass}>
                {past.map((event) => (
                  <EventCard key={event.id} event={event} withDate />
                ))}
              </ul>
            ) : null}
          </details>
        </section>
      ) : null}
    </div>
  );
}
