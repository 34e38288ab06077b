// @ts-check
/**
 * How much work a regular expression of a `match` or `imatch` filter asks of the database, before it gets
 * there. PostgreSQL compiles a counted repetition (`x{0,50}`) into that many copies of what it repeats, so
 * nested counts multiply: `((.{0,50}){0,50}){0,50}` is 125,000 copies of `.`. PostgreSQL refuses such a
 * pattern as too complex, but the embedded engine can lose that error and then hang on the next one, which
 * stops every request: a pattern whose copies would pass `MAX_REGEX_COPIES` is refused here instead, with
 * the error PostgreSQL itself gives. A search a person types repeats nothing inside a count.
 */

/** The copies of single characters a pattern may compile to: far above any pattern a search needs. */
export const MAX_REGEX_COPIES = 2000;

/**
 * How deep groups may nest in a pattern: far above any a search needs. Thousands of nested groups count as one
 * copy, but the embedded engine loses the error it meets compiling them (and hangs on the next), and counting
 * them here would itself run out of stack.
 */
export const MAX_REGEX_DEPTH = 32;

/**
 * How deep `(` nest in `pattern`, escapes aside; without recursion, so any length is measured. A `(` inside a
 * bracket expression counts too: a search has no call for a run of them, and counting more only refuses more.
 * @param {string} pattern
 */
export function regexDepth(pattern) {
  let depth = 0;
  let deepest = 0;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at];
    if (char === "\\") at += 1;
    else if (char === "(") deepest = Math.max(deepest, (depth += 1));
    else if (char === ")" && depth > 0) depth -= 1;
  }
  return deepest;
}

/**
 * Why the embedded engine is not given `pattern`, or null. Besides counts past `MAX_REGEX_COPIES` and groups
 * nested past `MAX_REGEX_DEPTH`, two things
 * a search never needs: options set in the pattern (`(?x)`, `(?b)`, a `***:` prefix), which change what
 * counts and groups are written as, so that the copies could not be counted; and back-references (`\1` …
 * `\9`), whose matching tries every way of cutting the text, a time no count bounds and the embedded engine
 * does not stop (a hosted project's statement timeout does).
 * @param {string} pattern
 * @returns {string | null}
 */
export function regexRefusal(pattern) {
  // `***=`: what follows is plain text to find.
  if (pattern.startsWith("***=")) return null;
  if (pattern.startsWith("***:") || /^\(\?[a-z]*\)/.test(pattern)) {
    return "invalid regular expression: options set in the pattern are not served here";
  }
  if (/\\[1-9]/.test(pattern.replaceAll("\\\\", ""))) {
    return "invalid regular expression: back-references are not served here";
  }
  // The depth first: it bounds the counting's own recursion.
  return regexDepth(pattern) > MAX_REGEX_DEPTH || regexCopies(pattern) > MAX_REGEX_COPIES
    ? "invalid regular expression: regular expression is too complex"
    : null;
}

/**
 * The number of copies of single characters (a literal, `.`, a class, an escape) `pattern` compiles to,
 * counted as PostgreSQL expands counted repetitions; Infinity for a count too large to read.
 * @param {string} pattern
 * @returns {number}
 */
export function regexCopies(pattern) {
  let at = 0;

  /** Branches separated by `|`, up to a `)` or the end. */
  const alternatives = () => {
    let total = sequence();
    while (pattern[at] === "|") {
      at += 1;
      total += sequence();
    }
    return total;
  };

  /** Atoms, each with its quantifiers, up to a `|`, a `)` or the end. */
  const sequence = () => {
    let total = 0;
    while (at < pattern.length && pattern[at] !== "|" && pattern[at] !== ")") total += atom() * quantifiers();
    return total;
  };

  const atom = () => {
    const char = pattern[at];
    if (char === "(") {
      at += 1;
      // (?:…), (?=…), (?!…), (?<=…), (?<!…): a group all the same.
      if (pattern[at] === "?") while (at < pattern.length && /[?:=!<]/.test(pattern[at])) at += 1;
      const inside = alternatives();
      if (pattern[at] === ")") at += 1;
      return Math.max(inside, 1);
    }
    if (char === "[") {
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
      at += 1;
      return 1;
    }
    at += char === "\\" ? 2 : 1;
    return 1;
  };

  /** What the quantifiers after an atom multiply it by: `{m,n}` by n, `{m,}` by m + 1, `+` by 2. */
  const quantifiers = () => {
    let factor = 1;
    for (;;) {
      const char = pattern[at];
      if (char === "*" || char === "+" || char === "?") {
        at += 1;
        if (char === "+") factor *= 2;
        continue;
      }
      const count = char === "{" ? /^\{(\d*)(,(\d*))?\}/.exec(pattern.slice(at)) : null;
      if (!count) return factor;
      at += count[0].length;
      const least = Number(count[1] || 0);
      const most = count[2] === undefined ? least : count[3] === "" ? least + 1 : Number(count[3]);
      factor *= Math.max(1, least, most);
    }
  };

  let total = 0;
  while (at < pattern.length) {
    total += alternatives();
    // A `)` with no group to close: PostgreSQL refuses the pattern itself.
    if (pattern[at] === ")") at += 1;
  }
  return total;
}
