/**
 * The shared contacts directory: migrates legacy local contacts, loads the
 * table, adds and edits contacts, and reports every outcome with the spec's
 * toasts. On a failure the user's input stays on screen. Nothing is lost:
 * each card shows its earlier versions with a Restore, and a save never
 * overwrites someone else's change unseen. On the road it is
 * searched as you type, its addresses and numbers are links to write or call,
 * and contacts download as vCards for the phone's address book.
 */
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { downloadText } from "../../lib/download";
import { readStorage, removeStorage, writeStorage } from "../../lib/storage";
import { getSupabase } from "../../lib/supabase";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { showToast } from "../toasts/toasts.store";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  contactFromDraft,
  draftFromContact,
  emptyDraft,
  FIELD_LABELS,
  LEGACY_CONTACTS_KEY,
  mergeLoaded,
  newContactId,
  parseLegacyContacts,
  remainingAfterMigration,
  updateFromDraft,
  type Contact,
  type ContactDraft,
} from "./contacts";
import {
  fieldList,
  formatHistoryTime,
  historyEntries,
  sameValues,
  withNewestHistory,
  withOlderHistory,
  type ContactVersion,
  type LoadedHistory,
} from "./contacts.history";
import { mailtoHref, telHref } from "./contacts.links";
import {
  CONTACTS_FIRST_DRAW,
  CONTACTS_PAGE_SIZE,
  contactCount,
  noMatchMessage,
  searchable,
  searchContacts,
  searchText,
  showMoreLabel,
} from "./contacts.search";
import { contactsVCardFile, contactVCardFile } from "./contacts.vcard";
import { fetchContactHistory, fetchContacts, insertContact, updateContact, upsertContact } from "./contacts.api";

// Name and role are required by the add form's rule (nothing happens without them); that is
// announced with aria-required rather than `required`, whose browser message the spec rules out.
const fields = [
  { key: "name", label: "Name", type: "text", autoComplete: "name", required: true },
  { key: "role", label: "Role", type: "text", autoComplete: "organization-title", required: true },
  { key: "email", label: "Email", type: "email", autoComplete: "email", required: false },
  { key: "phone", label: "Phone", type: "tel", autoComplete: "tel", required: false },
] as const;

const inputClass = "w-full rounded-md border border-stone-300 px-3 py-2";
const primaryButton =
  "rounded-md bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:opacity-60";
const secondaryButton =
  "rounded-md border border-stone-300 px-4 py-2 font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";
const smallButton =
  "rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:opacity-60";
const contactLink =
  "inline-flex max-w-full items-start gap-1.5 py-0.5 underline decoration-stone-400 underline-offset-2 hover:decoration-stone-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";

/** A vCard as the browser's download; text/vcard is the type RFC 6350 registers. */
function saveVCard({ filename, text }: { filename: string; text: string }) {
  downloadText(filename, text, "text/vcard");
}

const icons = {
  email: "M3 6h18v12H3zM3 6l9 7 9-7",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
} as const;

/** An e-mail address or phone number: a link to write or call when it makes one, plain text otherwise. */
function ContactLink({ kind, value, href }: { kind: "email" | "phone"; value: string; href: string | null }) {
  if (href === null) return <>{value}</>;
  return (
    <a href={href} className={contactLink}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mt-0.5 h-4 w-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d={icons[kind]} />
      </svg>
      <span className="min-w-0 break-all">
        <span className="sr-only">{kind === "email" ? "Email " : "Call "}</span>
        {value}
      </span>
    </a>
  );
}

/** Moves legacy local contacts into the shared table; keeps whatever did not make it. */
async function migrateLegacyContacts(): Promise<void> {
  const raw = readStorage(LEGACY_CONTACTS_KEY);
  if (raw === null) return;
  const parse = parseLegacyContacts(raw);
  const failed = new Set<string>();
  if (parse.migratable.length > 0) {
    const client = await getSupabase();
    for (const contact of parse.migratable) {
      try {
        await upsertContact(client, contact);
      } catch {
        failed.add(contact.id);
        showToast({
          title: "Migration error",
          description: `Failed to migrate contact: ${contact.name}`,
          variant: "destructive",
        });
      }
    }
  }
  const remaining = remainingAfterMigration(parse, failed, raw);
  if (remaining === null) removeStorage(LEGACY_CONTACTS_KEY);
  else if (remaining !== raw) writeStorage(LEGACY_CONTACTS_KEY, remaining);
  const migrated = parse.migratable.length - failed.size;
  if (migrated > 0) {
    showToast({
      title: "Contacts migrated",
      description: `${migrated} local contacts have been migrated to the shared database`,
    });
  }
}

