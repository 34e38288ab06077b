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
 * What the compiler does, and so what is counted (`regexCost`):
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
 * What each copy a count (or an unbounded repetition) makes of what can match nothing weighs in a run, against
 * the same part written out once: 400 such copies, `(?:(?:p?){20}){20}`, took 1.1 s to compile, and 400 `p?`
 * written out 0.21 s (measured).
 */
const REPEATED_EMPTY_WEIGHT = 2;

/**
 * What each constraint in a run multiplies its cost by: eight `(?:\y|.{0,20})` in a row took 72 ms to compile, six
 * 17 ms and four 3 ms (measured).
 */
const CONSTRAINT_WEIGHT = 2;

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
 * The colors past which a word boundary in a run costs more than another constraint, in proportion: it is read by
 * the colors on either side of it, so its work grows with the square of their number: `x\yy` beside 1,000
 * distinct characters took 19 ms to compile, beside 2,000 82 ms, and `(?:\s\Y([[:punct:]]|)*)*` beside 100
 * 0.1 s (measured).
 */
const WORD_COLORS = 16;

/**
 * The colors each class (`\w`, `\s`, `\d`, `[:alpha:]`, and the word characters a word boundary reads) counts as
 * adding: the database's own tables of them split the characters further than the pattern's text shows. Eight
 * classes added about what 35 distinct characters do (measured).
 */
const CLASS_COLORS = 16;

/**
 * @typedef {{ copies: number, unbounded: number, constraints?: number, skips?: number, checks?: number,
 *   colors?: number, span?: number }} RegexCost
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
function bracketElement(pattern, at) {
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
function bracketElements(pattern, at, end) {
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
function bracketSpan(pattern, at, end) {
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
function bracketEnd(pattern, at) {
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
 * @param {RegexCost} [spent] what the request's patterns so far compile to; this one's cost is added to it
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
  for (const { key } of LIMITS) spent[key] = (spent[key] ?? 0) + (cost[key] ?? 0);
  if ((cost.colors ?? 0) > MAX_REGEX_COLORS) {
    return tooComplex(`it tells apart more than ${MAX_REGEX_COLORS} sets of characters`);
  }
  const past = LIMITS.find(({ key, limit }) => /** @type {number} */ (spent[key]) > limit);
  if (!past) return null;
  // Past it only with the request's other patterns: each alone would be served.
  const together =
    /** @type {number} */ (cost[past.key] ?? 0) > past.limit ? "" : ", with the request's other patterns";
  return tooComplex(past.why + together);
}

/**
 * A run of the compiled pattern's states that empty paths join: `sources` states an empty path leaves from, to any
 * of `states`, and the most constraints one path through it passes (`constraints`, of which `words` are word
 * boundaries). Removing those paths gives each source an arc to each state it reaches, and each constraint is then
 * moved along every path through it, so a run costs the compiler about `sources * states`, times
 * `CONSTRAINT_WEIGHT` for each constraint on a path, and more where one is a word boundary (`weigh`).
 * @typedef {{ sources: number, states: number, constraints: number, words: number }} Run
 */

/**
 * What part of a pattern (an atom, a group, a branch) compiles to: its counts, and whether it can match nothing
 * (`empty`). The run at its start joins whatever precedes it, the run at its end whatever follows it; an empty
 * part's two are the one run through it, which joins what precedes it to what follows.
 * @typedef {{ copies: number, unbounded: number, constraints: number, skips: number, checks: number,
 *   empty: boolean, lead: Run, trail: Run }} Part
 */

/** No run. */
const NO_RUN = Object.freeze({ sources: 0, states: 0, constraints: 0, words: 0 });

/** The smallest run: one empty path, from one state to one. */
const ONE_RUN = Object.freeze({ sources: 1, states: 1, constraints: 0, words: 0 });

/** A constraint (`^`, a lookahead): an empty path that only some places in the text may take. */
const CONSTRAINT_RUN = Object.freeze({ sources: 1, states: 1, constraints: 1, words: 0 });

/** A word boundary (`\y`, `\m`, `[[:<:]]`): a constraint read by the colors of what is on either side. */
const WORD_RUN = Object.freeze({ sources: 1, states: 1, constraints: 1, words: 1 });

