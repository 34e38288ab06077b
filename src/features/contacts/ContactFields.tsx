/** The four inputs of a contact draft: in the add form with visible labels, in an edited card compact. */
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import { CONTACT_FORM_FIELDS, CONTACT_LIMITS, type ContactDraft } from "./contacts";

export function ContactFields({
  draft,
  onChange,
  idPrefix,
  mode,
}: {
  draft: ContactDraft;
  onChange: (draft: ContactDraft) => void;
  idPrefix: string;
  /** The add form has visible labels and required fields; an edited card is compact and unvalidated. */
  mode: "add" | "edit";
}) {
  const visibleLabels = mode === "add";
  return (
    <>
      {CONTACT_FORM_FIELDS.map((field) => (
        <div key={field.key}>
          <label htmlFor={`${idPrefix}-${field.key}`} className={visibleLabels ? labelClass : "sr-only"}>
            {field.label}
          </label>
          <input
            id={`${idPrefix}-${field.key}`}
            type={field.type}
            placeholder={field.label}
            autoComplete={field.autoComplete}
            maxLength={CONTACT_LIMITS[field.key]}
            // Required is announced with aria-required rather than `required`: a missing name or role
            // does nothing and says nothing, so the browser's own message must not appear either.
            aria-required={mode === "add" && field.required ? true : undefined}
            // Entering edit mode moves focus into the card, where the Edit button was.
            autoFocus={mode === "edit" && field.key === "name"}
            value={draft[field.key]}
            onChange={(event) => onChange({ ...draft, [field.key]: event.target.value })}
            className={cx(inputClass, visibleLabels && "mt-1")}
          />
        </div>
      ))}
    </>
  );
}
