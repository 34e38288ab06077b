/**
 * A card in view mode: name, role, e-mail and phone as links, any further field as labelled text, the
 * vCard download, the History toggle and the Edit button. Memoised: a keystroke in the search redraws only the cards that
 * come and go.
 */
import { useStore } from "@nanostores/react";
import { memo, Suspense, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { focusIfLost } from "../../components/ui/focusIfLost";
import { lazyRetried } from "../../lib/lazy-retried";
import { CONTACT_FIELDS, FIELD_LABELS, type Contact, type ContactField } from "./contacts";
import { mailtoHref, telHref } from "./contacts.links";
import { contactsStore } from "./contacts.store";
import { ContactCardShell } from "./ContactCardShell";
import { ContactLink } from "./ContactLink";
import { LookalikeWarning } from "./LookalikeWarning";
import { lazyCode } from "../../lib/retried";

const historyNoteClass = "mt-4 text-sm text-stone-700";

/** The fields shown in ways of their own above (heading, role, links); every other one as labelled text. */
const SHOWN_APART: readonly ContactField[] = ["name", "role", "email", "phone"];
const MORE_FIELDS = CONTACT_FIELDS.filter((field) => !SHOWN_APART.includes(field));

/**
 * In place of the history when its code cannot be fetched (offline, a stale deploy): the card and its draft stay,
 * and the history is fetched again until it comes, at once when the connection is back (lazyRetried).
 */
function HistoryUnavailable({ id }: { id: string }) {
  return (
    <p id={id} role="alert" className={historyNoteClass}>
      The history could not be loaded. Check your connection: it loads once the connection is back, or when you open it
      again.
    </p>
  );
}

// Fetched when a History is first opened, not with the page: most visits open none.
const historyCode = lazyCode(() => import("./ContactHistory"));
const ContactHistory = lazyRetried(
  () => historyCode().then(({ ContactHistory }) => ContactHistory),
  HistoryUnavailable,
);

export const ContactCard = memo(function ContactCard({
  contact,
  registerEditButton,
}: {
  contact: Contact;
  /** Lets the list give focus back to this card's Edit button after Save or Cancel. */
  registerEditButton: (id: string, button: HTMLButtonElement | null) => void;
}) {
  const store = contactsStore();
  const unsaved = useStore(store.$parked).includes(contact.id);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <ContactCardShell label={contact.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="break-words text-lg font-semibold">
            {contact.name}
          </h2>
          <p className="break-words text-stone-700">{contact.role}</p>
          {unsaved ? (
            <p className="mt-1 text-sm font-medium text-amber-900">
              Changes not saved yet: Edit to finish them, or to drop them with Cancel.
            </p>
          ) : null}
          {contact.email ? (
            <>
              <p className="mt-2 break-all text-sm">
                <ContactLink kind="email" value={contact.email} href={mailtoHref(contact.email)} />
              </p>
              <LookalikeWarning email={contact.email} className="my-1" />
            </>
          ) : null}
          {contact.phone ? (
            <p className="break-words text-sm">
              <ContactLink kind="phone" value={contact.phone} href={telHref(contact.phone)} />
            </p>
          ) : null}
          {MORE_FIELDS.map((field) =>
            contact[field] ? (
              <p key={field} className="break-words text-sm">
                <span className="text-stone-600">{FIELD_LABELS[field]}: </span>
                {contact[field]}
              </p>
            ) : null,
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void store.downloadVCard(contact)}>
              Download vCard<span className="sr-only"> for {contact.name}</span>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              title="Contact history"
              aria-expanded={historyOpen}
              aria-controls={historyOpen ? historyId : undefined}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              History<span className="sr-only"> of {contact.name}</span>
            </Button>
          </div>
        </div>
        <Button
          variant="secondary"
          size="icon"
          title="Edit contact"
          // The tooltip's words, and whose card: six cards' buttons must not all sound alike to a screen reader.
          aria-label={`Edit contact: ${contact.name}`}
          ref={(button) => registerEditButton(contact.id, button)}
          onClick={() => store.startEditing(contact)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 20h4L18.5 9.5a2.1 2.1 0 0 0-4-4L4 16v4z" />
          </svg>
        </Button>
      </div>
      {historyOpen ? (
        <Suspense
          fallback={
            <p id={historyId} className={historyNoteClass}>
              Loading history...
            </p>
          }
        >
          <ContactHistory
            contact={contact}
            id={historyId}
            onRestored={(pressed) => focusIfLost(heading.current, pressed)}
          />
        </Suspense>
      ) : null}
    </ContactCardShell>
  );
});
