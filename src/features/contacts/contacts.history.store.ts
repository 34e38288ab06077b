/**
 * Each card's history panel: its versions, read a page at a time, newest first, and Restore, which puts
 * an earlier version's values back as a change of its own.
 */
import { atom, type ReadableAtom, type WritableAtom } from "nanostores";
import { replyOrder, type ReplyOrder } from "../../lib/reply-order";
import { valuesOf } from "./contacts";
import { fetchContactHistory, updateContact } from "./contacts.api";
import { withNewestHistory, withOlderHistory, type ContactVersion, type LoadedHistory } from "./contacts.history";
import { UPDATE_FAILED, type ContactsCalls } from "./contacts.shared";

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

export function createContactHistories(calls: ContactsCalls) {
  const { client, toast, session } = calls;
  const histories = new Map<string, WritableAtom<HistoryState>>();
  /** Each card's reads of its newest page: a slower reply to an older read never replaces a newer one's. */
  const newestReads = new Map<string, ReplyOrder>();

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
   * Reads the newest page of a contact's history again; older pages already shown stay. Only the latest read's
   * reply is shown, its page or its failure.
   */
  async function loadHistory(id: string): Promise<void> {
    let replies = newestReads.get(id);
    if (!replies) {
      replies = replyOrder();
      newestReads.set(id, replies);
    }
    const reply = replies.next();
    patchHistory(id, { failed: false });
    try {
      const newest = await fetchContactHistory(await client(), id);
      // Only the latest read's reply is shown: once a newer read has started, an older one has nothing to say.
      if (!reply.latest() || !reply.show()) return;
      patchHistory(id, { loaded: withNewestHistory(historyAtom(id).get().loaded, newest) });
    } catch {
      if (reply.latest()) patchHistory(id, { failed: true });
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
    const contact = calls.contacts().find((shown) => shown.id === id);
    if (!contact || historyAtom(id).get().restoring !== null) return false;
    patchHistory(id, { restoring: version.version });
    const values = valuesOf(version);
    const opening = session.currentOpening();
    try {
      const result = await updateContact(await client(), id, contact.version ?? 1, values);
      if (result.outcome === "saved") {
        calls.replaceContact(result.contact);
        calls.admitted("change");
        toast({
          title: "Contact restored",
          description: `${result.contact.name} is back as it was in version ${version.version}`,
        });
        return true;
      }
      if (result.outcome === "changed") calls.replaceContact(result.theirs);
      toast(UPDATE_FAILED);
      return false;
    } catch (error) {
      toast(UPDATE_FAILED);
      calls.refused(error, opening, "change");
      return false;
    } finally {
      patchHistory(id, { restoring: null });
    }
  }

  return {
    /** One card's history panel. */
    history: (id: string): ReadableAtom<HistoryState> => historyAtom(id),
    loadHistory,
    loadOlderHistory,
    restore,
  };
}
