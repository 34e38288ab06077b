/**
 * Forgetting every form kept in the tab (src/lib/kept-in-tab.ts) at once, as Sign out does: apart from it, so that
 * a page which keeps a form before its sign-in does not load this too.
 */

/** How every key kept in the tab starts (kept-in-tab.ts holds its keys to it), so all of them can be forgotten. */
export const KEPT_PREFIX = "stagedoor.";

/** The tab's storage as forgetKeptInTab goes through it: the tab's sessionStorage, or a fake of it. */
export type ListedTabStorage = Pick<Storage, "key" | "removeItem" | "length">;

/**
 * Forgets every form kept in the tab (`storage` in a test), those of pages the tab has not loaded since too, and
 * nothing else it holds. Nothing where the browser refuses the storage (nothing is kept there either).
 */
export function forgetKeptInTab(storage?: ListedTabStorage): void {
  try {
    const tab = storage ?? window.sessionStorage;
    const keys = Array.from({ length: tab.length }, (_, index) => tab.key(index));
    for (const key of keys) if (key?.startsWith(KEPT_PREFIX)) tab.removeItem(key);
  } catch {
    // The storage is off: there is nothing kept to forget.
  }
}
