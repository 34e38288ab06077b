// @ts-check
/**
 * How much work a regular expression of a `match` or `imatch` filter asks of the database, before it gets
 * there. The embedded engine compiles on the one thread that serves every request, the site and sign-ups
 * included, and has no statement timeout, so a pattern that takes seconds to compile stops everything for as
 * long (a GET of `((j?){100}){10}` held the backend for 56 s), and as PostgreSQL keeps only what it compiled,
 * each new pattern costs again. A pattern that would pass any limit below is refused here instead, with the
 * error PostgreSQL itself gives for a pattern too complex and what made it so. Each limit is far above any search
 * a person types, and together they keep what passes within about 100 ms of compiling (measured against
 * families of patterns built to be slow, and at random). A request's patterns are counted together.
 *
 * What the compiler does, and so what is counted (`regexCost`, in `regex-cost.mjs`; the weights of what can match
 * nothing in `regex-runs.mjs`):
 * - A counted repetition (`x{0,50}`) is that many copies of what it repeats, so nested counts multiply:
 *   `((.{0,50}){0,50}){0,50}` is 125,000 copies of `.` (`MAX_REGEX_COPIES`). PostgreSQL refuses such a pattern
 *   itself, but the embedded engine can lose that error and then hang on the next one.
 * - An unbounded repetition (`*`, `+`, `{2,}`) costs more than a copy: 990 of them, as
 *   `(.*.*.*.*.*.*.*.*.*.*){0,99}` makes, took over 6 s (`MAX_REGEX_UNBOUNDED`).
 * - An empty path (what lets a match skip an optional part, or pass a constraint) is removed by giving each state
 *   the arcs of every state its empty paths reach, so optional parts in a row cost about the square of their
 *   number, and constraints among them more again (`MAX_REGEX_SKIPS`, `MAX_REGEX_CONSTRAINTS`).
 * - Characters are sorted into colors, the sets of them the pattern tells apart, and a bracket expression or a
 *   class compiles to an arc for each color it holds (`MAX_REGEX_COLORS`, `MAX_REGEX_CHECKS`).
 * - Where case does not count (`imatch`), each character a bracket expression's range spans is visited for its
 *   other case: `[\u0001-\U0010ffff]` took 21 ms to compile, however it is repeated, and a request of 580 of them
 *   held the backend for 20 s (`MAX_CASELESS_SPAN`).
 */
import { regexDepth } from "./regex-brackets.mjs";
import { regexCost } from "./regex-cost.mjs";

/** The copies of single characters a request's patterns may compile to: far above any pattern a search needs. */
export const MAX_REGEX_COPIES = 2000;

/**
 * The unbounded repetitions a request's patterns may compile to, counts expanded: a search needs a few
 * (`^niamh.*\.ie$`); 50 compile within about 0.15 s whatever surrounds them (measured).
 */
export const MAX_REGEX_UNBOUNDED = 50;

/**
 * How deep groups may nest in a pattern: far above any a search needs. Thousands of nested groups count as one
 * copy, but the embedded engine loses the error it meets compiling them (and hangs on the next), and counting
 * them here would itself run out of stack.
 */
export const MAX_REGEX_DEPTH = 32;

/**
 * The characters a request's case-insensitive patterns' ranges may span, in all: a search needs a few hundred
 * (`[a-zà-ÿ]`); 200,000 compile within about 5 ms (measured).
 */
export const MAX_CASELESS_SPAN = 200_000;

/**
 * The constraints a request's patterns may compile to, counts expanded: `^`, `$`, `\A`, `\Z`, the word boundaries
 * (`\y`, `\Y`, `\m`, `\M`, `[[:<:]]`, `[[:>:]]`) and the lookarounds (`(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`). The
 * compiler moves each along every path through the empty paths around it, so where several can meet (side by
 * side, or with only optional parts between) its work grows steeply: 12 `(?:^|$)?` held the backend for 10.7 s
 * and 14 for 154 s, 16 `(?:^|(?!b))` made it ask for 1 GB, 12 `(?:\y)?` took 1.2 s (measured). A search needs two
 * (`\yniamh\y`, `^niamh$`). How those that can meet add to the work is weighed in `MAX_REGEX_SKIPS`.
 */
export const MAX_REGEX_CONSTRAINTS = 8;

/**
 * What removing the empty paths of a request's patterns may cost the compiler, run by run (`Run`): an optional
 * part (`x?`, `x*`, `x{0,n}`, a group with an empty branch) or a constraint is an empty path past it, and the
 * compiler gives each state an arc for each state its empty paths reach, so optional parts in a row cost about the
 * square of their number: `p?` written 500 times took 0.43 s to compile and 1,000 times 2.4 s (measured). The
 * copies a count makes of what can match nothing cost more again (`REPEATED_EMPTY_WEIGHT`), each constraint a path
 * through them passes doubles what they cost (`CONSTRAINT_WEIGHT`) and a word boundary more among many colors
 * (`WORD_COLORS`), and the arcs a state has multiply it, counted as the widest character's (a class, or a bracket
 * expression holding many colors). 20,000 is 141 `p?` in a row, about 10 ms; the slowest pattern found at the
 * limit, built for it or at random, took about 20 ms, and none that passes every limit here more than 70 ms on a
 * busy machine (measured). A search costs a few hundred (`^\s*(\w+\s*){1,5}$` 6,600).
 */
