/**
 * Layout classes of the contacts tool, named once. Everything else (buttons, fields, cards, the
 * focus ring) comes from the UI kit.
 */

/** The tool's column: the add form, then the search bar and the cards (or the loading line). */
export const contactsToolClass = "space-y-8";

/** The add form's grid: one field a row on a phone, two on a tablet, all four and the button on one row wide. */
export const addContactFormClass = "grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-5 lg:items-end";

/** "Loading contacts...". */
export const loadingTextClass = "text-stone-700";

/** The line that says an allowance refused adding or changing, and when it works again: plain, not alarming. */
export const allowanceNoticeClass = "rounded-md border border-amber-700 bg-amber-50 p-4 text-stone-900";

/** Small print under the cards' values: history times, "Same as the card now". */
export const noteClass = "text-xs text-stone-700";
