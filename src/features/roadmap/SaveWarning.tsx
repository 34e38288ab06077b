/**
 * Says at once when a change could not be saved in this browser (its storage
 * is full, or refused), offers the export to keep what is on screen, and says
 * when saving works again. It sits below the groups, so appearing moves
 * nothing under the pointer, and sticks to the bottom of the window while
 * the groups are scrolled, so it is seen wherever the change was made.
 */
import { ExportButton } from "./ExportButton";
import type { BackupFile } from "./roadmap.backup";
import type { SaveStatus } from "./roadmap.store";

const why = { full: "this browser's storage is full", refused: "this browser refused to store the roadmap" } as const;

function saveWarningText(reason: keyof typeof why): string {
  return `Not saved: ${why[reason]}. Your changes are on screen but not saved in this browser, and a reload would lose them. Export the roadmap (.json) to keep them. Each change tries to save again.`;
}

const SAVED_AGAIN_TEXT = "Saved: your changes are stored in this browser again.";

type Props = { status: SaveStatus; backup: () => BackupFile };

export function SaveWarning({ status, backup }: Props) {
  return (
    // On wide windows it stops short of the bottom-right corner, where toasts (an Undo) show.
    <div
      data-save-warning=""
      className={
        status.saved
          ? ""
          : "sticky bottom-4 z-10 mt-6 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-sm text-stone-900 shadow-lg lg:mr-[21rem]"
      }
    >
      {status.saved ? null : (
        <>
          {/* An alert is read out as it appears, so it need not wait on the page empty (unlike the status below). */}
          <p role="alert" className="font-semibold">
            {saveWarningText(status.reason)}
          </p>
          <div className="mt-3">
            <ExportButton backup={backup} />
          </div>
        </>
      )}
      {/* Always on the page, empty or not: screen readers announce changes only in a live region they already know. */}
      <p role="status" className="mt-6 text-sm text-emerald-800 empty:mt-0">
        {status.saved && status.again ? SAVED_AGAIN_TEXT : ""}
      </p>
    </div>
  );
}
