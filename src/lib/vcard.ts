/**
 * vCard 4.0 writer (RFC 6350): turns people into the text of a .vcf file that
 * phone and desktop address books import. Pure: no DOM, values in, text out.
 */
import { joinContentLines } from "./content-lines";

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
  /** Further text properties, each written as it is named ("NOTE", "URL"), after those above. */
  more?: readonly { property: string; value: string | null }[];
};

/**
 * Line breaks (U+2028 and U+2029 among them) become LF (escaped as \n below); other control characters are not
 * allowed in a value and are dropped; lone UTF-16 surrogates become U+FFFD.
 */
function cleanText(value: string): string {
  return (
    value
      // Unicode's own line and paragraph separators are line breaks too: a reader that keeps them bare shows them as
      // nothing, or breaks the line where the vCard's escaping does not expect it.
      .replace(/\r\n?|[\u2028\u2029]/g, "\n")
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, "")
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
  );
}

/**
 * vCard text escaping (RFC 6350 §3.4): backslash, comma, semicolon and newline, in every text
 * value. A semicolon MAY stay bare in a one-value property such as FN, but a strict reader splits
 * there ("FN:Doe; Jane" as two fields), so it is escaped everywhere, as the comma is.
 */
export function escapeText(value: string): string {
  return cleanText(value).replace(/[\\,;\n]/g, (char) => (char === "\n" ? "\\n" : `\\${char}`));
}

/** A name split for an address book's N: family, given, and any honorific prefixes and suffixes. */
export type StructuredName = { family: string; given: string; prefixes: string[]; suffixes: string[] };

// Words that begin a family name rather than end a given name: Irish Ó, Ní, Mac, Nic, Uí (and the
// "an" of "Mac an tSaoi") and the common European and Arabic particles, so "Aoife Ní Bhriain"
// files under "Ní Bhriain" and "Ludwig van der Rohe" under "van der Rohe".
const FAMILY_NAME_PARTICLES = new Set(
  "ó o ua ní nic uí mac mag an na de del della dei degli di da du dos das van von der den ter ten le la bin ibn bint al el".split(
    " ",
  ),
);

// Honorifics, compared without dots and case: "Dr." and "dr" alike.
const NAME_PREFIXES = new Set("dr mr mrs ms miss mx prof fr rev sir dame".split(" "));
const NAME_SUFFIXES = new Set("jr jnr sr snr ii iii iv phd md dds esq mbe obe cbe kbe dbe kc qc sc bl".split(" "));

/** A word as compared with the lists above: lower case, dots dropped ("Ph.D." → "phd"). */
const bare = (word: string) => word.toLowerCase().replace(/\./g, "");
/** Whether a word holds a letter or a digit; one that does not (an emoji, a dash) is decoration, not a name. */
const isNameWord = (word: string) => /[\p{L}\p{N}]/u.test(word);
// Scripts whose names are written family name first.
const FAMILY_FIRST = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{M}]+$/u;

/** The words of a name, decoration left out ("🎤 Aoife Byrne🎻" → Aoife, Byrne). */
function nameWords(text: string): string[] {
  const words = text.trim().split(/\s+/).filter(isNameWord);
  // Decoration stuck to the last word ("Byrne🎻", "Byrne!") is not part of the family name.
  if (words.length > 0) words[words.length - 1] = words.at(-1)!.replace(/[^\p{L}\p{M}\p{N}.]+$/u, "");
  return words;
}

/** Given and family name from words of one name in the usual order, with particles kept with the family name. */
function givenAndFamily(words: readonly string[]): { given: string; family: string } {
  if (words.length < 2) return { given: words.join(" "), family: "" };
  if (words.every((word) => FAMILY_FIRST.test(word))) {
    return { family: words[0], given: words.slice(1).join(" ") };
  }
  let start = words.length - 1;
  while (start > 1 && FAMILY_NAME_PARTICLES.has(bare(words[start - 1]))) start -= 1;
  return { family: words.slice(start).join(" "), given: words.slice(0, start).join(" ") };
}

