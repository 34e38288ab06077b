/**
 * A change form's values over a published show, kept under `key` in the page's typed forms
 * (calendar.following.store.ts): the show's own until something is typed, then what is typed, following each
 * newer version of the show field by field, with what is said beside a field both changed meanwhile.
 */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import type { FormValues } from "./calendar.meanwhile";
import { followingForms } from "./calendar.following.store";
import type { Show } from "./calendar.shows";

/** `of` is read once per version: pass a function defined outside the component. */
export function useFollowingShow<T extends FormValues>(key: string, show: Show, of: (show: Show) => T) {
  const forms = followingForms();
  const form = useStore(forms.$forms)[key];
  useEffect(() => forms.follow(key, of(show), show.version), [forms, key, show, of]);
  return {
    value: (form?.typed ?? of(show)) as T,
    set: (typed: T) => forms.type(key, of(show), show.version, typed),
    /** What is said beside each field a teammate changed meanwhile to something else than is typed there. */
    clashes: (form?.clashes.problems ?? {}) as Partial<Record<keyof T, string>>,
    /** The version of the show the form follows, the one its save is made to. */
    version: form?.version ?? show.version,
    /** Whether the save is held, once, for the clashes said (the next save goes through). */
    holds: () => forms.holds(key),
    /** Saves the form through `write` (whether it was written): `pressed` as typed when its save was pressed, `sent` what it writes. */
    save: (pressed: T, sent: T, write: () => Promise<boolean>) => forms.save(key, pressed, sent, write),
  };
}
