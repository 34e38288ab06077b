/**
 * "Export calendar (.ics)": every event as an iCalendar file, made in the browser from the list shown.
 * Off while there is nothing to export (before the list loads, or with no events): a calendar file
 * must hold at least one event (RFC 5545 3.6), and an empty download would only puzzle.
 */
import { site } from "../../data/site";
import { downloadText } from "../../lib/download";
import { showToast } from "../toasts/toasts.store";
import { calendarExport, errorMessage, ICS_MIME_TYPE, type CalendarEvent } from "./calendar";
import { secondaryButtonClass } from "./calendar.styles";

export function ExportButton({ events }: { events: readonly CalendarEvent[] }) {
  return (
    <button
      type="button"
      className={`${secondaryButtonClass} disabled:cursor-not-allowed disabled:opacity-60`}
      disabled={events.length === 0}
      onClick={() => {
        try {
          const { filename, text } = calendarExport(events, {
            now: new Date(),
            domain: new URL(site.url).hostname,
            artistName: site.artistName,
          });
          downloadText(filename, text, ICS_MIME_TYPE);
        } catch (error) {
          showToast({ title: "Error exporting calendar", description: errorMessage(error), variant: "destructive" });
        }
      }}
    >
      Export calendar (.ics)
    </button>
  );
}
