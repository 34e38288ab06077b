/**
 * The "Add Event" form. Without a selected day or a title nothing happens;
 * on success the form resets, on failure it is kept for another try.
 */
import { useId, useState } from "react";
import { getSupabase } from "../../lib/supabase";
import { showToast } from "../toasts/toasts.store";
import {
  emptyEventDraft,
  EVENT_LIMITS,
  EVENT_TYPES,
  eventFromDraft,
  formatDay,
  isEventType,
  type EventDraft,
} from "./calendar";
import { insertEvent } from "./calendar.api";
import { endTeamSession } from "./calendar.store";
import { errorMessage, isAccessRefused, LOCK_REASONS } from "./session";
import { inputClass, primaryButtonClass } from "./calendar.styles";

export function AddEventForm({ selectedDay, onAdded }: { selectedDay: Date | undefined; onAdded: () => void }) {
  const [draft, setDraft] = useState<EventDraft>(emptyEventDraft);
  const [saving, setSaving] = useState(false);
  const id = useId();
  return (
    <form
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      onSubmit={async (event) => {
        event.preventDefault();
        const row = eventFromDraft(draft, selectedDay);
        if (!row || saving) return;
        setSaving(true);
        try {
          await insertEvent(await getSupabase(), row);
          setDraft(emptyEventDraft);
          showToast({ title: "Event added", description: "New event has been added successfully" });
          onAdded();
        } catch (error) {
          // The server no longer lets this session add events: back to the gate, saying why.
          if (isAccessRefused(error))
            return void (await endTeamSession(await getSupabase(), LOCK_REASONS.accessRefused));
          showToast({ title: "Error adding event", description: errorMessage(error), variant: "destructive" });
        } finally {
          setSaving(false);
        }
      }}
    >
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold">
        Add Event
      </h2>
      <p className="text-sm text-stone-700" aria-live="polite">
        {selectedDay ? `Date: ${formatDay(selectedDay)}` : "Pick a day in the calendar."}
      </p>
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-semibold">
          Title
        </label>
        <input
          id={`${id}-title`}
          name="title"
          value={draft.title}
          maxLength={EVENT_LIMITS.title}
          placeholder="Event title"
          autoComplete="off"
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-semibold">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          value={draft.description}
          maxLength={EVENT_LIMITS.description}
          placeholder="Event description"
          rows={3}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="block text-sm font-semibold">
          Event type
        </label>
        <select
          id={`${id}-type`}
          name="event_type"
          value={draft.eventType}
          onChange={(event) => isEventType(event.target.value) && setDraft({ ...draft, eventType: event.target.value })}
          className={inputClass}
        >
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${primaryButtonClass} w-full`} aria-disabled={saving}>
        Add Event
      </button>
    </form>
  );
}