export const MAX_REGEX_SKIPS = 20_000;

/**
 * How many colors a pattern may sort the characters into (`palette`): a search names a few dozen characters.
 * Word boundaries are read by the colors, and their work grows with the square of their number, and steeply where
 * several meet: `\y` before and after 2,000 distinct characters took 0.42 s to compile, two `\y` side by side
 * beside 200 distinct characters 79 ms, and eight 10.5 s (measured).
 */
export const MAX_REGEX_COLORS = 256;

/**
 * How many checks the arcs of a request's patterns' characters may cost: a bracket expression or a class compiles
 * to an arc for each color it holds, and each new arc is checked against those its state has, so one holding n
 * colors costs n², at each copy a count makes of it: 2,000 `[^x]` beside 120 distinct characters took 0.5 s to
 * compile, and 1,000 beside 1,000 23 s. A class costs its own reading too: 2,000 `\w` took 0.1 s (measured).
 * 250,000 is 865 `\w`, about 20 ms; a search needs a few thousand.
 */
export const MAX_REGEX_CHECKS = 250_000;

/**
 * What a request's patterns so far compile to, added up: `regexCost`'s counts, each from the first that has it.
 * @typedef {{ copies: number, unbounded: number, constraints?: number, skips?: number, checks?: number,
 *   span?: number }} RegexSpent
 */

/**
 * The limits a request's patterns are counted against: what each counts, its limit, and the reason a pattern past
 * it is refused for.
 * @type {{ key: "copies" | "unbounded" | "constraints" | "skips" | "checks" | "span", limit: number, why: string }[]}
 */
const LIMITS = [
  {
    key: "copies",
    limit: MAX_REGEX_COPIES,
    why: `its counted repetitions copy out more than ${MAX_REGEX_COPIES.toLocaleString("en")} characters`,
  },
  {
    key: "unbounded",
    limit: MAX_REGEX_UNBOUNDED,
    why: `it repeats without bound (*, +, {m,}) more than ${MAX_REGEX_UNBOUNDED} times`,
  },
  {
    key: "constraints",
    limit: MAX_REGEX_CONSTRAINTS,
    why: `it has more than ${MAX_REGEX_CONSTRAINTS} anchors, word boundaries and lookarounds (^, $, \\y, (?=…)…)`,
  },
  {
    key: "skips",
    limit: MAX_REGEX_SKIPS,
    why: "it has too many parts that can match nothing, in a row or repeated (x?, x*, x{0,n}, (a|), ^, \\y…)",
  },
  {
    key: "checks",
    limit: MAX_REGEX_CHECKS,
    why: "it repeats bracket expressions or classes (\\w, [^…]) too often for the characters it names",
  },
  {
    key: "span",
    limit: MAX_CASELESS_SPAN,
    why: `its ranges span more than ${MAX_CASELESS_SPAN.toLocaleString("en")} characters where case does not count`,
  },
];

/**
 * Why the embedded engine is not given `pattern`, or null. Besides what passes the limits above (with what the
 * request's earlier patterns spent, added up in `spent`) and groups nested past `MAX_REGEX_DEPTH`, two things a
 * search never needs: options set in the pattern (`(?x)`, `(?b)`, a `***:` prefix), which change what counts and
 * groups are written as, so that the copies could not be counted; and back-references (`\1` … `\9`), whose
 * matching tries every way of cutting the text, a time no count bounds and the embedded engine does not stop (a
 * hosted project's statement timeout does). A pattern refused for what it costs is refused with PostgreSQL's own
 * message for it, followed by what made it so.
 * @param {string} pattern
 * @param {RegexSpent} [spent] what the request's patterns so far compile to; this one's cost is added to it
 * @param {{ caseless?: boolean }} [how] whether case does not count (`imatch`), so that its ranges' spans count
 * @returns {string | null}
 */
export function regexRefusal(pattern, spent = { copies: 0, unbounded: 0 }, { caseless = false } = {}) {
  // `***=`: what follows is plain text to find.
  if (pattern.startsWith("***=")) return null;
  if (pattern.startsWith("***:") || /^\(\?[a-z]*\)/.test(pattern)) {
    return "invalid regular expression: options set in the pattern are not served here";
  }
  if (/\\[1-9]/.test(pattern.replaceAll("\\\\", ""))) {
    return "invalid regular expression: back-references are not served here";
  }
  const tooComplex = (/** @type {string} */ why) =>
    `invalid regular expression: regular expression is too complex: ${why}`;
  // The depth first: it bounds the counting's own recursion.
  if (regexDepth(pattern) > MAX_REGEX_DEPTH) return tooComplex(`its groups nest deeper than ${MAX_REGEX_DEPTH}`);
  const cost = regexCost(pattern, { caseless });
  if (!caseless) cost.span = 0;
  for (const { key } of LIMITS) spent[key] = (spent[key] ?? 0) + cost[key];
  if (cost.colors > MAX_REGEX_COLORS) {
    return tooComplex(`it tells apart more than ${MAX_REGEX_COLORS} sets of characters`);
  }
  const past = LIMITS.find(({ key, limit }) => /** @type {number} */ (spent[key]) > limit);
  if (!past) return null;
  // Past it only with the request's other patterns: each alone would be served.
  const together = cost[past.key] > past.limit ? "" : ", with the request's other patterns";
  return tooComplex(past.why + together);
}
