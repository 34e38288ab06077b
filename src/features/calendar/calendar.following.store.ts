/**
 * What is typed in a published show's Reschedule and Ticket link forms, by form: kept while the show's panel is
 * closed, while its card moves to the show's new day, while the show is cancelled (until it is restored) and
 * while the page is locked, until it is saved. Each newer version of the show (a teammate's change, or this
 * page's own) is taken field by field (calendar.meanwhile.ts): a field the person left alone takes its value, one
 * they typed keeps what they typed, and a field both changed, to different things, is said beside it, the form's
 * next save held once for it. A form nothing is typed in shows the show as it is.
 *
 * createFollowingForms is a test's own; followingForms() the page's.
 */
import { map } from "nanostores";
import {
  followed,
  followingFrom,
  sameValues,
  sending,
  typedInto,
  unsent,
  type Following,
  type FormValues,
} from "./calendar.meanwhile";

/** A form typed in, and the version of the show it follows: its save is made only to that version. */
type TypedForm = Following<FormValues> & { version: number };

export function createFollowingForms() {
  const $forms = map<Record<string, TypedForm | undefined>>({});

  /** `typed` typed into the form `key`, over a show whose form reads `values`, at `version`. */
  function type(key: string, values: FormValues, version: number, typed: FormValues) {
    const form = $forms.get()[key] ?? { ...followingFrom(values), version };
    $forms.setKey(key, { ...typedInto(form, typed), version: form.version });
  }

  /** A version of the show under the form `key`, its form reading `values`: taken where nothing is typed. */
  function follow(key: string, values: FormValues, version: number) {
    const form = $forms.get()[key];
    if (!form || form.version === version) return;
    $forms.setKey(key, { ...followed(form, values), version });
  }

  /** Whether the form's save is held for the clashes said beside its fields: once, and the next save goes through. */
  function holds(key: string): boolean {
    const form = $forms.get()[key];
    if (!form || Object.keys(form.clashes.held).length === 0) return false;
    $forms.setKey(key, { ...form, clashes: { ...form.clashes, held: {} } });
    return true;
  }

  /**
   * Saves the form `key` through `write`, which answers whether it was written: `pressed` is what was typed when
   * its save was pressed, `sent` what that writes. Saved with nothing typed since, it shows the show again; more
   * typed while the save was on its way stays, a change of what was saved (a version read meanwhile with a field
   * as sent is this save's). Refused, what is typed stays, measured against what each field held before.
   */
  async function save(key: string, pressed: FormValues, sent: FormValues, write: () => Promise<boolean>) {
    const before = $forms.get()[key];
    if (before) $forms.setKey(key, { ...sending(before, sent), version: before.version });
    let written = false;
    try {
      written = await write();
    } finally {
      const form = $forms.get()[key];
      if (form) $forms.setKey(key, settled(form, written, pressed, sent));
    }
  }

  /** `form` once its save is answered (see save). */
  function settled(form: TypedForm, written: boolean, pressed: FormValues, sent: FormValues) {
    const answered = { ...unsent(form), version: form.version };
    if (!written) return answered;
    if (sameValues(form.typed, pressed)) return undefined;
    return { ...answered, own: sent, was: sent, clashes: { problems: {}, held: {} } };
  }

  return { $forms, type, follow, holds, save };
}

export type FollowingForms = ReturnType<typeof createFollowingForms>;

let pageForms: FollowingForms | undefined;

/** The page's one set of typed change forms, shared by every panel of a show (the day's list, Upcoming Events). */
export function followingForms(): FollowingForms {
  pageForms ??= createFollowingForms();
  return pageForms;
}
