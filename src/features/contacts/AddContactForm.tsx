/**
 * The add form: name and role required, e-mail and phone optional; what was typed stays if the add
 * fails, and while the page is locked (it lives in the store).
 */
import { useStore } from "@nanostores/react";
import { useId } from "react";
import { Button } from "../../components/ui/Button";
import { cardClass, cx } from "../../components/ui/styles";
import { emptyDraft } from "./contacts";
import { contactsStore } from "./contacts.store";
import { addContactFormClass } from "./contacts.styles";
import { ContactFields, focusRefusedField } from "./ContactFields";

export function AddContactForm() {
  const store = contactsStore();
  const adding = useStore(store.$adding);
  const draft = useStore(store.$addDraft);
  const idPrefix = useId();
  return (
    <form
      aria-label="Add contact"
      className={cx(cardClass, addContactFormClass)}
      onSubmit={async (event) => {
        event.preventDefault();
        if (focusRefusedField(idPrefix, draft)) return;
        if (await store.add(draft)) store.editAddDraft(emptyDraft);
      }}
    >
      <ContactFields draft={draft} onChange={store.editAddDraft} idPrefix={idPrefix} mode="add" />
      <Button type="submit" disabled={adding}>
        Add Contact
      </Button>
    </form>
  );
}
