// @ts-check
/**
 * How PostgreSQL reads a regular expression's bracket expressions (`[a-z]`, `[^)]`, `[[:alpha:]]`) and escaped
 * characters, as far as what a pattern costs to compile needs: where one ends, the characters its ranges span, and
 * how deep groups nest around them.
 */

/** The escapes of a single character PostgreSQL reads by a letter (`\t`, `\e`, `\B` for a backslash). */
const LETTER_ESCAPES = /** @type {Record<string, number>} */ ({
  a: 7,
  b: 8,
  B: 92,
  e: 27,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
});

/**
 * The character at `at` in a bracket expression, as the range it may end or start: its code point and the index
 * after it, or a code point of -1 when it cannot be read here as one character (`[:alpha:]`, a collating element
 * named by a word such as `[.NUL.]`, `\d`, a number past Unicode): a range with such an end counts as all of
 * Unicode, so what is not understood here is never counted as cheap.
 * @param {string} pattern
 * @param {number} at
 * @returns {{ point: number, next: number }}
 */
export function bracketElement(pattern, at) {
  const char = pattern[at];
  if (char === "[" && /[:.=]/.test(pattern[at + 1] ?? "")) {
    const end = pattern.indexOf(`${pattern[at + 1]}]`, at + 2);
    const next = end < 0 ? pattern.length : end + 2;
    const inner = pattern.slice(at + 2, end < 0 ? pattern.length : end);
    const point = pattern[at + 1] !== ":" && [...inner].length === 1 ? (inner.codePointAt(0) ?? -1) : -1;
    return { point, next };
  }
  if (char === "\\") {
    const after = pattern[at + 1] ?? "";
    // \uXXXX, \UXXXXXXXX, and \x with any number of hex digits, as PostgreSQL reads them.
    const digits = { u: 4, U: 8, x: Infinity }[after];
    if (digits !== undefined) {
      let next = at + 2;
      while (next < pattern.length && next - at - 2 < digits && /[0-9a-fA-F]/.test(pattern[next])) next += 1;
      const value = next > at + 2 ? parseInt(pattern.slice(at + 2, next), 16) : -1;
      return { point: value >= 0 && value <= 0x10ffff ? value : -1, next };
    }
    if (after === "c") return { point: (pattern.codePointAt(at + 2) ?? 0) & 0x1f, next: at + 3 };
    if (after in LETTER_ESCAPES) return { point: LETTER_ESCAPES[after], next: at + 2 };
    // \0, and \0 with one or two more octal digits.
    if (after === "0") {
      const octal = /[0-7]{0,2}/y;
      octal.lastIndex = at + 2;
      const digits = octal.exec(pattern)?.[0] ?? "";
      return { point: digits ? parseInt(digits, 8) : 0, next: at + 2 + digits.length };
    }
    const point = pattern.codePointAt(at + 1) ?? -1;
    return { point: /[a-zA-Z0-9]/.test(after) ? -1 : point, next: at + 1 + (point > 0xffff ? 2 : 1) };
  }
  const point = pattern.codePointAt(at) ?? -1;
  return { point, next: at + (point > 0xffff ? 2 : 1) };
}

/**
 * The elements of the bracket expression opening at `at` and ending before `end`, each a range (`a-z`, `range`)
 * or a single character: its first and last code points, -1 where they cannot be read here, and its text.
 * @param {string} pattern
 * @param {number} at the index of its `[`
 * @param {number} end the index after its `]`
 * @returns {{ first: number, last: number, range: boolean, text: string }[]}
 */
export function bracketElements(pattern, at, end) {
  const elements = [];
  at += 1;
  if (pattern[at] === "^") at += 1;
  const last = end - 1;
  while (at < last) {
    const from = bracketElement(pattern, at);
    if (pattern[from.next] === "-" && from.next + 1 < last) {
      const to = bracketElement(pattern, from.next + 1);
      elements.push({ first: from.point, last: to.point, range: true, text: pattern.slice(at, to.next) });
      at = to.next;
    } else {
      elements.push({ first: from.point, last: from.point, range: false, text: pattern.slice(at, from.next) });
      at = from.next;
    }
  }
  return elements;
}

/**
 * How many characters the ranges of the bracket expression opening at `at` and ending before `end` span.
 * @param {string} pattern
 * @param {number} at the index of its `[`
 * @param {number} end the index after its `]`
 */
export function bracketSpan(pattern, at, end) {
  let span = 0;
  for (const { first, last, range } of bracketElements(pattern, at, end)) {
    if (!range) continue;
    if (first < 0 || last < 0) span += 0x10ffff;
    else if (last >= first) span += last - first + 1;
  }
  return span;
}

/**
 * Where the bracket expression (`[a-z]`, `[^)]`, `[[:alpha:]]`) that opens at `at` ends: the index after its `]`.
 * Inside one, `(` and `)` are characters like any other, and a backslash escapes the character after it (`\]`
 * is a `]` in the expression, as the database reads it).
 * @param {string} pattern
 * @param {number} at the index of its `[`
 */
export function bracketEnd(pattern, at) {
  at += 1;
  if (pattern[at] === "^") at += 1;
  if (pattern[at] === "]") at += 1;
  // Element by element, as its ranges are read: an escape, a [:alpha:], [.a.] or [=a=], a character.
  while (at < pattern.length && pattern[at] !== "]") at = bracketElement(pattern, at).next;
  return at + 1;
}

/**
 * How deep `(` nest in `pattern`, escapes and bracket expressions aside (a `)` in `[)]` closes no group); without
 * recursion, so any length is measured.
 * @param {string} pattern
 */
export function regexDepth(pattern) {
  let depth = 0;
  let deepest = 0;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at];
    if (char === "\\") at += 1;
    else if (char === "[") at = bracketEnd(pattern, at) - 1;
    else if (char === "(") deepest = Math.max(deepest, (depth += 1));
    else if (char === ")" && depth > 0) depth -= 1;
  }
  return deepest;
}
