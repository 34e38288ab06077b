/**
 * The month: single-day selection, outside days, always six weeks. Each day
 * button shows a dot per event in its type colour, hollow for a cancelled gig (tooltip: title and type),
 * at most three with a "+N" count of the rest. Its accessible name, given to
 * the day picker as its day-button label, is the date as the team pages write
 * it ("Nov 28, 2026", holding the visible number) with the day's events.
 */
import { createContext, useContext, useEffect, useMemo, useRef, type CSSProperties } from "react";
import { DayPicker, type DayButtonProps, type Modifiers } from "react-day-picker";
import "react-day-picker/style.css";
import { Card } from "../../components/ui/Card";
import {
  dayDots,
  dayKey,
  dayLabel,
  eventsByDay,
  eventTypeColourClass,
  eventTypeText,
  type CalendarEvent,
} from "./calendar";

const EventsByDay = createContext<ReadonlyMap<string, CalendarEvent[]>>(new Map());

/**
 * A stable component (events come through context): a new component per
 * events update would remount every button and drop keyboard focus.
 */
function EventDayButton({ day, modifiers, ...buttonProps }: DayButtonProps) {
  const dayEvents = useContext(EventsByDay).get(dayKey(day.date)) ?? [];
  const dots = dayDots(dayEvents);
  const ref = useRef<HTMLButtonElement>(null);
  // As the library's own day button does: arrow keys move the focused day, this moves DOM focus.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button {...buttonProps} ref={ref}>
      <span className="flex h-full flex-col items-center justify-center leading-none">
        <span>{day.date.getDate()}</span>
        {dayEvents.length > 0 ? (
          <span className="mt-0.5 flex max-w-[2.25rem] flex-wrap justify-center gap-0.5" aria-hidden="true">
            {dots.shown.map((event) => (
              <span
                key={event.id}
                title={`${event.title} (${eventTypeText(event)})`}
                // A cancelled gig's dot is hollow: its type's place kept, plainly not going ahead.
                className={`block h-1.5 w-1.5 rounded-full ${event.cancelled ? "bg-white ring-1 ring-inset ring-stone-600" : eventTypeColourClass(event.event_type)}`}
              />
            ))}
            {/* The count is drawn by CSS: the label already says how many events there are, and a
                text "+4" would make the visible text differ from the button's name (WCAG 2.5.3). */}
            {dots.more > 0 ? (
              <span
                data-more={`+${dots.more}`}
                className="text-[0.625rem] font-semibold leading-[0.375rem] after:content-[attr(data-more)]"
              />
            ) : null}
          </span>
        ) : null}
      </span>
    </button>
  );
}

/**
 * A day's cell: 44 px where there is room, narrower where the week would not fit the screen (a phone with its
 * text made larger grows the page's padding, and the card's, with it): the screen less the page's padding
 * (2 × 1rem), the card's (2 × 0.75rem) and its border, shared by seven days. Set on the month's root, where the
 * day picker's stylesheet sets its own sizes; a day's button is as wide as its cell (global.css lets it be
 * narrower than 44 px on a touch screen only then).
 */
const FITS_THE_SCREEN = {
  "--rdp-day-width": "min(44px, calc((100vw - 3.5rem - 2px) / 7))",
  "--rdp-day_button-width": "var(--rdp-day-width)",
} as CSSProperties;

export function MonthView({
  events,
  selectedDay,
  onSelect,
}: {
  events: readonly CalendarEvent[];
  selectedDay: Date | undefined;
  onSelect: (day: Date | undefined) => void;
}) {
  const byDay = useMemo(() => eventsByDay(events), [events]);
  const labels = useMemo(
    () => ({
      labelDayButton: (date: Date, modifiers: Modifiers) => dayLabel(date, byDay.get(dayKey(date)) ?? [], modifiers),
    }),
    [byDay],
  );
  return (
    <Card className="w-fit p-3">
      <EventsByDay.Provider value={byDay}>
        <DayPicker
          mode="single"
          // Once picked, a day stays picked: a second click must not silently clear the date the form needs.
          required
          selected={selectedDay}
          // A day kept from before the page locked shows in its own month.
          defaultMonth={selectedDay}
          onSelect={onSelect}
          showOutsideDays
          fixedWeeks
          // Focus lands on today once the gate opens, so keyboard and screen-reader users start in the month.
          autoFocus
          components={{ DayButton: EventDayButton }}
          labels={labels}
          style={FITS_THE_SCREEN}
        />
      </EventsByDay.Provider>
    </Card>
  );
}
