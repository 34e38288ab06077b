/**
 * A published show's details form (ShowDetails), one of the page's show forms (calendar.publish.store.ts): filled
 * in with the show as it is, following a teammate's newer versions field by field (calendar.meanwhile.ts), each
 * field's problem and clash said beside it, whether its new doors are a move or a mistake put right, and the change
 * its Save writes, made only to the version it follows.
 */
import { atom, map, type MapStore } from "nanostores";
import { detailsChange, draftFromShow, showDay } from "./calendar.details";
import {
  followed,
  isWorthKeeping,
  sending,
  settledByShow,
  unsent,
  type Following,
  type KeptFollowing,
  type Sending,
} from "./calendar.meanwhile";
import type { NewShow, ShowDraft, ShowDraftProblems } from "./calendar.publish";
import type { Show } from "./calendar.shows";
import type { ShowChange } from "./calendar.writes";

/** What a details form shares with the page's other show forms. */
export type ShowForms = {
  $drafts: MapStore<Record<string, ShowDraft>>;
  $problems: MapStore<Record<string, ShowDraftProblems>>;
  draftOf: (key: string) => ShowDraft;
  /** The show the form `key` would put on the website, or null with its problems said. */
  checked: (key: string, eventId: string, date: string, now: Date | null) => NewShow | undefined;
  /** The "Check the show's details" toast that the answer to a Save replaces. */
  answered: () => string | undefined;
  /** A form refused for the problems said beside its fields. */
  refusedForProblems: (key: string) => void;
};

/**
 * A details form as the tab keeps it (calendar.kept.store.ts): the form as it follows its show (calendar.meanwhile.ts),
 * the version it follows, and whether its new doors put a mistyped time right.
 */
export type KeptDetails = KeptFollowing<ShowDraft> & { corrected?: true };

