/**
 * Contact rules: client-made ids, the fields and their limits, required name and role, null for
 * empty optional fields, the list after a load, and the bookkeeping of migrating the legacy
 * localStorage list so nothing is ever lost.
 */

/** localStorage key of contacts saved by the old, local-only version. */
export const LEGACY_CONTACTS_KEY = "contacts";

/** Limits matching the database's checks. */
export const CONTACT_LIMITS = { name: 200, role: 200, email: 320, phone: 50 } as const;

export type Contact = {
  id: string;
  name: string;
  role: string;
  email: string | null;
  phone: string | null;
  created_at?: string;
  /** Set by the database on every real change; a save is conditional on it. */
  version?: number;
  updated_at?: string;
};

export type ContactDraft = { name: string; role: string; email: string; phone: string };

export const emptyDraft: ContactDraft = { name: "", role: "", email: "", phone: "" };

/** The fields a person sees and edits, in card order. */
export const CONTACT_FIELDS = ["name", "role", "email", "phone"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const FIELD_LABELS: Record<ContactField, string> = {
  name: "Name",
  role: "Role",
  email: "Email",
  phone: "Phone",
};

/**
 * The inputs of the add and edit forms, in order. Name and role are required to add a contact
 * (nothing happens without them); the e-mail input is of e-mail type.
 */
export const CONTACT_FORM_FIELDS = [
  { key: "name", label: FIELD_LABELS.name, type: "text", autoComplete: "name", required: true },
  { key: "role", label: FIELD_LABELS.role, type: "text", autoComplete: "organization-title", required: true },
  { key: "email", label: FIELD_LABELS.email, type: "email", autoComplete: "email", required: false },
  { key: "phone", label: FIELD_LABELS.phone, type: "tel", autoComplete: "tel", required: false },
] as const satisfies readonly {
  key: ContactField;
  label: string;
  type: string;
  autoComplete: string;
  required: boolean;
}[];

/**
 * Unicode's bidirectional controls (its Bidi_Control property): U+061C, the U+200E/200F marks, the
 * U+202A–202E embeddings and overrides, the U+2066–2069 isolates. Invisible, they change the direction
 * text is shown in: "U+202E" and reversed text shows a name as something it is not. The table refuses
 * them in every field (check contacts_no_bidi_controls); this is the same list, held to the
 * migration's by a test, so the form never lets through what the server then refuses unexplained.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/**
 * The fields whose direction characters the forms name and offer to take out ("Remove them"): in a name,
 * role or e-mail they can change what the text reads as, so the person is shown and takes them out. A
 * phone number loses them as it is typed (typedDraft).
 */
const FIELDS_NAMING_BIDI_CONTROLS: readonly ContactField[] = ["name", "role", "email"];

/** The direction characters in a field's value, each once, as "U+202E". */
export function bidiControlsIn(value: string): string[] {
  const found = new Set(value.match(BIDI_CONTROLS) ?? []);
  return [...found].map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
}

/** The value with its direction characters taken out. */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}

/** The fields of a draft (or of values to save) that hold direction characters the form names. */
export function fieldsWithBidiControls(values: Record<ContactField, string | null>): ContactField[] {
  return FIELDS_NAMING_BIDI_CONTROLS.filter((field) => bidiControlsIn(values[field] ?? "").length > 0);
}

/**
 * A draft as the forms keep it, on every keystroke and paste: the phone number without direction
 * characters. Address books wrap a number in them (U+202A … U+202C around "+353 87 …") to keep it left to
 * right inside right-to-left text; in a number they never mean anything, and the table refuses them.
 * They are taken out as the number arrives rather than when it is saved, so the value shown is exactly
 * the value saved: nothing invisible stays in the field to change what it reads as, or to be changed
 * silently later.
 */
export function typedDraft(draft: ContactDraft): ContactDraft {
  const phone = withoutBidiControls(draft.phone);
  return phone === draft.phone ? draft : { ...draft, phone };
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Current timestamp plus 9 random alphanumeric characters. */
export function newContactId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Array.from({ length: 9 }, () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)]).join("");
  return `${now}${suffix}`;
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * The row to insert for a new contact, or null when name or role is empty (then nothing happens)
 * or a field holds direction characters the table refuses (the form says which).
 */
