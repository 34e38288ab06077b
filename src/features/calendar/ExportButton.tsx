/**
 * "Export calendar (.ics)": every event as an iCalendar file, made in the browser from the list shown.
 * Off while there is nothing to export (before the list loads, or with no events): a calendar file
 * must hold at least one event (RFC 5545 3.6), and an empty download would only puzzle. It stays
 * focusable and says why (aria-disabled and a title), where a disabled button would drop out of
 * the tab order without a word.
 */
import { site } from "../../data/site";
import { downloadText } from "../../lib/download";
import { showToast } from "../toasts/toasts.store";
import { calendarExport, ICS_MIME_TYPE, type CalendarEvent } from "./calendar";
import { secondaryButtonClass } from "./calendar.styles";
import { errorMessage } from "./session";

export function ExportButton({ events }: { events: readonly CalendarEvent[] }) {
  const empty = events.length === 0;
  return (
    <button
      type="button"
      className={`${secondaryButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
      aria-disabled={empty || undefined}
      title={empty ? "No events to export yet" : undefined}
      onClick={() => {
        if (empty) return;
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
