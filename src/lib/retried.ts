/**
 * Code fetched when first needed (a dynamic import) whose fetch may fail for a moment: offline, a signal lost on a
 * train. Most browsers keep a module whose fetch failed as failed for as long as the page is open (Safari, Firefox,
 * and Chromium before it took up the HTML standard's change that lets a failed fetch be tried again): an import
 * tried offline would fail again at every later try, the signal back or not. So every dynamic import of the
 * browser's code goes through lazyCode (a lint rule holds that), which asks for code only while the browser says it
 * is online; and what a page keeps of such a fetch is forgotten when it fails (retriedOnFailure), so that the next
 * call asks again rather than failing for as long as the page is open.
 */

/**
 * `load` (a dynamic import) as a function that fetches its code once and gives it from then on, offline too. Until
 * the code has come, a call made while the browser says it is offline fails as a fetch of it would (a TypeError,
 * which the pages say as "No connection") without asking the browser for it, so the browser records no failed
 * fetch and the next call made online fetches it. A fetch that fails is forgotten: the next call asks again, and
 * asks the page's own address first (reachable), since a phone says it is online a moment before its connection
 * carries anything. Call at module level; where its code brings another lazyCode's (a static import), its `load`
 * calls that one too, so that what has come is given offline.
 */
export function lazyCode<T>(load: () => Promise<T>): () => Promise<T> {
  let fetching: Promise<T> | undefined;
  /** Whether a try failed or was refused: the connection is checked before the next. */
  let missed = false;
  const forget = () => {
    fetching = undefined;
    missed = true;
  };
  return () => {
    if (fetching) return fetching;
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      missed = true;
      return Promise.reject(new TypeError("Failed to fetch: offline"));
    }
    return (fetching = retriedOnFailure(missed ? reachable().then(load) : load(), forget));
  };
}

/**
 * Resolves once the page's own address answers (a HEAD request, past every cache), whatever its status; rejects as
 * a failed fetch does otherwise, before any code is asked for. Nothing to check outside a page.
 */
async function reachable(): Promise<void> {
  if (typeof location === "undefined") return;
  await fetch(location.href, { method: "HEAD", cache: "no-store" });
}

/** `loading`, forgotten by `forget` should it fail: the next call loads it afresh. */
export function retriedOnFailure<T>(loading: Promise<T>, forget: () => void): Promise<T> {
  return loading.catch((error: unknown) => {
    forget();
    throw error;
  });
}
