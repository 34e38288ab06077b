/**
 * The contacts directory once the team has signed in: the add form, a line when an allowance refuses
 * adding or changing, then, once loaded, the search bar and the cards. The store
 * (contacts.store.ts) does the work: the legacy migration, the load, adding, editing without
 * overwriting anyone unseen, each card's history. This component subscribes and renders.
 */
import { useStore } from "@nanostores/react";
import { useDeferredValue, useEffect, useId, useMemo } from "react";
import { SignOut } from "../team/SignOut";
import { AddContactForm } from "./AddContactForm";
import { ContactList } from "./ContactList";
import { searchContacts, searchText } from "./contacts.search";
import { contactsStore } from "./contacts.store";
import { allowanceNoticeClass, contactsToolClass, loadingTextClass } from "./contacts.styles";
import { ContactSearch } from "./ContactSearch";

export function ContactsTool() {
  const store = contactsStore();
  const loading = useStore(store.$loading);
  const index = useStore(store.$index);
  const query = useStore(store.$query);
  const allowance = useStore(store.$allowance);
  const searchId = useId();
  // The list follows the typing a frame behind, so a keystroke in the box is never held up by thousands of cards.
  const searchedFor = useDeferredValue(query);
  const shown = useMemo(() => searchContacts(index, searchedFor), [index, searchedFor]);
  const searching = searchText(searchedFor) !== "";

  // Shown after a sign-in: the first load, and the session checked until the page locks (which unmounts this).
  useEffect(() => store.open(), [store]);

  return (
    <>
      <SignOut />
      <div className={contactsToolClass}>
        <AddContactForm />
        {/* A live region from the start, so the line is read out when an allowance refuses a change. */}
        <p role="status" className={allowance ? allowanceNoticeClass : "sr-only"}>
          {allowance?.text}
        </p>
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
    </>
  );
}
