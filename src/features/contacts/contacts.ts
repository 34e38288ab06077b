/**
 * Contact rules (spec sections 3-5, 7): client-made ids, required fields,
 * null for empty optional fields, and the bookkeeping of migrating the
 * legacy localStorage list so nothing is ever lost; rows from the server
 * checked on the way in; a contact's earlier versions and what changed in
 * each; searching the list, the mailto: and tel: links of a card, and the
 * contacts as vCards.
 */
import { format } from "date-fns";
import { vCard, vCardFileName, vCards, type VCardPerson } from "../../lib/vcard";

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

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Current timestamp plus 9 random alphanumeric characters. */
export function newContactId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Array.from({ length: 9 }, () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)]).join("");
  return `${now}${suffix}`;
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The row to insert for a new contact, or null when name or role is empty (then nothing happens). */
export function contactFromDraft(draft: ContactDraft, id: string): Contact | null {
  const name = draft.name.trim();
  const role = draft.role.trim();
  if (name === "" || role === "") return null;
  return { id, name, role, email: orNull(draft.email), phone: orNull(draft.phone) };
}

/** Edit copies the contact into a draft. */
export function draftFromContact(contact: Contact): ContactDraft {
  return { name: contact.name, role: contact.role, email: contact.email ?? "", phone: contact.phone ?? "" };
}

/** The update written on Save: the draft as it is (editing has no validation), empty optionals as null. */
export function updateFromDraft(draft: ContactDraft): Omit<Contact, "id" | "created_at"> {
  return { name: draft.name, role: draft.role, email: orNull(draft.email), phone: orNull(draft.phone) };
}

/** The fields a person sees and edits, in card order. */
export const CONTACT_FIELDS = ["name", "role", "email", "phone"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

const optionalText = (value: unknown) => (typeof value === "string" ? value : null);
const isVersion = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

/** One row of a contacts select, checked: without an id, a name, a role or a version it is dropped. */
export function toContact(row: unknown): Contact | null {
  if (!row || typeof row !== "object") return null;
  const { id, name, role, email, phone, created_at, version, updated_at } = row as Record<string, unknown>;
  if (typeof id !== "string" || typeof name !== "string" || typeof role !== "string" || !isVersion(version)) {
    return null;
  }
  return {
    id,
    name,
    role,
    email: optionalText(email),
    phone: optionalText(phone),
    version,
    ...(typeof created_at === "string" ? { created_at } : {}),
    ...(typeof updated_at === "string" ? { updated_at } : {}),
  };
}

/** The rows of a contacts select, checked: a malformed row is left out rather than break the list. */
export function toContacts(rows: unknown): Contact[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => toContact(row) ?? []);
}

/** An earlier version of a contact, as contacts_history keeps it. */
export type ContactVersion = {
  contactId: string;
  version: number;
  name: string;
  role: string;
  email: string | null;
  phone: string | null;
  /** When this version was written, and when a newer one replaced it. */
  writtenAt: string;
  replacedAt: string;
};

/** The rows of a history select, checked, newest first. */
export function toContactVersions(rows: unknown): ContactVersion[] {
  if (!Array.isArray(rows)) return [];
  return rows
    .flatMap((row): ContactVersion[] => {
      if (!row || typeof row !== "object") return [];
      const record = row as Record<string, unknown>;
      const { contact_id, version, name, role, email, phone, written_at, replaced_at } = record;
      if (typeof contact_id !== "string" || !isVersion(version) || typeof name !== "string" || typeof role !== "string")
        return [];
      if (typeof written_at !== "string" || typeof replaced_at !== "string") return [];
      return [
        {
          contactId: contact_id,
          version,
          name,
          role,
          email: optionalText(email),
          phone: optionalText(phone),
          writtenAt: written_at,
          replacedAt: replaced_at,
        },
      ];
    })
    .sort((a, b) => b.version - a.version);
}

/** The earlier versions a card has loaded, newest first, and whether older ones remain. */
export type LoadedHistory = { versions: ContactVersion[]; more: boolean };

