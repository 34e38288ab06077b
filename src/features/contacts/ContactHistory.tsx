/**
 * A card's earlier versions, newest first a page at a time, with what the next change replaced
 * and a Restore per version. Restoring is an ordinary, conditional update, so it is itself kept
 * in the history. The newest page is read again whenever the contact changes.
 */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { Button } from "../../components/ui/Button";
import type { Contact } from "./contacts";
import { historyEntries } from "./contacts.history";
import { contactsStore } from "./contacts.store";
import { noteClass } from "./contacts.styles";
import { HistoryVersion } from "./HistoryVersion";

export function ContactHistory({
  contact,
  id,
  onRestored,
}: {
  contact: Contact;
  id: string;
  /**
   * A version is back on the card, by the Restore `pressed`: the card takes the focus, as that Restore is off now
   * ("Same as the card now"), unless the person has moved it elsewhere meanwhile.
   */
  onRestored: (pressed: Element) => void;
}) {
  const store = contactsStore();
  const { loaded, failed, older, restoring } = useStore(store.history(contact.id));
  const contactId = contact.id;
  const currentVersion = contact.version;

  useEffect(() => {
    void store.loadHistory(contactId);
  }, [store, contactId, currentVersion]);

  const entries = loaded ? historyEntries(contact, loaded.versions) : [];
  return (
    <section id={id} aria-label={`History of ${contact.name}`} className="mt-4 border-t border-stone-200 pt-3">
      <h3 className="text-sm font-semibold">Earlier versions</h3>
      {failed ? (
        <p className="mt-2 text-sm text-stone-700">
          The history could not be loaded.{" "}
          <Button variant="secondary" size="sm" onClick={() => void store.loadHistory(contactId)}>
            Try again
          </Button>
        </p>
      ) : loaded === null ? (
        <p className="mt-2 text-sm text-stone-700">Loading history...</p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">No earlier versions</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {entries.map((entry) => (
            <HistoryVersion
              key={entry.version.version}
              entry={entry}
              contact={contact}
              restoring={restoring !== null}
              onRestore={(pressed) =>
                void store.restore(contactId, entry.version).then((done) => done && onRestored(pressed))
              }
            />
          ))}
        </ol>
      )}
      {loaded?.more && !failed ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={older === "loading"}
            onClick={() => void store.loadOlderHistory(contactId)}
          >
            Show older versions<span className="sr-only"> of {contact.name}</span>
          </Button>
          {older === "loading" ? <span className={noteClass}>Loading older versions...</span> : null}
          {older === "failed" ? (
            <span role="alert" className={noteClass}>
              Older versions could not be loaded; try again.
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
