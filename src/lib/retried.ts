/**
 * Code fetched when first needed (a dynamic import) whose fetch may fail for a moment: offline, a signal lost on a
 * train. What a page keeps of such a fetch is forgotten when it fails, so that the next call fetches it afresh
 * rather than failing again for as long as the page is open.
 */

/** `loading`, forgotten by `forget` should it fail: the next call loads it afresh. */
export function retriedOnFailure<T>(loading: Promise<T>, forget: () => void): Promise<T> {
  return loading.catch((error: unknown) => {
    forget();
    throw error;
  });
}
