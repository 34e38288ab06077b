/**
 * The one stand-in for the browser's localStorage in unit tests: it keeps what it is given, in memory,
 * or refuses as a real one does when the test says so.
 */
import type { KeyValueStorage } from "../lib/storage";

/**
 * A localStorage holding `initial`. Set `refuse` to make it fail as browsers do: "full" and "off" make
 * writes throw (a quota error, a security error), "unreadable" makes reads throw too.
 */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage = {
    refuse: null as "full" | "off" | "unreadable" | null,
    /** How many writes were tried, refused ones included. */
    writes: 0,
    getItem(key: string) {
      if (storage.refuse === "unreadable") throw new DOMException("Access is denied.", "SecurityError");
      return items.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      storage.writes += 1;
      if (storage.refuse === "full")
        throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, "QuotaExceededError");
      if (storage.refuse !== null) throw new DOMException("Access is denied for this document.", "SecurityError");
      items.set(key, value);
    },
    removeItem(key: string) {
      items.delete(key);
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    /** What is stored under `key`, read whatever `refuse` says (null: nothing). */
    raw: (key: string) => items.get(key) ?? null,
  };
  return storage satisfies KeyValueStorage;
}
