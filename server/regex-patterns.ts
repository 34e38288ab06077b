/** What the regular expression tests write and expect: patterns built to cost, and the reasons they are refused. */
import { MAX_REGEX_COLORS } from "./regex-refusal.mjs";

/** `count` distinct characters no other part of a pattern names (CJK ideographs, three apart). */
export const distinct = (count: number) =>
  Array.from({ length: count }, (_, index) => String.fromCodePoint(0x4e00 + index * 3)).join("");

/** What a pattern is refused for: PostgreSQL's message, then why. */
export const TOO_COMPLEX = "invalid regular expression: regular expression is too complex: ";
export const WHY = {
  constraints: "anchors, word boundaries and lookarounds",
  skips: "parts that can match nothing, in a row or repeated",
  colors: `tells apart more than ${MAX_REGEX_COLORS} sets of characters`,
  checks: "repeats bracket expressions or classes",
};
