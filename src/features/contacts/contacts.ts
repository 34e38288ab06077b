/**
 * Contact rules: client-made ids, the fields and their limits, required name and role, null for
 * empty optional fields, the list after a load, and the bookkeeping of migrating the legacy
 * localStorage list so nothing is ever lost. How a save merges with someone else's change is
 * contacts.merge.ts.
 */

import type { Tables } from "../../lib/database.types";
import { showsNothing } from "../../lib/hidden-text.mjs";
import { lengthProblem } from "../../lib/text-length.mjs";
import {
  CONTACT_FIELD_SPECS,
  CONTACT_FIELDS as FIELDS,
  CONTACT_KEY_COLUMNS,
  fieldValuesOf,
} from "./contacts.fields.mjs";

/** localStorage key of contacts saved by the old, local-only version. */
export const LEGACY_CONTACTS_KEY = "contacts";

/** The fields, in card order, from the one description (contacts.fields.mjs). */
export const CONTACT_FIELDS: readonly ContactField[] = FIELDS;
export type ContactField = keyof typeof CONTACT_FIELD_SPECS;

type Spec<F extends ContactField> = (typeof CONTACT_FIELD_SPECS)[F];
type RequiredField = { [F in ContactField]: Spec<F>["required"] extends true ? F : never }[ContactField];

/** A contact's values as described: a required field is text, an empty optional one null. */
type DescribedValues = { [F in ContactField]: F extends RequiredField ? string : string | null };
/** The contacts table's columns the team writes, as the migrations make them (generated, database.types.ts). */
type TeamColumns = Omit<Tables<"contacts">, (typeof CONTACT_KEY_COLUMNS)[number]>;
/**
 * `T`, which must fit within `Bound`, or the type check fails where it is used. The description and the table are held
 * to each other both ways below, so a field without a column, a column without a field, or a field that
 * is required on one side and nullable on the other is named in an error here.
 */
type Within<T extends Bound, Bound> = T;

/** A contact's values, one per field: as a save writes them and a version holds them (every column has a field). */
export type ContactValues = Within<DescribedValues, TeamColumns>;

/** A contact as the app holds it: the team's columns (every field has one), its id and what the database set. */
export type Contact = Within<TeamColumns, ContactValues> & {
  id: string;
  created_at?: string;
  /** Set by the database on every real change; a save is conditional on it. */
  version?: number;
  updated_at?: string;
};

/** What the forms hold: every field as typed, empty ones as "". */
export type ContactDraft = Record<ContactField, string>;

const fieldsWhere = (keep: (field: ContactField) => boolean) => CONTACT_FIELDS.filter(keep);
const perField = <T>(value: (field: ContactField) => T) =>
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, value(field)])) as Record<ContactField, T>;

/** The fields a contact cannot be without (name and role). */
const REQUIRED_FIELDS = fieldsWhere((field) => CONTACT_FIELD_SPECS[field].required);

/** Limits matching the database's checks, in characters as it counts them (an emoji is one): see tooLongIn. */
export const CONTACT_LIMITS = perField((field) => CONTACT_FIELD_SPECS[field].maxLength);

export const emptyDraft: ContactDraft = perField(() => "");

export const FIELD_LABELS: Record<ContactField, string> = perField((field) => CONTACT_FIELD_SPECS[field].label);

/**
 * The inputs of the add and edit forms, in order. Name and role are required to add a contact
 * (nothing happens without them); the e-mail input is of e-mail type.
 */
export const CONTACT_FORM_FIELDS = CONTACT_FIELDS.map((key) => {
  const { label, input, autoComplete, required } = CONTACT_FIELD_SPECS[key];
  return { key, label, type: input, autoComplete, required: required as boolean };
});

/**
 * Values as a record holds them, made whole: a required field that is missing is "" (a stored version
 * always has one; a merged one keeps the draft's), an optional one null.
 */
export function asValues(values: Record<ContactField, string | null>): ContactValues {
  return perField((field) => values[field] ?? (REQUIRED_FIELDS.includes(field) ? "" : null)) as ContactValues;
}

/** Just the values of something that holds a contact's (a contact, a version): what a save writes. */
export function valuesOf(source: ContactValues): ContactValues {
  return perField((field) => source[field]) as ContactValues;
}

/**
 * A record's values as the app reads them (a row, a version kept in the history), or null when a required
 * field is not text; an optional field that is not text is null.
 */
