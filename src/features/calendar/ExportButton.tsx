/**
 * "Export calendar (.ics)": every event as an iCalendar file, made in the browser from the list shown (a gig
 * on its show's day, saying how the show stands).
 * Off while there is nothing to export (before the list loads, or with no events): a calendar file
 * must hold at least one event (RFC 5545 3.6), and an empty download would only puzzle. It stays
 * focusable and says why (aria-disabled and a title), where a disabled button would drop out of
 * the tab order without a word. While the file is being made (its writer arrives on the first export, seconds on a
 * slow phone) it says so the same way (aria-busy), and a second press makes no second file.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { downloadText } from "../../lib/download";
import { calendarShows } from "./calendar.shows.store";
import { calendarFeed } from "./calendar.store";

export function ExportButton() {
  const feed = calendarFeed();
  const shows = calendarShows();
  const empty = useStore(feed.$events).length === 0;
  const [making, setMaking] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={empty || making || undefined}
      aria-busy={making || undefined}
      title={empty ? "No events to export yet" : undefined}
      onClick={async () => {
        if (making) return;
        setMaking(true);
        try {
          const file = await feed.exportFile(shows.$shows.get());
          if (file) downloadText(file.filename, file.text, file.mimeType);
        } finally {
          setMaking(false);
        }
      }}
    >
      Export calendar (.ics)
    </Button>
  );
}
