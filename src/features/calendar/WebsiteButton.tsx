/**
 * Whether a show is on the website, from its panel: "Take off the website" for a show fans see (asked first, the
 * safe answer focused: fans no longer see it within minutes), "Put back on the website" for one taken off. A gig
 * put up by mistake goes without being cancelled in front of fans; each change is a new version, restorable.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import type { Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { AskBefore } from "./AskBefore";
import type { FocusStatus } from "./ShowPanel";

/** Asked before a show is taken off the website. */
const TAKE_OFF_QUESTION =
  "Take this show off the website? Within minutes fans no longer find it on the tour page or in their calendars; " +
  "Put back on the website brings it back as it is.";

type WebsiteButtonProps = { show: Show; busy: boolean; focusStatus: FocusStatus };

export function WebsiteButton({ show, busy, focusStatus }: WebsiteButtonProps) {
  const shows = showChanges();
  const [asking, setAsking] = useState(false);
  const takeOff = useRef<HTMLButtonElement>(null);
  // Answered "Keep": once the question has gone, the button that asked it takes the focus back.
  const kept = useRef(false);
  useEffect(() => {
    if (asking || !kept.current) return;
    kept.current = false;
    takeOff.current?.focus();
  }, [asking]);
  const change = (published: boolean, done: string, pressed: Element) =>
    void shows.change(show.id, { published }, done).then(() => focusStatus(pressed));

  if (!show.published) {
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={busy || undefined}
        onClick={({ currentTarget }) => {
          if (!busy) change(true, "Show back on the website", currentTarget);
        }}
      >
        Put back on the website
      </Button>
    );
  }
  if (asking) {
    return (
      <AskBefore
        question={TAKE_OFF_QUESTION}
        yes="Yes, take it off"
        keep="Keep it on the website"
        busy={busy}
        onYes={(pressed) => {
          setAsking(false);
          change(false, "Show taken off the website", pressed);
        }}
        onKeep={() => {
          kept.current = true;
          setAsking(false);
        }}
      />
    );
  }
  return (
    <Button
      ref={takeOff}
      variant="secondary"
      size="sm"
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) setAsking(true);
      }}
    >
      Take off the website
    </Button>
  );
}