export function valuesFrom(record: Record<string, unknown>): ContactValues | null {
  return REQUIRED_FIELDS.every((field) => typeof record[field] === "string") ? asValues(fieldValuesOf(record)) : null;
}

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
const FIELDS_NAMING_BIDI_CONTROLS = fieldsWhere((field) => CONTACT_FIELD_SPECS[field].directionMarks === "named");
/** The fields that lose them as they are typed. */
const FIELDS_REMOVING_BIDI_CONTROLS = fieldsWhere((field) => CONTACT_FIELD_SPECS[field].directionMarks === "removed");

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
  const typed = { ...draft };
  for (const field of FIELDS_REMOVING_BIDI_CONTROLS) typed[field] = withoutBidiControls(draft[field]);
  return FIELDS_REMOVING_BIDI_CONTROLS.every((field) => typed[field] === draft[field]) ? draft : typed;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Current timestamp plus 9 random alphanumeric characters. */
export function newContactId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Array.from({ length: 9 }, () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)]).join("");
  return `${now}${suffix}`;
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** A draft's fields as a contact's values: trimmed, an empty one null. */
const valuesFromDraft = (draft: ContactDraft) => asValues(perField((field) => orNull(draft[field])));

/** What a form says of each field too long: "at most 200 characters (this has 236)". */
export type TooLong = Partial<Record<ContactField, string>>;

/**
 * What is too long in values about to be sent, field by field, counted as the table's checks count (char_length):
 * empty when nothing is. The forms take a whole paste (no maxLength cutting its end off unseen) and say this
 * under the field, so nothing is sent for the table to refuse with no word of why.
 */
function tooLongIn(values: Record<ContactField, string | null>): TooLong {
  const found: TooLong = {};
  for (const field of CONTACT_FIELDS) {
    const problem = lengthProblem(values[field] ?? "", CONTACT_LIMITS[field]);
    if (problem) found[field] = problem;
  }
  return found;
}

/**
 * What is too long in the add form, as Add Contact would send it (trimmed). Nothing, without a name or a role: then
 * nothing happens and nothing is said, as ever (its fields still say by how much they are over while typed).
 */
export function addedTooLong(typed: ContactDraft): TooLong {
  const draft = typedDraft(typed);
  return REQUIRED_FIELDS.some((field) => showsNothing(draft[field].trim())) ? {} : tooLongIn(valuesFromDraft(draft));
}

/** What is too long in an edited card, as Save would send it (updateFromDraft). */
export const savedTooLong = (typed: ContactDraft): TooLong => tooLongIn(updateFromDraft(typed));

/** Whether values about to be sent hold what the table refuses and the form names: direction characters, or too much. */
export const refusedBeforeSending = (values: Record<ContactField, string | null>): boolean =>
  fieldsWithBidiControls(values).length > 0 || Object.keys(tooLongIn(values)).length > 0;

/**
 * The row to insert for a new contact, or null when name or role is empty or shows nothing (then
 * nothing happens) or a field holds what the table refuses, direction characters or too many characters
 * (the form says which).
 */
export function contactFromDraft(typed: ContactDraft, id: string): Contact | null {
  const draft = typedDraft(typed);
  if (REQUIRED_FIELDS.some((field) => showsNothing(draft[field].trim()))) return null;
  const values = valuesFromDraft(draft);
  return refusedBeforeSending(values) ? null : { id, ...values };
}

/** Edit copies the contact into a draft. */
export function draftFromContact(contact: ContactValues): ContactDraft {
  return perField((field) => contact[field] ?? "");
}

/** The update written on Save: the draft as it is (editing has no validation), empty optionals as null. */
export function updateFromDraft(typed: ContactDraft): ContactValues {
  const draft = typedDraft(typed);
  return asValues(perField((field) => savedValue(field, draft[field])));
}

/** How Save writes a field: a name or role as typed, the others trimmed (savedText: what its limit counts). */
const savedValue = (field: ContactField, value: string) => (REQUIRED_FIELDS.includes(field) ? value : orNull(value));
export const savedText = (field: ContactField) => (value: string) => savedValue(field, value) ?? "";

/** The fields whose values differ between two versions of a contact. */
export function changedFields(older: ContactValues, newer: ContactValues): ContactField[] {
  return CONTACT_FIELDS.filter((field) => (older[field] ?? null) !== (newer[field] ?? null));
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
    if (!id || REQUIRED_FIELDS.some((field) => !asText(record?.[field])?.trim())) {
      unreadable.push(entry);
      continue;
    }
    // As if typed: an old number pasted from an address book may hold direction characters.
    const draft = typedDraft(perField((field) => asText(record?.[field]) ?? ""));
    migratable.push({ id, ...valuesFromDraft(draft) });
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
