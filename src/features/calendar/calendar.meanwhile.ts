/**
 * A form over a published show (its details, its new doors, its new ticket link) while a teammate changes the
 * show: each newer version is taken field by field. A field the person left alone takes its value; a field they
 * typed keeps what they typed, whatever the versions say and in whatever order they come; a field both changed,
 * to different things, is a clash, said beside it, and the form's next save is held once for it.
 *
 * What the person typed is measured against what each field held when they began typing it, never against the
 * latest version: a teammate who saved the same text meanwhile, then another (or restored an older version),
 * does not make the field theirs.
 */

/** A form's fields as typed, by name. */
export type FormValues = Record<string, string>;

/** What is said beside each field of `T` with a problem. */
type FieldProblems<T extends FormValues> = Partial<Record<keyof T, string>>;

/** A form's problems, and its clashes not yet said at a save (the next save is held once for them). */
type Clashes<T extends FormValues> = { problems: FieldProblems<T>; held: FieldProblems<T> };

/** A form following a published show. */
export type Following<T extends FormValues> = {
  /** What is typed. */
  typed: T;
  /** Each field as the form last took it from the show: a field typed is one that differs from it. */
  own: T;
  /** The form as filled in from the version it follows. */
  was: T;
  clashes: Clashes<T>;
};

/** Whether two forms' values are the same, field by field. */
export const sameValues = <T extends FormValues>(a: T, b: T) => Object.keys(a).every((field) => a[field] === b[field]);

/** A form filled in from a show's `values`, nothing typed, nothing said. */
export const followingFrom = <T extends FormValues>(values: T): Following<T> => ({
  typed: values,
  own: values,
  was: values,
  clashes: { problems: {}, held: {} },
});

/** What is said beside a field a teammate changed meanwhile to `theirs`, something else than what is typed. */
const clashOf = (theirs: string) =>
  theirs.trim()
    ? `changed meanwhile to “${theirs.trim()}” by someone else; save again to put yours instead`
    : "emptied meanwhile by someone else; save again to put yours instead";

/**
 * A form's problems and held clashes once a teammate's `newer` version comes. A field both changed, to different
 * things, is a clash: the person typed it (it differs from `own`, what it held when they began), and theirs
 * differs from that too, however many versions it took (read one by one or together, the same versions say the
 * same). It is said when they change it (it differs from `was`), and held; a clash said before says their latest,
 * and goes once what is typed is their value, or theirs is back to what the person began from.
 */
export function clashesAt<T extends FormValues>({ clashes: before, own, was, typed }: Following<T>, newer: T) {
  const after: Clashes<T> = { problems: { ...before.problems }, held: { ...before.held } };
  for (const field of Object.keys(newer) as (keyof T)[]) {
    const [mine, theirs] = [typed[field], newer[field]];
    const said = before.problems[field] === clashOf(was[field]);
    const same = mine.trim() === theirs.trim();
    const clashing = mine !== own[field] && theirs !== own[field] && !same;
    const changedNow = theirs !== was[field];
    if (said && !clashing) {
      delete after.problems[field];
      delete after.held[field];
    }
    if (!clashing || !(said || changedNow)) continue;
    after.problems[field] = clashOf(theirs);
    if (changedNow || before.held[field]) after.held[field] = clashOf(theirs);
  }
  return after;
}

/** `form` once a teammate's `newer` version comes: the fields the person left alone take its values. */
export function followed<T extends FormValues>(form: Following<T>, newer: T): Following<T> {
  const typed = { ...form.typed };
  const own = { ...form.own };
  for (const field of Object.keys(newer) as (keyof T)[]) {
    if (form.typed[field] !== form.own[field]) continue;
    typed[field] = newer[field];
    own[field] = newer[field];
  }
  return { typed, own, was: newer, clashes: clashesAt(form, newer) };
}

/** `form` with `typed` typed into it: a field typed again loses what was said beside it. */
export function typedInto<T extends FormValues>(form: Following<T>, typed: T): Following<T> {
  const problems = { ...form.clashes.problems };
  const held = { ...form.clashes.held };
  for (const field of Object.keys(typed) as (keyof T)[]) {
    if (typed[field] === form.typed[field]) continue;
    delete problems[field];
    delete held[field];
  }
  return { ...form, typed, clashes: { problems, held } };
}