/**
 * The history after its newest page was read again (the contact changed): joined to the older
 * pages already shown when the two meet, so nothing shown goes away; otherwise (more new versions
 * than a page) the newest page alone, with its own "more".
 */
export function withNewestHistory(loaded: LoadedHistory | null, newest: LoadedHistory): LoadedHistory {
  const newestLoaded = loaded?.versions[0]?.version;
  const oldestNew = newest.versions.at(-1)?.version;
  const meets =
    loaded !== null &&
    newestLoaded !== undefined &&
    (!newest.more || (oldestNew !== undefined && oldestNew <= newestLoaded + 1));
  if (!meets) return newest;
  const byVersion = new Map(loaded.versions.map((version) => [version.version, version]));
  for (const version of newest.versions) byVersion.set(version.version, version);
  return {
    versions: [...byVersion.values()].sort((a, b) => b.version - a.version),
    more: newest.more && loaded.more,
  };
}

/** The history with an older page added below it. */
export function withOlderHistory(loaded: LoadedHistory, older: LoadedHistory): LoadedHistory {
  const known = new Set(loaded.versions.map((version) => version.version));
  return {
    versions: [...loaded.versions, ...older.versions.filter((version) => !known.has(version.version))],
    more: older.more,
  };
}

export type HistoryEntry = { version: ContactVersion; changed: ContactField[] };

/** The fields whose values differ between two versions of a contact. */
export function changedFields(older: Pick<Contact, ContactField>, newer: Pick<Contact, ContactField>): ContactField[] {
  return CONTACT_FIELDS.filter((field) => (older[field] ?? null) !== (newer[field] ?? null));
}

/**
 * A contact's earlier versions, newest first, each with the fields the change after it
 * replaced: what the next newer version (or the card as it is now) has differently.
 */
export function historyEntries(current: Contact, versions: readonly ContactVersion[]): HistoryEntry[] {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return newestFirst.map((version, index) => ({
    version,
    changed: changedFields(version, index === 0 ? current : newestFirst[index - 1]),
  }));
}

/** When a version was written or replaced, in the reader's local time: "Jan 4, 2025, 09:30:05". */
export function formatHistoryTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "MMM d, yyyy, HH:mm:ss");
}

/** The labels of the fields a change touched: "Role and Email", "Name, Role and Phone". */
export function fieldList(fields: readonly ContactField[]): string {
  const labels = fields.map((field) => FIELD_LABELS[field]);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

export const FIELD_LABELS: Record<ContactField, string> = {
  name: "Name",
  role: "Role",
  email: "Email",
  phone: "Phone",
};

/** Whether a version holds exactly the values the contact has now (restoring it would change nothing). */
export function sameValues(a: Pick<Contact, ContactField>, b: Pick<Contact, ContactField>): boolean {
  return changedFields(a, b).length === 0;
}

/**
 * The list after a load: the table's rows, newest first, plus any contact
 * added on this screen while the load was under way that the reply missed.
 */
export function mergeLoaded(loaded: readonly Contact[], onScreen: readonly Contact[]): Contact[] {
  const loadedIds = new Set(loaded.map((contact) => contact.id));
  return [...onScreen.filter((contact) => !loadedIds.has(contact.id)), ...loaded];
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

// ---------------------------------------------------------------------------
// Search: instant, forgiving matching over name, role, e-mail and phone.

// Letters NFKD does not take apart, folded the way a person would type them.
const LETTER_FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th" };

/** Lower case, accents and other marks dropped, spaces collapsed: "Siobhán  NÍ" → "siobhan ni". */
export function searchText(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßæœøłđðþ]/g, (letter) => LETTER_FOLDS[letter])
    .replace(/\s+/g, " ")
    .trim();
}

/** Text that reads as (part of) a phone number: digits with spaces, dashes, dots, slashes, brackets, +. */
const PHONE_LIKE = /^[\d\s().\-/+]*\d[\d\s().\-/+]*$/;

/**
 * A phone number as digits only, so "+353 (87) 123-45" and "0035387 12345" compare
 * equal: a leading + and a leading 00 (the international prefix) both become 00.
 */
