/**
 * Layout classes the contacts island and the page's static placeholder share, so the
 * placeholder has the tool's shape at every breakpoint and nothing moves when the tool appears.
 * Everything else (buttons, fields, cards, the focus ring) comes from the UI kit.
 */

/** The tool's column: the add form, then the search bar and the cards (or the loading line). */
export const contactsToolClass = "space-y-8";

/** The add form's grid: one field a row on a phone, two on a tablet, all four and the button on one row wide. */
export const addContactFormClass = "grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-5 lg:items-end";

/** "Loading contacts...", in the placeholder and in the tool. */
export const loadingTextClass = "text-stone-700";

/** Small print under the cards' values: history times, "Same as the card now". */
export const noteClass = "text-xs text-stone-700";
