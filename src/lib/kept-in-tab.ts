/**
 * What a form holds, kept in the tab's own storage (sessionStorage) as it changes: back after a reload, and after
 * a phone's browser drops a tab left in the background while the person copies an address from another app (it
 * loads the page afresh when they come back). Never in another tab, gone with the tab; where the browser refuses
 * the storage (turned off, full), the form is kept in memory only, as before. Apart from storage.ts (the tools'
 * localStorage), so that no page loads what it does not use.
 */

import type { KEPT_PREFIX } from "./forget-kept-in-tab";

/** The part of the Web Storage API kept forms use: the tab's sessionStorage, or a fake of it. */
export type TabStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A store as keepInTab uses it (a nanostores atom). */
type Kept<T> = { set: (value: T) => void; listen: (listener: (value: T) => void) => unknown };

/** The tab's own storage, looked up on every call (in some browsers the lookup already throws when it is off). */
const tabStorage: TabStorage = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => window.sessionStorage.setItem(key, value),
  removeItem: (key) => window.sessionStorage.removeItem(key),
};

/** The key of a form kept in the tab: every one starts alike, so Sign out can forget them all (forget-kept-in-tab.ts). */
export type KeptKey = `${typeof KEPT_PREFIX}${string}`;

/**
 * Keeps what `store` holds under `key`, as it changes. What was kept, if `read` makes a value of it, is set now;
 * `read` gives undefined for what no value of the store could be (kept by an older version of the page, or edited
 * by hand), which is dropped. `write` says what is kept of a value: null or undefined for nothing (a form emptied,
 * or saved).
 */
export function keepInTab<T>(
  store: Kept<T>,
  key: KeptKey,
  read: (kept: unknown) => T | undefined,
  write: (value: T) => unknown = (value) => value,
  storage: TabStorage = tabStorage,
): void {
  const kept = attempt(() => storage.getItem(key)) ?? null;
  const value = kept === null ? undefined : read(attempt(() => JSON.parse(kept)));
  if (value !== undefined) store.set(value);
  else if (kept !== null) attempt(() => storage.removeItem(key));
  store.listen((next) => {
    const written = write(next);
    const stored =
      written !== null && written !== undefined && attempt(() => storage.setItem(key, JSON.stringify(written)) ?? true);
    // Refused (full): what was kept before goes, no longer what is typed; the form stays in memory.
    if (!stored) attempt(() => storage.removeItem(key));
  });
}

/** Whether something is kept under `key` (`storage` in a test); false where the browser refuses the storage. */
export function isKeptInTab(key: KeptKey, storage: Pick<TabStorage, "getItem"> = tabStorage): boolean {
  return (attempt(() => storage.getItem(key)) ?? null) !== null;
}

/** Forgets what is kept under each of `keys` (by an earlier version of the page, say); nothing where it is refused. */
export function dropFromTab(keys: readonly string[], storage: TabStorage = tabStorage): void {
  for (const key of keys) attempt(() => storage.removeItem(key));
}

/** What `use` gives, or undefined when it throws (the browser refusing the storage, text that is not JSON). */
function attempt<R>(use: () => R): R | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}

/** What was kept, as an object of named parts (JSON's object), or undefined for anything else (an array, a string, null). */
export function keptRecord(found: unknown): Record<string, unknown> | undefined {
  return typeof found === "object" && found !== null && !Array.isArray(found)
    ? (found as Record<string, unknown>)
    : undefined;
}

/** `found` as an object of strings with the keys of `blank`, each missing one as in `blank`; or undefined. */
export function stringsLike<T extends Record<string, string>>(found: unknown, blank: T): T | undefined {
  const record = keptRecord(found);
  if (!record) return undefined;
  const fields = Object.entries(record);
  if (fields.some(([name, value]) => !Object.hasOwn(blank, name) || typeof value !== "string")) return undefined;
  return { ...blank, ...Object.fromEntries(fields) };
}

/**
 * The last `most` of `entries` as one object, or undefined when there is none: what the tab keeps of a set of forms
 * (a handful is typed at a time; the latest begun, when more are).
 */
export function latestKept<T>(entries: readonly (readonly [string, T])[], most: number): Record<string, T> | undefined {
  return entries.length > 0 ? Object.fromEntries(entries.slice(-most)) : undefined;
}
