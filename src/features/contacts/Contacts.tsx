/**
 * The shared contacts directory: the add form, then, once loaded, the search bar and the cards.
 * The store (contacts.store.ts) does the work: the legacy migration, the load, adding, editing
 * without overwriting anyone unseen, each card's history. This island subscribes and renders.
 */
import { useStore } from "@nanostores/react";
import { useDeferredValue, useEffect, useId, useMemo } from "react";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { AddContactForm } from "./AddContactForm";
import { ContactList } from "./ContactList";
import { searchContacts, searchText } from "./contacts.search";
import { contactsStore } from "./contacts.store";
import { contactsToolClass, loadingTextClass } from "./contacts.styles";
import { ContactSearch } from "./ContactSearch";

function ContactsTool() {
  const store = contactsStore();
  const loading = useStore(store.$loading);
  const index = useStore(store.$index);
  const query = useStore(store.$query);
  const searchId = useId();
  // The list follows the typing a frame behind, so a keystroke in the box is never held up by thousands of cards.
  const searchedFor = useDeferredValue(query);
  const shown = useMemo(() => searchContacts(index, searchedFor), [index, searchedFor]);
  const searching = searchText(searchedFor) !== "";

  useEffect(() => {
    void store.start();
  }, [store]);

  return (
    <div className={contactsToolClass}>
      <AddContactForm />
      {loading ? (
        <p role="status" className={loadingTextClass}>
          Loading contacts...
        </p>
      ) : (
        <>
          <ContactSearch id={searchId} shown={shown} total={index.length} searching={searching} />
          <ContactList shown={shown} searchedFor={searchedFor} searching={searching} searchId={searchId} />
        </>
      )}
    </div>
  );
}

export function Contacts() {
  return (
    <ErrorBoundary>
      <ContactsTool />
    </ErrorBoundary>
  );
}
