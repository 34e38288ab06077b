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

/** @typedef {{ copies: number, unbounded: number }} RegexCost */

/**
 * Where the bracket expression (`[a-z]`, `[^)]`, `[[:alpha:]]`) that opens at `at` ends: the index after its `]`.
 * Inside one, `(` and `)` are characters like any other. A `\]` ends it here, where the database reads an
 * escaped `]` and goes on: ending earlier only counts more of the pattern as groups and copies, never less.
 * @param {string} pattern
 * @param {number} at the index of its `[`
 */
function bracketEnd(pattern, at) {
  at += 1;
  if (pattern[at] === "^") at += 1;
  if (pattern[at] === "]") at += 1;
  while (at < pattern.length && pattern[at] !== "]") {
    // [:alpha:], [.a.], [=a=] inside a class.
    if (pattern[at] === "[" && /[:.=]/.test(pattern[at + 1] ?? "")) {
      const end = pattern.indexOf(`${pattern[at + 1]}]`, at + 2);
      at = end < 0 ? pattern.length : end + 2;
    } else at += 1;
  }
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
 * @returns {string | null}
 */
export function regexRefusal(pattern, spent = { copies: 0, unbounded: 0 }) {
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
  return spent.copies > MAX_REGEX_COPIES || spent.unbounded > MAX_REGEX_UNBOUNDED ? tooComplex : null;
}

/**
 * What `pattern` compiles to, counted as PostgreSQL expands counted repetitions: its copies of single
 * characters (a literal, `.`, a class, an escape), and its unbounded repetitions (`*`, `+`, `{m,}`), each as
 * often as the counts around it repeat it; Infinity for a count too large to read.
 * @param {string} pattern
 * @returns {RegexCost}
 */
export function regexCost(pattern) {
  let at = 0;
  /** @type {(a: RegexCost, b: RegexCost) => RegexCost} */
  const plus = (a, b) => ({ copies: a.copies + b.copies, unbounded: a.unbounded + b.unbounded });

  /** Branches separated by `|`, up to a `)` or the end. */
  const alternatives = () => {
    let total = sequence();
    while (pattern[at] === "|") {
      at += 1;
      total = plus(total, sequence());
    }
    return total;
  };

  /** Atoms, each with its quantifiers, up to a `|`, a `)` or the end. */
  const sequence = () => {
    let total = { copies: 0, unbounded: 0 };
    while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") {
      const inside = atom();
      const { factor, unbounded } = quantifiers();
      total = plus(total, {
        copies: inside.copies * factor,
        unbounded: inside.unbounded * factor + (unbounded ? 1 : 0),
      });
    }
    return total;
  };

  /** @returns {RegexCost} */
  const atom = () => {
    const char = pattern[at];
    const one = { copies: 1, unbounded: 0 };
    if (char === "(") {
      at += 1;
      // (?:…), (?=…), (?!…), (?<=…), (?<!…): a group all the same.
      if (pattern[at] === "?") while (at < pattern.length && /[?:=!<]/.test(pattern[at])) at += 1;
      const inside = alternatives();
      if (pattern[at] === ")") at += 1;
      return { copies: Math.max(inside.copies, 1), unbounded: inside.unbounded };
    }
    if (char === "[") {
      at = bracketEnd(pattern, at);
      return one;
    }
    at += char === "\\" ? 2 : 1;
    return one;
  };

  /**
   * What the quantifiers after an atom multiply it by (`{m,n}` by n, `{m,}` by m + 1, `+` by 2), and whether
   * one of them repeats it without bound.
   */
  const quantifiers = () => {
    let factor = 1;
    let unbounded = false;
    for (;;) {
      const char = pattern[at];
      if (char === "*" || char === "+" || char === "?") {
        at += 1;
        if (char === "+") factor *= 2;
        if (char !== "?") unbounded = true;
        continue;
      }
      const count = char === "{" ? /^\{(\d*)(,(\d*))?\}/.exec(pattern.slice(at)) : null;
      if (!count) return { factor, unbounded };
      at += count[0].length;
      const least = Number(count[1] || 0);
      const most = count[2] === undefined ? least : count[3] === "" ? least + 1 : Number(count[3]);
      if (count[3] === "") unbounded = true;
      factor *= Math.max(1, least, most);
    }
  };

  let total = { copies: 0, unbounded: 0 };
  while (at < pattern.length) {
    total = plus(total, alternatives());
    // A `)` with no group to close: PostgreSQL refuses the pattern itself.
    if (pattern[at] === ")") at += 1;
  }
  return total;
}
