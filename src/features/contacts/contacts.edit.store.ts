/**
 * Editing a card: one at a time (the changes of one left for another kept for its next Edit), its draft, and a
 * save that never overwrites someone else's change unseen (conditional on the version the draft was taken from,
 * merged with a newer one, and the person's choice where we both changed a field).
 */
import { atom, computed, type ReadableAtom } from "nanostores";
import {
  changedFields,
  CONTACT_FIELDS,
  draftFromContact,
  refusedBeforeSending,
  typedDraft,
  updateFromDraft,
  valuesOf,
  type Contact,
  type ContactDraft,
  type ContactField,
  type ContactValues,
} from "./contacts";
import { mergeEdits, takeTheirChanges } from "./contacts.merge";
import { updateContact, type SaveResult } from "./contacts.api";
import { UPDATE_FAILED, type ContactsCalls } from "./contacts.shared";

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
  /** Set when a save went through while more was typed in the card: that is not saved yet, and the card says so. */
  typedWhileSaving?: true;
};

/** How many newer versions in a row a save merges with before it leaves the choice to the person. */
const MAX_MERGES = 5;

export function createContactEditing(calls: ContactsCalls) {
  const { client, toast, session, replaceContact } = calls;
  const $editing = atom<Editing | null>(null);
  /** Which card is being edited: the list follows this, not every keystroke in the draft. */
  const $editingId = computed($editing, (editing) => editing?.id ?? null);
  const $saving = atom(false);
  /**
   * The drafts with changes left behind by Edit on another card, by contact: Edit on that card again takes its
   * draft back up, as typed (a save of it is conditional on the version it was taken from, as ever).
   */
  const parked = new Map<string, Editing>();
  /** The cards whose changes are kept aside, which say so until they are taken up again. */
  const $parked = atom<readonly string[]>([]);
  const setParked = (id: string, editing: Editing | null) => {
    if (editing) parked.set(id, editing);
    else parked.delete(id);
    if ($parked.get().includes(id) !== (editing !== null)) $parked.set([...parked.keys()]);
  };

  /** Only one card is edited at a time: editing another puts the first one's changes aside, not away. */
  function startEditing(contact: Contact): void {
    const current = $editing.get();
    if (current && current.id !== contact.id && changedFields(current.base, updateFromDraft(current.draft)).length) {
      setParked(current.id, current);
    }
    const resumed = parked.get(contact.id);
    setParked(contact.id, null);
    if (resumed && (contact.version ?? 1) !== resumed.version) {
      // Someone saved the card meanwhile: the form shows their values where only they changed a field, as the
      // save would write them (their version is what the save then merges with).
      const caughtUp = takeTheirChanges(resumed, contact);
      $editing.set({ ...resumed, ...caughtUp, taken: [...new Set([...resumed.taken, ...caughtUp.taken])] });
      return;
    }
    $editing.set(
      resumed ?? {
        id: contact.id,
        draft: draftFromContact(contact),
        version: contact.version ?? 1,
        base: valuesOf(contact),
        theirs: null,
        taken: [],
      },
    );
  }

  /** A keystroke or a paste in an edited card (a phone number loses its direction characters as it arrives). */
  function editDraft(id: string, draft: ContactDraft): void {
    const editing = $editing.get();
    if (editing?.id === id) $editing.set({ ...editing, draft: typedDraft(draft) });
  }

  /** Cancel, Escape, or nothing of mine left to save: the card shows the contact as it is; the draft is dropped. */
  function stopEditing(id: string): void {
    setParked(id, null);
    // A save that finishes after the user moved on to another card leaves that card alone.
    if ($editing.get()?.id === id) $editing.set(null);
  }

  /**
   * After a save of `sent`: what was typed in the card (`editing`, open or put aside) while the save was on its
   * way, on top of the contact as saved, or null when nothing was (the fields stay editable during a save, and
   * another card's Edit may put them aside meanwhile: nothing typed is dropped).
   */
  function typedMeanwhile(editing: Editing | null | undefined, sent: ContactDraft, contact: Contact): Editing | null {
    if (!editing || editing.draft === sent) return null;
    // What was sent is what the save saved; a field typed since keeps what was typed, the others the saved value.
    const { draft } = takeTheirChanges({ base: updateFromDraft(sent), draft: editing.draft }, contact);
    const base = valuesOf(contact);
    if (changedFields(base, updateFromDraft(draft)).length === 0) return null;
    return {
      id: editing.id,
      draft,
      version: contact.version ?? 1,
      base,
      theirs: null,
      taken: [],
      typedWhileSaving: true,
    };
  }

  /**
   * Whether the save of `sent` went through; a contact that is gone, or a write refused quietly, keeps the draft.
   * What was typed while it was on its way stays, in the card or put aside, to be saved next.
   */
  function saved(id: string, sent: ContactDraft, result: Exclude<SaveResult, { outcome: "changed" }>): boolean {
    if (result.outcome === "saved") {
      replaceContact(result.contact);
      const open = $editing.get();
      if (open?.id === id) {
        const meanwhile = typedMeanwhile(open, sent, result.contact);
        if (meanwhile) $editing.set(meanwhile);
        else stopEditing(id);
      } else {
        setParked(id, typedMeanwhile(parked.get(id), sent, result.contact));
      }
      calls.admitted("change");
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
        // What the table refuses (direction characters, a value too long) is not sent: the form says where it is.
        if (refusedBeforeSending(values)) return false;
        const result = await updateContact(supabase, id, theirs ? (theirs.version ?? 1) : editing.version, values);
        if (result.outcome !== "changed") return saved(id, draft, result);
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
      calls.refused(error, opening, "change");
      return false;
    } finally {
      $saving.set(false);
    }
  }

  /** Signed out: the card being edited closes and the changes put aside go, so none greets the next person here. */
  function forgetEditing(): void {
    parked.clear();
    $parked.set([]);
    $editing.set(null);
  }

  return {
    $editing: $editing as ReadableAtom<Editing | null>,
    forgetEditing,
    $editingId,
    $parked: $parked as ReadableAtom<readonly string[]>,
    $saving: $saving as ReadableAtom<boolean>,
    startEditing,
    editDraft,
    stopEditing,
    /** Saves the draft; merged with a change someone else saved meanwhile, unless we both changed a field. */
    save: () => saveAt("plain"),
    /** After a conflict: saves the merge with my values in the fields we both changed. */
    saveOverTheirs: () => saveAt("mine"),
    /** After a conflict: saves the merge with their values in the fields we both changed (nothing, if that is all of it). */
    keepTheirs: () => saveAt("theirs"),
  };
}
