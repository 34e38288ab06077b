/**
 * A text field of a show's form, with what is said under it (its hint, by how much it is over its limit, its
 * problem once the form is sent: src/components/ui/fieldNotes.tsx), each part tied to the field so a screen reader
 * reads it with the field. The field has no maxLength: a paste too long is kept whole and refused when sent, saying
 * how long it is, as the database would (src/lib/show-rules.mjs).
 */
import type { InputHTMLAttributes } from "react";
import { fieldNotes, type FieldNotesOf } from "../../components/ui/fieldNotes";
import { cx, inputClass, labelClass } from "../../components/ui/styles";

export type ShowTextFieldProps = FieldNotesOf & {
  /** Beside the label, as part of it: "(optional)", for the few fields a show can do without. */
  mark?: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">;

export function ShowTextField(props: ShowTextFieldProps) {
  const { id, label, mark, value, onValue, problem, hint, limit, sends, announce, ...input } = props;
  const { describedBy, said } = fieldNotes({ id, label, value, problem, hint, limit, sends, announce });
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
