/**
 * Line folding for the vCard writer (RFC 6350 3.2), which folds content lines as iCalendar does (RFC 5545
 * 3.1; the iCalendar files are written with ical.js, src/lib/ics.mjs), and the text formats' line break. Pure.
 */

/** A physical line SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/**
 * The line break of the text formats the site writes: iCalendar and vCard content lines, CSV records
 * (RFC 4180) and mailto bodies (RFC 6068) all end lines with CR LF.
 */
export const CRLF = "\r\n";

/** Octets of one character (one code point) in UTF-8; a lone surrogate is written as U+FFFD: 3. */
function utf8Octets(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * Folds one content line into physical lines of at most 75 octets, breaking only
 * between characters so no UTF-8 sequence is split. Each continuation line starts
 * with one space, which counts towards its 75. Joined with CRLF, no trailing CRLF.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** A whole iCalendar or vCard text: each content line folded, every line (the last too) ended with CRLF. */
export function joinContentLines(lines: readonly string[]): string {
  return lines.map(foldLine).join(CRLF) + CRLF;
}
