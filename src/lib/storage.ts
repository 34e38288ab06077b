/**
 * Safe localStorage and sessionStorage access for islands and stores: never throws (private mode,
 * quota, disabled storage), so a tool keeps working when the browser refuses.
 * Each helper takes the storage as an argument (the page's by default), so a
 * store can be handed a fake in tests.
 */
import type { WritableAtom } from "nanostores";

/** The part of the Web Storage API the tools use: localStorage, or a fake of it. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/**
 * The page's `name` storage, looked up on every call: in some browsers looking it up already throws when storage
 * is off, and this way the caller's try/catch catches that too.
 */
const pageStorage = (name: "localStorage" | "sessionStorage"): KeyValueStorage => ({
  getItem: (key) => window[name].getItem(key),
  setItem: (key, value) => window[name].setItem(key, value),
  removeItem: (key) => window[name].removeItem(key),
  key: (index) => window[name].key(index),
  get length() {
    return window[name].length;
  },
});

/** The page's localStorage. */
export const browserStorage = pageStorage("localStorage");

/** The tab's own sessionStorage. */
const tabStorage = pageStorage("sessionStorage");

export function readStorage(key: string, storage: Pick<KeyValueStorage, "getItem"> = browserStorage): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Returns false when the browser refused to store the value. */
export function writeStorage(
  key: string,
  value: string,
  storage: Pick<KeyValueStorage, "setItem"> = browserStorage,
): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(key: string, storage: Pick<KeyValueStorage, "removeItem"> = browserStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing to do: the value stays where it is
  }
}

/** Every key this site has in the storage; none when storage is refused. */
export function storageKeys(storage: KeyValueStorage = browserStorage): string[] {
  try {
    return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null,
    );
  } catch {
    return [];
  }
}

/**
 * Keeps what a form's `store` holds in the tab's own storage under `key`, as it changes: back after a reload, and
 * after a phone's browser drops a tab left in the background while the person copies an address from another app
 * (it loads the page afresh when they come back). Never in another tab, gone with the tab; where the browser
 * refuses the storage (turned off, full), the form is kept in memory only, as before.
 *
 * What was kept, if `read` makes a value of it, is set now; `read` gives undefined for what no value of the store
 * could be (kept by an older version of the page, or edited by hand), which is dropped. `write` says what is kept
 * of a value: null or undefined for nothing (a form emptied, or saved).
 */
export function keepInTab<T>(
  store: WritableAtom<T>,
  key: string,
  read: (kept: unknown) => T | undefined,
  write: (value: T) => unknown = (value) => value,
  storage: Pick<KeyValueStorage, "getItem" | "setItem" | "removeItem"> = tabStorage,
): void {
  const kept = readStorage(key, storage);
  const value = kept === null ? undefined : read(parsed(kept));
  if (value !== undefined) store.set(value);
  else if (kept !== null) removeStorage(key, storage);
  store.listen((next) => {
    const written = write(next);
    // Refused (full): what was kept before goes, no longer what is typed; the form stays in memory.
    if (written === null || written === undefined || !writeStorage(key, JSON.stringify(written), storage)) {
      removeStorage(key, storage);
    }
  });
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `found` as an object of strings with the keys of `blank`, each missing one as in `blank`; or undefined. */
export function stringsLike<T extends Record<string, string>>(found: unknown, blank: T): T | undefined {
  if (typeof found !== "object" || found === null || Array.isArray(found)) return undefined;
  const fields = Object.entries(found);
  if (fields.some(([name, value]) => !Object.hasOwn(blank, name) || typeof value !== "string")) return undefined;
  return { ...blank, ...Object.fromEntries(fields) };
}
