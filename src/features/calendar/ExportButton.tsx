/**
 * "Export calendar (.ics)": every event as an iCalendar file, made in the browser from the list shown (a gig
 * on its show's day, saying how the show stands).
 * Off while there is nothing to export (before the list loads, or with no events): a calendar file
 * must hold at least one event (RFC 5545 3.6), and an empty download would only puzzle. It stays
 * focusable and says why (aria-disabled and a title), where a disabled button would drop out of
 * the tab order without a word.
 */
import { useStore } from "@nanostores/react";
import { Button } from "../../components/ui/Button";
import { downloadText } from "../../lib/download";
import { calendarShows } from "./calendar.shows.store";
import { calendarFeed } from "./calendar.store";

export function ExportButton() {
  const feed = calendarFeed();
  const shows = calendarShows();
  const empty = useStore(feed.$events).length === 0;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={empty || undefined}
      title={empty ? "No events to export yet" : undefined}
      onClick={async () => {
        const file = await feed.exportFile(shows.$shows.get());
        if (file) downloadText(file.filename, file.text, file.mimeType);
      }}
    >
      Export calendar (.ics)
    </Button>
  );
}
