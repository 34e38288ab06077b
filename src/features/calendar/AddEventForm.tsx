/**
 * The "Add Event" form. Without a selected day or a title nothing happens; on success the form resets, on failure
 * it is kept for another try. What is typed lives in the page's draft (calendar.draft.store.ts), so it outlives the
 * page locking itself. A gig can be put on the website as it is added ("Put on the website": ShowFields.tsx).
 */
import { useStore } from "@nanostores/react";
import { Suspense, useId, useState } from "react";
import { Button } from "../../components/ui/Button";
import { fieldNotes } from "../../components/ui/fieldNotes";
import { TextField } from "../../components/ui/TextField";
import { cardClass, cx, inputClass, labelClass } from "../../components/ui/styles";
import { dayKey, formatDay } from "./calendar";
import { emptyEventDraft, EVENT_LIMITS, eventProblems, TOUCH_BOX } from "./calendar.form";
import { calendarFeed } from "./calendar.store";
import { eventDraft } from "./calendar.draft.store";
import { addGigOnWebsite, LazyShowFields } from "./calendar.lazy";
import { EventTypeSelect } from "./EventTypeSelect";
import { RemoveHidden } from "./RemoveHidden";

const LABELS = { title: "Title", description: "Description" } as const;

export function AddEventForm() {
  const typed = eventDraft();
  const feed = calendarFeed();
  const draft = useStore(typed.$eventDraft) ?? emptyEventDraft;
  const selectedDay = useStore(typed.$selectedDay);
  const adding = useStore(feed.$adding);
  const publishing = useStore(typed.$publishNew) && draft.eventType === "gig";
  const id = useId();
  // Said when the form is sent, until the field is typed in again: a field refused (too long, hidden characters)
  // takes the focus, nothing is added, and each refusal is counted, for its line to be said aloud again at the next
  // (a press of Enter in the field leaves the focus where it is, so moving it announces nothing).
  const [refused, setRefused] = useState({ problems: {} as ReturnType<typeof eventProblems>, count: 0 });
  const notes = (field: keyof typeof EVENT_LIMITS) =>
    fieldNotes({
      id: `${id}-${field}`,
      label: LABELS[field],
      value: draft[field],
      problem: refused.problems[field],
      limit: EVENT_LIMITS[field],
      announce: refused.count,
    });
  const [title, description] = [notes("title"), notes("description")];
  /** What is typed in `field`: what was said of it goes. */
  const retyped = (field: keyof typeof EVENT_LIMITS, value: string) => {
    setRefused({ ...refused, problems: { ...refused.problems, [field]: undefined } });
    typed.editEventDraft({ ...draft, [field]: value });
  };
  return (
    <form
      aria-labelledby={`${id}-heading`}
      className={cx(cardClass, "space-y-3 p-5")}
      onSubmit={(event) => {
        event.preventDefault();
        const found = eventProblems(draft, selectedDay);
        // Too long, or holding hidden characters the table refuses.
        const refusal = Boolean(found.title || found.description);
        setRefused({ problems: found, count: refused.count + (refusal ? 1 : 0) });
        const field = event.currentTarget.elements.namedItem(found.title ? "title" : "description");
        if (refusal && field instanceof HTMLElement) field.focus();
        // The show's fields, when shown, are checked in the same press whatever is said above: no second round.
        if (publishing) void addGigOnWebsite();
        else if (!refusal) void feed.addEvent();
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
          label={LABELS.title}
          name="title"
          value={draft.title}
          aria-invalid={refused.problems.title ? true : undefined}
          aria-describedby={title.describedBy}
          placeholder="Event title"
          autoComplete="off"
          onChange={(event) => retyped("title", event.target.value)}
        />
        {title.said}
        <RemoveHidden
          label={LABELS.title}
          fieldId={`${id}-title`}
          value={draft.title}
          said={!!refused.problems.title}
          onValue={(value) => retyped("title", value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          {LABELS.description}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          value={draft.description}
          aria-invalid={refused.problems.description ? true : undefined}
          aria-describedby={description.describedBy}
          placeholder="Event description"
          rows={3}
          onChange={(event) => retyped("description", event.target.value)}
          className={cx(inputClass, "mt-1")}
        />
        {description.said}
        <RemoveHidden
          label={LABELS.description}
          fieldId={`${id}-description`}
          value={draft.description}
          lines
          said={!!refused.problems.description}
          onValue={(value) => retyped("description", value)}
        />
      </div>
      <EventTypeSelect
        id={`${id}-type`}
        value={draft.eventType}
        onChange={(eventType) => typed.editEventDraft({ ...draft, eventType })}
      />
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
