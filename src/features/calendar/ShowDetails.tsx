/**
 * A published show's details put right from its panel: "Edit the show's details" opens the show's form,
 * filled in as the show is (calendar.details.ts), asking whether new doors move the show or put a mistyped time
 * right (DoorsChange); "Save the details" writes only what the person changed, to
 * the version they opened. A teammate's change heard meanwhile shows in the fields the person left alone, and
 * the form stays open, as typed, through a refusal, the page locking and the show cancelled until it is restored
 * (its draft is the page's show forms'); typed while its save is on its way, it stays open with that, to save next.
 * Focus goes to the first field on opening, and back to the button on closing.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/Button";
import { isTimeZone } from "../../lib/show-rules.mjs";
import { showToast } from "../toasts/toasts.store";
import { showDay } from "./calendar.details";
import { sameValues } from "./calendar.meanwhile";
import type { ShowDraft } from "./calendar.publish";
import { gigPublishing } from "./calendar.publish.store";
import { detailsFormKey } from "./calendar.types";
import { showChanges } from "./calendar.changes.store";
import type { Show } from "./calendar.shows";
import { calendarShows } from "./calendar.shows.store";
import { DoorsChange } from "./DoorsChange";
import { ShowFields } from "./ShowFields";

/** Said above the details of a show marked sold out. */
const SOLD_OUT_NOTE = "Marked sold out: fans read “Sold out” whatever the availability says, until Back on sale.";

export function ShowDetails({ show, busy }: { show: Show; busy: boolean }) {
  const shows = showChanges();
  const publishing = gigPublishing();
  const key = detailsFormKey(show.id);
  const open = useStore(publishing.$drafts)[key] !== undefined;
  const form = useRef<HTMLFormElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  useEffect(() => publishing.followDetails(key, show), [publishing, key, show]);
  useEffect(() => {
    if (open && !wasOpen.current) form.current?.querySelector("input")?.focus();
    if (!open && wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!isTimeZone(show.time_zone)) {
    return (
      <p className="max-w-prose text-sm">
        This browser does not know the show&apos;s time zone ({show.time_zone}), so its details cannot be edited here.
      </p>
    );
  }

  /**
   * Saved: the form closes, or, with more typed while its save was on its way, stays with it over the version
   * saved; closed meanwhile, it stays closed.
   */
  const saved = (pressed: ShowDraft) => {
    const typed = publishing.$drafts.get()[key];
    const now = calendarShows()
      .$shows.get()
      .find(({ id }) => id === show.id);
    if (now && typed && !sameValues(typed, pressed)) publishing.openDetails(key, now, typed);
    else publishing.closeForm(key);
  };

  const save = async () => {
    const details = publishing.detailsOf(key);
    if (!details) return; // each problem is said beside its field
    const pressed = publishing.draftOf(key);
    if (Object.keys(details.change).length === 0) {
      showToast({
        title: "Nothing to save",
        description: "The show's details are as they were.",
        replaces: details.replaces,
      });
      publishing.closeForm(key);
    } else if (await shows.change(show.id, details.change, "Show details changed", details.version, details.replaces)) {
      saved(pressed);
    } else publishing.detailsRefused(key);
  };

  if (!open) {
    return (
      <Button ref={button} variant="secondary" size="sm" onClick={() => publishing.openDetails(key, show)}>
        Edit the show&apos;s details
      </Button>
    );
  }
  return (
    <form
      ref={form}
      className="space-y-2"
      aria-label="Show details"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      {show.status === "sold-out" ? (
        // The availability below is what fans read once the tickets are back on sale, not now.
        <p className="max-w-prose text-sm text-stone-700">{SOLD_OUT_NOTE}</p>
      ) : null}
      <ShowFields formKey={key} date={showDay(show)}>
        <DoorsChange formKey={key} show={show} />
      </ShowFields>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" size="sm" aria-disabled={busy || undefined}>
          Save the details
        </Button>
        <Button variant="secondary" size="sm" onClick={() => publishing.closeForm(key)}>
          Keep them as they are
        </Button>
      </div>
    </form>
  );
}
