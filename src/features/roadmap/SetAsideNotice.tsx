/**
 * Says, where the team will see it, that a saved roadmap could not be read and
 * was set aside, and hands it over as a file. Shown on every visit while such
 * a copy is kept, oldest first, until the team deletes it (confirmed): a copy
 * nobody is told about is as good as lost.
 */
import { useStore } from "@nanostores/react";
import { useRef, useState } from "react";
import { downloadText } from "../../lib/download";
import { ConfirmDialog } from "./ConfirmDialog";
import { BACKUP_MIME_TYPE } from "./roadmap.backup";
import type { KeptCopy, RoadmapStore } from "./roadmap.store";
import { toolButtonClass } from "./roadmap.styles";

function message(copy: KeptCopy): string {
  if (!copy.justNow) {
    return `A roadmap saved in this browser earlier could not be read (${copy.reason}) and is still kept aside: download it to fix it, then import it, or delete it.`;
  }
  const shown = `The roadmap saved in this browser could not be read (${copy.reason}), so the default tasks are shown.`;
  return copy.key === null
    ? `${shown} There was no room to keep it aside, so your next change replaces it: download it now to fix it, then import it.`
    : `${shown} The saved copy has not been deleted: download it to fix it, then import it.`;
}

const moreCopies = (count: number) =>
  count === 1
    ? "One more unreadable copy is kept; it is shown once this one is deleted."
    : `${count} more unreadable copies are kept; the next is shown once this one is deleted.`;

export function SetAsideNotice({ store }: { store: RoadmapStore }) {
  const copies = useStore(store.$keptCopies);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState("");
  const status = useRef<HTMLParagraphElement>(null);
  const copy = copies.at(0);

  // Once a copy is gone its buttons are too: focus moves to the sentence that says what happened.
  const settle = (text: string) => {
    setDone(text);
    requestAnimationFrame(() => status.current?.focus());
  };

  return (
    <>
      {copy ? (
        <div className="mb-6 rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-stone-900">
          {/* Urgent only on the visit it happens; after that, a plain reminder. */}
          <p role={copy.justNow ? "alert" : undefined}>
            {message(copy)}
            {copies.length > 1 ? ` ${moreCopies(copies.length - 1)}` : ""}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => downloadText("roadmap-unreadable.json", copy.raw, BACKUP_MIME_TYPE)}
              className={toolButtonClass}
            >
              Download the saved copy
            </button>
            {copy.key === null ? (
              <button
                type="button"
                onClick={() => {
                  store.dismissKeptCopy(copy);
                  settle("Notice dismissed.");
                }}
                className={toolButtonClass}
              >
                Dismiss
              </button>
            ) : (
              <button type="button" onClick={() => setConfirming(true)} className={toolButtonClass}>
                Delete the saved copy
              </button>
            )}
          </div>
        </div>
      ) : null}
      {/* What a button did; focus moves here, which reads it out (a live region as well would read it twice). */}
      <p ref={status} tabIndex={-1} className="mb-6 text-sm text-emerald-800 empty:mb-0">
        {done}
      </p>
      <ConfirmDialog
        open={confirming}
        title="Delete the saved copy?"
        confirmLabel="Delete copy"
        onConfirm={() => {
          if (copy) store.deleteKeptCopy(copy);
          settle("The unreadable roadmap copy was deleted.");
        }}
        onClose={() => setConfirming(false)}
      >
        <p>The roadmap that could not be read will be gone for good. Download it first if it may still be of use.</p>
      </ConfirmDialog>
    </>
  );
}
