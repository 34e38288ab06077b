/** "Export calendar (.ics)": every event as an iCalendar file, made in the browser from the list shown. */
import { site } from "../../data/site";
import { downloadText } from "../../lib/download";
import { showToast } from "../toasts/toasts.store";
import { calendarExport, errorMessage, ICS_MIME_TYPE, type CalendarEvent } from "./calendar";
import { secondaryButtonClass } from "./calendar.styles";

export function ExportButton({ events }: { events: readonly CalendarEvent[] }) {
  return (
    <button
      type="button"
      className={secondaryButtonClass}
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
