/** The Add Event form's "Event type": one of the calendar's event types, by its own name. */
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import { EVENT_TYPES, isEventType, type EventType } from "./calendar";

export function EventTypeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: EventType;
  onChange: (eventType: EventType) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Event type
      </label>
      <select
        id={id}
        name="event_type"
        value={value}
        onChange={(event) => isEventType(event.target.value) && onChange(event.target.value)}
        className={cx(inputClass, "mt-1")}
      >
        {EVENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    </div>
  );
}
