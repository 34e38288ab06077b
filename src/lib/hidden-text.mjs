// @ts-check
/**
 * What the database refuses in a show's lines and an event's title and description that a person cannot see
 * (supabase/migrations/20250123000000_shows_and_events_text_that_shows.sql), as a form can tell before sending:
 * text that shows nothing at all, and hidden characters (control characters, line breaks where one line is
 * wanted, the direction controls that make text read as other words). The form says so under the field and
 * offers to take them out, rather than the database refusing it with a check's name. Plain JavaScript with no
 * Node module, so the browser and Node read it alike (src/lib/show-rules.mjs, which the tour import runs, uses it).
 */

/**
 * What shows nothing: white space, invisible (format and default-ignorable) characters, combining marks with
 * nothing to sit on, the blank Braille pattern and the null notehead, code points Unicode has not assigned,
 * private use, and the object replacement and replacement characters (the contacts' rule, private.shown_text()). A
 * contact's name or role, a show's line or an event's title made only of these is refused by the table; the Add forms
 * treat one as empty.
 */
const SHOWS_NOTHING = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{C}\u2800\u{1D159}\uFFFC\uFFFD]/gu;

/** Whether `text` would show nothing at all. @param {string} text */
export const showsNothing = (text) => text.replace(SHOWS_NOTHING, "") === "";

/** The direction controls (Unicode's Bidi_Control), as private.without_bidi_controls() lists them. */
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Control characters and the line and paragraph separators: in one line, line breaks among them. */
const IN_A_LINE = /[\p{Cc}\u2028\u2029]/gu;

/** The same in text of several lines, where a line break (\n, as a browser's text box gives it) is at home. */
const IN_LINES = /(?!\n)[\p{Cc}\u2028\u2029]/gu;

/** @param {string} char */
const codePoint = (char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * The hidden characters the database refuses in `text`, each once, as "U+202E": in one line, or, with `lines`,
 * in text that may have line breaks.
 * @param {string} text
 * @param {{ lines?: boolean }} [options]
 */
export function hiddenCharactersIn(text, { lines = false } = {}) {
  const found = [...(text.match(DIRECTION) ?? []), ...(text.match(lines ? IN_LINES : IN_A_LINE) ?? [])];
  return [...new Set(found.map(codePoint))];
}

/**
 * `text` without them: direction controls taken out; in one line, each run of the others made one space; in text of
 * several lines, a \r\n, a lone \r, U+0085 and the separators made a line break and the others a space.
 * @param {string} text
 * @param {{ lines?: boolean }} [options]
 */
export function withoutHiddenCharacters(text, { lines = false } = {}) {
  const seen = text.replace(DIRECTION, "");
  if (!lines) return seen.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
  return seen.replace(/\r\n?|[\u0085\u2028\u2029]/gu, "\n").replace(IN_LINES, " ");
}

/**
 * What is said of text holding them, as "Title: " and this: which they are, and why they cannot stay.
 * @param {string[]} found
 */
export const hiddenProblem = (found) =>
  `holds hidden characters (${found.join(", ")}), which can break it or make it read as something else`;

/**
 * What private.visible_text() takes out of a ticket link, which must hold none of it: white space, invisible and
 * format characters (zero-width, direction, soft hyphen, fillers, tags), control characters, combining marks, the
 * blank Braille pattern and noncharacters.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}\u2800\uFDD0-\uFDEF\uFFFE\uFFFF]/gu;

/** The invisible characters in `text`, each once, as "U+200B". @param {string} text */
export const invisibleCharactersIn = (text) => [...new Set((text.match(INVISIBLE) ?? []).map(codePoint))];
