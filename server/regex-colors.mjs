// @ts-check
/**
 * The colors of a regular expression: the sets of characters PostgreSQL tells apart in it, each an arc of a bracket
 * expression or a class that holds it.
 */
import { bracketElement, bracketElements, bracketEnd } from "./regex-brackets.mjs";

/**
 * The colors each class (`\w`, `\s`, `\d`, `[:alpha:]`, and the word characters a word boundary reads) counts as
 * adding: the database's own tables of them split the characters further than the pattern's text shows. Eight
 * classes added about what 35 distinct characters do (measured).
 */
const CLASS_COLORS = 16;

/**
 * The colors of `pattern`: PostgreSQL sorts the characters into sets it tells apart (colors), and a bracket
 * expression or a class compiles to one arc for each color it holds. The characters a pattern names, alone or
 * as a range's ends, split the colors, so they count at most one more than the points where they split
 * (`bounds`); each class (`\w`, `[:alpha:]`, `\y`'s word characters) counts as `CLASS_COLORS` more, as the
 * database's own tables of them split them further.
 * @param {string} pattern
 * @param {boolean} caseless where each letter is also its other case
 * @returns {{ colors: number, bounds: number[] }} how many, and the points where they split, in order
 */
export function palette(pattern, caseless) {
  /** @type {Set<number>} */
  const bounds = new Set();
  /** @type {Set<string>} */
  const classes = new Set();
  /** A character, or a range by its ends, and where case does not count its other cases' (ends paired in order). */
  const split = (/** @type {number} */ first, last = first) => {
    const lasts = caseless ? cases(last) : [last];
    (caseless ? cases(first) : [first]).forEach((from, index) => {
      bounds.add(from);
      bounds.add((lasts[index] ?? from) + 1);
    });
  };
  const count = /\{\d*(?:,\d*)?\}/y;
  for (let at = 0; at < pattern.length;) {
    const char = pattern[at];
    count.lastIndex = at;
    if (pattern.startsWith("[[:<:]]", at) || pattern.startsWith("[[:>:]]", at)) {
      classes.add("\\w");
      at += 7;
    } else if (char === "[") {
      const end = bracketEnd(pattern, at);
      for (const { first, last, text } of bracketElements(pattern, at, end)) {
        if (first < 0 || last < 0) classes.add(text);
        else split(first, last);
      }
      at = end;
    } else if (char === "\\") {
      const after = pattern[at + 1] ?? "";
      if (/[dswDSWyYmM]/.test(after)) classes.add(/[yYmM]/.test(after) ? "\\w" : `\\${after.toLowerCase()}`);
      if (/[dswDSWyYmMAZ1-9]/.test(after)) {
        at += 2;
        continue;
      }
      const { point, next } = bracketElement(pattern, at);
      if (point >= 0) split(point);
      at = next;
    } else if (char === "{" && count.test(pattern)) {
      at = count.lastIndex;
    } else if ("()|*+?.^$".includes(char)) {
      at += 1;
      if (char === "(" && pattern[at] === "?") while (at < pattern.length && /[?:=!<]/.test(pattern[at])) at += 1;
    } else {
      const point = pattern.codePointAt(at) ?? 0;
      split(point);
      at += point > 0xffff ? 2 : 1;
    }
  }
  return { colors: bounds.size + 1 + CLASS_COLORS * classes.size, bounds: [...bounds].sort((a, b) => a - b) };
}

/**
 * A character's cases: itself, then its lower and upper case where they are single characters.
 * @param {number} point
 */
function cases(point) {
  const char = String.fromCodePoint(point);
  const others = [char.toLowerCase(), char.toUpperCase()].filter((other) => [...other].length === 1);
  return [...new Set([point, ...others.map((other) => /** @type {number} */ (other.codePointAt(0)))])];
}

/**
 * How many of `sorted`'s numbers are above `low` and at most `high`.
 * @param {number[]} sorted
 * @param {number} low
 * @param {number} high
 */
export function countBetween(sorted, low, high) {
  /** The index of the first number above `value`. */
  const above = (/** @type {number} */ value) => {
    let from = 0;
    let to = sorted.length;
    while (from < to) {
      const middle = (from + to) >> 1;
      if (sorted[middle] <= value) from = middle + 1;
      else to = middle;
    }
    return from;
  };
  return above(high) - above(low);
}
