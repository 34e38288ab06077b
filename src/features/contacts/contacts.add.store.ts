/**
 * The add form's adds: a contact is added once, however its answer fares. Its id is made in the browser and kept
 * for every try of one add (what is sent, the same), so an add whose answer was lost, tried again, is refused by
 * the table as taken and read back as added (contacts.api.ts, insertContact). An add still in doubt whose contact
 * a later read of the list holds went in: the form empties and says so.
 */
import type { WritableAtom } from "nanostores";
import { idsOfAdds } from "../../lib/ids-of-adds";
import { contactFromDraft, emptyDraft, newContactId, valuesOf, type Contact, type ContactDraft } from "./contacts";
import { insertContact } from "./contacts.api";
import { ADD_FAILED, type ContactsCalls } from "./contacts.shared";

const ADDED = { title: "Contact added", description: "New contact has been added successfully" } as const;

export type ContactAddDependencies = {
  calls: Pick<ContactsCalls, "client" | "toast" | "session" | "refused" | "admitted">;
  $contacts: WritableAtom<Contact[]>;
  $addDraft: WritableAtom<ContactDraft>;
  $adding: WritableAtom<boolean>;
  now: () => number;
  random: () => number;
};

export function createContactAdd({ calls, $contacts, $addDraft, $adding, now, random }: ContactAddDependencies) {
  const ids = idsOfAdds(() => newContactId(now(), random));
  /** What an add sends of a draft, without its id; null when it sends nothing. */
  const sentOf = (draft: ContactDraft) => {
    const sent = contactFromDraft(draft, "");
    return sent && valuesOf(sent);
  };

  /** The add of `draft` went in as `stored`: the form empties first, so the new card is never "Already in the directory". */
  function added(draft: ContactDraft, stored: Contact) {
    ids.added();
    if ($addDraft.get() === draft) $addDraft.set(emptyDraft);
    const others = $contacts.get().filter((shown) => shown.id !== stored.id);
    $contacts.set([{ created_at: new Date(now()).toISOString(), ...stored }, ...others]);
    calls.admitted("add");
    calls.toast(ADDED);
  }

  /** Adds a contact; false when name or role is empty (nothing happens) or the insert failed (the form keeps it). */
  async function add(draft: ContactDraft): Promise<boolean> {
    const sent = sentOf(draft);
    if (!sent || $adding.get()) return false;
    // The id goes with what is sent, trimmed: a press that sends nothing, or a space typed and taken out, keeps it.
    const contact = { ...sent, id: ids.idFor(sent) };
    $adding.set(true);
    const opening = calls.session.currentOpening();
    try {
      added(draft, await insertContact(await calls.client(), contact));
      return true;
    } catch (error) {
      calls.toast(ADD_FAILED);
      calls.refused(error, opening, "add");
      return false;
    } finally {
      $adding.set(false);
    }
  }

  // A read of the list that holds the contact of an add in doubt (its answer lost), the form still holding it as
  // sent: it went in.
  $contacts.listen((contacts) => {
    const draft = $addDraft.get();
    const sent = sentOf(draft);
    const id = sent && ids.triedFor(sent);
    const stored = id && contacts.find((shown) => shown.id === id);
    if (stored && !$adding.get()) added(draft, stored);
  });

  return { add };
}
