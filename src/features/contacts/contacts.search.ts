/**
 * Searching the directory on the road: instant, forgiving matching over every field of a contact
 * (accents, case and phone punctuation ignored), the list drawn a page at a time, and the
 * words around it (the count, the empty state, "Show more").
 */
import { CONTACT_FIELDS, type Contact } from "./contacts";

// Letters NFKD does not take apart, folded the way a person would type them.
const LETTER_FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th" };

/**
 * Lower case, accents and other marks dropped, spaces collapsed, a phone's curly apostrophe as a keyboard's
 * straight one: "Siobhán  NÍ" → "siobhan ni", "O’Rourke" → "o'rourke".
 */
export function searchText(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßæœøłđðþ]/g, (letter) => LETTER_FOLDS[letter])
    .replace(/[‘’ʼ]/g, "'")
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

/**
 * The country codes of two digits (ITU E.164); 1 and 7 are the only ones of one digit, every other is of three.
 * No code is the start of another, so the digits after 00 say how long theirs is.
 */
const TWO_DIGIT_COUNTRY_CODES = new Set(
  "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98".split(
    " ",
  ),
);

/**
 * A number's digits without how it is reached from abroad or at home: after 00 (or +) and its country code, or
 * after the 0 it is dialled with at home. Null for digits that start with neither.
 */
function nationalDigits(key: string): string | null {
  if (key.startsWith("00")) {
    const international = key.slice(2);
    const length = /^[17]/.test(international) ? 1 : TWO_DIGIT_COUNTRY_CODES.has(international.slice(0, 2)) ? 2 : 3;
    return international.length > length ? international.slice(length) : null;
  }
  return /^0[1-9]/.test(key) ? key.slice(1) : null;
}

/**
 * Whether the digits typed are in a kept number: as they stand, or the one written with its country code and
 * the other as dialled at home, its 0 first ("087 123" finds "+353 87 123 4567", "+353 87" finds "087 123 4567").
 * Two numbers both with a country code compare whole: +44 87 is not +353 87.
 */
function phoneMatches(kept: SearchableContact, typed: string): boolean {
  if (kept.phoneKey === null) return false;
  if (kept.phoneKey.includes(typed)) return true;
  if (typed.startsWith("00") === kept.phoneKey.startsWith("00")) return false;
  const national = nationalDigits(typed);
  return national !== null && kept.nationalKey !== null && kept.nationalKey.startsWith(national);
}

/** A contact with its search keys worked out once, so a keystroke only compares strings. */
export type SearchableContact = {
  contact: Contact;
  haystack: string;
  phoneKey: string | null;
  /** The phone's digits after its country code, or after the 0 it is dialled with at home (nationalDigits). */
  nationalKey: string | null;
};

export function searchable(contact: Contact): SearchableContact {
  // Fields are joined by a line break, which searchText never leaves in a query.
  const haystack = CONTACT_FIELDS.map((field) => searchText(contact[field] ?? "")).join("\n");
  const phoneKey = contact.phone ? phoneSearchKey(contact.phone) : null;
  return { contact, haystack, phoneKey, nationalKey: phoneKey === null ? null : nationalDigits(phoneKey) };
}

/**
 * The contacts already named as `name` reads, whatever its case, accents or spacing ("ciara  walsh" is "Ciara
 * Walsh"): the add form says so before a second card is made, which nobody could delete.
 */
export function namedAlike(index: readonly SearchableContact[], name: string): Contact[] {
  const wanted = searchText(name);
  if (wanted === "") return [];
  // The name is the haystack's first line (searchable joins the fields in order, the name first).
  const named = (haystack: string) =>
    haystack.startsWith(wanted) && (haystack.length === wanted.length || haystack[wanted.length] === "\n");
  return index.filter((entry) => named(entry.haystack)).map((entry) => entry.contact);
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
  const { haystack } = entry;
  if (haystack.includes(query.wanted)) return true;
  if (query.phoneKey !== null && phoneMatches(entry, query.phoneKey)) return true;
  return (
    query.words.length > 0 &&
    query.words.every(
      (word) => haystack.includes(word.text) || (word.phoneKey !== null && phoneMatches(entry, word.phoneKey)),
    )
  );
}

/**
 * Whether a contact matches what was typed in the search box: the whole query in any field, or a phone number
 * however it is punctuated (with its country code or as dialled at home), or else every word of the query
 * somewhere in the contact ("booker galway" finds the Galway booker).
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
