/**
 * The contacts directory's state and the side effects behind it: loading the table, adding, the search box and the
 * vCard downloads, each outcome said with its toast (docs/features.md#contacts). On a failure the user's input
 * stays. Three jobs have stores of their own, which this one puts together and lends the list, the client and the
 * session (contacts.shared.ts): moving legacy local contacts to the shared table (contacts.migration.store.ts),
 * editing, where a save never overwrites someone else's change unseen (contacts.edit.store.ts), and each card's
 * history and its Restore (contacts.history.store.ts).
 *
 * It opens once the team has signed in (the team session, src/features/team/): the migration and the first load run
 * then, and while the tool is shown the session is checked as on every team page. A call the server refuses to this
 * session locks the page, saying why; a call an allowance refuses (HTTP 429) says on the page what happened and when
 * it works again. What is typed in the add form lives here too, so a lock loses none of it.
 *
 * The client, storage, clock, toasts and team session are handed in, so a unit test drives a whole sequence (a
 * failed migration row, a late reply, a conflict) with fakes; the page's store is `contactsStore()`. The islands
 * subscribe to its atoms and call its verbs, nothing more.
 */
import { atom, computed, type ReadableAtom } from "nanostores";
import { triedAgain } from "../../lib/back-off";
import { downloadText } from "../../lib/download";
import { replyOrder } from "../../lib/reply-order";
import { lazyCode } from "../../lib/retried";
import { browserStorage } from "../../lib/storage";
import { getSupabaseRest } from "../../lib/supabase";
import { browserTimers, type Timers } from "../../lib/timers";
import { isAccessRefused } from "../team/team";
import { signOutControl } from "../team/team.signout.store";
import { teamSession, type EventSource, type PageSource, type TeamSession } from "../team/team.store";
import { showToast } from "../toasts/toasts.store";
import { emptyDraft, mergeLoaded, typedDraft, withContact, type Contact, type ContactDraft } from "./contacts";
import { fetchContacts, type ContactsClient } from "./contacts.api";
import { createContactAdd } from "./contacts.add.store";
import { allowanceText, isAllowanceSpent, type AllowanceKind } from "./contacts.allowance";
import { createContactEditing } from "./contacts.edit.store";
import { createContactHistories } from "./contacts.history.store";
import { createLegacyMove, type ContactsStorage } from "./contacts.migration.store";
import { searchable } from "./contacts.search";
import { LOAD_FAILED, VCARD_FAILED, type ContactsCalls, type ContactsToast } from "./contacts.shared";
import { keepAddDraftInTab } from "./contacts.kept.store";

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
  /** The document and the network, whose return to the foreground and to a connection reads the list again. */
  page?: PageSource;
  network?: EventSource;
  /** The timers that space out a catch-up tried again. */
  timers?: Timers;
};

/** An allowance that refused an add or a change, in the words the page shows until one goes through again. */
export type AllowanceNotice = { kind: AllowanceKind; text: string };

/** A session that is never checked nor ended: a test's, when the test is not about the session. */
const noSession: NonNullable<ContactsEnvironment["session"]> = {
  watch: () => () => {},
  currentOpening: () => null,
  refuse: async () => {},
};

/** Where nothing ever happens: a test's page, network and timers, when the test is not about coming back. */
const noEvents: PageSource = { visibilityState: "visible", addEventListener() {}, removeEventListener() {} };
const noTimers: Timers = { setTimeout: () => undefined, clearTimeout() {} };

/** At most one catch-up read in this long: a phone switched between apps every few seconds reads the list once. */
export const CATCH_UP_MS = 30_000;

/** The vCard writer, fetched on the first download rather than with the page: most visits download none. */
const vCardWriter = lazyCode(() => import("./contacts.vcard"));