function DraftFields({
  draft,
  onChange,
  idPrefix,
  mode,
}: {
  draft: ContactDraft;
  onChange: (draft: ContactDraft) => void;
  idPrefix: string;
  /** The add form has visible labels and required fields; an edited card is compact and unvalidated. */
  mode: "add" | "edit";
}) {
  const visibleLabels = mode === "add";
  return (
    <>
      {fields.map((field) => (
        <div key={field.key}>
          <label
            htmlFor={`${idPrefix}-${field.key}`}
            className={visibleLabels ? "block text-sm font-semibold" : "sr-only"}
          >
            {field.label}
          </label>
          <input
            id={`${idPrefix}-${field.key}`}
            type={field.type}
            placeholder={field.label}
            autoComplete={field.autoComplete}
            maxLength={CONTACT_LIMITS[field.key]}
            aria-required={mode === "add" && field.required ? true : undefined}
            // Entering edit mode moves focus into the card, where the Edit button was.
            autoFocus={mode === "edit" && field.key === "name"}
            value={draft[field.key]}
            onChange={(event) => onChange({ ...draft, [field.key]: event.target.value })}
            className={`${inputClass} ${visibleLabels ? "mt-1" : ""}`}
          />
        </div>
      ))}
    </>
  );
}

function AddContactForm({ onAdded }: { onAdded: (contact: Contact) => void }) {
  const [draft, setDraft] = useState<ContactDraft>(emptyDraft);
  const [saving, setSaving] = useState(false);
  const idPrefix = useId();
  return (
    <form
      aria-label="Add contact"
      className="grid gap-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      onSubmit={async (event) => {
        event.preventDefault();
        const contact = contactFromDraft(draft, newContactId());
        if (!contact || saving) return;
        setSaving(true);
        try {
          const stored = await insertContact(await getSupabase(), contact);
          onAdded({ created_at: new Date().toISOString(), ...stored });
          setDraft(emptyDraft);
          showToast({ title: "Contact added", description: "New contact has been added successfully" });
        } catch {
          showToast({ title: "Error", description: "Failed to add contact", variant: "destructive" });
        } finally {
          setSaving(false);
        }
      }}
    >
      <DraftFields draft={draft} onChange={setDraft} idPrefix={idPrefix} mode="add" />
      <button type="submit" className={primaryButton} disabled={saving}>
        Add Contact
      </button>
    </form>
  );
}

function Card({ children, label }: { children: ReactNode; label: string }) {
  return (
    <li>
      <article aria-label={label} className="h-full rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
        {children}
      </article>
    </li>
  );
}

const iconButton =
  "flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-stone-300 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-stone-900";

