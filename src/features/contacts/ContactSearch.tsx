/** The search bar above the cards: the box (Escape clears it), the live count and "Download all shown". */
import { useStore } from "@nanostores/react";
import { Button } from "../../components/ui/Button";
import { cx, inputClass, labelClass } from "../../components/ui/styles";
import type { Contact } from "./contacts";
import { contactCount } from "./contacts.search";
import { contactsStore } from "./contacts.store";

export function ContactSearch({
  id,
  shown,
  total,
  searching,
}: {
  /** The box's id, which the list uses to give focus back to it. */
  id: string;
  shown: readonly Contact[];
  total: number;
  searching: boolean;
}) {
  const store = contactsStore();
  const query = useStore(store.$query);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="sm:w-96">
        <label htmlFor={id} className={labelClass}>
          Search contacts
        </label>
        <input
          id={id}
          type="search"
          placeholder="Name, role, email or phone"
          autoComplete="off"
          // Longer than any field, so any value can be pasted, short enough to stay quick.
          maxLength={400}
          value={query}
          onChange={(event) => store.setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Escape clears what was typed, and only that: no toast closes with it. In an empty box it is the toasts'.
            if (event.key !== "Escape" || query === "") return;
            event.preventDefault();
            store.setQuery("");
          }}
          className={cx(inputClass, "mt-1")}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {/* Announced politely as the list narrows, and visible to everyone. */}
        <p role="status" aria-atomic="true" className="text-sm text-stone-700">
          {contactCount(shown.length, total, searching)}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={shown.length === 0}
          onClick={() => void store.downloadVCards(shown)}
        >
          Download all shown ({shown.length})
        </Button>
      </div>
    </div>
  );
}