export function createContactsStore(environment: ContactsEnvironment) {
  const { storage, now = Date.now, random = Math.random, toast = showToast, session = noSession } = environment;
  const { page = noEvents, network = noEvents, timers = noTimers } = environment;
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
  /** The list's reads: a slower reply to an older read never replaces what a newer one showed. */
  const reads = replyOrder();
  let started: Promise<void> | null = null;
  /** When the list was last asked for: catch-ups are at least CATCH_UP_MS apart. */
  let lastRead = -Infinity;

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

  /**
   * Reads the whole table; contacts added on this screen meanwhile stay. A `quiet` read (catching up on what
   * teammates changed) says nothing: no toast, and a failure leaves the list as it is. Resolves to whether the list
   * on screen is as the read found it (or a newer read's).
   */
  async function load({ quiet = false } = {}): Promise<boolean> {
    const reply = reads.next();
    const opening = session.currentOpening();
    lastRead = now();
    try {
      const loaded = await fetchContacts(await client());
      if (!reply.show()) return true;
      $contacts.set(mergeLoaded(loaded, $contacts.get()));
      $loading.set(false);
      if (!quiet)
        toast({ title: "Contacts loaded", description: `${loaded.length} contacts loaded from the shared database` });
      return true;
    } catch (error) {
      // A failed older read says nothing about the newer list on screen.
      if (reply.stale()) return true;
      if (!quiet) toast(LOAD_FAILED);
      if (reply.latest()) $loading.set(false);
      refused(error, opening);
      return false;
    }
  }

  const calls: ContactsCalls = {
    client,
    toast,
    session,
    contacts: () => $contacts.get(),
    replaceContact,
    refused,
    admitted,
  };
  const { add } = createContactAdd({ calls, $contacts, $addDraft, $adding, now, random });
  const legacy = createLegacyMove({ client, storage, toast });
  const editing = createContactEditing(calls);
  const histories = createContactHistories(calls);

  /** On first load: the migration, then the load; once per page however often it is asked. */
  function start(): Promise<void> {
    started ??= legacy
      .migrate()
      .catch((error: unknown) => console.error(error))
      .then(async () => void (await load()));
    return started;
  }

  /**
   * The tool is shown, after a sign-in: the first load (start), or after a lock and a new sign-in the list
   * read again, for what changed meanwhile; and until the returned stop (the page locked or left), the team
   * session checked and the list read again, quietly, whenever the page comes back to the foreground or the
   * connection returns: a teammate's new contact is there when the manager comes back from a call.
   */
  function open(): () => void {
    void (started ? load() : start());
    const stopWatching = session.watch();
    // A catch-up that did not get through (a phone says it is online a moment before its connection carries
    // anything) is tried again, after 2 s, 4 s … at most CATCH_UP_MS apart, until one does or the page goes.
    const catchUps = triedAgain(() => load({ quiet: true }), timers, CATCH_UP_MS);
    const catchUp = () => {
      if (page.visibilityState === "visible" && now() - lastRead >= CATCH_UP_MS) void catchUps.now();
    };
    page.addEventListener("visibilitychange", catchUp);
    network.addEventListener("online", catchUp);
    return () => {
      stopWatching();
      catchUps.stop();
      page.removeEventListener("visibilitychange", catchUp);
      network.removeEventListener("online", catchUp);
    };
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
    ...editing,
    ...histories,
    start,
    open,
    migrate: legacy.migrate,
    load,
    add,
    /** What the add form holds as typed (a phone number without direction characters, as everywhere). */
    editAddDraft: (draft: ContactDraft) => $addDraft.set(typedDraft(draft)),
    setQuery: (query: string) => $query.set(query),
    /** Signed out: what is typed here (the add form, the search, a card's changes) goes; a lock keeps it. */
    forgetTyped: () => {
      $addDraft.set(emptyDraft);
      $query.set("");
      editing.forgetEditing();
    },
    downloadVCard: (contact: Contact) => downloadWith((writer) => writer.contactVCardFile(contact)),
    downloadVCards: (contacts: readonly Contact[]) => downloadWith((writer) => writer.contactsVCardFile(contacts)),
  };
}

export type ContactsStore = ReturnType<typeof createContactsStore>;

let pageStore: ContactsStore | undefined;

/** The page's store: the shared Supabase client, this browser's storage, the real clock, the team session. */
export function contactsStore(): ContactsStore {
  if (!pageStore) {
    pageStore = createContactsStore({
      client: getSupabaseRest,
      storage: browserStorage,
      session: teamSession(),
      page: document,
      network: window,
      timers: browserTimers,
    });
    keepAddDraftInTab(pageStore);
    signOutControl().whenSignedOut(pageStore.forgetTyped);
  }
  return pageStore;
}
