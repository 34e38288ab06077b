// @ts-check
/**
 * The runs of a compiled pattern's states that empty paths join, and what they cost the compiler to remove.
 */

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
 * The colors past which a word boundary in a run costs more than another constraint, in proportion: it is read by
 * the colors on either side of it, so its work grows with the square of their number: `x\yy` beside 1,000
 * distinct characters took 19 ms to compile, beside 2,000 82 ms, and `(?:\s\Y([[:punct:]]|)*)*` beside 100
 * 0.1 s (measured).
 */
const WORD_COLORS = 16;

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
export const NO_RUN = Object.freeze({ sources: 0, states: 0, constraints: 0, words: 0 });

/** The smallest run: one empty path, from one state to one. */
export const ONE_RUN = Object.freeze({ sources: 1, states: 1, constraints: 0, words: 0 });

/** A constraint (`^`, a lookahead): an empty path that only some places in the text may take. */
export const CONSTRAINT_RUN = Object.freeze({ sources: 1, states: 1, constraints: 1, words: 0 });

/** A word boundary (`\y`, `\m`, `[[:<:]]`): a constraint read by the colors of what is on either side. */
export const WORD_RUN = Object.freeze({ sources: 1, states: 1, constraints: 1, words: 1 });

/** `a * b`, where nothing times even an unreadably large count is nothing. */
export const times = (/** @type {number} */ a, /** @type {number} */ b) => (a === 0 || b === 0 ? 0 : a * b);

/**
 * Runs one after the other, or (`side by side`) beside each other, so that no path passes the constraints of two.
 * @type {(runs: Run[], sideBySide?: boolean) => Run}
 */
export const joined = (runs, sideBySide = false) => {
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
 * What a run costs the compiler, but for its states' arcs, in a pattern of `colors` colors: `sources * states`, times
 * `CONSTRAINT_WEIGHT` for each constraint on a path through it, and more where one is a word boundary.
 * @param {number} colors
 * @returns {(run: Run) => number}
 */
export function weigher(colors) {
  /** What a word boundary in a run multiplies its cost by, besides a constraint's weight. */
  const wordWeight = Math.max(1, colors / WORD_COLORS);
  return (run) =>
    times(times(run.sources, run.states), CONSTRAINT_WEIGHT ** run.constraints * (run.words > 0 ? wordWeight : 1));
}

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
 * @param {(run: Run) => number} weigh what a run costs (`weigher`)
 * @returns {Part}
 */
export function repeated(part, least, most, factor, weigh) {
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
}