/** A contact's values as a short list of labelled fields; `marked` fields are highlighted and say so. */
function ContactValues({
  values,
  marked = [],
}: {
  values: Pick<Contact, "name" | "role" | "email" | "phone">;
  marked?: readonly string[];
}) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
      {CONTACT_FIELDS.map((field) => {
        const value = values[field];
        const changed = marked.includes(field);
        return (
          <div key={field} className="contents">
            <dt className="text-stone-600">{FIELD_LABELS[field]}</dt>
            <dd className="break-words">
              {changed ? (
                <mark className="rounded bg-amber-100 px-1 font-semibold text-stone-900 underline decoration-amber-600 decoration-2 underline-offset-2">
                  {value || <span className="italic">empty</span>}
                </mark>
              ) : (
                value || <span className="italic text-stone-600">empty</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * A card's earlier versions, newest first, with what the next change replaced, and a Restore
 * per version. Restoring is an ordinary, conditional update, so it is itself kept in the history.
 */
function ContactHistory({
  contact,
  id,
  onRestored,
}: {
  contact: Contact;
  id: string;
  onRestored: (contact: Contact) => void;
}) {
  const [history, setHistory] = useState<LoadedHistory | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [older, setOlder] = useState<"idle" | "loading" | "failed">("idle");
  const contactId = contact.id;
  const currentVersion = contact.version;

  // The newest page, read again whenever the contact changes; older pages already shown stay.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const newest = await fetchContactHistory(await getSupabase(), contactId);
        if (!cancelled) setHistory((loaded) => withNewestHistory(loaded, newest));
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [contactId, currentVersion, attempt]);

  async function showOlder() {
    const oldest = history?.versions.at(-1)?.version;
    if (oldest === undefined || older === "loading") return;
    setOlder("loading");
    try {
      const page = await fetchContactHistory(await getSupabase(), contactId, oldest);
      setHistory((loaded) => (loaded ? withOlderHistory(loaded, page) : loaded));
      setOlder("idle");
    } catch {
      setOlder("failed");
    }
  }

  async function restore(version: ContactVersion) {
    if (restoring !== null) return;
    setRestoring(version.version);
    try {
      const { name, role, email, phone } = version;
      const result = await updateContact(await getSupabase(), contact.id, contact.version ?? 1, {
        name,
        role,
        email,
        phone,
      });
      if (result.outcome === "saved") {
        onRestored(result.contact);
        showToast({
          title: "Contact restored",
          description: `${result.contact.name} is back as it was in version ${version.version}`,
        });
      } else {
        // Changed meanwhile (the card shows the newer values now) or gone: nothing was restored.
        if (result.outcome === "changed") onRestored(result.theirs);
        showToast({ title: "Error", description: "Failed to update contact", variant: "destructive" });
      }
    } catch {
      showToast({ title: "Error", description: "Failed to update contact", variant: "destructive" });
    } finally {
      setRestoring(null);
    }
  }

  const versions = history?.versions ?? null;
  const entries = versions ? historyEntries(contact, versions) : [];
  return (
    <section id={id} aria-label={`History of ${contact.name}`} className="mt-4 border-t border-stone-200 pt-3">
      <h3 className="text-sm font-semibold">Earlier versions</h3>
      {failed ? (
        <p className="mt-2 text-sm text-stone-700">
          The history could not be loaded.{" "}
          <button
            type="button"
            className={smallButton}
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </p>
      ) : versions === null ? (
        <p className="mt-2 text-sm text-stone-700">Loading history...</p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">No earlier versions</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {entries.map(({ version, changed }) => (
            <li key={version.version} className="rounded-md border border-stone-200 p-3">
              <p className="text-sm font-semibold">Version {version.version}</p>
              <p className="text-xs text-stone-700">
                Saved <time dateTime={version.writtenAt}>{formatHistoryTime(version.writtenAt)}</time>, replaced{" "}
                <time dateTime={version.replacedAt}>{formatHistoryTime(version.replacedAt)}</time>
              </p>
              {changed.length > 0 ? (
                <p className="mt-1 text-xs text-stone-700">Changed afterwards: {fieldList(changed)}</p>
              ) : null}
              <div className="mt-2">
                <ContactValues values={version} marked={changed} />
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className={smallButton}
                  disabled={restoring !== null || sameValues(version, contact)}
                  onClick={() => void restore(version)}
                >
                  Restore<span className="sr-only"> version {version.version}</span>
                </button>
                {sameValues(version, contact) ? (
                  <span className="text-xs text-stone-700">Same as the card now</span>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {history?.more && !failed ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="button" className={smallButton} disabled={older === "loading"} onClick={() => void showOlder()}>
            Show older versions<span className="sr-only"> of {contact.name}</span>
          </button>
          {older === "loading" ? <span className="text-xs text-stone-700">Loading older versions...</span> : null}
          {older === "failed" ? (
            <span role="alert" className="text-xs text-stone-700">
              Older versions could not be loaded; try again.
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A card in view mode. Memoised: a keystroke in the search redraws only the cards that come and go. */
const ContactCard = memo(function ContactCard({
  contact,
  onEdit,
  onRestored,
  registerEditButton,
}: {
  contact: Contact;
  onEdit: (contact: Contact) => void;
  onRestored: (contact: Contact) => void;
  registerEditButton: (id: string, button: HTMLButtonElement | null) => void;
}) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  return (
    <Card label={contact.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold">{contact.name}</h2>
          <p className="break-words text-stone-700">{contact.role}</p>
          {contact.email ? (
            <p className="mt-2 break-all text-sm">
              <ContactLink kind="email" value={contact.email} href={mailtoHref(contact.email)} />
            </p>
          ) : null}
          {contact.phone ? (
            <p className="break-words text-sm">
              <ContactLink kind="phone" value={contact.phone} href={telHref(contact.phone)} />
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={smallButton} onClick={() => saveVCard(contactVCardFile(contact))}>
              Download vCard<span className="sr-only"> for {contact.name}</span>
            </button>
            <button
              type="button"
              title="Contact history"
              aria-expanded={historyOpen}
              aria-controls={historyOpen ? historyId : undefined}
              className={smallButton}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              History<span className="sr-only"> of {contact.name}</span>
            </button>
          </div>
        </div>
        <button
          type="button"
          title="Edit contact"
          aria-label="Edit contact"
          ref={(button) => registerEditButton(contact.id, button)}
          onClick={() => onEdit(contact)}
          className={iconButton}
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
        </button>
      </div>
      {historyOpen ? <ContactHistory contact={contact} id={historyId} onRestored={onRestored} /> : null}
    </Card>
  );
});

type Editing = {
  id: string;
  draft: ContactDraft;
  /** The version the draft was taken from: the save is conditional on it. */
  version: number;
  /** Someone else's newer values, when a save found the contact changed meanwhile. */
  theirs: Contact | null;
};

function ContactsTool() {
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [query, setQuery] = useState("");
  // How many pages of the search's matches the list holds, and how many cards are drawn so far.
  const [list, setList] = useState({ query: "", pages: 1, drawn: CONTACTS_FIRST_DRAW });
  const searchInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const editPrefix = useId();
  // Search keys are worked out once per list, and the list follows the typing a frame behind,
  // so a keystroke in the box is never held up by thousands of cards.
  const index = useMemo(() => contacts.map(searchable), [contacts]);
  const searchedFor = useDeferredValue(query);
  const shown = useMemo(() => searchContacts(index, searchedFor), [index, searchedFor]);
  const searching = searchText(searchedFor) !== "";
  // Long lists render in pages; every match stays one "Show more" away and is counted above.
  // A new search starts again at the first page, and draws a screenful first: the rest of the
  // page follows a frame later, as a transition, so the keystroke's update is never held up by it.
  if (list.query !== searchedFor) setList({ query: searchedFor, pages: 1, drawn: CONTACTS_FIRST_DRAW });
  const listLength = list.pages * CONTACTS_PAGE_SIZE;
  useEffect(() => {
    if (list.drawn >= listLength) return;
    const frame = requestAnimationFrame(() =>
      startTransition(() => setList((current) => ({ ...current, drawn: current.pages * CONTACTS_PAGE_SIZE }))),
    );
    return () => cancelAnimationFrame(frame);
  }, [list.drawn, listLength]);
  const rendered = shown.slice(0, Math.min(list.drawn, listLength));
  const notShown = Math.max(0, shown.length - listLength);
  // After Save or Cancel, keyboard focus goes back to the card's Edit button.
  const returnFocusTo = useRef<string | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    const id = returnFocusTo.current;
    if (id === null || editing?.id === id) return;
    // A saved contact that no longer matches the search has left the list: focus goes back to the search.
    (editButtons.current.get(id) ?? searchInput.current)?.focus();
    returnFocusTo.current = null;
  }, [editing]);

  function stopEditing(id: string) {
    returnFocusTo.current = id;
    // A save that finishes after the user moved on to another card leaves that card alone.
    setEditing((current) => (current?.id === id ? null : current));
  }

  // Stable, so the memoised cards are not redrawn for new callbacks.
  const replaceContact = useCallback((updated: Contact) => {
    setContacts((list) => list.map((contact) => (contact.id === updated.id ? { ...contact, ...updated } : contact)));
  }, []);
  const startEditing = useCallback((contact: Contact) => {
    setEditing({ id: contact.id, draft: draftFromContact(contact), version: contact.version ?? 1, theirs: null });
  }, []);
  const registerEditButton = useCallback((id: string, button: HTMLButtonElement | null) => {
    if (button) editButtons.current.set(id, button);
    else editButtons.current.delete(id);
  }, []);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        await migrateLegacyContacts();
      } catch (error) {
        console.error(error);
      }
      try {
        const loaded = await fetchContacts(await getSupabase());
        if (cancelled) return;
        setContacts((onScreen) => mergeLoaded(loaded, onScreen));
        showToast({
          title: "Contacts loaded",
          description: `${loaded.length} contacts loaded from the shared database`,
        });
      } catch {
        if (!cancelled) showToast({ title: "Error", description: "Failed to load contacts", variant: "destructive" });
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  /** Saves the draft if the contact is still at `version`; otherwise shows what changed, draft kept. */
  async function save(version: number) {
    if (!editing || saving) return;
    setSaving(true);
    const { id } = editing;
    const update = updateFromDraft(editing.draft);
    try {
      const result = await updateContact(await getSupabase(), id, version, update);
      if (result.outcome === "saved") {
        replaceContact(result.contact);
        stopEditing(id);
        showToast({ title: "Contact updated", description: "Contact has been updated successfully" });
      } else if (result.outcome === "changed") {
        replaceContact(result.theirs);
        setEditing((current) => (current?.id === id ? { ...current, theirs: result.theirs } : current));
      } else {
        showToast({ title: "Error", description: "Failed to update contact", variant: "destructive" });
      }
    } catch {
      showToast({ title: "Error", description: "Failed to update contact", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-8">
      <AddContactForm onAdded={(contact) => setContacts((list) => [contact, ...list])} />
      {loading ? (
        <p role="status" className="text-stone-700">
          Loading contacts...
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="sm:w-96">
              <label htmlFor={searchId} className="block text-sm font-semibold">
                Search contacts
              </label>
              <input
                ref={searchInput}
                id={searchId}
                type="search"
                placeholder="Name, role, email or phone"
                autoComplete="off"
                // Longer than any field, so any value can be pasted, short enough to stay quick.
                maxLength={400}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Escape") setQuery("");
                }}
                className={`${inputClass} mt-1`}
              />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {/* Announced politely as the list narrows, and visible to everyone. */}
              <p role="status" aria-atomic="true" className="text-sm text-stone-700">
                {contactCount(shown.length, contacts.length, searching)}
              </p>
              <button
                type="button"
                className={smallButton}
                disabled={shown.length === 0}
                onClick={() => saveVCard(contactsVCardFile(shown))}
              >
                Download all shown ({shown.length})
              </button>
            </div>
          </div>
          {searching && shown.length === 0 ? (
            <div className="rounded-lg border border-dashed border-stone-300 p-6 text-center">
              <p className="break-words text-stone-700">{noMatchMessage(searchedFor)}</p>
              <button
                type="button"
                className={`${smallButton} mt-3`}
                onClick={() => {
                  setQuery("");
                  searchInput.current?.focus();
                }}
              >
                Clear search
              </button>
            </div>
          ) : (
            <>
              <ul className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Contacts">
                {rendered.map((contact) =>
                  editing?.id === contact.id ? (
                    <Card key={contact.id} label={`Editing ${contact.name}`}>
                      {/* Editing has no validation (spec section 5), not even the browser's e-mail check. */}
                      <form
                        noValidate
                        className="space-y-3"
                        onSubmit={(event) => {
                          event.preventDefault();
                          // With someone else's change on screen, only an explicit choice saves.
                          if (!editing.theirs) void save(editing.version);
                        }}
                        onKeyDown={(event) => {
                          if (event.key === "Escape") stopEditing(contact.id);
                        }}
                      >
                        <DraftFields
                          draft={editing.draft}
                          onChange={(draft) =>
                            setEditing((current) => (current?.id === contact.id ? { ...current, draft } : current))
                          }
                          idPrefix={`${editPrefix}-${contact.id}`}
                          mode="edit"
                        />
                        {editing.theirs ? (
                          <div role="alert" className="space-y-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3">
                            <p className="font-semibold">Someone else changed this contact meanwhile.</p>
                            <p className="text-sm">
                              Their version is below, with what differs from yours marked; your changes are still in the
                              form.
                            </p>
                            <ContactValues
                              values={editing.theirs}
                              marked={CONTACT_FIELDS.filter(
                                (field) => (editing.theirs?.[field] ?? "") !== (editing.draft[field] ?? ""),
                              )}
                            />
                          </div>
                        ) : null}
                        <div className="flex flex-wrap gap-2">
                          {editing.theirs ? (
                            <>
                              <button
                                type="button"
                                className={primaryButton}
                                disabled={saving}
                                onClick={() => editing.theirs && void save(editing.theirs.version ?? 1)}
                              >
                                Save mine over theirs
                              </button>
                              <button type="button" className={secondaryButton} onClick={() => stopEditing(contact.id)}>
                                Keep theirs
                              </button>
                            </>
                          ) : (
                            <>
                              <button type="submit" className={primaryButton} disabled={saving}>
                                Save
                              </button>
                              <button type="button" className={secondaryButton} onClick={() => stopEditing(contact.id)}>
                                Cancel
                              </button>
                            </>
                          )}
                        </div>
                      </form>
                    </Card>
                  ) : (
                    <ContactCard
                      key={contact.id}
                      contact={contact}
                      onRestored={replaceContact}
                      onEdit={startEditing}
                      registerEditButton={registerEditButton}
                    />
                  ),
                )}
              </ul>
              {notShown > 0 ? (
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setList((current) => ({ ...current, pages: current.pages + 1 }))}
                >
                  {showMoreLabel(notShown)}
                </button>
              ) : null}
            </>
          )}
        </>
      )}
    </div>
  );
}

export function Contacts() {
  return (
    <ErrorBoundary>
      <ContactsTool />
    </ErrorBoundary>
  );
}
