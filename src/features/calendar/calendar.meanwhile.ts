/**
 * A form over a published show (its details, its new doors, its new ticket link) while a teammate changes the
 * show: each newer version is taken field by field. A field the person left alone takes its value; a field they
 * typed keeps what they typed, whatever the versions say and in whatever order they come; a field both changed,
 * to different things, is a clash, said beside it, and the form's next save is held once for it.
 *
 * What the person typed is measured against what each field held when they began typing it, never against the
 * latest version: a teammate who saved the same text meanwhile, then another (or restored an older version),
 * does not make the field theirs. While the person's own save is on its way, a version with a field as that save sends
 * it is taken as that save written: the field then held what was sent, and what they typed there since (back to what
 * it was, say) stays theirs.
 */
import { keptRecord } from "../../lib/kept-in-tab";

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
  /** The form's save on its way, if one is. */
  sending?: Sending<T>;
};

/** A save on its way: what it sends, and what each field it was taken as having written held before. */
export type Sending<T extends FormValues> = { sent: T; before: Partial<T> };

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
  const written = writtenBy(form, newer);
  const typed = { ...form.typed };
  const own = { ...written.own };
  for (const field of Object.keys(newer) as (keyof T)[]) {
    if (form.typed[field] !== own[field]) continue;
    typed[field] = newer[field];
    own[field] = newer[field];
  }
  return { ...written, typed, own, was: newer, clashes: clashesAt(written, newer) };
}

/** `form` once `newer` comes while its save is on its way: each field as sent holds, as the person's, what was sent. */
function writtenBy<T extends FormValues>(form: Following<T>, newer: T): Following<T> {
  if (!form.sending) return form;
  const { sent, before } = form.sending;
  const own = { ...form.own };
  const moved: Partial<T> = { ...before };
  for (const field of Object.keys(newer) as (keyof T)[]) {
    // Not typed since: the field is the person's as it was, measured against what it held before the save.
    if (newer[field] !== sent[field] || own[field] === sent[field] || form.typed[field] === sent[field]) continue;
    if (!(field in moved)) moved[field] = own[field];
    own[field] = sent[field];
  }
  return { ...form, own, sending: { sent, before: moved } };
}

/** What a form's save on its way changes: the fields each field is measured against, and the save. */
type Sent<T extends FormValues> = { own: T; sending?: Sending<T> };

/** `form` with its save of `sent` on its way. */
export const sending = <T extends FormValues, F extends Sent<T>>(form: F, sent: T): F => ({
  ...form,
  sending: { sent, before: {} },
});

/**
 * `form` once its save on its way is refused: a version with a field as sent was then someone else's, so each field
 * still as sent holds again, to measure what is typed against, what it held before.
 */
export function unsent<T extends FormValues, F extends Sent<T>>(form: F): F {
  const { sending: save, ...rest } = form;
  const own = { ...form.own };
  for (const field of Object.keys(save?.before ?? {}) as (keyof T)[]) {
    if (own[field] === save!.sent[field]) own[field] = save!.before[field]!;
  }
  return { ...rest, own } as F;
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

/**
 * A form kept through a reload with its save on its way, once its show is read afresh: no answer will come, so the
 * show says whether it was written. Each field the show has as sent is the show's (what is typed is measured against
 * it), and the save is over either way.
 */
export function settledByShow<T extends FormValues, F extends Sent<T>>(form: F, newer: T): F {
  const { sending: save, ...rest } = form;
  if (!save) return form;
  const own = { ...form.own };
  for (const field of Object.keys(save.sent) as (keyof T)[]) {
    if (newer[field] === save.sent[field]) own[field] = save.sent[field];
  }
  return { ...rest, own } as F;
}

/** A form following a show as the tab keeps it, and the version it follows. */
export type KeptFollowing<T extends FormValues> = { form: Following<T>; version: number };

/** What was said beside some of `fields` (or, of a save, what they held), as kept; undefined for anything else. */
function keptSaid<T extends FormValues>(found: unknown, fields: readonly string[]): Partial<T> | undefined {
  const said = keptRecord(found);
  const known = Object.entries(said ?? {}).every(([field, text]) => fields.includes(field) && typeof text === "string");
  return said && known ? (said as Partial<T>) : undefined;
}

/**
 * A form following a show as the tab kept it, whole (what is typed, what each field is measured against, what it
 * was filled in from, what is said beside its fields, its save on its way), and the version it follows; undefined
 * for anything else. `values` reads a whole set of the form's values, or gives undefined.
 */
export function keptFollowing<T extends FormValues>(
  found: unknown,
  values: (found: unknown) => T | undefined,
): KeptFollowing<T> | undefined {
  const kept = keptRecord(found);
  const form = keptRecord(kept?.form);
  const [typed, own, was] = [values(form?.typed), values(form?.own), values(form?.was)];
  if (!typed || !own || !was) return undefined;
  const fields = Object.keys(typed);
  const clashes = keptRecord(form?.clashes);
  const [problems, held] = [keptSaid<T>(clashes?.problems, fields), keptSaid<T>(clashes?.held, fields)];
  const save = keptRecord(form?.sending);
  const [sent, before] = [values(save?.sent), keptSaid<T>(save?.before, fields)];
  const version = kept?.version;
  const followed = typeof version === "number" && Number.isSafeInteger(version) && version >= 0;
  if (!problems || !held || (form?.sending !== undefined && !(sent && before)) || !followed) return undefined;
  const sending = sent && before ? { sending: { sent, before } } : {};
  return { form: { typed, own, was, clashes: { problems, held }, ...sending }, version };
}

/**
 * Whether a form is worth keeping in the tab: something is typed in it, or said beside it. A form kept keeps its save
 * on its way with it: the show read afresh after a reload says whether it was written, and a field as sent is then the
 * show's, not typed over a teammate's later change.
 */
export const isWorthKeeping = <T extends FormValues>(form: Following<T>) =>
  !sameValues(form.typed, form.own) || Object.keys(form.clashes.problems).length > 0;
