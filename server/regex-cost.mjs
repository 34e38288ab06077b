// @ts-check
/**
 * How much work a regular expression of a `match` or `imatch` filter asks of the database, before it gets
 * there. PostgreSQL compiles a counted repetition (`x{0,50}`) into that many copies of what it repeats, so
 * nested counts multiply: `((.{0,50}){0,50}){0,50}` is 125,000 copies of `.`. PostgreSQL refuses such a
 * pattern as too complex, but the embedded engine can lose that error and then hang on the next one, which
 * stops every request: a pattern whose copies would pass `MAX_REGEX_COPIES` is refused here instead, with
 * the error PostgreSQL itself gives. A search a person types repeats nothing inside a count.
 *
 * An unbounded repetition (`*`, `+`, `{2,}`) costs the compiler far more than a copy: 400 of them, as
 * `(.*.*.*.*.*.*.*.*.*.*){0,40}` makes, took 0.24 s to compile, 1,000 0.74 s, and 990 (the same group
 * `{0,99}`) over 6 s. The embedded engine compiles on the one thread that serves every request and has no
 * statement timeout, so one GET of a few such patterns stopped the backend for as long as its sender
 * chose. A request's patterns are therefore counted together, against both limits.
 *
 * A range in a bracket expression (`[a-z]`) is cheap, except where case does not count (`imatch`): the database
 * then visits each character the range spans for its other case, so `[\u0001-\U0010ffff]` took 21 ms to compile
 * (measured), however it is repeated, and a request of 580 of them held the backend for 20 s. Those spans are
 * counted too, against `MAX_CASELESS_SPAN`.
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
 * The constraints a request's patterns may compile to, counts expanded: the word boundaries (`\y`, `\Y`, `\m`,
 * `\M`, `[[:<:]]`, `[[:>:]]`), the anchors `^` and `$`, and lookahead and lookbehind groups, all of them paths
 * that match nothing but hold only at some places in the text. `(?:^|$)?` twelve times held every other request
 * for 10 s, and `(?:^|(?!b))` sixteen times made the engine ask for a gigabyte (measured).
 * Where several of them can meet (side by side, or with only optional parts between), the compiler's work on
 * them grows steeply: 16 `\y\Y` took 0.55 s, 12 `(?:\y)?` 1.2 s, 32 `\y\m` 1.8 s (measured); 8 take
 * at most about 25 ms, however they are written. A search needs two (`\yniamh\y`).
 */
export const MAX_REGEX_CONSTRAINTS = 8;

/**
 * The copies a request's patterns may compile to that the text can skip (under `?`, `*` or `{0,n}`, or a group
 * that can match nothing), counts expanded. The compiler joins every run of them with paths from each to each,
 * so their cost grows with their square: `((p?){20}){20}` (400) took 0.8 s, `((j?){100}){10}` (1,000) 56 s, and
 * held every other request meanwhile (measured). A search needs a few (`colou?r`).
 */
export const MAX_REGEX_SKIPPABLE = 100;

/**
 * @typedef {{ copies: number, unbounded: number, constraints?: number, skippable?: number, span?: number }} RegexCost
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
    if (after === "0") return { point: 0, next: at + 2 };
    const point = pattern.codePointAt(at + 1) ?? -1;
    return { point: /[a-zA-Z0-9]/.test(after) ? -1 : point, next: at + 1 + (point > 0xffff ? 2 : 1) };
  }
  const point = pattern.codePointAt(at) ?? -1;
  return { point, next: at + (point > 0xffff ? 2 : 1) };
}

/**
 * How many characters the ranges of the bracket expression opening at `at` and ending before `end` span.
 * @param {string} pattern
 * @param {number} at the index of its `[`
 * @param {number} end the index after its `]`
 */
