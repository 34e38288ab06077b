/** One earlier version in a card's history: when it was saved and replaced, what the next change replaced, Restore. */
import { Button } from "../../components/ui/Button";
import { cx } from "../../components/ui/styles";
import type { Contact } from "./contacts";
import { fieldList, formatHistoryTime, sameValues, type HistoryEntry } from "./contacts.history";
import { noteClass } from "./contacts.styles";
import { ContactValues } from "./ContactValues";

export function HistoryVersion({
  entry: { version, changed },
  contact,
  restoring,
  onRestore,
}: {
  entry: HistoryEntry;
  contact: Contact;
  /** A restore of this card is under way (one at a time). */
  restoring: boolean;
  /** Restore pressed: the button, for the focus to move on from it once the version is back. */
  onRestore: (pressed: HTMLButtonElement) => void;
}) {
  const same = sameValues(version, contact);
  return (
    <li className="rounded-md border border-stone-200 p-3">
      <p className="text-sm font-semibold">Version {version.version}</p>
      <p className={noteClass}>
        Saved <time dateTime={version.writtenAt}>{formatHistoryTime(version.writtenAt)}</time>, replaced{" "}
        <time dateTime={version.replacedAt}>{formatHistoryTime(version.replacedAt)}</time>
      </p>
      {changed.length > 0 ? <p className={cx("mt-1", noteClass)}>Changed afterwards: {fieldList(changed)}</p> : null}
      <div className="mt-2">
        <ContactValues values={version} marked={changed} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {/* Off while a restore is on its way, but still holding the focus (aria-disabled): pressed, it keeps it. */}
        <Button
          variant="secondary"
          size="sm"
          disabled={same}
          aria-disabled={restoring || undefined}
          onClick={({ currentTarget }) => restoring || onRestore(currentTarget)}
        >
          Restore<span className="sr-only"> version {version.version}</span>
        </Button>
        {same ? <span className={noteClass}>Same as the card now</span> : null}
      </div>
    </li>
  );
}