export function phoneSearchKey(value: string): string {
  const text = value.normalize("NFKC").trim();
  const digits = text.replace(/\D/g, "");
  return text.startsWith("+") ? `00${digits}` : digits;
}

/** A contact with its search keys worked out once, so a keystroke only compares strings. */
export type SearchableContact = { contact: Contact; haystack: string; phoneKey: string | null };

export function searchable(contact: Contact): SearchableContact {
  // Fields are joined by a line break, which searchText never leaves in a query.
  const haystack = [contact.name, contact.role, contact.email ?? "", contact.phone ?? ""].map(searchText).join("\n");
  return { contact, haystack, phoneKey: contact.phone ? phoneSearchKey(contact.phone) : null };
}

/** A query worked out once per keystroke: its folded text, its words, and each one's phone digits. */
type PreparedQuery = { wanted: string; phoneKey: string | null; words: { text: string; phoneKey: string | null }[] };

const queryPhoneKey = (text: string) => {
  if (!PHONE_LIKE.test(text)) return null;
  const key = phoneSearchKey(text);
  return key === "" ? null : key;
};

function prepareQuery(query: string): PreparedQuery {
  const wanted = searchText(query);
  const words = wanted.split(" ");
  return {
    wanted,
    phoneKey: queryPhoneKey(query),
    words: words.length > 1 ? words.map((word) => ({ text: word, phoneKey: queryPhoneKey(word) })) : [],
  };
}

function matchesPrepared(entry: SearchableContact, query: PreparedQuery): boolean {
  if (query.wanted === "") return true;
  const { haystack, phoneKey } = entry;
  if (haystack.includes(query.wanted)) return true;
  if (phoneKey !== null && query.phoneKey !== null && phoneKey.includes(query.phoneKey)) return true;
  return (
    query.words.length > 0 &&
    query.words.every(
      (word) =>
        haystack.includes(word.text) ||
        (phoneKey !== null && word.phoneKey !== null && phoneKey.includes(word.phoneKey)),
    )
  );
}

/**
 * Whether a contact matches what was typed in the search box: the whole query
 * in any field, or a phone number however it is punctuated, or else every word
 * of the query somewhere in the contact ("booker galway" finds the Galway booker).
 */
export function contactMatches(contact: Contact, query: string): boolean {
  return matchesPrepared(searchable(contact), prepareQuery(query));
}

/** The contacts a search shows, in list order, from contacts indexed with `searchable`. */
export function searchContacts(index: readonly SearchableContact[], query: string): Contact[] {
  const prepared = prepareQuery(query);
  if (prepared.wanted === "") return index.map((entry) => entry.contact);
  return index.flatMap((entry) => (matchesPrepared(entry, prepared) ? [entry.contact] : []));
}

/** The contacts a search shows, in list order. */
export function filterContacts(contacts: readonly Contact[], query: string): Contact[] {
  return searchContacts(contacts.map(searchable), query);
}

/** How many cards the list holds at first, and adds per "Show more": enough to scroll, quick to draw. */
export const CONTACTS_PAGE_SIZE = 100;

/** Cards drawn at once when a search changes (more than a screenful); the rest of the page follows. */
export const CONTACTS_FIRST_DRAW = 18;

/** The button under a long list: "Show 100 more (4,900 not shown yet)". */
export function showMoreLabel(notShown: number): string {
  const next = Math.min(notShown, CONTACTS_PAGE_SIZE);
  return `Show ${next} more (${notShown.toLocaleString("en")} not shown yet)`;
}

/** The live count under the search box: "3 of 12 contacts" while searching, "12 contacts" otherwise. */
export function contactCount(shown: number, total: number, searching: boolean): string {
  const noun = total === 1 ? "contact" : "contacts";
  return searching ? `${shown} of ${total} ${noun}` : `${total} ${noun}`;
}

/** The empty state of a search that finds nobody. */
export function noMatchMessage(query: string): string {
  return `No contacts match “${query.trim()}”`;
}

// ---------------------------------------------------------------------------
// Links: tap an e-mail address to write, a phone number to call.

