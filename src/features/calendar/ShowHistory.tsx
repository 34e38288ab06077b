/**
 * A published show's kept versions, newest first: when each was saved and replaced, how it stood then
 * (status, doors, ticket link), what the change that replaced it did ("Next change: cancelled", so the version
 * before a cancellation or a new ticket link is found without comparing versions by eye; "next", as the line sits
 * under the version's own status and must not read as what that version was), what it says unlike the
 * show now (both worked out in calendar.history.ts), and Restore (RestoreButton.tsx), which puts it back as a new
 * version (kept in turn, so a restore can itself be undone), asking first when fans would see it cancelled, no
 * longer cancelled or gone. Restore is offered for any version that differs in anything a restore writes. Read
 * when the panel opens and again after each change.
 */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { Button } from "../../components/ui/Button";
import { cx, wrapAnywhere } from "../../components/ui/styles";
import { formatDateTime } from "../../lib/dates";
import { doorsText, statusOnWebsite, type Show } from "./calendar.shows";
import { showChanges } from "./calendar.changes.store";
import { changesAfter, differencesFrom } from "./calendar.history";
import type { FocusStatus } from "./ShowPanel";
import { RestoreButton } from "./RestoreButton";

export function ShowHistory({ show, focusStatus }: { show: Show; focusStatus: FocusStatus }) {
  const shows = showChanges();
  const { versions, failed } = useStore(shows.history(show.id));
  // A change of this show on its way (or a restore, which counts as one): Restore waits for its answer.
  const busy = useStore(shows.$changing)[show.id] ?? false;
  const showId = show.id;
  const current = show.version;
  useEffect(() => void shows.loadHistory(showId), [shows, showId, current]);
  const changes = changesAfter(versions ?? [], show);
  return (
    <section aria-label={`History of the show at ${show.venue_name}`} className="border-t border-stone-200 pt-3">
      <h4 className="text-sm font-semibold">Earlier versions</h4>
      {failed ? (
        <p className="mt-2 text-sm text-stone-700">
          The history could not be loaded.{" "}
          <Button variant="secondary" size="sm" onClick={() => void shows.loadHistory(showId)}>
            Try again
          </Button>
        </p>
      ) : versions === null ? (
        <p className="mt-2 text-sm text-stone-700">Loading history...</p>
      ) : versions.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">No earlier versions</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {versions.map(({ version, show: kept, writtenAt, replacedAt }) => {
            const differences = differencesFrom(kept, show);
            const next = changes.get(version);
            return (
              <li key={version} className="rounded-md border border-stone-200 p-3 text-sm">
                <p className="font-semibold">Version {version}</p>
                <p className="text-stone-700">
                  Saved {formatDateTime(new Date(writtenAt))}, replaced {formatDateTime(new Date(replacedAt))}
                </p>
                <p>
                  {statusOnWebsite(kept)} · {doorsText(kept.starts_at, kept.time_zone)}
                </p>
                <p className="break-all">{kept.ticket_url}</p>
                {next ? <p className={cx("mt-1 font-semibold", wrapAnywhere)}>Next change: {next}</p> : null}
                <p className={cx("mt-1 text-stone-700", wrapAnywhere)}>
                  {differences.length > 0 ? `Differs from now: ${differences.join(" · ")}` : "Same as the show now"}
                </p>
                <RestoreButton
                  show={show}
                  kept={kept}
                  version={version}
                  disabled={busy || differences.length === 0}
                  busy={busy}
                  focusStatus={focusStatus}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
