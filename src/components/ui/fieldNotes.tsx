/**
 * What is said under a text field of the team's forms (the calendar's, the contacts directory's, the roadmap's),
 * each part tied to the field (aria-describedby) so a screen reader reads it with the field: its hint, or, while
 * what is typed is over the field's limit, by how much; then its problem once the form is sent ("Venue: at most 200
 * characters (this has 236)"). Such a field has no maxLength: a browser would cut the end off a long paste without
 * a word, and the person would never learn that what was saved is not what they pasted. The form refuses it instead,
 * saying how long it is (src/lib/text-length.mjs), as the database would; GOV.UK's character count works so.
 */
import { overLimitNote } from "../../lib/text-length.mjs";
import { cx } from "./styles";

export type FieldNotesOf = {
  /** The field's id: each note's id is made from it. */
  id: string;
  label: string;
  value: string;
  /** What the form said when it was sent, until the field is typed in again. */
  problem?: string;
  hint?: string;
  limit?: number;
  /** What the form would send of `value`, which the limit counts: the value trimmed, unless the form sends it as typed. */
  sends?: (value: string) => string;
  /**
   * The form's refusals so far, when the problem is said aloud as the form is sent (an alert) rather than by a toast
   * and the focus moving: each new refusal puts the line anew, for it to be said again.
   */
  announce?: number;
};

const trimmed = (value: string) => value.trim();

/** What is said under a field, and the ids that tie it to the field (undefined when nothing is said). */
export function fieldNotes({ id, label, value, problem, hint, limit, sends = trimmed, announce }: FieldNotesOf) {
  // Said while typing, until the form is sent: then the problem says it, with the count.
  const over = limit !== undefined && !problem ? overLimitNote(sends(value), limit) : null;
  const note = over ?? hint;
  const describedBy = [note && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(" ") || undefined;
  const said = (
    <>
      {note ? (
        <p id={`${id}-hint`} className={cx("mt-1 text-xs", over ? "text-red-800" : "text-stone-700")}>
          {note}
        </p>
      ) : null}
      {problem ? (
        <p
          key={announce}
          id={`${id}-problem`}
          role={announce === undefined ? undefined : "alert"}
          className="mt-1 text-sm text-red-800"
        >
          {label}: {problem}
        </p>
      ) : null}
    </>
  );
  return { describedBy, said };
}
