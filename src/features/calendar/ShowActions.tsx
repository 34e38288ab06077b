/**
 * What the team changes of a published show: postponed, sold out, cancelled (each a button; cancelling asks
 * first, as fans see it within minutes), rescheduled to a new time in the venue's time zone (the start it had
 * is kept and shown to fans), and a new ticket link. Each change is a new version, kept and restorable; what
 * is typed stays after a refusal.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import { showFieldProblems } from "../../lib/show-rules.mjs";
import { wallTimeIn, zonedInstant } from "./calendar.publish";
import type { Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";

const STATUS_CHANGES = [
  ["postponed", "Postpone", "Show postponed"],
  ["sold-out", "Mark sold out", "Show marked sold out"],
  ["cancelled", "Cancel the show", "Show cancelled"],
] as const;

/** Asked before a show is cancelled. */
const CANCEL_QUESTION =
  "Cancel this show? Fans see it cancelled on the website within minutes; Restore puts it back as it was.";

export function ShowActions({ show }: { show: Show }) {
  const shows = showChanges();
  const busy = useStore(shows.$changing)[show.id] ?? false;
  const id = useId();
  const [when, setWhen] = useState(() => wallTimeIn(show.starts_at, show.time_zone));
  const [link, setLink] = useState({ url: show.ticket_url, kind: show.ticket_kind });
  const [problem, setProblem] = useState<{ when?: string; link?: string }>({});
  // "Cancel the show" asks first; "Keep the show" has the focus, so a second tap by mistake keeps it.
  const [askingCancel, setAskingCancel] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (askingCancel) keep.current?.focus();
  }, [askingCancel]);

  const reschedule = async () => {
    const moved = zonedInstant(when.date, when.time, show.time_zone);
    if (!moved) return setProblem({ when: `New doors: a date and a time of that day in ${show.time_zone}` });
    setProblem({});
    await shows.change(
      show.id,
      { status: "rescheduled", starts_at: moved.iso, previous_starts_at: show.starts_at },
      "Show rescheduled",
    );
  };
  const saveLink = async () => {
    const wrong = showFieldProblems({ ...show, ticket_url: link.url.trim(), ticket_kind: link.kind }).ticket_url;
    if (wrong) return setProblem({ link: `Ticket link: ${wrong}` });
    setProblem({});
    await shows.change(show.id, { ticket_url: link.url.trim(), ticket_kind: link.kind }, "Ticket link changed");
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {STATUS_CHANGES.filter(([status]) => status !== show.status).map(([status, words, done]) => (
          <Button
            key={status}
            variant="secondary"
            size="sm"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (busy) return;
              if (status === "cancelled") setAskingCancel(true);
              else void shows.change(show.id, { status }, done);
            }}
          >
            {words}
          </Button>
        ))}
      </div>
      {askingCancel ? (
        <div role="group" aria-labelledby={`${id}-cancel-question`} className="space-y-2">
          <p id={`${id}-cancel-question`} className="max-w-prose font-medium">
            {CANCEL_QUESTION}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              size="sm"
              className="min-h-11"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                setAskingCancel(false);
                void shows.change(show.id, { status: "cancelled" }, "Show cancelled");
              }}
            >
              Yes, cancel the show
            </Button>
            <Button
              ref={keep}
              variant="secondary"
              size="sm"
              className="min-h-11"
              onClick={() => setAskingCancel(false)}
            >
              Keep the show
            </Button>
          </div>
        </div>
      ) : null}
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
              type="date"
              value={when.date}
              onChange={(event) => setWhen({ ...when, date: event.target.value })}
              className={cx(inputClass, "mt-1")}
            />
          </label>
          <label className={labelClass}>
            New doors ({show.time_zone})
            <input
              type="time"
              value={when.time}
              onChange={(event) => setWhen({ ...when, time: event.target.value })}
              className={cx(inputClass, "mt-1")}
            />
          </label>
        </div>
        {problem.when ? <p className="text-sm text-red-800">{problem.when}</p> : null}
        <Button type="submit" variant="secondary" size="sm" aria-disabled={busy || undefined}>
          Reschedule
        </Button>
      </form>
      <form
        className="space-y-2"
        aria-label="Ticket link"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void saveLink();
        }}
      >
        <label htmlFor={`${id}-link`} className={labelClass}>
          New ticket link
        </label>
        <input
          id={`${id}-link`}
          inputMode="url"
          value={link.url}
          aria-invalid={problem.link ? true : undefined}
          onChange={(event) => setLink({ ...link, url: event.target.value })}
          className={inputClass}
        />
        <select
          aria-label="The ticket link goes to"
          value={link.kind}
          onChange={(event) => setLink({ ...link, kind: event.target.value === "venue" ? "venue" : "ticket" })}
          className={inputClass}
        >
          <option value="ticket">A ticket shop</option>
          <option value="venue">The venue&apos;s own site</option>
        </select>
        {problem.link ? <p className="text-sm text-red-800">{problem.link}</p> : null}
        <Button type="submit" variant="secondary" size="sm" aria-disabled={busy || undefined}>
          Save the ticket link
        </Button>
      </form>
    </div>
  );
}
