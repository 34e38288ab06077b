/**
 * The four inputs of a contact draft, each under its label: in the add form, and smaller in an edited card, where
 * a filled-in box no longer shows its placeholder (a role and an e-mail would be told apart by their text alone).
 * A name, role or e-mail holding invisible text-direction characters, which the table refuses, says
 * so under the field, with a button that takes them out, before anything is sent. A phone number never
 * holds them: the store takes them out as it is typed or pasted (typedDraft in contacts.ts).
 */
import { Button } from "../../components/ui/Button";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import {
  bidiControlsIn,
  CONTACT_FORM_FIELDS,
  CONTACT_LIMITS,
  fieldsWithBidiControls,
  withoutBidiControls,
  type ContactDraft,
  type ContactField,
} from "./contacts";

const inputId = (idPrefix: string, field: string) => `${idPrefix}-${field}`;

/**
 * On a submit the store will not send because of direction characters: focus moves to the first
 * field that holds them, whose message says why. True when it did.
 */
export function focusRefusedField(idPrefix: string, draft: ContactDraft): boolean {
  const [field] = fieldsWithBidiControls(draft);
  if (field === undefined) return false;
  document.getElementById(inputId(idPrefix, field))?.focus();
  return true;
}

export function ContactFields({
  draft,
  onChange,
  idPrefix,
  mode,
  notes = {},
}: {
  draft: ContactDraft;
  onChange: (draft: ContactDraft) => void;
  idPrefix: string;
  /** The add form has required fields; an edited card is compact and unvalidated. */
  mode: "add" | "edit";
  /** A note under a field, said as it changes ("Already in the directory: …" under the name). */
  notes?: Partial<Record<ContactField, string | null>>;
}) {
  const compact = mode === "edit";
  const refused = fieldsWithBidiControls(draft);
  return (
    <>
      {CONTACT_FORM_FIELDS.map((field) => {
        const id = inputId(idPrefix, field.key);
        const messageId = refused.includes(field.key) ? `${id}-refused` : undefined;
        const noteId = field.key in notes ? `${id}-note` : undefined;
        return (
          <div key={field.key}>
            <label htmlFor={id} className={compact ? "block text-xs font-semibold text-stone-700" : labelClass}>
              {field.label}
            </label>
            <input
              id={id}
              type={field.type}
              placeholder={field.label}
              autoComplete={field.autoComplete}
              maxLength={CONTACT_LIMITS[field.key]}
              // Required is announced with aria-required rather than `required`: a missing name or role
              // does nothing and says nothing, so the browser's own message must not appear either.
              aria-required={mode === "add" && field.required ? true : undefined}
              aria-invalid={messageId ? true : undefined}
              aria-describedby={[messageId, noteId].filter(Boolean).join(" ") || undefined}
              // Entering edit mode moves focus into the card, where the Edit button was.
              autoFocus={mode === "edit" && field.key === "name"}
              value={draft[field.key]}
              onChange={(event) => onChange({ ...draft, [field.key]: event.target.value })}
              className={cx(inputClass, compact ? "mt-0.5" : "mt-1")}
            />
            {noteId ? (
              // Always there, so a screen reader hears the note when it comes; empty, it takes no room.
              <p id={noteId} role="status" className="mt-1 text-sm font-medium text-amber-900 empty:sr-only">
                {notes[field.key] ?? null}
              </p>
            ) : null}
            {messageId ? (
              <div id={messageId} role="alert" className="mt-1 space-y-1 text-sm text-red-800">
                <p>
                  {field.label} holds invisible text-direction characters ({bidiControlsIn(draft[field.key]).join(", ")}
                  ), which can make it read as something else. A contact cannot hold them.
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onChange({ ...draft, [field.key]: withoutBidiControls(draft[field.key]) })}
                >
                  Remove them<span className="sr-only"> from {field.label}</span>
                </Button>
              </div>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
