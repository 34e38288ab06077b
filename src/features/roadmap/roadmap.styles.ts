/** Class strings the roadmap's pieces share, so its buttons look and focus alike. */
export const secondaryButtonClass =
  "whitespace-nowrap rounded-md border border-stone-500 bg-white px-3 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900";
