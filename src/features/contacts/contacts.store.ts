/**
 * The contacts directory's state and every side effect behind it: moving legacy local contacts
 * to the shared table, loading the table, adding, editing (a save never overwrites someone
 * else's change unseen), each card's history and its Restore, the search box and the vCard
 * downloads, each outcome said with the spec's toast. On a failure the user's input stays.
 *
 * It opens once the team has signed in (the team session, src/features/team/): the migration
 * and the first load run then, and while the tool is shown the session is checked as on every team
 * page. A call the server refuses to this session locks the page, saying why; a call an allowance
 * refuses (HTTP 429) says on the page what happened and when it works again. What is typed in the
 * add form lives here too, so a lock loses none of it.
 *
 * The client, storage, clock, toasts and team session are handed in, so a unit test drives a whole
 * sequence (a failed migration row, a late reply, a conflict) with fakes; the page's store is
 * `contactsStore()`. The islands subscribe to its atoms and call its verbs, nothing more.
 */
import { atom, computed, type ReadableAtom, type WritableAtom } from "nanostores";
import { downloadText } from "../../lib/download";
import { browserStorage, readStorage, removeStorage, writeStorage, type KeyValueStorage } from "../../lib/storage";
import { getSupabaseRest } from "../../lib/supabase";
import { isAccessRefused } from "../team/team";
import { teamSession, type TeamSession } from "../team/team.store";
import { showToast } from "../toasts/toasts.store";
import {
  changedFields,
  CONTACT_FIELDS,
  contactFromDraft,
  draftFromContact,
  emptyDraft,
  fieldsWithBidiControls,
  LEGACY_CONTACTS_KEY,
  mergeEdits,
  mergeLoaded,
  newContactId,
  parseLegacyContacts,
  remainingAfterMigration,
  takeTheirChanges,
  typedDraft,
  updateFromDraft,
  valuesOf,
  withContact,
  type Contact,
  type ContactDraft,
  type ContactField,
  type ContactValues,
} from "./contacts";
import {
  fetchContactHistory,
  fetchContacts,
  insertContact,
  updateContact,
  upsertContact,
  type ContactsClient,
  type SaveResult,
} from "./contacts.api";
import { allowanceText, isAllowanceSpent, type AllowanceKind } from "./contacts.allowance";
import { withNewestHistory, withOlderHistory, type ContactVersion, type LoadedHistory } from "./contacts.history";
import { searchable } from "./contacts.search";

/** What the store needs of localStorage (the page's, or a test's). */
type ContactsStorage = Pick<KeyValueStorage, "getItem" | "setItem" | "removeItem">;

export type ContactsToast = Parameters<typeof showToast>[0];

export type ContactsEnvironment = {
  /** The Supabase client, or a promise of it, or a function that gives one (the page's is made on first use). */
  client: ContactsClient | PromiseLike<ContactsClient> | (() => PromiseLike<ContactsClient>);
  storage: ContactsStorage;
  /** The clock, in ms since the epoch: new contacts' ids and creation times. */
  now?: () => number;
  /** The random source of new contacts' ids. */
  random?: () => number;
  toast?: (toast: ContactsToast) => void;
  /** Offers a file to the browser's downloads. */
  download?: (file: { filename: string; text: string }) => void;
  /** The team session the page opened with: checked while shown, and ended when the server refuses it. */
  session?: Pick<TeamSession, "watch" | "currentOpening" | "refuse">;
  /** The reader's time zone, for when a spent allowance works again (undefined: the browser's own). */
  timeZone?: string;
};

/** An allowance that refused an add or a change, in the words the page shows until one goes through again. */
export type AllowanceNotice = { kind: AllowanceKind; text: string };

/** A session that is never checked nor ended: a test's, when the test is not about the session. */
const noSession: NonNullable<ContactsEnvironment["session"]> = {
  watch: () => () => {},
  currentOpening: () => null,
  refuse: async () => {},
};

/** The card being edited. */
export type Editing = {
  id: string;
  draft: ContactDraft;
  /** The version the draft was taken from: the save is conditional on it. */
  version: number;
  /** That version's values: what a change by someone else, and mine, are measured against. */
  base: ContactValues;
  /** Someone else's newer values, when a save found that we both changed a field meanwhile. */
  theirs: Contact | null;
  /** The fields of the draft that took someone else's newer value, which only they had changed. */
  taken: ContactField[];
};

