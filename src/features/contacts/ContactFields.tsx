/**
 * The four inputs of a contact draft, each under its label: in the add form, and smaller in an edited card, where
 * a filled-in box no longer shows its placeholder (a role and an e-mail would be told apart by their text alone).
 * A name, role or e-mail holding invisible text-direction characters, which the table refuses, says
 * so under the field, with a button that takes them out, before anything is sent. A phone number never
 * holds them: the store takes them out as it is typed or pasted (typedDraft in contacts.ts).
 * A field takes a whole paste, however long (a browser's maxLength would cut its end off without a word): while
 * it is over the table's limit it says by how much, and once the form is sent, "Role: at most 200 characters
 * (this has 236)" under it, aloud, with the focus there, and nothing is sent (src/components/ui/fieldNotes.tsx).
 */
import { Button } from "../../components/ui/Button";
import { fieldNotes } from "../../components/ui/fieldNotes";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import {
  bidiControlsIn,
  CONTACT_FIELDS,
  CONTACT_FORM_FIELDS,
  CONTACT_LIMITS,
  fieldsWithBidiControls,
  savedText,
  withoutBidiControls,
  type ContactDraft,
  type ContactField,
  type TooLong,
} from "./contacts";

const inputId = (idPrefix: string, field: string) => `${idPrefix}-${field}`;

/**
 * On a submit the store will not send because of direction characters or a field too long (`tooLong`, what the
 * form now says): focus moves to the first field that holds them, whose message says why. True when it did.
 */
export function focusRefusedField(idPrefix: string, draft: ContactDraft, tooLong: TooLong): boolean {
  const refused = fieldsWithBidiControls(draft);
  const field = CONTACT_FIELDS.find((key) => refused.includes(key) || tooLong[key]);
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
  tooLong = {},
  announce,
}: {
  draft: ContactDraft;
  /** The draft as typed, and the field typed in. */
  onChange: (draft: ContactDraft, field: ContactField) => void;
  idPrefix: string;
  /** The add form has required fields; an edited card is compact and checks only what the table refuses. */
  mode: "add" | "edit";
  /** A note under a field, said as it changes ("Already in the directory: …" under the name). */
  notes?: Partial<Record<ContactField, string | null>>;
  /** What the form said was too long when it was sent, each until its field is typed in again. */
  tooLong?: TooLong;
  /**
   * The form's refusals so far: what it says too long is said aloud (an alert), anew at each, as Enter in the field
   * refused leaves the focus where it is, so moving it announces nothing.
   */
  announce?: number;
}) {
  const compact = mode === "edit";
  const refused = fieldsWithBidiControls(draft);
  return (
    <>
      {CONTACT_FORM_FIELDS.map((field) => {
        const id = inputId(idPrefix, field.key);
        const messageId = refused.includes(field.key) ? `${id}-refused` : undefined;
        const noteId = field.key in notes ? `${id}-note` : undefined;
        const problem = tooLong[field.key];
        const { label } = field;
        // Counted as it would be sent: an edited card's Save writes a name or role as typed, spaces at the ends too.
        const sends = compact ? savedText(field.key) : undefined;
        const limit = CONTACT_LIMITS[field.key];
        const length = fieldNotes({ id, label, value: draft[field.key], problem, limit, sends, announce });
        return (
          <div key={field.key}>
            <label htmlFor={id} className={compact ? "block text-xs font-semibold text-stone-700" : labelClass}>
              {label}
            </label>
            <input
              id={id}
              type={field.type}
              placeholder={label}
              autoComplete={field.autoComplete}
              // Required is announced with aria-required rather than `required`: a missing name or role
              // does nothing and says nothing, so the browser's own message must not appear either.
              aria-required={mode === "add" && field.required ? true : undefined}
              aria-invalid={messageId || problem ? true : undefined}
              aria-describedby={[length.describedBy, messageId, noteId].filter(Boolean).join(" ") || undefined}
              // Entering edit mode moves focus into the card, where the Edit button was.
              autoFocus={mode === "edit" && field.key === "name"}
              value={draft[field.key]}
              onChange={(event) => onChange({ ...draft, [field.key]: event.target.value }, field.key)}
              className={cx(inputClass, compact ? "mt-0.5" : "mt-1")}
            />
            {length.said}
            {noteId ? (
              // Always there, so a screen reader hears the note when it comes; empty, it takes no room.
              <p id={noteId} role="status" className="mt-1 text-sm font-medium text-amber-900 empty:sr-only">
                {notes[field.key] ?? null}
              </p>
            ) : null}
            {messageId ? (
              <div id={messageId} role="alert" className="mt-1 space-y-1 text-sm text-red-800">
                <p>
                  {label} holds invisible text-direction characters ({bidiControlsIn(draft[field.key]).join(", ")}
                  ), which can make it read as something else. A contact cannot hold them.
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    onChange({ ...draft, [field.key]: withoutBidiControls(draft[field.key]) }, field.key);
                    // The button goes with them: the focus goes back to the field rather than to the page.
                    document.getElementById(id)?.focus();
                  }}
                >
                  Remove them<span className="sr-only"> from {label}</span>
                </Button>
              </div>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
