/** Tailwind classes the calendar's forms share. */
export const primaryButtonClass =
  "rounded-md bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-disabled:opacity-60";

export const inputClass =
  "mt-1 w-full rounded-md border border-stone-500 px-3 py-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-stone-900";

/**
 * The password gate's box. The page's static placeholder uses it too, and the
 * fixed minimum height (taller than the gate's content) keeps both exactly the
 * same size, so nothing moves when the island mounts.
 */
export const gateBoxClass = "mx-auto min-h-[14rem] max-w-sm rounded-lg border border-stone-200 bg-white shadow-sm";

export const secondaryButtonClass =
  "rounded-md border border-stone-500 bg-white px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";