export function contactFromDraft(typed: ContactDraft, id: string): Contact | null {
  const draft = typedDraft(typed);
  const name = draft.name.trim();
  const role = draft.role.trim();
  if (name === "" || role === "" || fieldsWithBidiControls(draft).length > 0) return null;
  return { id, name, role, email: orNull(draft.email), phone: orNull(draft.phone) };
}

/** Edit copies the contact into a draft. */
export function draftFromContact(contact: Pick<Contact, ContactField>): ContactDraft {
  return { name: contact.name, role: contact.role, email: contact.email ?? "", phone: contact.phone ?? "" };
}

/** The update written on Save: the draft as it is (editing has no validation), empty optionals as null. */
export function updateFromDraft(typed: ContactDraft): Pick<Contact, ContactField> {
  const draft = typedDraft(typed);
  return { name: draft.name, role: draft.role, email: orNull(draft.email), phone: orNull(draft.phone) };
}

/** The fields whose values differ between two versions of a contact. */
export function changedFields(older: Pick<Contact, ContactField>, newer: Pick<Contact, ContactField>): ContactField[] {
  return CONTACT_FIELDS.filter((field) => (older[field] ?? null) !== (newer[field] ?? null));
}

/** A contact's four values, as a save writes them and a version holds them. */
export type ContactValues = Pick<Contact, ContactField>;

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
  // Name and role are never null: a stored version always has them, and so does the draft.
  return { merged: { ...merged, name: merged.name ?? "", role: merged.role ?? "" }, conflicts, theirsKept };
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
  return {
    base: { ...nextBase, name: nextBase.name ?? "", role: nextBase.role ?? "" },
    draft: nextDraft,
    taken,
  };
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

/**
 * The list after a load: the table's rows, newest first, plus any contact
 * added on this screen while the load was under way that the reply missed.
 */
export function mergeLoaded(loaded: readonly Contact[], onScreen: readonly Contact[]): Contact[] {
  const loadedIds = new Set(loaded.map((contact) => contact.id));
  return [...onScreen.filter((contact) => !loadedIds.has(contact.id)), ...loaded];
}

/** The list with one contact's newer values in place (other contacts and the order unchanged). */
export function withContact(list: readonly Contact[], updated: Contact): Contact[] {
  return list.map((contact) => (contact.id === updated.id ? { ...contact, ...updated } : contact));
}

const asText = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;

export type LegacyParse = {
  /** Contacts that can be upserted, normalised to the table's shape. */
  migratable: Contact[];
  /** Entries that cannot be migrated; they stay in local storage. */
  unreadable: unknown[];
  /** True when the stored value was not a list at all (kept as it is). */
  notAList: boolean;
};

/** Reads the legacy list; anything malformed is reported, never dropped. */
export function parseLegacyContacts(raw: string | null): LegacyParse {
  if (raw === null) return { migratable: [], unreadable: [], notAList: false };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { migratable: [], unreadable: [], notAList: true };
  }
  if (!Array.isArray(value)) return { migratable: [], unreadable: [], notAList: true };
  const migratable: Contact[] = [];
  const unreadable: unknown[] = [];
  for (const entry of value) {
    const record = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>) : null;
    const id = asText(record?.id);
    const name = asText(record?.name)?.trim();
    const role = asText(record?.role)?.trim();
    if (!id || !name || !role) {
      unreadable.push(entry);
      continue;
    }
    migratable.push({
      id,
      name,
      role,
      email: orNull(asText(record?.email) ?? ""),
      // As if typed: an old number pasted from an address book may hold direction characters.
      phone: orNull(withoutBidiControls(asText(record?.phone) ?? "")),
    });
  }
  return { migratable, unreadable, notAList: false };
}

/**
 * What stays in local storage after a migration run: every entry that was
 * not migrated (failed upserts and unreadable entries). Null means remove the key.
 */
export function remainingAfterMigration(
  parse: LegacyParse,
  failedIds: ReadonlySet<string>,
  raw: string,
): string | null {
  if (parse.notAList) return raw;
  const kept = [...parse.migratable.filter((contact) => failedIds.has(contact.id)), ...parse.unreadable];
  return kept.length === 0 ? null : JSON.stringify(kept);
}
