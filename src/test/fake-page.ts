/** Stand-ins for the document's visibility and the window's network events, for the team stores' tests. */

/** A stand-in for the document: visible unless the test hides it. */
export function fakePage() {
  const target = new EventTarget();
  const page = {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: (type: string, listener: () => void) => target.addEventListener(type, listener),
    removeEventListener: (type: string, listener: () => void) => target.removeEventListener(type, listener),
    /** The tab goes to the background or comes back. */
    set(state: DocumentVisibilityState) {
      page.visibilityState = state;
      target.dispatchEvent(new Event("visibilitychange"));
    },
  };
  return page;
}

/** A stand-in for the window's online and offline events. */
export function fakeNetwork() {
  const target = new EventTarget();
  return {
    addEventListener: (type: string, listener: () => void) => target.addEventListener(type, listener),
    removeEventListener: (type: string, listener: () => void) => target.removeEventListener(type, listener),
    /** The network goes ("offline") or comes back ("online"). */
    fire: (type: "online" | "offline") => target.dispatchEvent(new Event(type)),
  };
}
