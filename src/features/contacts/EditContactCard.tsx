/**
 * A card in edit mode: the draft, Save and Cancel. A save that meets someone else's change merges
 * with it; where we both changed a field, theirs is shown beside mine and the user chooses for those
 * fields: save mine over theirs, or keep theirs (every other change is saved either way).
 */
import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/Button";
import { changedFields, savedTooLong, updateFromDraft, type Contact, type TooLong } from "./contacts";
import { contactsStore } from "./contacts.store";
import { ConflictNotice } from "./ConflictNotice";
import { ContactCardShell } from "./ContactCardShell";
import { ContactFields, focusRefusedField } from "./ContactFields";

export function EditContactCard({ contact }: { contact: Contact }) {
  const store = contactsStore();
  const editing = useStore(store.$editing);
  const saving = useStore(store.$saving);
  const idPrefix = useId();
  // Said when a save is asked for, each until its field is typed in again: nothing is sent while one is too long.
  const [tooLong, setTooLong] = useState<TooLong>({});
  // Each refusal, for what it says to be said aloud again (ContactFields' announce).
  const [refusals, setRefusals] = useState(0);
  if (editing?.id !== contact.id) return null;
  const { draft, theirs, base, taken } = editing;
  const stop = () => store.stopEditing(contact.id);
  /** Whether what the table refuses is in the card: then it is said under its field, with the focus there. */
  const refused = () => {
    const found = savedTooLong(draft);
    setTooLong(found);
    const refusedHere = focusRefusedField(idPrefix, draft, found);
    if (refusedHere) setRefusals(refusals + 1);
    return refusedHere;
  };
  return (
    <ContactCardShell label={`Editing ${contact.name}`}>
      {/* No validation here, not even the browser's e-mail check: only what the table refuses is named (direction
          characters, a field too long). */}
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          // With someone else's change on screen, only an explicit choice saves (the store ignores Enter).
          if (!refused()) void store.save();
        }}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          // The card's own Escape drops the draft: no toast closes with it.
          event.preventDefault();
          stop();
        }}
      >
        <ContactFields
          draft={draft}
          onChange={(next, field) => {
            setTooLong((said) => ({ ...said, [field]: undefined }));
            store.editDraft(contact.id, next);
          }}
          idPrefix={idPrefix}
          mode="edit"
          tooLong={tooLong}
          announce={refusals}
        />
        {/* Always there, so a screen reader hears the note when it comes; empty, it takes no room. It holds while
            what was typed during a save is still to save, and no one else's change is in question. */}
        <p role="status" className="text-sm font-medium text-amber-900 empty:sr-only">
          {editing.typedWhileSaving && !theirs && changedFields(base, updateFromDraft(draft)).length > 0
            ? "Saved. What you typed while it was saving is not saved yet: Save again to keep it."
            : null}
        </p>
        {theirs ? <ConflictNotice base={base} theirs={theirs} draft={draft} taken={taken} /> : null}
        <div className="flex flex-wrap gap-2">
          {theirs ? (
            <>
              <Button
                disabled={saving}
                onClick={() => {
                  if (!refused()) void store.saveOverTheirs();
                }}
              >
                Save mine over theirs
              </Button>
              <Button variant="secondary" disabled={saving} onClick={() => void store.keepTheirs()}>
                Keep theirs
              </Button>
            </>
          ) : (
            <>
              <Button type="submit" disabled={saving}>
                Save
              </Button>
              <Button variant="secondary" onClick={stop}>
                Cancel
              </Button>
            </>
          )}
        </div>
      </form>
    </ContactCardShell>
  );
}
