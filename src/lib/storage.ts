/**
 * Safe localStorage access for islands and stores: never throws (private mode,
 * quota, disabled storage), so a tool keeps working when the browser refuses.
 * Each helper takes the storage as an argument (the page's by default), so a
 * store can be handed a fake in tests.
 */

/** The part of the Web Storage API the tools use: localStorage, or a fake of it. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/**
 * The page's localStorage, looked up on every call: in some browsers looking it
 * up already throws when storage is off, and this way the caller's try/catch
 * catches that too.
 */
export const browserStorage: KeyValueStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
  removeItem: (key) => window.localStorage.removeItem(key),
  key: (index) => window.localStorage.key(index),
  get length() {
    return window.localStorage.length;
  },
};

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
