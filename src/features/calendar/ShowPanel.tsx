/**
 * A gig's show, as fans see it (or saw it, once taken off the website) and as the team changes it: the venue and
 * its address, the doors in the venue's time, the ticket link (with its price, availability and on-sale time),
 * its status ("· off the website" once taken off), and a link to it on the tour page, opened in a new tab so this
 * page stays signed in; then its changes (ShowActions) and its kept versions with Restore (ShowHistory).
 */
import { useId, useRef } from "react";
import { focusIfLost } from "../../components/ui/focusIfLost";
import { wrapAnywhere } from "../../components/ui/styles";
import { countryInAddress } from "../../lib/countries.mjs";
import { priceText } from "../../lib/price";
import { AVAILABILITY_WORDS } from "./calendar.publish";
import { doorsText, statusOnWebsite, type Show } from "./calendar.shows";
import { ShowActions } from "./ShowActions";
import { ShowHistory } from "./ShowHistory";

/** The tickets' availability as the form offers it, or as the database has it when this version does not know it. */
const availabilityText = (availability: string) =>
  (AVAILABILITY_WORDS as Record<string, string | undefined>)[availability] ?? availability;

/** How the tickets of a show still on stand: on sale, few left, sold out, and from when they are on sale. */
function ticketsStanding(show: Show): string {
  // A show marked sold out by its status is sold out, whatever availability its form gave earlier.
  const availability = show.status === "sold-out" ? "sold-out" : show.availability;
  return (
    (availability ? ` · ${availabilityText(availability)}` : "") +
    (show.on_sale_at ? ` · on sale from ${doorsText(show.on_sale_at, show.time_zone)}` : "")
  );
}

/**
 * Where the focus goes once the person's own status change or restore is answered (the button pressed is gone,
 * turned off or re-rendered by then): the show's status line, which stands whatever the status and says what it
 * now is. Focus moved elsewhere meanwhile stays put, and a teammate's change heard over realtime moves nothing.
 */
export type FocusStatus = (pressed: Element) => void;

export function ShowPanel({ show }: { show: Show }) {
  const id = useId();
  const status = useRef<HTMLElement>(null);
  const focusStatus: FocusStatus = (pressed) => focusIfLost(status.current, pressed);
  return (
    <div className="mt-3 space-y-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Venue</dt>
        <dd className={wrapAnywhere}>
          {show.venue_name}, {show.venue_street}, {show.venue_town}, {show.venue_county} {show.venue_postal_code},{" "}
          {countryInAddress(show.venue_country)}
        </dd>
        <dt className="font-semibold">Doors</dt>
        <dd>{doorsText(show.starts_at, show.time_zone)}</dd>
        <dt className="font-semibold">Tickets</dt>
        <dd>
          <a href={show.ticket_url} className="break-all underline" rel="noopener noreferrer" target="_blank">
            {show.ticket_url}
          </a>{" "}
          ({show.ticket_kind === "venue" ? "the venue's own site" : "a ticket shop"})
          {show.price !== null && show.currency ? ` · ${priceText(Number(show.price), show.currency)}` : ""}
          {/* What fans read of the tickets on /tour too ("Few left", "On sale from …"); of a cancelled show, nothing:
              its tickets are neither on sale nor sold out, whatever it said before. */}
          {show.status === "cancelled" ? "" : ticketsStanding(show)}
        </dd>
        <dt id={`${id}-status`} className="font-semibold">
          Status
        </dt>
        {/* Takes the focus after a change (focusStatus): read as what it says, described as the show's "Status". */}
        <dd ref={status} tabIndex={-1} aria-describedby={`${id}-status`}>
          {statusOnWebsite(show, new Date())}
        </dd>
      </dl>
      {show.published ? (
        // In a tab of its own: this page, whose session lives in memory only, stays signed in.
        <p className="text-sm">
          <a href={`/tour#${show.id}`} target="_blank" rel="noopener" className="font-semibold underline">
            See it on the tour page ↗<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      <ShowActions show={show} focusStatus={focusStatus} />
      <ShowHistory show={show} focusStatus={focusStatus} />
    </div>
  );
}
