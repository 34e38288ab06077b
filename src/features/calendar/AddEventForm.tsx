/**
 * The "Add Event" form. Without a selected day or a title nothing happens;
 * on success the form resets, on failure it is kept for another try. What is
 * typed lives in the calendar store, so it outlives the page locking itself.
 */
import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { getSupabase } from "../../lib/supabase";
import { showToast } from "../toasts/toasts.store";
import { emptyEventDraft, EVENT_LIMITS, EVENT_TYPES, eventFromDraft, formatDay, isEventType } from "./calendar";
import { insertEvent } from "./calendar.api";
import { $eventDraft, addEventFromDraft, editEventDraft } from "./calendar.store";
import { inputClass, primaryButtonClass } from "./calendar.styles";
import { errorMessage } from "./session";

export function AddEventForm({ selectedDay, onAdded }: { selectedDay: Date | undefined; onAdded: () => void }) {
  const draft = useStore($eventDraft) ?? emptyEventDraft;
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
          const client = await getSupabase();
          if (await addEventFromDraft(client, () => insertEvent(client, row))) onAdded();
        } catch (error) {
          // The client itself could not load; the draft stays.
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
          onChange={(event) => editEventDraft({ ...draft, title: event.target.value })}
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
          onChange={(event) => editEventDraft({ ...draft, description: event.target.value })}
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
          onChange={(event) =>
            isEventType(event.target.value) && editEventDraft({ ...draft, eventType: event.target.value })
          }
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