function bracketSpan(pattern, at, end) {
  let span = 0;
  at += 1;
  if (pattern[at] === "^") at += 1;
  const last = end - 1;
  while (at < last) {
    const from = bracketElement(pattern, at);
    if (pattern[from.next] === "-" && from.next + 1 < last) {
      const to = bracketElement(pattern, from.next + 1);
      if (from.point < 0 || to.point < 0) span += 0x10ffff;
      else if (to.point >= from.point) span += to.point - from.point + 1;
      at = to.next;
    } else at = from.next;
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
 * Why the embedded engine is not given `pattern`, or null. Besides the copies and unbounded repetitions past
 * their limits (with those of the request's earlier patterns, added up in `spent`) and groups nested past
 * `MAX_REGEX_DEPTH`, two things a search never needs: options set in the pattern (`(?x)`, `(?b)`, a `***:`
 * prefix), which change what counts and groups are written as, so that the copies could not be counted; and
 * back-references (`\1` … `\9`), whose matching tries every way of cutting the text, a time no count bounds
 * and the embedded engine does not stop (a hosted project's statement timeout does).
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
  const tooComplex = "invalid regular expression: regular expression is too complex";
  // The depth first: it bounds the counting's own recursion.
  if (regexDepth(pattern) > MAX_REGEX_DEPTH) return tooComplex;
  const cost = regexCost(pattern);
  spent.copies += cost.copies;
  spent.unbounded += cost.unbounded;
  spent.constraints = (spent.constraints ?? 0) + (cost.constraints ?? 0);
  spent.skippable = (spent.skippable ?? 0) + (cost.skippable ?? 0);
  if (caseless) spent.span = (spent.span ?? 0) + (cost.span ?? 0);
  return spent.copies > MAX_REGEX_COPIES ||
    spent.unbounded > MAX_REGEX_UNBOUNDED ||
    spent.constraints > MAX_REGEX_CONSTRAINTS ||
    spent.skippable > MAX_REGEX_SKIPPABLE ||
    (spent.span ?? 0) > MAX_CASELESS_SPAN
    ? tooComplex
    : null;
}

/**
 * What `pattern` compiles to, counted as PostgreSQL expands counted repetitions: its copies of single
 * characters (a literal, `.`, a class, an escape), and its unbounded repetitions (`*`, `+`, `{m,}`), each as
 * often as the counts around it repeat it; Infinity for a count too large to read. And the characters its
 * bracket expressions' ranges span, each once (a range is read once, however often it is repeated). Its
 * constraints and the copies the text may skip are counted as copies are.
 * @param {string} pattern
 * @returns {RegexCost}
 */
export function regexCost(pattern) {
  let at = 0;
  let span = 0;
  /** A part's cost, and whether it can match nothing (`empty`): then every copy in it may be skipped. */
  /** @typedef {RegexCost & { empty: boolean }} Part */
  /** @type {(a: RegexCost, b: RegexCost) => RegexCost} */
  const plus = (a, b) => ({
    copies: a.copies + b.copies,
    unbounded: a.unbounded + b.unbounded,
    constraints: (a.constraints ?? 0) + (b.constraints ?? 0),
    skippable: (a.skippable ?? 0) + (b.skippable ?? 0),
  });

  /** Branches separated by `|`, up to a `)` or the end: empty when any branch is. */
  const alternatives = () => {
    /** @type {Part} */
    let total = sequence();
    while (pattern[at] === "|") {
      at += 1;
      const branch = sequence();
      total = { ...plus(total, branch), empty: total.empty || branch.empty };
    }
    return total;
  };

  /** Atoms, each with its quantifiers, up to a `|`, a `)` or the end: empty when every atom is. */
  const sequence = () => {
    /** @type {Part} */
    let total = { copies: 0, unbounded: 0, empty: true };
    while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") {
      const inside = atom();
      const { factor, unbounded, optional } = quantifiers();
      const copies = inside.copies * factor;
      const empty = inside.empty || optional;
      total = {
        ...plus(total, {
          copies,
          unbounded: inside.unbounded * factor + (unbounded ? 1 : 0),
          constraints: (inside.constraints ?? 0) * factor,
          // Skipped whole, every copy of it is one the text may skip (its constraints are counted as such); else
          // those inside it, as often as repeated.
          skippable: empty ? copies - (inside.constraints ?? 0) * factor : (inside.skippable ?? 0) * factor,
        }),
        empty: total.empty && empty,
      };
    }
    return total;
  };

  /** @returns {Part} */
  const atom = () => {
    const char = pattern[at];
    const one = { copies: 1, unbounded: 0, empty: false };
    /** A constraint: a path that matches nothing, as a copy counts. */
    const constraint = { copies: 1, unbounded: 0, constraints: 1, empty: true };
    if (char === "(") {
      at += 1;
      // (?:…), and the lookarounds (?=…), (?!…), (?<=…), (?<!…), constraints themselves.
      let around = false;
      if (pattern[at] === "?") {
        around = /^\?(=|!|<=|<!)/.test(pattern.slice(at, at + 3));
        while (at < pattern.length && /[?:=!<]/.test(pattern[at])) at += 1;
      }
      const inside = alternatives();
      if (pattern[at] === ")") at += 1;
      return {
        copies: Math.max(inside.copies, 1),
        unbounded: inside.unbounded,
        constraints: (inside.constraints ?? 0) + (around ? 1 : 0),
        skippable: inside.skippable ?? 0,
        empty: around || inside.empty,
      };
    }
    // `[[:<:]]` and `[[:>:]]`: the start and end of a word, `\m` and `\M` as brackets.
    if (pattern.startsWith("[[:<:]]", at) || pattern.startsWith("[[:>:]]", at)) {
      at += 7;
      return constraint;
    }
    if (char === "[") {
      const end = bracketEnd(pattern, at);
      span += bracketSpan(pattern, at, end);
      at = end;
      return one;
    }
    if ((char === "\\" && /[yYmMAZ]/.test(pattern[at + 1] ?? "")) || char === "^" || char === "$") {
      at += char === "\\" ? 2 : 1;
      return constraint;
    }
    at += char === "\\" ? 2 : 1;
    return one;
  };

  /**
   * What the quantifiers after an atom multiply it by (`{m,n}` by n, `{m,}` by m + 1, `+` by 2), whether one of
   * them repeats it without bound, and whether one lets the text skip it (`?`, `*`, `{0,n}`).
   */
  const quantifiers = () => {
    let factor = 1;
    let unbounded = false;
    let optional = false;
    for (;;) {
      const char = pattern[at];
      if (char === "*" || char === "+" || char === "?") {
        at += 1;
        if (char === "+") factor *= 2;
        if (char !== "?") unbounded = true;
        if (char !== "+") optional = true;
        continue;
      }
      const count = char === "{" ? /^\{(\d*)(,(\d*))?\}/.exec(pattern.slice(at)) : null;
      if (!count) return { factor, unbounded, optional };
      at += count[0].length;
      const least = Number(count[1] || 0);
      if (least === 0) optional = true;
      const most = count[2] === undefined ? least : count[3] === "" ? least + 1 : Number(count[3]);
      if (count[3] === "") unbounded = true;
      factor *= Math.max(1, least, most);
    }
  };

  /** @type {RegexCost} */
  let total = { copies: 0, unbounded: 0, constraints: 0, skippable: 0 };
  while (at < pattern.length) {
    total = plus(total, alternatives());
    // A `)` with no group to close: PostgreSQL refuses the pattern itself.
    if (pattern[at] === ")") at += 1;
  }
  return { ...total, span };
}
