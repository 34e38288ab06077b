/**
 * What is typed in a published show's Reschedule and Ticket link forms, by form: kept while the show's panel is
 * closed, while its card moves to the show's new day, while the show is cancelled (until it is restored) and
 * while the page is locked, until it is saved. Each newer version of the show (a teammate's change, or this
 * page's own) is taken field by field (calendar.meanwhile.ts): a field the person left alone takes its value, one
 * they typed keeps what they typed, and a field both changed, to different things, is said beside it, the form's
 * next save held once for it. A form nothing is typed in shows the show as it is. The page's forms are kept in the
 * tab too (src/lib/kept-in-tab.ts), so they outlive a reload and a phone dropping the tab in the background; Sign
 * out forgets them, as it does every typed form.
 *
 * createFollowingForms is a test's own; followingForms() the page's.
 */
import { map } from "nanostores";
import { keepInTab, keptRecord, latestKept, type TabStorage } from "../../lib/kept-in-tab";
import { signOutControl } from "../team/team.signout.store";
import {
  followed,
  followingFrom,
  isWorthKeeping,
  keptFollowing,
  sameValues,
  sending,
  settledByShow,
  typedInto,
  unsent,
  type Following,
  type FormValues,
} from "./calendar.meanwhile";
import { isTicketKind, KEPT_FORMS_AT_MOST, SHOW_ID } from "./calendar.types";

/** A form typed in, and the version of the show it follows: its save is made only to that version. */
type TypedForm = Following<FormValues> & { version: number };

export function createFollowingForms() {
  const $forms = map<Record<string, TypedForm | undefined>>({});

  /** `typed` typed into the form `key`, over a show whose form reads `values`, at `version`. */
  function type(key: string, values: FormValues, version: number, typed: FormValues) {
    const form = $forms.get()[key] ?? { ...followingFrom(values), version };
    $forms.setKey(key, { ...typedInto(form, typed), version: form.version });
  }

  /** The forms kept in the tab through a reload whose save was on its way: their show says whether it was written. */
  const restored = new Set<string>();

  /** Forms kept in the tab, back after a reload. */
  function restore(forms: Record<string, TypedForm | undefined>) {
    for (const [key, form] of Object.entries(forms)) if (form?.sending) restored.add(key);
    $forms.set(forms);
  }

  /** A version of the show under the form `key`, its form reading `values`: taken where nothing is typed. */
  function follow(key: string, values: FormValues, version: number) {
    const kept = $forms.get()[key];
    const form = kept && restored.delete(key) ? settledByShow(kept, values) : kept;
    if (!form || (form === kept && form.version === version)) return;
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

  /** Forgets every form, as Sign out does: the next person starts on the shows as they are. */
  const forget = () => $forms.set({});

  return { $forms, restore, type, follow, holds, save, forget };
}

export type FollowingForms = ReturnType<typeof createFollowingForms>;

/** The tab's key of the page's typed change forms. */
const KEPT_FORMS = "stagedoor.calendar.show-changes";

/** Any text: a field the form checks itself once shown (a date, a time, a link). */
const anyText = () => true;

/**
 * The fields of each form the page has, by the start of its key (a show's id follows), each with what it may hold: a
 * choice only what the form offers, as the database refuses anything else with an error of its own.
 */
const FORM_FIELDS: Record<string, Record<string, (value: string) => boolean>> = {
  reschedule: { date: anyText, time: anyText },
  link: { url: anyText, kind: isTicketKind },
};
const FORM_KEY = new RegExp(`^(reschedule|link)-${SHOW_ID}$`);

/** `found` as the values of a form of `fields`: those fields, each a string it may hold, and no other; or undefined. */
function keptValues(found: unknown, fields: Record<string, (value: string) => boolean>): FormValues | undefined {
  const record = keptRecord(found);
  const names = Object.keys(record ?? {});
  const whole =
    names.length === Object.keys(fields).length &&
    Object.entries(fields).every(([field, holds]) => typeof record?.[field] === "string" && holds(record[field]));
  return whole ? (record as FormValues) : undefined;
}

/** The forms kept in the tab, each the page can show; undefined when none is. */
function keptForms(found: unknown): Record<string, TypedForm> | undefined {
  const forms = Object.entries(keptRecord(found) ?? {}).flatMap(([key, value]) => {
    const fields = FORM_KEY.test(key) ? FORM_FIELDS[key.slice(0, key.indexOf("-"))] : undefined;
    const kept = fields && keptFollowing(value, (values) => keptValues(values, fields));
    return kept ? [[key, { ...kept.form, version: kept.version }] as const] : [];
  });
  return latestKept(forms, KEPT_FORMS_AT_MOST);
}

/** What the tab keeps of the forms: those with something typed or said (isWorthKeeping); null for none. */
function formsToKeep(forms: Record<string, TypedForm | undefined>) {
  const kept = Object.entries(forms).flatMap(([key, form]) => {
    if (!form || !isWorthKeeping(form)) return [];
    const { version, ...following } = form;
    return [[key, { form: following, version }] as const];
  });
  return latestKept(kept, KEPT_FORMS_AT_MOST) ?? null;
}

/** Keeps the typed forms of `forms` in the tab (`storage` in a test): back, as typed, after a reload. */
export function keepFollowingFormsInTab(forms: Pick<FollowingForms, "$forms" | "restore">, storage?: TabStorage): void {
  const kept = { set: forms.restore, listen: forms.$forms.listen.bind(forms.$forms) };
  keepInTab<Record<string, TypedForm | undefined>>(kept, KEPT_FORMS, keptForms, formsToKeep, storage);
}

let pageForms: FollowingForms | undefined;

/**
 * The page's one set of typed change forms, shared by every panel of a show (the day's list, Upcoming Events), kept
 * in the tab and forgotten at Sign out.
 */
export function followingForms(): FollowingForms {
  if (!pageForms) {
    pageForms = createFollowingForms();
    keepFollowingFormsInTab(pageForms);
    signOutControl().whenSignedOut(pageForms.forget);
  }
  return pageForms;
}
