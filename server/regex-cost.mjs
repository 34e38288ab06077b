// @ts-check
/**
 * What a regular expression compiles to, counted as PostgreSQL compiles it (what each count means is in
 * `regex-refusal.mjs`, which refuses a pattern past its limits).
 */
import { palette, countBetween } from "./regex-colors.mjs";
import { bracketElement, bracketElements, bracketEnd, bracketSpan } from "./regex-brackets.mjs";
import { CONSTRAINT_RUN, NO_RUN, ONE_RUN, WORD_RUN, joined, repeated, times, weigher } from "./regex-runs.mjs";

/** @typedef {import("./regex-runs.mjs").Run} Run */
/** @typedef {import("./regex-runs.mjs").Part} Part */

/**
 * @typedef {{ copies: number, unbounded: number, constraints: number, skips: number, checks: number,
 *   colors: number, span: number }} RegexCost
 */

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
  /** What a run costs the compiler, but for its states' arcs (`width`, counted once for all at the end). */
  const weigh = weigher(colors);

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
      part = repeated(part, least, most, factor, weigh);
    }
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
