/**
 * Under a gig's card: where its show stands ("On the website", or "On the website in a few minutes" while the
 * live site catches up; "Off the website in a few minutes", then "Not on the website", once taken off: the
 * standings of calendar.shows.ts) and how (a cancelled one says so first), and the show's panel (its changes and
 * history) or, for a gig never put on the website, the form that puts it there; both fetched when first opened
 * (calendar.lazy.tsx).
 */
import { useStore } from "@nanostores/react";
import { Suspense, useId, useState } from "react";
import { Button } from "../../components/ui/Button";
import type { CalendarEvent } from "./calendar";
import { LazyPublishShow, LazyShowPanel } from "./calendar.lazy";
import { STANDING_WORDS, statusText, type Standing } from "./calendar.shows";
import { calendarShows } from "./calendar.shows.store";

/** Where a cancelled show stands on the website: fans see it cancelled there, or will once it catches up. */
function cancelledStanding(standing: Standing): string {
  if (standing === "live") return "fans see it so on the website";
  if (standing === "soon") return "fans see it so on the website in a few minutes";
  return STANDING_WORDS[standing];
}

export function GigOnWebsite({ event }: { event: CalendarEvent }) {
  const shows = calendarShows();
  const show = useStore(shows.$shows).find((shown) => shown.event_id === event.id);
  const standings = useStore(shows.$standings);
  const standing = show ? standings.get(show.id) : undefined;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-3 border-t border-stone-200 pt-3">
      {show ? (
        show.status === "cancelled" ? (
          // Cancelled first: "On the website in a few minutes · Cancelled" read as a show going up.
          <p className="text-sm">
            <span className="font-semibold">Cancelled</span>
            <span className="text-stone-700"> · {cancelledStanding(standing ?? "soon")}</span>
          </p>
        ) : (
          <p className="text-sm">
            <span className="font-semibold">{STANDING_WORDS[standing ?? "soon"]}</span>
            <span className="text-stone-700"> · {statusText(show, new Date())}</span>
          </p>
        )
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {show ? "Manage the show" : "Publish on the website"}
        <span className="sr-only"> of {event.title}</span>
      </Button>
      {open ? (
        <div id={panelId}>
          <Suspense fallback={<p className="mt-2 text-sm text-stone-700">Loading...</p>}>
            {show ? <LazyShowPanel show={show} /> : <LazyPublishShow event={event} />}
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
