/**
 * The add form: name and role required, e-mail and phone optional; what was typed stays if the add
 * fails, and while the page is locked (it lives in the store). A field too long is said under it when the form is
 * sent, and nothing is added (ContactFields.tsx).
 */
import { useStore } from "@nanostores/react";
import { useId, useMemo, useState } from "react";
import { Button } from "../../components/ui/Button";
import { cardClass, cx } from "../../components/ui/styles";
import { addedTooLong, emptyDraft, type Contact, type TooLong } from "./contacts";
import { namedAlike } from "./contacts.search";
import { contactsStore } from "./contacts.store";
import { addContactFormClass } from "./contacts.styles";
import { ContactFields, focusRefusedField } from "./ContactFields";

/** What the form says of the contacts already named as typed. */
function alreadyHere(alike: readonly Contact[]): string {
  const [first] = alike;
  const who = alike.length === 1 ? `${first.name} (${first.role})` : `${alike.length} contacts named ${first.name}`;
  return `Already in the directory: ${who}. Add Contact makes another card.`;
}

export function AddContactForm() {
  const store = contactsStore();
  const adding = useStore(store.$adding);
  const draft = useStore(store.$addDraft);
  const index = useStore(store.$index);
  const idPrefix = useId();
  // A contact cannot be deleted: a second card for someone already here is said before it is made.
  const alike = useMemo(() => namedAlike(index, draft.name), [index, draft.name]);
  // Said when the form is sent, each until its field is typed in again: nothing is added while one is too long.
  const [tooLong, setTooLong] = useState<TooLong>({});
  // Each refusal, for what it says to be said aloud again (ContactFields' announce).
  const [refusals, setRefusals] = useState(0);
  return (
    <form
      aria-label="Add contact"
      className={cx(cardClass, addContactFormClass)}
      onSubmit={async (event) => {
        event.preventDefault();
        // One add at a time; the button stays focusable meanwhile (aria-disabled), so the focus stays on it rather
        // than falling to the page, ready for the next contact.
        if (adding) return;
        const found = addedTooLong(draft);
        setTooLong(found);
        if (focusRefusedField(idPrefix, draft, found)) {
          setRefusals(refusals + 1);
          return;
        }
        if (await store.add(draft)) store.editAddDraft(emptyDraft);
      }}
    >
      <ContactFields
        draft={draft}
        onChange={(next, field) => {
          setTooLong((said) => ({ ...said, [field]: undefined }));
          store.editAddDraft(next);
        }}
        idPrefix={idPrefix}
        mode="add"
        notes={{ name: alike.length > 0 ? alreadyHere(alike) : null }}
        tooLong={tooLong}
        announce={refusals}
      />
      <Button type="submit" aria-disabled={adding}>
        Add Contact
      </Button>
    </form>
  );
}
