/**
 * Whether a show is on the website, from its panel: "Take off the website" for a show fans see (asked first, the
 * safe answer focused: fans no longer see it within minutes), "Put back on the website" for one taken off. A gig
 * put up by mistake goes without being cancelled in front of fans; each change is a new version, restorable. Both
 * buttons wait out the panel's guard (GuardedButton.tsx): just after a teammate took the show off, a tap meant for
 * "Take off the website" would land on "Put back on the website", which does not ask.
 */
import { useEffect, useRef, useState } from "react";
import { focusIfLost } from "../../components/ui/focusIfLost";
import type { Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { AskBefore } from "./AskBefore";
import { GuardedButton, type TapGuard } from "./GuardedButton";
import type { FocusStatus } from "./ShowPanel";

/** Asked before a show is taken off the website. */
const TAKE_OFF_QUESTION =
  "Take this show off the website? Within minutes fans no longer find it on the tour page or in the tour's calendar file; " +
  "Put back on the website brings it back as it is.";

type WebsiteButtonProps = { show: Show; guard: TapGuard; busy: boolean; focusStatus: FocusStatus };

export function WebsiteButton({ show, guard, busy, focusStatus }: WebsiteButtonProps) {
  const shows = showChanges();
  const [asking, setAsking] = useState(false);
  const takeOff = useRef<HTMLButtonElement>(null);
  // Answered "Keep", or "Yes" refused: once the question has gone, the button that asked it takes the focus back.
  const giveBack = useRef(false);
  useEffect(() => {
    if (asking || !giveBack.current) return;
    giveBack.current = false;
    focusIfLost(takeOff.current);
  }, [asking]);

  if (!show.published) {
    return (
      <GuardedButton
        guard={guard}
        onPress={(pressed) =>
          void shows.change(show.id, { published: true }, "Show back on the website").then(() => focusStatus(pressed))
        }
      >
        Put back on the website
      </GuardedButton>
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
          void shows.change(show.id, { published: false }, "Show taken off the website").then((done) => {
            if (done) focusStatus(pressed);
            else focusIfLost(takeOff.current);
          });
        }}
        onKeep={() => {
          giveBack.current = true;
          setAsking(false);
        }}
      />
    );
  }
  return (
    <GuardedButton ref={takeOff} guard={guard} onPress={() => setAsking(true)}>
      Take off the website
    </GuardedButton>
  );
}
