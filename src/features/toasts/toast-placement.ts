/**
 * Where the toasts stand so that they never cover what the person is working on: at the bottom
 * right as a rule, at the top right when the bottom would cover the form or card they are using
 * (a card in the third column being edited, its Save and Cancel). Pure: rectangles in, an edge out.
 */

export type Rect = { left: number; top: number; right: number; bottom: number };

export type Placement = "bottom" | "top";

/** The gap between the toasts and the window's edges, and between two toasts (react-hot-toast's). */
const TOAST_INSET_PX = 16;
const TOAST_GUTTER_PX = 8;

/** The area the stack of toasts covers at one edge: its width and height as they are now, against that edge. */
export function stackBand(
  placement: Placement,
  stack: { left: number; right: number; height: number },
  viewportHeight: number,
): Rect {
  const top = placement === "top" ? TOAST_INSET_PX : viewportHeight - TOAST_INSET_PX - stack.height;
  return { left: stack.left, right: stack.right, top, bottom: top + stack.height };
}

/** Whether two rectangles share any area (touching edges do not count). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The edge for the stack. `avoid` lists what must stay clear, most wanted first: typically the
 * form or card in use, then its controls, then the control last touched. The first edge, bottom
 * before top, that keeps the most wanted level clear wins; when neither keeps any level clear,
 * the stack stays at the bottom.
 */
export function choosePlacement(
  stack: { left: number; right: number; height: number },
  viewportHeight: number,
  avoid: readonly (readonly Rect[])[],
): Placement {
  const edges: Placement[] = ["bottom", "top"];
  for (const level of avoid) {
    const clear = edges.find((edge) => {
      const band = stackBand(edge, stack, viewportHeight);
      return !level.some((rect) => overlaps(band, rect));
    });
    if (clear) return clear;
  }
  return "bottom";
}

/**
 * The stack's extent from its toasts' own rectangles: their widest left and right, and their
 * heights one above the other with the gutter between (where they stand at this moment, perhaps
 * mid-slide, does not matter). Null without a toast on screen.
 */
export function stackExtent(cards: readonly Rect[]): { left: number; right: number; height: number } | null {
  if (cards.length === 0) return null;
  return {
    left: Math.min(...cards.map((card) => card.left)),
    right: Math.max(...cards.map((card) => card.right)),
    height: cards.reduce((sum, card) => sum + (card.bottom - card.top), 0) + TOAST_GUTTER_PX * (cards.length - 1),
  };
}
