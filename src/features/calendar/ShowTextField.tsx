/**
 * A text field of the calendar's forms (a show's fields, the Add Event form's), with what is said under it, each
 * part tied to the field (aria-describedby) so a screen reader reads it with the field: its hint, or, while what is
 * typed is over the field's limit, by how much; then its problem once the form is sent. The field has no
 * maxLength: a browser would cut the end off a long paste without a word, and the person would never learn that
 * what was saved is not what they pasted. The form's rules refuse it instead, saying how long it is
 * (src/lib/show-rules.mjs), as the database would; GOV.UK's character count works so.
 */
import type { InputHTMLAttributes } from "react";
import { overLimitNote } from "../../lib/show-rules.mjs";
import { cx, inputClass, labelClass } from "../../components/ui/styles";

type Notes = { id: string; label: string; value: string; problem?: string; hint?: string; limit?: number };

/** What is said under a field, and the ids that tie it to the field. */
export function fieldNotes({ id, label, value, problem, hint, limit }: Notes) {
  // Said while typing, until the form is sent: then the problem says it, with the count.
  const over = limit !== undefined && !problem ? overLimitNote(value, limit) : null;
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
        <p id={`${id}-problem`} className="mt-1 text-sm text-red-800">
          {label}: {problem}
        </p>
      ) : null}
    </>
  );
  return { describedBy, said };
}

export type ShowTextFieldProps = Notes & {
  /** Beside the label, as part of it: "(optional)", for the few fields a show can do without. */
  mark?: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">;

export function ShowTextField(props: ShowTextFieldProps) {
  const { id, label, mark, value, onValue, problem, hint, limit, ...input } = props;
  const { describedBy, said } = fieldNotes({ id, label, value, problem, hint, limit });
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {mark ? `${label} ${mark}` : label}
      </label>
      <input
        id={id}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValue(event.target.value)}
        className={cx(inputClass, "mt-1")}
        {...input}
      />
      {said}
    </div>
  );
}
