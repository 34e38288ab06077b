/**
 * The "Add Event" form. Without a selected day or a title nothing happens;
 * on success the form resets, on failure it is kept for another try. What is
 * typed lives in the page's draft (calendar.draft.store.ts), so it outlives the page locking itself. A gig
 * can be put on the website as it is added ("Put on the website": the show's fields, ShowFields.tsx).
 */
import { useStore } from "@nanostores/react";
import { Suspense, useId, useState } from "react";
import { Button } from "../../components/ui/Button";
import { fieldNotes } from "../../components/ui/fieldNotes";
import { TextField } from "../../components/ui/TextField";
import { cardClass, cx, inputClass, labelClass } from "../../components/ui/styles";
import { dayKey, EVENT_TYPES, formatDay, isEventType } from "./calendar";
import { emptyEventDraft, EVENT_LIMITS, eventProblems, TOUCH_BOX } from "./calendar.form";
import { calendarFeed } from "./calendar.store";
import { eventDraft } from "./calendar.draft.store";
import { LazyShowFields } from "./calendar.lazy";

/** "Add Event" with the gig's show when ticked: its form's store comes with the show's fields. */
async function addGigOnWebsite() {
  const { gigPublishing } = await import("./calendar.publish.store");
  await gigPublishing().addPublishedGig();
}

export function AddEventForm() {
  const typed = eventDraft();
  const feed = calendarFeed();
  const draft = useStore(typed.$eventDraft) ?? emptyEventDraft;
  const selectedDay = useStore(typed.$selectedDay);
  const adding = useStore(feed.$adding);
  const publishing = useStore(typed.$publishNew) && draft.eventType === "gig";
  const id = useId();
  // Said when the form is sent, until the field is typed in again: a field too long takes the focus, and nothing is added.
  const [tooLong, setTooLong] = useState<ReturnType<typeof eventProblems>>({});
  const title = fieldNotes({
    id: `${id}-title`,
    label: "Title",
    value: draft.title,
    problem: tooLong.title,
    limit: EVENT_LIMITS.title,
  });
  const description = fieldNotes({
    id: `${id}-description`,
    label: "Description",
    value: draft.description,
    problem: tooLong.description,
    limit: EVENT_LIMITS.description,
  });
  return (
    <form
      aria-labelledby={`${id}-heading`}
      className={cx(cardClass, "space-y-3 p-5")}
      onSubmit={(event) => {
        event.preventDefault();
        const found = eventProblems(draft);
        setTooLong(found);
        const field = event.currentTarget.elements.namedItem(found.title ? "title" : "description");
        if (found.title || found.description) return field instanceof HTMLElement ? field.focus() : undefined;
        void (publishing ? addGigOnWebsite() : feed.addEvent());
      }}
    >
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold">
        Add Event
      </h2>
      <p className="text-sm text-stone-700" aria-live="polite">
        {selectedDay ? `Date: ${formatDay(selectedDay)}` : "Pick a day in the calendar."}
      </p>
      <div>
        <TextField
          id={`${id}-title`}
          label="Title"
          name="title"
          value={draft.title}
          aria-invalid={tooLong.title ? true : undefined}
          aria-describedby={title.describedBy}
          placeholder="Event title"
          autoComplete="off"
          onChange={(event) => {
            setTooLong({ ...tooLong, title: undefined });
            typed.editEventDraft({ ...draft, title: event.target.value });
          }}
        />
        {title.said}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          value={draft.description}
          aria-invalid={tooLong.description ? true : undefined}
          aria-describedby={description.describedBy}
          placeholder="Event description"
          rows={3}
          onChange={(event) => {
            setTooLong({ ...tooLong, description: undefined });
            typed.editEventDraft({ ...draft, description: event.target.value });
          }}
          className={cx(inputClass, "mt-1")}
        />
        {description.said}
      </div>
      <div>
        <label htmlFor={`${id}-type`} className={labelClass}>
          Event type
        </label>
        <select
          id={`${id}-type`}
          name="event_type"
          value={draft.eventType}
          onChange={(event) =>
            isEventType(event.target.value) && typed.editEventDraft({ ...draft, eventType: event.target.value })
          }
          className={cx(inputClass, "mt-1")}
        >
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      {draft.eventType === "gig" ? (
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className={TOUCH_BOX}
            checked={publishing}
            onChange={(event) => typed.$publishNew.set(event.target.checked)}
          />
          Put on the website
        </label>
      ) : null}
      {publishing ? (
        <Suspense fallback={<p className="text-sm text-stone-700">Loading...</p>}>
          <LazyShowFields formKey="new" date={selectedDay ? dayKey(selectedDay) : null} />
        </Suspense>
      ) : null}
      <Button type="submit" className="w-full" aria-disabled={adding}>
        Add Event
      </Button>
    </form>
  );
}
