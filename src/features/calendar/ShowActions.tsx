/**
 * What the team changes of a published show: postponed, sold out, cancelled (StatusButtons.tsx), rescheduled
 * to a new time still to come in the venue's time zone (the start it was announced with is kept and shown to
 * fans), a new ticket link, and any of its details put right (the show's form, filled in as it is: only what
 * is changed is written). Each change is a new version, kept and restorable; what is typed stays after a
 * refusal. A cancelled show offers none of them: Restore (ShowHistory.tsx) brings it back.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import { showFieldProblems } from "../../lib/show-rules.mjs";
import { wallTimeIn, zonedInstant } from "./calendar.zones";
import { rescheduleProblem } from "./calendar.publish";
import { detailsFormKey, gigPublishing } from "./calendar.publish.store";
import { ShowDetails } from "./ShowDetails";
import { rescheduledTo, type Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { StatusButtons } from "./StatusButtons";

export function ShowActions({ show }: { show: Show }) {
  const shows = showChanges();
  const busy = useStore(shows.$changing)[show.id] ?? false;
  const id = useId();
  const [when, setWhen] = useState(() => wallTimeIn(show.starts_at, show.time_zone));
  const [link, setLink] = useState({ url: show.ticket_url, kind: show.ticket_kind });
  const [problem, setProblem] = useState<{ when?: string; link?: string }>({});
  const publishing = gigPublishing();

  const reschedule = async () => {
    const moved = zonedInstant(when.date, when.time, show.time_zone);
    if (!moved) return setProblem({ when: `New doors: a date and a time of that day in ${show.time_zone}` });
    const wrong = rescheduleProblem(show, moved.iso, new Date());
    if (wrong) return setProblem({ when: `New doors: ${wrong}` });
    setProblem({});
    await shows.change(show.id, rescheduledTo(show, moved.iso), "Show rescheduled");
  };
  // A newer version of the show (a teammate's change, or this page's own): the fields left as they were
  // follow it; what the person typed stays. Cancelled, its details form closes: Restore starts afresh.
  const shown = useRef(show);
  useEffect(() => {
    const before = shown.current;
    shown.current = show;
    if (before.version === show.version) return;
    const wasWhen = wallTimeIn(before.starts_at, before.time_zone);
    setWhen((typed) =>
      typed.date === wasWhen.date && typed.time === wasWhen.time ? wallTimeIn(show.starts_at, show.time_zone) : typed,
    );
    setLink((typed) =>
      typed.url === before.ticket_url && typed.kind === before.ticket_kind
        ? { url: show.ticket_url, kind: show.ticket_kind }
        : typed,
    );
    if (show.status === "cancelled") publishing.closeForm(detailsFormKey(show.id));
  }, [show, publishing]);

  const saveLink = async () => {
    const wrong = showFieldProblems({ ...show, ticket_url: link.url.trim(), ticket_kind: link.kind }).ticket_url;
    if (wrong) return setProblem({ link: `Ticket link: ${wrong}` });
    setProblem({});
    await shows.change(show.id, { ticket_url: link.url.trim(), ticket_kind: link.kind }, "Ticket link changed");
  };

  // A cancelled show is not changed back by a tap on another status or a new day: fans were told it is off.
  // Restore brings back a version from before the cancellation, as the cancel question says.
  if (show.status === "cancelled") {
    return (
      <p className="max-w-prose text-sm">
        This show is cancelled, and fans see it so. To put it back on, restore a version from before the cancellation.
      </p>
    );
  }

  return (
    <div className="space-y-4">
      <StatusButtons show={show} busy={busy} />
      <ShowDetails show={show} busy={busy} />
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
