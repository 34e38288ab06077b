/**
 * vCard 4.0 writer (RFC 6350): turns people into the text of a .vcf file that
 * phone and desktop address books import. Pure: no DOM, values in, text out.
 */
import { joinContentLines } from "../../lib/content-lines";

/** One person as the writer needs them; empty optional fields are left out of the card. */
export type VCardPerson = {
  /** A stable, opaque identifier, so re-importing a card updates it rather than adding a copy. */
  uid: string;
  /** The name as written (FN). */
  formattedName: string;
  /** Job or position, e.g. "Booker" (TITLE). */
  title?: string | null;
  email?: string | null;
  /** A `tel:` URI (RFC 3966), written as TEL;VALUE=uri. */
  telUri?: string | null;
  /** A phone number with no usable `tel:` URI, written as free text so it is not lost. */
  telText?: string | null;
};

/**
 * Line breaks become LF (escaped as \n below); other control characters are not
 * allowed in a value and are dropped; lone UTF-16 surrogates become U+FFFD.
 */
function cleanText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
  );
}

/**
 * vCard text escaping: backslash, comma and newline are always escaped; a semicolon MUST be
 * escaped inside a field of a compound property (N) and MAY be elsewhere. It is left
 * as it is in single-value properties, because some readers (ical.js among them)
 * keep the backslash of an escaped semicolon there.
 */
export function escapeText(value: string, compound = false): string {
  return cleanText(value).replace(compound ? /[\\,;\n]/g : /[\\,\n]/g, (char) => (char === "\n" ? "\\n" : `\\${char}`));
}

// Words that begin a family name rather than end a given name: Irish Ó, Ní, Mac, Nic, Uí
// and the common European particles, so "Aoife Ní Bhriain" files under "Ní Bhriain".
const FAMILY_NAME_PARTICLES = new Set([
  "ó",
  "o",
  "ní",
  "nic",
  "uí",
  "mac",
  "mag",
  "de",
  "del",
  "della",
  "di",
  "da",
  "du",
  "dos",
  "van",
  "von",
  "le",
  "la",
]);

/**
 * The structured name (N) from a single name: the table keeps only one name field,
 * so this is a best guess for sorting in an address book. The last word (with any
 * particle before it) is the family name; a one-word name is a given name only.
 */
export function structuredName(name: string): { family: string; given: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { family: "", given: words.join(" ") };
  let start = words.length - 1;
  while (start > 1 && FAMILY_NAME_PARTICLES.has(words[start - 1].toLowerCase())) start -= 1;
  return { family: words.slice(start).join(" "), given: words.slice(0, start).join(" ") };
}

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** One vCard, CRLF line breaks, folded, ending with a line break. */
export function vCard(person: VCardPerson): string {
  const { family, given } = structuredName(cleanText(person.formattedName).replace(/\n/g, " "));
  const lines = [
    "BEGIN:VCARD",
    "VERSION:4.0",
    `FN:${escapeText(person.formattedName.trim())}`,
    // Family; given; additional names; prefixes; suffixes.
    `N:${escapeText(family, true)};${escapeText(given, true)};;;`,
  ];
  // TITLE, not ROLE: in vCard 4.0 TITLE is the person's position or job ("Booker",
  // "Sound engineer"), which is what the role field holds; it is also the field phone
  // address books show under the name, whereas most of them drop ROLE on import.
  if (present(person.title)) lines.push(`TITLE:${escapeText(person.title.trim())}`);
  if (present(person.email)) lines.push(`EMAIL:${escapeText(person.email.trim())}`);
  if (present(person.telUri)) lines.push(`TEL;VALUE=uri:${person.telUri}`);
  else if (present(person.telText)) lines.push(`TEL;VALUE=text:${escapeText(person.telText.trim())}`);
  // The contact id is not a UUID, so it is written as text; it never changes, so a
  // re-import matches the earlier card. (No REV: the table records only when a contact
  // was created, and an edited contact would claim to be older than it is.)
  lines.push(`UID;VALUE=text:${escapeText(person.uid)}`);
  lines.push("END:VCARD");
  return joinContentLines(lines);
}

/** Several vCards in one file, in the given order. */
export function vCards(people: readonly VCardPerson[]): string {
  return people.map(vCard).join("");
}

// Names Windows refuses as file names whatever the extension.
const RESERVED_FILE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/;

/**
 * A file name that is safe on every system: the name in lower case, letters and
 * digits of any script kept, accents dropped, everything else turned into dashes.
 */
export function vCardFileName(name: string, fallback = "contact"): string {
  const dashed = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  // A long name is cut at a word break within 60 characters (counted as characters,
  // not UTF-16 units, so a letter outside the BMP is never halved).
  const chars = Array.from(dashed);
  let slug = chars.slice(0, 60).join("");
  if (chars.length > 60 && chars[60] !== "-" && slug.includes("-")) slug = slug.slice(0, slug.lastIndexOf("-"));
  slug = slug.replace(/-+$/, "");
  const base = slug === "" ? fallback : RESERVED_FILE_NAMES.test(slug) ? `${slug}-${fallback}` : slug;
  return `${base}.vcf`;
}