/** `a * b`, where nothing times even an unreadably large count is nothing. */
const times = (/** @type {number} */ a, /** @type {number} */ b) => (a === 0 || b === 0 ? 0 : a * b);

/**
 * Runs one after the other, or (`side by side`) beside each other, so that no path passes the constraints of two.
 * @type {(runs: Run[], sideBySide?: boolean) => Run}
 */
const joined = (runs, sideBySide = false) => {
  const run = { sources: 0, states: 0, constraints: 0, words: 0 };
  for (const { sources, states, constraints, words } of runs) {
    run.sources += sources;
    run.states += states;
    run.constraints = sideBySide ? Math.max(run.constraints, constraints) : run.constraints + constraints;
    run.words = sideBySide ? Math.max(run.words, words) : run.words + words;
  }
  return run;
};

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
function palette(pattern, caseless) {
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
function countBetween(sorted, low, high) {
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

/**
 * What `pattern` compiles to, counted as PostgreSQL expands counted repetitions: its copies of single
 * characters (a literal, `.`, a class, an escape), its unbounded repetitions (`*`, `+`, `{m,}`) and its
 * constraints (`^`, `$`, lookarounds, word boundaries), each as often as the counts around it repeat it;
 * Infinity for a count too large to read. Its `skips`: what removing its empty paths costs the compiler, run by
 * run (`Run`), times the arcs of its widest character. Its `colors` (`palette`), and its `checks`: for each copy of
 * a character, the square of its arcs (one for a literal or `.`, one for each color a bracket expression, a class
 * or a word boundary holds), as each arc the database adds to a state is checked against those already there. And
 * the characters its bracket expressions' ranges span, each once (a range is read once, however often it is
 * repeated).
 * @param {string} pattern
 * @param {{ caseless?: boolean }} [how] whether case does not count (`imatch`)
 * @returns {RegexCost}
 */
export function regexCost(pattern, { caseless = false } = {}) {
  const { colors, bounds } = palette(pattern, caseless);
  let at = 0;
  let span = 0;
  /** The most arcs one character compiles to: every run's states have at most as many arcs in. */
  let width = 1;
  /** What a word boundary in a run multiplies its cost by, besides a constraint's weight. */
  const wordWeight = Math.max(1, colors / WORD_COLORS);

  /** What a run costs the compiler, but for its states' arcs (`width`, counted once for all at the end). */
  const weigh = (/** @type {Run} */ run) =>
    times(times(run.sources, run.states), CONSTRAINT_WEIGHT ** run.constraints * (run.words > 0 ? wordWeight : 1));

  /** What the runs left open at a part's ends cost, once nothing more can join them. */
  const closed = (/** @type {Part} */ part) => (part.empty ? weigh(part.lead) : weigh(part.lead) + weigh(part.trail));
  const count = /\{(\d*)(,(\d*))?\}/y;

  /** @type {(total: Part, part: Part) => void} */
  const add = (total, part) => {
    total.copies += part.copies;
    total.unbounded += part.unbounded;
    total.constraints += part.constraints;
    total.skips += part.skips;
    total.checks += part.checks;
  };
  /** @type {() => Part} */
  const nothing = () => ({
    copies: 0,
    unbounded: 0,
    constraints: 0,
    skips: 0,
    checks: 0,
    empty: true,
    lead: NO_RUN,
    trail: NO_RUN,
  });

  /** Branches separated by `|`, up to a `)` or the end. */
  const alternatives = () => {
    const branches = [sequence()];
    while (pattern[at] === "|") {
      at += 1;
      branches.push(sequence());
    }
    if (branches.length === 1) return branches[0];
    const total = nothing();
    for (const branch of branches) add(total, branch);
    total.empty = branches.some((branch) => branch.empty);
    if (total.empty) {
      // The state before reaches every branch's start, and every branch's end the state after: one run.
      const ends = branches.map((branch) => (branch.empty ? branch.lead : joined([branch.lead, branch.trail], true)));
      total.lead = total.trail = joined([ONE_RUN, joined(ends, true)]);
    } else {
      total.lead = joined(
        branches.map((branch) => branch.lead),
        true,
      );
      total.trail = joined(
        branches.map((branch) => branch.trail),
        true,
      );
    }
    return total;
  };

  /** Atoms, each with its quantifiers, up to a `|`, a `)` or the end. */
  const sequence = () => {
    const total = nothing();
    while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") {
      const part = quantified(atom());
      add(total, part);
      if (total.empty) {
        total.lead = joined([total.lead, part.lead]);
        total.trail = part.empty ? total.lead : part.trail;
      } else if (part.empty) {
        total.trail = joined([total.trail, part.lead]);
      } else {
        // The run between the two closes here.
        total.skips += weigh(joined([total.trail, part.lead]));
        total.trail = part.trail;
      }
      total.empty &&= part.empty;
    }
    return total;
  };

  /**
   * A single character of `arcs` arcs, or a constraint (`run`, a constraint's or a word boundary's).
   * @param {number} arcs
   * @param {Run} [run]
   * @returns {Part}
   */
  const one = (arcs, run = NO_RUN) => {
    width = Math.max(width, arcs);
    const { constraints } = run;
    return {
      copies: 1,
      unbounded: 0,
      constraints,
      skips: 0,
      checks: arcs * arcs,
      empty: constraints > 0,
      lead: run,
      trail: run,
    };
  };

  /** @returns {Part} */
  const atom = () => {
    const char = pattern[at];
    if (char === "(") {
      at += 1;
      // (?:…), and the lookarounds (?=…), (?!…), (?<=…), (?<!…): compiled apart, a constraint where they stand.
      const lookaround = pattern[at] === "?" && /^\?(?:[=!]|<[=!])/.test(pattern.slice(at, at + 3));
      if (pattern[at] === "?") while (at < pattern.length && /[?:=!<]/.test(pattern[at])) at += 1;
      const inside = alternatives();
      if (pattern[at] === ")") at += 1;
      const copies = Math.max(inside.copies, 1);
      if (lookaround) {
        return {
          ...one(1, CONSTRAINT_RUN),
          copies,
          unbounded: inside.unbounded,
          constraints: inside.constraints + 1,
          skips: inside.skips + closed(inside),
          checks: inside.checks + 1,
        };
      }
      if (!inside.empty) return { ...inside, copies };
      const through = inside.lead.sources ? inside.lead : ONE_RUN;
      return { ...inside, copies, lead: through, trail: through };
    }
    // `[[:<:]]` and `[[:>:]]`: the start and end of a word, `\m` and `\M` as brackets.
    if (pattern.startsWith("[[:<:]]", at) || pattern.startsWith("[[:>:]]", at)) {
      at += 7;
      return one(colors, WORD_RUN);
    }
    if (char === "[") {
      const end = bracketEnd(pattern, at);
      span += bracketSpan(pattern, at, end);
      const elements = bracketElements(pattern, at, end);
      // Where case does not count or the expression is negated, every color, as what it holds is not counted.
      const everything =
        caseless || pattern[at + 1] === "^" || elements.some(({ first, last }) => first < 0 || last < 0);
      const held = elements.reduce((sum, { first, last }) => sum + 1 + countBetween(bounds, first, last), 0);
      at = end;
      return one(everything ? colors : Math.min(colors, Math.max(1, held)));
    }
    if (char === "^" || char === "$") {
      at += 1;
      return one(1, CONSTRAINT_RUN);
    }
    if (char === "\\") {
      const after = pattern[at + 1] ?? "";
      // \A and \Z, the start and end of the text; \y, \Y, \m and \M, of words, read by the word characters' colors.
      if (/[AZyYmM]/.test(after)) {
        at += 2;
        return /[AZ]/.test(after) ? one(1, CONSTRAINT_RUN) : one(colors, WORD_RUN);
      }
      if (/[dswDSW1-9]/.test(after)) {
        at += 2;
        return one(colors);
      }
      at = bracketElement(pattern, at).next;
      return one(caseless ? 2 : 1);
    }
    at += (pattern.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
    return one(char === "." ? 1 : caseless ? 2 : 1);
  };

  /**
   * `part` with the quantifiers after it, one by one: their counts multiply it (`{m,n}` by n, `{m,}` by m + 1,
   * `+` by 2), and what they let it skip or repeat joins its runs.
   * @param {Part} part
   * @returns {Part}
   */
  const quantified = (part) => {
    for (;;) {
      const char = pattern[at];
      let least = 1;
      let most = 1;
      let factor = 1;
      count.lastIndex = at;
      const bound = char === "{" ? count.exec(pattern) : null;
      if (char === "*" || char === "+" || char === "?") {
        at += 1;
        least = char === "+" ? 1 : 0;
        most = char === "?" ? 1 : Infinity;
        factor = char === "+" ? 2 : 1;
      } else if (bound) {
        at = count.lastIndex;
        least = Number(bound[1] || 0);
        most = bound[2] === undefined ? least : bound[3] === "" ? Infinity : Number(bound[3]);
        factor = Math.max(1, least, most === Infinity ? least + 1 : most);
      } else return part;
      part = repetition(part, least, most, factor);
    }
  };

  /**
   * `part` repeated from `least` to `most` times (Infinity: without bound), as PostgreSQL compiles it: `factor`
   * copies of it. An empty path skips each copy past `least` (all from the first state, for a part that cannot
   * match nothing); an unbounded one returns from its end to its start. The copies of a part that can match
   * nothing are one run, and a long one: they cost the compiler more than as many written out (measured), so
   * they weigh `REPEATED_EMPTY_WEIGHT` each.
   * @param {Part} part
   * @param {number} least
   * @param {number} most
   * @param {number} factor
   * @returns {Part}
   */
  const repetition = (part, least, most, factor) => {
    const unbounded = most === Infinity;
    /** @type {Part} */
    const total = {
      copies: times(part.copies, factor),
      unbounded: times(part.unbounded, factor) + (unbounded ? 1 : 0),
      constraints: times(part.constraints, factor),
      skips: times(part.skips, factor),
      checks: times(part.checks, factor),
      empty: part.empty || least === 0,
      lead: part.lead,
      trail: part.trail,
    };
    if (least === 1 && most === 1) return total;
    if (!Number.isFinite(factor)) return { ...total, skips: Infinity };
    if (part.empty) {
      const { sources, states, constraints, words } = part.lead;
      const weight = factor > 1 || unbounded ? factor * REPEATED_EMPTY_WEIGHT : 1;
      const copies = {
        sources: sources * weight,
        states: states * weight,
        constraints: constraints * factor,
        words: words * factor,
      };
      total.lead = total.trail = joined([ONE_RUN, copies]);
      return total;
    }
    // Where one copy ends and the next starts, and, unbounded, where the last returns to the first.
    const junction = weigh(joined([part.trail, part.lead]));
    total.skips += junction * (factor - 1) + (unbounded ? junction : 0);
    // The first state's empty paths past each optional copy, to its start (each path to one copy's).
    const optional = unbounded ? Math.max(1, factor - least) : factor - least;
    const skipping = {
      sources: optional > 0 ? 1 + optional * part.lead.sources : 0,
      states: optional * (1 + part.lead.states),
      constraints: optional > 0 ? part.lead.constraints : 0,
      words: optional > 0 ? part.lead.words : 0,
    };
    if (total.empty) {
      total.lead = total.trail = joined([skipping, part.trail]);
    } else {
      total.lead = joined([skipping, part.lead]);
      if (unbounded) total.trail = joined([part.trail, part.lead]);
    }
    return total;
  };

  const total = alternatives();
  while (at < pattern.length) {
    // A `)` with no group to close: PostgreSQL refuses the pattern itself.
    if (pattern[at] === ")") at += 1;
    const rest = alternatives();
    total.skips += closed(total);
    add(total, rest);
    total.empty = rest.empty;
    total.lead = rest.lead;
    total.trail = rest.trail;
  }
  return {
    copies: total.copies,
    unbounded: total.unbounded,
    constraints: total.constraints,
    skips: Math.ceil(times(total.skips + closed(total), width)),
    checks: total.checks,
    colors,
    span,
  };
}
