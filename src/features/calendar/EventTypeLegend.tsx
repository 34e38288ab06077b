/** The key to the type colours of the day dots and card bars: each colour beside its type's name. */
import { cardClass, cx } from "../../components/ui/styles";
import { EVENT_TYPES, eventTypeColourClass } from "./calendar";

export function EventTypeLegend() {
  return (
    <section aria-labelledby="event-types" className={cx(cardClass, "w-0 min-w-full p-3")}>
      <h2 id="event-types" className="text-sm font-semibold">
        Event types
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-800">
        {EVENT_TYPES.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${eventTypeColourClass(type)}`} />
            {type}
          </li>
        ))}
      </ul>
    </section>
  );
}
