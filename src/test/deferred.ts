/**
 * Promises a test settles itself: a reply held back until the test says, and a pause that lets every
 * promise already due run.
 */

/** A promise and the functions that settle it, for holding a reply back until the test says. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((settleWith, failWith) => {
    resolve = settleWith;
    reject = failWith;
  });
  return { promise, resolve, reject };
}

/** Lets every promise and I/O callback already due run (fake timers leave setImmediate real). */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
