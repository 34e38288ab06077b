/**
 * A save that meets someone else's change: my draft merged, field by field, with the newer version they
 * saved meanwhile, against the version I opened; and my edit brought up to date as their versions arrive.
 */
import {
  asValues,
  CONTACT_FIELDS,
  draftFromContact,
  updateFromDraft,
  type ContactDraft,
  type ContactField,
  type ContactValues,
} from "./contacts";

/** My draft merged with someone else's newer version of the card, against the version I opened. */
export type EditMerge = {
  /** What a save writes: their value where only they changed a field, mine where only I did. */
  merged: ContactValues;
  /** Fields we both changed, to different values: the one question left, shown side by side. */
  conflicts: ContactField[];
  /** Fields only they changed, which the save keeps as theirs. */
  theirsKept: ContactField[];
};

/**
 * A three-way merge of one card, field by field: `base` is the version the editor opened, `draft`
 * what I typed since, `theirs` the newer version someone else saved meanwhile. A field only they
 * changed keeps their value, a field only I changed takes mine, a field we both set alike is simply
 * that; a field we both changed differently is a conflict, settled by `prefer` (mine unless told).
 * "Changed" compares values as a save writes them, so a draft left alone never counts as a change.
 */
export function mergeEdits(
  base: ContactValues,
  draft: ContactDraft,
  theirs: ContactValues,
  prefer: "mine" | "theirs" = "mine",
): EditMerge {
  const mine = updateFromDraft(draft);
  const untouched = updateFromDraft(draftFromContact(base));
  const merged: Record<ContactField, string | null> = { ...mine };
  const conflicts: ContactField[] = [];
  const theirsKept: ContactField[] = [];
  for (const field of CONTACT_FIELDS) {
    const theirValue = theirs[field] ?? null;
    const iChanged = mine[field] !== untouched[field];
    const theyChanged = theirValue !== (base[field] ?? null);
    if (!iChanged) {
      // Theirs whether or not they changed it: the stored value, as it is, is what nobody here touched.
      merged[field] = theirValue;
      if (theyChanged) theirsKept.push(field);
    } else if (theyChanged && mine[field] !== theirValue) {
      conflicts.push(field);
      if (prefer === "theirs") merged[field] = theirValue;
    }
  }
  return { merged: asValues(merged), conflicts, theirsKept };
}

/** My edit of a card: the values it was opened with (per field) and what I typed. */
export type EditInProgress = { base: ContactValues; draft: ContactDraft };

/**
 * My edit brought up to date as someone else's newer version arrives, so the form never shows a value
 * the save would not write: a field only they changed takes their value in my draft, and from then on
 * counts as opened with it (typing over it is my change; a still newer version of it is theirs again);
 * a field only I changed keeps mine; a field we both changed keeps mine, measured against the version I
 * opened, so it stays in question beside theirs. `taken`: the fields that took their value.
 */
export function takeTheirChanges(
  { base, draft }: EditInProgress,
  theirs: ContactValues,
): EditInProgress & { taken: ContactField[] } {
  const taken = mergeEdits(base, draft, theirs).theirsKept;
  const nextBase: Record<ContactField, string | null> = { ...base };
  const nextDraft: ContactDraft = { ...draft };
  for (const field of taken) {
    nextBase[field] = theirs[field] ?? null;
    nextDraft[field] = theirs[field] ?? "";
  }
  return { base: asValues(nextBase), draft: nextDraft, taken };
}

/**
 * Of the fields that took someone else's value (takeTheirChanges), those that still hold it untouched:
 * their changes, which a save keeps whichever way the person chooses.
 */
export function theirChangesKept(taken: readonly ContactField[], { base, draft }: EditInProgress): ContactField[] {
  const mine = updateFromDraft(draft);
  const opened = updateFromDraft(draftFromContact(base));
  return CONTACT_FIELDS.filter((field) => taken.includes(field) && mine[field] === opened[field]);
}
