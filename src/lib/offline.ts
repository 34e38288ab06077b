/**
 * Whether the browser knows it has no network at all (airplane mode, no signal, a cable out): then a read can
 * only fail, after the client's own tries again (a second, two, four). A flaky connection still says it is online,
 * and so does a page outside a browser.
 */
export const knownOffline = (): boolean => typeof navigator !== "undefined" && navigator.onLine === false;
