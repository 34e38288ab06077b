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
 * Invisible characters that change the direction text is shown in (U+202A–202E embeddings and
 * overrides, U+2066–2069 isolates, U+200E/200F marks): "U+202E" and reversed text shows a name
 * as something it is not. The table refuses them in names, roles and e-mails; the forms say so
 * before anything is sent.
 */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const FIELDS_WITHOUT_BIDI_CONTROLS: readonly ContactField[] = ["name", "role", "email"];

/** The direction characters in a field's value, each once, as "U+202E". */
export function bidiControlsIn(value: string): string[] {
  const found = new Set(value.match(BIDI_CONTROLS) ?? []);
  return [...found].map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
}

/** The value with its direction characters taken out. */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}

/** The fields of a draft (or of values to save) that hold direction characters where the table refuses them. */
export function fieldsWithBidiControls(values: Record<ContactField, string | null>): ContactField[] {
  return FIELDS_WITHOUT_BIDI_CONTROLS.filter((field) => bidiControlsIn(values[field] ?? "").length > 0);
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Current timestamp plus 9 random alphanumeric characters. */
export function newContactId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Array.from({ length: 9 }, () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)]).join("");
  return `${now}${suffix}`;
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * What shows nothing in a name or role: white space, invisible (format and default-ignorable)
 * characters, combining marks with nothing to sit on (the Khitan filler among them), the blank Braille
 * pattern and the null notehead, code points Unicode has not assigned, private use, and the object
 * replacement and replacement characters. The table refuses a name or role made only of these; the
 * Add form treats one as empty.
 */
const SHOWS_NOTHING = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{C}\u2800\u{1D159}\uFFFC\uFFFD]/gu;

/** Whether a name or role would show nothing at all. */
const showsNothing = (value: string) => value.replace(SHOWS_NOTHING, "") === "";

/**
 * The row to insert for a new contact, or null when name or role is empty or shows nothing (then
 * nothing happens) or a field holds direction characters the table refuses (the form says which).
 */
export function contactFromDraft(draft: ContactDraft, id: string): Contact | null {
  const name = draft.name.trim();
  const role = draft.role.trim();
  if (showsNothing(name) || showsNothing(role) || fieldsWithBidiControls(draft).length > 0) return null;
  return { id, name, role, email: orNull(draft.email), phone: orNull(draft.phone) };
}

/** Edit copies the contact into a draft. */
export function draftFromContact(contact: Pick<Contact, ContactField>): ContactDraft {
  return { name: contact.name, role: contact.role, email: contact.email ?? "", phone: contact.phone ?? "" };
}

/** The update written on Save: the draft as it is (editing has no validation), empty optionals as null. */
export function updateFromDraft(draft: ContactDraft): Pick<Contact, ContactField> {
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
      phone: orNull(asText(record?.phone) ?? ""),
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