/** How many newer versions in a row a save merges with before it leaves the choice to the person. */
const MAX_MERGES = 5;

/** One card's history panel. */
export type HistoryState = {
  /** The versions loaded so far; null until the first page arrives. */
  loaded: LoadedHistory | null;
  /** The newest page could not be read. */
  failed: boolean;
  older: "idle" | "loading" | "failed";
  /** The version being restored, if any. */
  restoring: number | null;
};

const noHistory: HistoryState = { loaded: null, failed: false, older: "idle", restoring: null };

const LOAD_FAILED = { title: "Error", description: "Failed to load contacts", variant: "destructive" } as const;
const ADD_FAILED = { title: "Error", description: "Failed to add contact", variant: "destructive" } as const;
const UPDATE_FAILED = { title: "Error", description: "Failed to update contact", variant: "destructive" } as const;
const VCARD_FAILED = {
  title: "Error",
  description: "The vCard could not be made. Check your connection and try again.",
  variant: "destructive",
} as const;

/** The vCard writer, fetched on the first download rather than with the page: most visits download none. */
const vCardWriter = () => import("./contacts.vcard");

export function createContactsStore(environment: ContactsEnvironment) {
  const { storage, now = Date.now, random = Math.random, toast = showToast, session = noSession } = environment;
  const download = environment.download ?? ((file) => downloadText(file.filename, file.text, "text/vcard"));
  const client = async () => {
    const given = environment.client;
    return typeof given === "function" ? await given() : await given;
  };

  const $contacts = atom<Contact[]>([]);
  /** True until the first load has finished, well or badly. */
  const $loading = atom(true);
  /** The contacts with their search keys, worked out once per list so a keystroke only compares strings. */
  const $index = computed($contacts, (contacts) => contacts.map(searchable));
  /** What is typed in the search box. */
  const $query = atom("");
  const $adding = atom(false);
  /** What is typed in the add form: kept while the page is locked, cleared once the contact is added. */
  const $addDraft = atom<ContactDraft>(emptyDraft);
  /** Why adding or changing is refused for now, and until when; null while nothing is refused. */
  const $allowance = atom<AllowanceNotice | null>(null);
  const $editing = atom<Editing | null>(null);
  /** Which card is being edited: the list follows this, not every keystroke in the draft. */
  const $editingId = computed($editing, (editing) => editing?.id ?? null);
  const $saving = atom(false);
  const histories = new Map<string, WritableAtom<HistoryState>>();

  // Reads are numbered: a slower reply to an older read never replaces what a newer one showed.
  let lastRead = 0;
  let shownRead = 0;
  const historyReads = new Map<string, { last: number; shown: number }>();
  let started: Promise<void> | null = null;

  const replaceContact = (updated: Contact) => $contacts.set(withContact($contacts.get(), updated));

  /**
   * After a call made in `opening` failed (its toast already shown): a spent allowance of `kind` says so on
   * the page; a session the server refuses locks the page, saying why.
   */
  function refused(error: unknown, opening: number | null, kind?: AllowanceKind): void {
    if (kind && isAllowanceSpent(error)) {
      $allowance.set({ kind, text: allowanceText(kind, error, new Date(now()), environment.timeZone) });
    }
    if (isAccessRefused(error)) void session.refuse(opening);
  }
  /** An add or a change went through: whatever said that kind was refused is out of date. */
  const admitted = (kind: AllowanceKind) => {
    if ($allowance.get()?.kind === kind) $allowance.set(null);
  };

  function historyAtom(id: string) {
    let history = histories.get(id);
    if (!history) {
      history = atom<HistoryState>(noHistory);
      histories.set(id, history);
    }
    return history;
  }
  const patchHistory = (id: string, patch: Partial<HistoryState>) => {
    const history = historyAtom(id);
    history.set({ ...history.get(), ...patch });
  };

  /**
   * Storage that refuses (private mode, quota) leaves the legacy list where it is: the next visit
   * migrates it again, by id, so nothing is doubled.
   */
  const readLegacy = () => readStorage(LEGACY_CONTACTS_KEY, storage);
  function keepLegacy(remaining: string | null) {
    if (remaining === null) removeStorage(LEGACY_CONTACTS_KEY, storage);
    else writeStorage(LEGACY_CONTACTS_KEY, remaining, storage);
  }

  /**
   * Moves the contacts the old, local-only version kept in this browser to the shared table,
   * one upsert each, and keeps in storage every entry that did not make it (a failed upsert, an
   * unreadable entry) for the next visit.
   */
  async function migrate(): Promise<void> {
    const raw = readLegacy();
    if (raw === null) return;
    const parse = parseLegacyContacts(raw);
    const failed = new Set<string>();
    if (parse.migratable.length > 0) {
      let supabase: ContactsClient;
      try {
        supabase = await client();
      } catch {
        return; // No client, nothing moved: all of it stays for the next visit (the load says it failed).
      }
      for (const contact of parse.migratable) {
        try {
          await upsertContact(supabase, contact);
        } catch {
          failed.add(contact.id);
          toast({
            title: "Migration error",
            description: `Failed to migrate contact: ${contact.name}`,
            variant: "destructive",
          });
        }
      }
    }
    const remaining = remainingAfterMigration(parse, failed, raw);
    if (remaining !== raw) keepLegacy(remaining);
    const migrated = parse.migratable.length - failed.size;
    if (migrated > 0) {
      toast({
        title: "Contacts migrated",
        description: `${migrated} local contacts have been migrated to the shared database`,
      });
    }
  }

  /** Reads the whole table; contacts added on this screen meanwhile stay. */
  async function load(): Promise<void> {
    const read = ++lastRead;
    const opening = session.currentOpening();
    try {
      const loaded = await fetchContacts(await client());
      if (read < shownRead) return;
      shownRead = read;
      $contacts.set(mergeLoaded(loaded, $contacts.get()));
      $loading.set(false);
      toast({ title: "Contacts loaded", description: `${loaded.length} contacts loaded from the shared database` });
    } catch (error) {
      // A failed older read says nothing about the newer list on screen.
      if (read < shownRead) return;
      toast(LOAD_FAILED);
      if (read === lastRead) $loading.set(false);
      refused(error, opening);
    }
  }

  /** Adds a contact; false when name or role is empty (nothing happens) or the insert failed (the form keeps it). */
  async function add(draft: ContactDraft): Promise<boolean> {
    const contact = contactFromDraft(draft, newContactId(now(), random));
    if (!contact || $adding.get()) return false;
    $adding.set(true);
    const opening = session.currentOpening();
    try {
      const stored = await insertContact(await client(), contact);
      const others = $contacts.get().filter((shown) => shown.id !== stored.id);
      $contacts.set([{ created_at: new Date(now()).toISOString(), ...stored }, ...others]);
      admitted("add");
      toast({ title: "Contact added", description: "New contact has been added successfully" });
      return true;
    } catch (error) {
      toast(ADD_FAILED);
      refused(error, opening, "add");
      return false;
    } finally {
      $adding.set(false);
    }
  }

  /** Only one card is edited at a time: editing another leaves the first one's draft behind. */
  function startEditing(contact: Contact): void {
    $editing.set({
      id: contact.id,
      draft: draftFromContact(contact),
      version: contact.version ?? 1,
      base: valuesOf(contact),
      theirs: null,
      taken: [],
    });
  }

  /** A keystroke or a paste in an edited card (a phone number loses its direction characters as it arrives). */
  function editDraft(id: string, draft: ContactDraft): void {
    const editing = $editing.get();
    if (editing?.id === id) $editing.set({ ...editing, draft: typedDraft(draft) });
  }

  /** Cancel, Escape, or nothing of mine left to save: the card shows the contact as it is; the draft is dropped. */
  function stopEditing(id: string): void {
    // A save that finishes after the user moved on to another card leaves that card alone.
    if ($editing.get()?.id === id) $editing.set(null);
  }

  /** Whether the save went through; a contact that is gone, or a write refused quietly, keeps the draft. */
  function saved(id: string, result: Exclude<SaveResult, { outcome: "changed" }>): boolean {
    if (result.outcome === "saved") {
      replaceContact(result.contact);
      stopEditing(id);
      admitted("change");
      toast({ title: "Contact updated", description: "Contact has been updated successfully" });
      return true;
    }
    // Gone, or no row written: a save that changed no row is a failure.
    toast(UPDATE_FAILED);
    return false;
  }

  /**
   * Saves the draft, conditional on the version last seen. When someone else saved meanwhile, the
   * draft is merged with their version against the one it was taken from (mergeEdits): with no
   * field changed by both, the merge is saved at their version without asking; otherwise their
   * values go beside the draft and only a choice saves, mine or theirs for the fields in question.
   */
  async function saveAt(choice: "plain" | "mine" | "theirs"): Promise<boolean> {
    const editing = $editing.get();
    if (!editing || $saving.get()) return false;
    // With someone else's change on screen, only a choice saves (Enter in the form does not).
    if ((choice !== "plain") !== (editing.theirs !== null)) return false;
    const { id, base, draft } = editing;
    let theirs = editing.theirs;
    /** Their version the person chose about, if they did. */
    const decided = choice === "plain" ? null : editing.theirs;
    if (
      theirs &&
      choice === "theirs" &&
      changedFields(mergeEdits(base, draft, theirs, "theirs").merged, theirs).length === 0
    ) {
      // Keep theirs, with nothing of mine left to add: nothing to write.
      stopEditing(id);
      return true;
    }
    $saving.set(true);
    const opening = session.currentOpening();
    try {
      const supabase = await client();
      for (let merges = 0; merges <= MAX_MERGES; merges += 1) {
        const values = theirs
          ? mergeEdits(base, draft, theirs, choice === "theirs" ? "theirs" : "mine").merged
          : updateFromDraft(draft);
        // Direction characters the table refuses are not sent: the form already says where they are.
        if (fieldsWithBidiControls(values).length > 0) return false;
        const result = await updateContact(supabase, id, theirs ? (theirs.version ?? 1) : editing.version, values);
        if (result.outcome !== "changed") return saved(id, result);
        replaceContact(result.theirs);
        const newer = result.theirs;
        theirs = newer;
        // A field we both changed is the person's call: asked again unless it is the value they just chose about.
        const open = mergeEdits(base, draft, newer).conflicts.filter((field) => decided?.[field] !== newer[field]);
        if (open.length > 0) break;
      }
      // Their version beside my draft, which takes their value wherever only they changed a field (as typed
      // meanwhile, too): the form shows what a save would write, and only a field we both changed is in question.
      const current = $editing.get();
      if (current?.id === id && theirs) {
        const caughtUp = takeTheirChanges(current, theirs);
        const taken = CONTACT_FIELDS.filter((field) => current.taken.includes(field) || caughtUp.taken.includes(field));
        $editing.set({ ...current, ...caughtUp, theirs, taken });
      }
      return false;
    } catch (error) {
      toast(UPDATE_FAILED);
      refused(error, opening, "change");
      return false;
    } finally {
      $saving.set(false);
    }
  }

  /** Reads the newest page of a contact's history again; older pages already shown stay. */
  async function loadHistory(id: string): Promise<void> {
    const reads = historyReads.get(id) ?? { last: 0, shown: 0 };
    historyReads.set(id, reads);
    const read = ++reads.last;
    patchHistory(id, { failed: false });
    try {
      const newest = await fetchContactHistory(await client(), id);
      if (read < reads.shown) return;
      reads.shown = read;
      patchHistory(id, { loaded: withNewestHistory(historyAtom(id).get().loaded, newest) });
    } catch {
      if (read === reads.last) patchHistory(id, { failed: true });
    }
  }

  /** Adds the next older page below the versions shown. */
  async function loadOlderHistory(id: string): Promise<void> {
    const { loaded, older } = historyAtom(id).get();
    const oldest = loaded?.versions.at(-1)?.version;
    if (oldest === undefined || older === "loading") return;
    patchHistory(id, { older: "loading" });
    try {
      const page = await fetchContactHistory(await client(), id, oldest);
      const current = historyAtom(id).get().loaded;
      patchHistory(id, { loaded: current ? withOlderHistory(current, page) : current, older: "idle" });
    } catch {
      patchHistory(id, { older: "failed" });
    }
  }

  /**
   * Puts an earlier version's values back. It is an ordinary, conditional update, so it is kept
   * in the history in turn; if the contact changed meanwhile, the card shows the newer values
   * and nothing is restored.
   */
  async function restore(id: string, version: ContactVersion): Promise<boolean> {
    const contact = $contacts.get().find((shown) => shown.id === id);
    if (!contact || historyAtom(id).get().restoring !== null) return false;
    patchHistory(id, { restoring: version.version });
    const values = valuesOf(version);
    const opening = session.currentOpening();
    try {
      const result = await updateContact(await client(), id, contact.version ?? 1, values);
      if (result.outcome === "saved") {
        replaceContact(result.contact);
        admitted("change");
        toast({
          title: "Contact restored",
          description: `${result.contact.name} is back as it was in version ${version.version}`,
        });
        return true;
      }
      if (result.outcome === "changed") replaceContact(result.theirs);
      toast(UPDATE_FAILED);
      return false;
    } catch (error) {
      toast(UPDATE_FAILED);
      refused(error, opening, "change");
      return false;
    } finally {
      patchHistory(id, { restoring: null });
    }
  }

  /** On first load: the migration, then the load; once per page however often it is asked. */
  function start(): Promise<void> {
    started ??= migrate()
      .catch((error: unknown) => console.error(error))
      .then(load);
    return started;
  }

  /**
   * The tool is shown, after a sign-in: the first load (start), or after a lock and a new sign-in the list
   * read again, for what changed meanwhile; and the team session checked until the returned stop (the page
   * locked or left).
   */
  function open(): () => void {
    void (started ? load() : start());
    return session.watch();
  }

  /** Writes the file once the writer has arrived; without it (offline, a stale deploy) says so. */
  async function downloadWith(
    file: (writer: Awaited<ReturnType<typeof vCardWriter>>) => { filename: string; text: string },
  ) {
    let writer: Awaited<ReturnType<typeof vCardWriter>>;
    try {
      writer = await vCardWriter();
    } catch (error) {
      console.error(error);
      toast(VCARD_FAILED);
      return;
    }
    download(file(writer));
  }

  return {
    $contacts: $contacts as ReadableAtom<Contact[]>,
    $loading: $loading as ReadableAtom<boolean>,
    $index,
    $query: $query as ReadableAtom<string>,
    $adding: $adding as ReadableAtom<boolean>,
    $addDraft: $addDraft as ReadableAtom<ContactDraft>,
    $allowance: $allowance as ReadableAtom<AllowanceNotice | null>,
    $editing: $editing as ReadableAtom<Editing | null>,
    $editingId,
    $saving: $saving as ReadableAtom<boolean>,
    /** One card's history panel. */
    history: (id: string): ReadableAtom<HistoryState> => historyAtom(id),
    start,
    open,
    migrate,
    load,
    add,
    /** What the add form holds as typed (a phone number without direction characters, as everywhere). */
    editAddDraft: (draft: ContactDraft) => $addDraft.set(typedDraft(draft)),
    startEditing,
    editDraft,
    stopEditing,
    /** Saves the draft; merged with a change someone else saved meanwhile, unless we both changed a field. */
    save: () => saveAt("plain"),
    /** After a conflict: saves the merge with my values in the fields we both changed. */
    saveOverTheirs: () => saveAt("mine"),
    /** After a conflict: saves the merge with their values in the fields we both changed (nothing, if that is all of it). */
    keepTheirs: () => saveAt("theirs"),
    loadHistory,
    loadOlderHistory,
    restore,
    setQuery: (query: string) => $query.set(query),
    downloadVCard: (contact: Contact) => downloadWith((writer) => writer.contactVCardFile(contact)),
    downloadVCards: (contacts: readonly Contact[]) => downloadWith((writer) => writer.contactsVCardFile(contacts)),
  };
}

export type ContactsStore = ReturnType<typeof createContactsStore>;

let pageStore: ContactsStore | undefined;

/** The page's store: the shared Supabase client, this browser's storage, the real clock, the team session. */
export function contactsStore(): ContactsStore {
  pageStore ??= createContactsStore({ client: getSupabaseRest, storage: browserStorage, session: teamSession() });
  return pageStore;
}