export function createDetailsForms({ $drafts, $problems, draftOf, checked, answered, refusedForProblems }: ShowForms) {
  /**
   * Each open details form's show, the version it follows (what the person changed is measured against it and
   * saved to it), its fields as last taken from the show (those the person typed differ), and its save on its way.
   */
  const details = new Map<string, { base: Show; own: ShowDraft; sending?: Sending<ShowDraft> }>();
  /** The fields of each details form a teammate changed meanwhile, where something else is typed, not yet said at a Save. */
  const clashes = new Map<string, ShowDraftProblems>();
  /**
   * The details forms whose new doors the person said put a mistyped time right; any other's are a move, which
   * fans are told of: they may have read the old time.
   */
  const $corrections = map<Record<string, true | undefined>>({});
  /** The forms kept in the tab, back after a reload: each follows its show once its panel shows it (followDetails). */
  const pending = new Map<string, KeptDetails>();
  /**
   * Counts each Save sent, answered or dropped with its form: no store the form shows changes then, yet the tab keeps
   * the save on its way (calendar.kept.store.ts), so that a reload before its answer knows it was sent.
   */
  const $saves = atom(0);
  const saved = () => $saves.set($saves.get() + 1);

  /** A Save held for `clashed`: said beside each field, the focus on the first; the next Save goes through. */
  function refuseOnce(key: string, clashed: ShowDraftProblems) {
    clashes.delete(key);
    $problems.setKey(key, { ...$problems.get()[key], ...clashed });
    refusedForProblems(key);
    return null;
  }

  /**
   * A published show's details form, keyed `key`: filled in with the show as it is, no problem said; or, when
   * it is open already (the page locked and unlocked, say), as it was left. With `typed`, opened afresh on `show`
   * with that typed into it (what was typed while a save of it was on its way, over the version saved).
   */
  function openDetails(key: string, show: Show, typed?: ShowDraft) {
    if (!typed && $drafts.get()[key] && (details.has(key) || pending.has(key))) return;
    if (!typed) $corrections.setKey(key, undefined);
    details.set(key, { base: show, own: draftFromShow(show) });
    clashes.delete(key);
    $drafts.setKey(key, typed ?? draftFromShow(show));
    $problems.setKey(key, {});
  }

  /**
   * A newer version of the show under its open details form (a teammate's change, heard or read again, or this
   * form's own save read before its answer), or the show as read afresh under a form kept through a reload (any
   * version): the fields the person has not typed take its values, those they typed keep what they typed.
   */
  function followDetails(key: string, show: Show) {
    const from = following(key);
    const restored = pending.delete(key);
    if (!from || !$drafts.get()[key] || (from.version === show.version && !restored)) return;
    // A field both changed, to different things: said beside it now, and the next Save is held once for it; a
    // clash said before is said again against this version, or goes once theirs is what is typed, or as it was.
    // Kept through a reload with its save on its way: the show read afresh says whether it was written.
    const opened = restored ? settledByShow(from.form, draftFromShow(show)) : from.form;
    const form = from.version === show.version ? opened : followed(opened, draftFromShow(show));
    details.set(key, { base: show, own: form.own, sending: form.sending });
    $drafts.setKey(key, form.typed);
    if (Object.keys(form.clashes.held).length > 0) clashes.set(key, form.clashes.held);
    else clashes.delete(key);
    $problems.setKey(key, form.clashes.problems);
  }

  /** The open details form `key` as it follows its show, and the version it follows; kept in the tab, as kept. */
  function following(key: string): { form: Following<ShowDraft>; version: number } | undefined {
    const kept = pending.get(key);
    if (kept) return { form: { ...kept.form, typed: draftOf(key) }, version: kept.version };
    const { base, own, sending: save } = details.get(key) ?? {};
    if (!base || !own) return undefined;
    const said = { problems: $problems.get()[key] ?? {}, held: clashes.get(key) ?? {} };
    return {
      form: { typed: draftOf(key), own, was: draftFromShow(base), clashes: said, sending: save },
      version: base.version,
    };
  }

  /** The open details forms with something typed or said, as the tab keeps them (isWorthKeeping), in order. */
  function keptDetails(): [string, KeptDetails][] {
    return Object.keys($drafts.get()).flatMap((key): [string, KeptDetails][] => {
      const from = following(key);
      if (!from || !isWorthKeeping(from.form)) return [];
      const corrected = $corrections.get()[key];
      return [[key, { ...from, ...(corrected && { corrected }) }]];
    });
  }

  /** Details forms kept in the tab, open again as typed; each follows its show once a panel shows it. */
  function restoreDetails(kept: Record<string, KeptDetails>) {
    for (const [key, form] of Object.entries(kept)) {
      pending.set(key, form);
      $drafts.setKey(key, form.form.typed);
      $problems.setKey(key, form.form.clashes.problems);
      if (form.corrected) $corrections.setKey(key, true);
    }
  }

  /**
   * What the details form `key` changes, measured against the show it was filled in from, and that show's
   * version (the change is made only to it); or null: each problem is said beside its field. A show already
   * over may have its details put right: only new doors must be still to come. Asked at a Save: until its answer
   * (detailsRefused, or the form opened afresh or closed), a version read with a field as it writes it is its own.
   */
  function detailsOf(key: string): { change: ShowChange; version: number; replaces?: string } | null {
    const entry = details.get(key);
    if (!entry) return null;
    const clashed = clashes.get(key);
    if (clashed) return refuseOnce(key, clashed);
    const { base } = entry;
    const draft = draftOf(key);
    const opened = draftFromShow(base);
    const moved = draft.doors.trim() !== opened.doors || draft.timeZone.trim() !== opened.timeZone;
    // Doors left as they were are not measured against the clock: a show over may still have its details put right.
    const row = checked(key, base.event_id, showDay(base), moved ? new Date() : null);
    if (!row) return null;
    const change = detailsChange(base, row, $corrections.get()[key]);
    details.set(key, sending(entry, draftFromShow({ ...base, ...change })));
    saved();
    // Its answer (changed, nothing to save, refused) takes the place of the form's "Check the show's details".
    return { change, version: base.version, replaces: answered() };
  }

  /** The details form's Save refused: what is typed stays, measured against what each field held before it. */
  function detailsRefused(key: string) {
    const entry = details.get(key);
    if (entry) details.set(key, unsent(entry));
    saved();
  }

  /** `fields` typed again in the form `key`: a clash said beside them, not yet said at a Save, goes. */
  function retyped(key: string, fields: (keyof ShowDraft)[]) {
    const clashed = clashes.get(key);
    if (!clashed) return;
    for (const field of fields) delete clashed[field];
    if (Object.keys(clashed).length === 0) clashes.delete(key);
  }

  /** The form `key` done with. */
  function forget(key: string) {
    details.delete(key);
    pending.delete(key);
    clashes.delete(key);
    $corrections.setKey(key, undefined);
    saved();
  }

  /** Whether the new doors typed in the form `key` put a mistyped time right (true) or move the show. */
  const correcting = (key: string, corrected: boolean) => $corrections.setKey(key, corrected || undefined);

  return {
    $corrections,
    $saves,
    correcting,
    openDetails,
    followDetails,
    detailsOf,
    detailsRefused,
    retyped,
    forget,
    keptDetails,
    restoreDetails,
  };
}
