/**
 * A card in edit mode: the draft, Save and Cancel. After a save meets someone else's change, their
 * values are shown beside the draft and the user chooses: save mine over theirs, or keep theirs.
 */
import { useStore } from "@nanostores/react";
import { useId } from "react";
import { Button } from "../../components/ui/Button";
import type { Contact } from "./contacts";
import { contactsStore } from "./contacts.store";
import { ConflictNotice } from "./ConflictNotice";
import { ContactCardShell } from "./ContactCardShell";
import { ContactFields } from "./ContactFields";

export function EditContactCard({ contact }: { contact: Contact }) {
  const store = contactsStore();
  const editing = useStore(store.$editing);
  const saving = useStore(store.$saving);
  const idPrefix = useId();
  if (editing?.id !== contact.id) return null;
  const { draft, theirs } = editing;
  const stop = () => store.stopEditing(contact.id);
  return (
    <ContactCardShell label={`Editing ${contact.name}`}>
      {/* Editing has no validation, not even the browser's e-mail check. */}
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          // With someone else's change on screen, only an explicit choice saves (the store ignores Enter).
          void store.save();
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") stop();
        }}
      >
        <ContactFields
          draft={draft}
          onChange={(next) => store.editDraft(contact.id, next)}
          idPrefix={idPrefix}
          mode="edit"
        />
        {theirs ? <ConflictNotice theirs={theirs} draft={draft} /> : null}
        <div className="flex flex-wrap gap-2">
          {theirs ? (
            <>
              <Button disabled={saving} onClick={() => void store.saveOverTheirs()}>
                Save mine over theirs
              </Button>
              <Button variant="secondary" onClick={() => store.keepTheirs(contact.id)}>
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
