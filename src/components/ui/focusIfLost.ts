/**
 * Where the focus goes once a change a person asked for is answered, in the team's tools: the button pressed may be
 * gone (an answer's question closes) or off by then (a Restore with nothing left to restore), and the focus with it.
 */

/**
 * Focuses `element` when the focus is nowhere (the button pressed is gone: an answer's question closes) or still on
 * `pressed`; focus a person moved elsewhere meanwhile stays put.
 */
export function focusIfLost(element: HTMLElement | null | undefined, pressed?: Element) {
  const focused = document.activeElement;
  if (focused === null || focused === document.body || focused === pressed) element?.focus();
}
