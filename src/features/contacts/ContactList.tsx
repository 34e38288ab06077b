/**
 * The grid of cards for the search's matches, a page of 100 at a time with "Show more", or the
 * empty state of a search that finds nobody. After Save, Cancel or Keep theirs, keyboard focus
 * goes back to the card's Edit button, or to the search box if the card has left the list.
 */
import { useStore } from "@nanostores/react";
import { memo, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { cx, wrapAnywhere } from "../../components/ui/styles";
import type { Contact } from "./contacts";
import { CONTACTS_FIRST_DRAW, CONTACTS_PAGE_SIZE, noMatchMessage, showMoreLabel } from "./contacts.search";
import { contactsStore } from "./contacts.store";
import { ContactCard } from "./ContactCard";
import { EditContactCard } from "./EditContactCard";

/**
 * How many pages of the matches the list holds, and how many cards are drawn so far. A new search
 * starts again at the first page and draws a screenful first: the rest of the page follows a frame
 * later, as a React transition, so the keystroke's update is never held up by it. (It stays in the
 * island rather than the store: only React state can be drawn as an interruptible transition.)
 */
function usePages(shown: readonly Contact[], searchedFor: string) {
  const [list, setList] = useState({ query: searchedFor, pages: 1, drawn: CONTACTS_FIRST_DRAW });
  if (list.query !== searchedFor) setList({ query: searchedFor, pages: 1, drawn: CONTACTS_FIRST_DRAW });
  const length = list.pages * CONTACTS_PAGE_SIZE;
  useEffect(() => {
    if (list.drawn >= length) return;
    const frame = requestAnimationFrame(() =>
      startTransition(() => setList((current) => ({ ...current, drawn: current.pages * CONTACTS_PAGE_SIZE }))),
    );
    return () => cancelAnimationFrame(frame);
  }, [list.drawn, length]);
  return {
    rendered: shown.slice(0, Math.min(list.drawn, length)),
    notShown: Math.max(0, shown.length - length),
    showMore: () => setList((current) => ({ ...current, pages: current.pages + 1 })),
  };
}

/** Gives focus back when editing ends; returns the ref callback the cards' Edit buttons register with. */
function useReturnFocus(searchId: string) {
  const editingId = useStore(contactsStore().$editingId);
  const wasEditing = useRef<string | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    const was = wasEditing.current;
    wasEditing.current = editingId;
    // Moving on to edit another card focuses that card's form instead.
    if (was === null || editingId !== null) return;
    (editButtons.current.get(was) ?? document.getElementById(searchId))?.focus();
  }, [editingId, searchId]);
  // Stable, so the memoised cards are not redrawn for a new callback.
  const registerEditButton = useCallback((id: string, button: HTMLButtonElement | null) => {
    if (button) editButtons.current.set(id, button);
    else editButtons.current.delete(id);
  }, []);
  return { editingId, registerEditButton };
}

export const ContactList = memo(function ContactList({
  shown,
  searchedFor,
  searching,
  searchId,
}: {
  shown: readonly Contact[];
  /** The search the matches are for (a frame behind the typing). */
  searchedFor: string;
  searching: boolean;
  searchId: string;
}) {
  const store = contactsStore();
  const { rendered, notShown, showMore } = usePages(shown, searchedFor);
  const { editingId, registerEditButton } = useReturnFocus(searchId);
  if (searching && shown.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-stone-300 p-6 text-center">
        <p className={cx("text-stone-700", wrapAnywhere)}>{noMatchMessage(searchedFor)}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => {
            store.setQuery("");
            document.getElementById(searchId)?.focus();
          }}
        >
          Clear search
        </Button>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Contacts">
        {rendered.map((contact) =>
          editingId === contact.id ? (
            <EditContactCard key={contact.id} contact={contact} />
          ) : (
            <ContactCard key={contact.id} contact={contact} registerEditButton={registerEditButton} />
          ),
        )}
      </ul>
      {notShown > 0 ? (
        <Button variant="secondary" onClick={showMore}>
          {showMoreLabel(notShown)}
        </Button>
      ) : null}
    </>
  );
});