/**
 * The structured name (N) from the one name field, for sorting in an address book. It is a guess,
 * so it never guesses a wrong family name where it cannot tell: then the whole name is the given
 * name, as it is for a one-word name (a phone then files it under the name as written).
 *
 * - "Orla Quinlan": the last word is the family name, with any particles before it ("Ó Riada").
 * - "Jane Doe, Jr.", "Martin Luther King Jr.", "Dr. Aoife Byrne": honorifics go in their own parts.
 * - "Doe, Jane": a comma after one family name puts it first, as lists sorted by surname write it.
 * - "Aoife Byrne 🎻": an emoji or other decoration at either end is left out.
 * - "山田 太郎": Chinese, Japanese and Korean names are written family name first.
 */
export function structuredName(name: string): StructuredName {
  const segments = name.split(",");
  // Trailing comma parts made only of suffixes: "Jane Doe, Jr., PhD".
  const commaSuffixes: string[] = [];
  while (segments.length > 1) {
    const words = nameWords(segments.at(-1)!);
    if (words.length === 0 || !words.every((word) => NAME_SUFFIXES.has(bare(word)))) break;
    commaSuffixes.unshift(...words);
    segments.pop();
  }
  const words = nameWords(segments[0]);
  const prefixes: string[] = [];
  const suffixes: string[] = [];
  while (words.length > 1 && NAME_PREFIXES.has(bare(words[0]))) prefixes.push(words.shift()!);
  while (words.length > 1 && NAME_SUFFIXES.has(bare(words.at(-1)!))) suffixes.unshift(words.pop()!);
  suffixes.push(...commaSuffixes);

  if (segments.length === 1) return { ...givenAndFamily(words), prefixes, suffixes };
  // "Doe, Jane" or "Ní Bhriain, Aoife": a family name alone (particles allowed) before the one comma.
  const given = nameWords(segments[1]);
  const familyAlone = words.length > 0 && words.slice(0, -1).every((word) => FAMILY_NAME_PARTICLES.has(bare(word)));
  if (segments.length === 2 && familyAlone && given.length > 0) {
    return { family: words.join(" "), given: given.join(" "), prefixes, suffixes };
  }
  // Commas that say nothing known ("Brian Walsh, the Fixer"): no family name rather than a wrong one.
  return { family: "", given: nameWords(segments.join(",")).join(" "), prefixes: [], suffixes: commaSuffixes };
}

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** One vCard, CRLF line breaks, folded, ending with a line break. */
export function vCard(person: VCardPerson): string {
  const { family, given, prefixes, suffixes } = structuredName(cleanText(person.formattedName).replace(/\n/g, " "));
  const list = (values: readonly string[]) => values.map(escapeText).join(",");
  const lines = [
    "BEGIN:VCARD",
    "VERSION:4.0",
    `FN:${escapeText(person.formattedName.trim())}`,
    // Family; given; additional names; prefixes; suffixes (several values of a part separated by commas).
    `N:${escapeText(family)};${escapeText(given)};;${list(prefixes)};${list(suffixes)}`,
  ];
  // TITLE, not ROLE: in vCard 4.0 TITLE is the person's position or job ("Booker",
  // "Sound engineer"), which is what the role field holds; it is also the field phone
  // address books show under the name, whereas most of them drop ROLE on import.
  if (present(person.title)) lines.push(`TITLE:${escapeText(person.title.trim())}`);
  if (present(person.email)) lines.push(`EMAIL:${escapeText(person.email.trim())}`);
  if (present(person.telUri)) lines.push(`TEL;VALUE=uri:${person.telUri}`);
  else if (present(person.telText)) lines.push(`TEL;VALUE=text:${escapeText(person.telText.trim())}`);
  for (const { property, value } of person.more ?? []) {
    if (present(value)) lines.push(`${property}:${escapeText(value.trim())}`);
  }
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