const PHONE_GROUP = String.raw`(?:\(\s*\d+\s*\)|\d)`;
/** A phone number: an optional + or 00, then digits or bracketed digits, separated by spaces, dots, dashes or slashes. */
const PHONE_NUMBER = new RegExp(String.raw`(?:\+\s*)?${PHONE_GROUP}(?:[\s.\-/]*${PHONE_GROUP})*`);

/** The phone number inside a phone field, or null: "087 123 4567 (after 6pm)" → "087 123 4567". */
function phoneNumberIn(phone: string): string | null {
  return phone.normalize("NFKC").match(PHONE_NUMBER)?.[0] ?? null;
}

/**
 * The `tel:` link for a phone field: digits and a leading +, nothing else, or null
 * when there is no number to call. A leading 00 becomes + (the international prefix
 * almost everywhere), and a "(0)" after the country code is dropped, as it is not
 * dialled from abroad: "+353 (0)87 123 4567" → "tel:+353871234567".
 */
export function telHref(phone: string | null): string | null {
  if (!phone) return null;
  let number = phoneNumberIn(phone);
  if (number === null) return null;
  const international = /^(\+|00)/.test(number);
  if (international) number = number.replace(/\(\s*0\s*\)/g, "");
  const digits = number.replace(/\D/g, "");
  const afterPrefix = international && !number.startsWith("+") ? digits.slice(2) : digits;
  // Fewer than three digits is not a number anyone can call.
  if (afterPrefix.length < 3) return null;
  return `tel:${international ? "+" : ""}${afterPrefix}`;
}

/** Whether the phone field is just a number, with nothing else written beside it. */
export function isPlainPhoneNumber(phone: string): boolean {
  const number = phoneNumberIn(phone);
  return number !== null && number.trim() === phone.normalize("NFKC").trim();
}

// A domain of letters, digits and hyphens in dot-separated labels, with at least one dot.
const MAIL_DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
// No spaces, no @, no control or invisible formatting characters.
const MAIL_LOCAL_PART = /^[^\s@\p{C}]{1,64}$/u;

/**
 * The `mailto:` link for an e-mail field, or null when it is not a plausible address.
 * A `?`, `#` or `&` can therefore never add headers, recipients or a body: the domain
 * may hold only letters, digits, hyphens and dots, and the local part is percent-encoded.
 * `javascript:` and other schemes are not addresses, so they never become links.
 */
export function mailtoHref(email: string | null): string | null {
  if (!email) return null;
  const address = email.trim();
  const at = address.lastIndexOf("@");
  if (at < 1 || address.length > CONTACT_LIMITS.email) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!MAIL_LOCAL_PART.test(local) || !MAIL_DOMAIN.test(domain)) return null;
  // RFC 6068 lets + stand unencoded in an address, and "name+tag@" reads better so.
  return `mailto:${encodeURIComponent(local).replace(/%2B/g, "+")}@${domain}`;
}

// ---------------------------------------------------------------------------
// vCards: contacts as .vcf files for a phone's address book.

/**
 * A contact as a vCard person: the role is the job title, the phone a tel: URI when it
 * is just an international number. A local number ("087 123 4567") stays text as written:
 * as a URI it would need a phone-context (RFC 3966 5.1.5) that the field does not give.
 */
export function contactVCardPerson(contact: Contact): VCardPerson {
  const plain = contact.phone !== null && isPlainPhoneNumber(contact.phone);
  const href = plain ? telHref(contact.phone) : null;
  const telUri = href?.startsWith("tel:+") ? href : null;
  return {
    uid: contact.id,
    formattedName: contact.name,
    title: contact.role,
    email: contact.email,
    telUri,
    telText: telUri ? null : contact.phone,
  };
}

/** The file for one contact: "aoife-ni-bhriain.vcf". */
export function contactVCardFile(contact: Contact): { filename: string; text: string } {
  return { filename: vCardFileName(contact.name), text: vCard(contactVCardPerson(contact)) };
}

/** The file for the contacts on screen, in list order: "contacts.vcf". */
export function contactsVCardFile(contacts: readonly Contact[]): { filename: string; text: string } {
  return { filename: "contacts.vcf", text: vCards(contacts.map(contactVCardPerson)) };
}
