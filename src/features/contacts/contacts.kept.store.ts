/**
 * The add form's contact kept in the tab (src/lib/kept-in-tab.ts): a contact half typed on a phone, whose browser
 * drops the tab while the person copies a number from another app, is back as typed after the reload, behind the
 * password as the page is. It goes once the contact is added or the form emptied, and at Sign out.
 */
import { keepInTab, stringsLike, type TabStorage } from "../../lib/kept-in-tab";
import { CONTACT_KEPT_KEY } from "./contacts.kept";
import { CONTACT_FIELDS, emptyDraft, typedDraft, type ContactDraft } from "./contacts";
import type { ContactsStore } from "./contacts.store";

/** Whether something is typed in the add form. */
const isTyped = (draft: ContactDraft) => CONTACT_FIELDS.some((field) => draft[field] !== "");

/** Keeps the add form's contact in the tab (`storage` in a test), and sets it again as kept when there is one. */
export function keepAddDraftInTab(store: Pick<ContactsStore, "$addDraft" | "editAddDraft">, storage?: TabStorage) {
  keepInTab<ContactDraft>(
    { set: store.editAddDraft, listen: (listener) => store.$addDraft.listen(listener) },
    CONTACT_KEPT_KEY,
    (kept) => {
      const draft = stringsLike(kept, emptyDraft);
      return draft && isTyped(draft) ? typedDraft(draft) : undefined;
    },
    (draft) => (isTyped(draft) ? draft : null),
    storage,
  );
}
