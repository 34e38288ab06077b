/**
 * A published show moved to new doors still to come, in the venue's time zone (the start it was announced with
 * is kept and shown to fans: rescheduledTo). A refusal is said under the fields, tied to the field or fields it
 * is about, and the focus goes to the first of them; what was typed stays, through a teammate's change too (said
 * under a field they changed as well, the next Reschedule held once for it) and the panel closing
 * (useFollowingShow).
 */
import { useId, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import { skippedByClocks, skippedTimeProblem, wallTimeIn, zonedInstant } from "./calendar.zones";
import { rescheduleProblem } from "./calendar.publish";
import { rescheduledTo, type Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { useFollowingShow } from "./useFollowingShow";

type When = { date: string; time: string };
type Refusal = { text: string; date: boolean; time: boolean };

const whenOf = (show: Show): When => wallTimeIn(show.starts_at, show.time_zone);

/** The doors typed as an instant the show may move to, or why not and which of the two fields that is about. */
function movedTo(show: Show, when: When): { iso: string; refusal?: undefined } | { refusal: Refusal } {
  const moved = zonedInstant(when.date, when.time, show.time_zone);
  if (!moved) {
    // A time the venue's clock skips that day (spring's hour) is said so, beside the time.
    if (skippedByClocks(when.date, when.time, show.time_zone)) {
      return { refusal: { text: `New doors: ${skippedTimeProblem(show.time_zone)}`, date: false, time: true } };
    }
    const date = !/^\d{4}-\d{2}-\d{2}$/.test(when.date);
    const time = !/^\d{2}:\d{2}$/.test(when.time);
    const text = `New doors: a date and a time of that day in ${show.time_zone}`;
    return { refusal: { text, date, time: time || !date } };
  }
  const wrong = rescheduleProblem(show, moved.iso, new Date());
  return wrong ? { refusal: { text: `New doors: ${wrong}`, date: true, time: true } } : { iso: moved.iso };
}

export function RescheduleForm({ show, busy }: { show: Show; busy: boolean }) {
  const shows = showChanges();
  const id = useId();
  const form = useFollowingShow(`reschedule-${show.id}`, show, whenOf);
  const { value: when, set: setWhen, clashes } = form;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const timeInput = useRef<HTMLInputElement>(null);
  const problemId = `${id}-problem`;

  const reschedule = async () => {
    const moved = movedTo(show, when);
    setRefusal(moved.refusal ?? null);
    if (moved.refusal) return (moved.refusal.date ? dateInput : timeInput).current?.focus();
    // Held once for what a teammate changed meanwhile, said under the field: the next Reschedule puts these doors.
    if (form.holds()) return (clashes.date ? dateInput : timeInput).current?.focus();
    await form.save(when, when, () =>
      shows.change(show.id, rescheduledTo(show, moved.iso), "Show rescheduled", form.version),
    );
  };
  /** What ties a field to the refusal when it is about that field, and to what a teammate changed it to. */
  const invalid = (about: boolean | undefined, field: keyof When) => {
    const described = [about && problemId, clashes[field] && `${id}-${field}-clash`].filter(Boolean).join(" ");
    return described ? { "aria-invalid": true, "aria-describedby": described } : {};
  };

  return (
    <form
      className="space-y-2"
      aria-label="Reschedule"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void reschedule();
      }}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <label className={labelClass}>
          New date
          <input
            ref={dateInput}
            type="date"
            value={when.date}
            onChange={(event) => setWhen({ ...when, date: event.target.value })}
            className={cx(inputClass, "mt-1")}
            {...invalid(refusal?.date, "date")}
          />
        </label>
        <label className={labelClass}>
          New doors ({show.time_zone})
          <input
            ref={timeInput}
            type="time"
            value={when.time}
            onChange={(event) => setWhen({ ...when, time: event.target.value })}
            className={cx(inputClass, "mt-1")}
            {...invalid(refusal?.time, "time")}
          />
        </label>
      </div>
      {clashes.date ? (
        <p id={`${id}-date-clash`} className="text-sm text-red-800">
          New date: {clashes.date}
        </p>
      ) : null}
      {clashes.time ? (
        <p id={`${id}-time-clash`} className="text-sm text-red-800">
          New doors: {clashes.time}
        </p>
      ) : null}
      {refusal ? (
        <p id={problemId} role="alert" className="text-sm text-red-800">
          {refusal.text}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" size="sm" aria-disabled={busy || undefined}>
        Reschedule
      </Button>
    </form>
  );
}
