/** The add form: name and role required, e-mail and phone optional; what was typed stays if the add fails. */
import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/Button";
import { cardClass, cx } from "../../components/ui/styles";
import { emptyDraft, type ContactDraft } from "./contacts";
import { contactsStore } from "./contacts.store";
import { addContactFormClass } from "./contacts.styles";
import { ContactFields, focusRefusedField } from "./ContactFields";

export function AddContactForm() {
  const store = contactsStore();
  const adding = useStore(store.$adding);
  const [draft, setDraft] = useState<ContactDraft>(emptyDraft);
  const idPrefix = useId();
  return (
    <form
      aria-label="Add contact"
      className={cx(cardClass, addContactFormClass)}
      onSubmit={async (event) => {
        event.preventDefault();
        if (focusRefusedField(idPrefix, draft)) return;
        if (await store.add(draft)) setDraft(emptyDraft);
      }}
    >
      <ContactFields draft={draft} onChange={setDraft} idPrefix={idPrefix} mode="add" />
      <Button type="submit" disabled={adding}>
        Add Contact
      </Button>
    </form>
  );
}
