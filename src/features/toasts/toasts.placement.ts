/**
 * Where the toasts stand so that they never cover a control a person could use, nor the form or
 * card they are working in: at the bottom right as a rule; where that band covers a control, at
 * the top right, then in the nearest clear gap down the right side, then the same on the left.
 * When no place is clear, the one that keeps the control in use and its form clear and covers the
 * fewest controls. And how many stand at once. Pure: rectangles in, a place out.
 */

export type Rect = { left: number; top: number; right: number; bottom: number };

/** react-hot-toast's positions the stack can take, and how far in from that position's edge it stands. */
export type Placement = {
  position: "bottom-right" | "top-right" | "bottom-left" | "top-left";
  inset: number;
};

/** The gap between the toasts and the window's edges, and between two toasts (react-hot-toast's). */
const TOAST_INSET_PX = 16;
const TOAST_GUTTER_PX = 8;

export const DEFAULT_PLACEMENT: Placement = { position: "bottom-right", inset: TOAST_INSET_PX };
/** Room left between a toast and a control beside it, so the control's focus ring shows too. */
const CLEARANCE_PX = 4;
/** Toasts on screen at once: a burst of them must not cover the page. */
const VISIBLE_TOASTS_MAX = 3;

export type Stack = { width: number; height: number };
export type Viewport = { width: number; height: number };

/** What the stack must stay clear of: every visible control, and what the person is working in (if anything). */
export type Surroundings = {
  controls: readonly Rect[];
  /** The control last focused or pressed, and its form or card. */
  inUse?: { control: Rect; area: Rect };
};

/** The area the stack covers at a placement. */
export function stackBand(placement: Placement, stack: Stack, viewport: Viewport): Rect {
  const [vertical, side] = placement.position.split("-");
  const top = vertical === "top" ? placement.inset : viewport.height - placement.inset - stack.height;
  const left = side === "left" ? TOAST_INSET_PX : viewport.width - TOAST_INSET_PX - stack.width;
  return { left, right: left + stack.width, top, bottom: top + stack.height };
}

/** Whether two rectangles share any area (touching edges do not count). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

const grown = (rect: Rect, by: number): Rect => ({
  left: rect.left - by,
  top: rect.top - by,
  right: rect.right + by,
  bottom: rect.bottom + by,
});

/**
 * The places worth trying on one side, best first: its bottom edge, its top edge, then every gap
 * just above or below a control, nearest the bottom first (the stack stays where it is shown).
 */
function placesOnSide(side: "right" | "left", stack: Stack, viewport: Viewport, obstacles: readonly Rect[]) {
  const lowest = viewport.height - TOAST_INSET_PX - stack.height;
  const edges: Placement[] = [
    { position: `bottom-${side}`, inset: TOAST_INSET_PX },
    { position: `top-${side}`, inset: TOAST_INSET_PX },
  ];
  if (lowest <= TOAST_INSET_PX) return edges;
  const tops = obstacles
    .flatMap((rect) => [rect.bottom + CLEARANCE_PX, rect.top - CLEARANCE_PX - stack.height])
    .filter((top) => top > TOAST_INSET_PX && top < lowest)
    .sort((a, b) => b - a);
  return [...edges, ...tops.map((top): Placement => ({ position: `top-${side}`, inset: Math.round(top) }))];
}

/**
 * The place for the stack. Best is one that covers no control and nothing in use; the one
 * standing now keeps its place while it is, so the toasts do not wander as the page scrolls.
 * Otherwise, in this order of importance: keep the control in use clear, then its form or card,
 * then cover the fewest controls, then the first place in the order tried.
 */
export function choosePlacement(
  stack: Stack,
  viewport: Viewport,
  { controls, inUse }: Surroundings,
  current: Placement = DEFAULT_PLACEMENT,
): Placement {
  const onScreen = controls.filter((rect) => rect.bottom > 0 && rect.top < viewport.height);
  const obstacles = inUse ? [...onScreen, inUse.control, inUse.area] : onScreen;
  const cost = (placement: Placement) => {
    const band = grown(stackBand(placement, stack, viewport), CLEARANCE_PX);
    const covers = (rect: Rect) => (overlaps(band, rect) ? 1 : 0);
    return [
      inUse ? covers(inUse.control) : 0,
      inUse ? covers(inUse.area) : 0,
      onScreen.reduce((sum, rect) => sum + covers(rect), 0),
    ];
  };
  if (cost(current).every((part) => part === 0)) return current;
  let best = { placement: current, cost: [Infinity] };
  for (const side of ["right", "left"] as const) {
    for (const placement of placesOnSide(side, stack, viewport, obstacles)) {
      const candidate = cost(placement);
      if (isLess(candidate, best.cost)) best = { placement, cost: candidate };
    }
  }
  return best.placement;
}

/** Compares two costs part by part, the first part first. */
function isLess(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const [x, y] = [a[index] ?? 0, b[index] ?? 0];
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * The stack's size from its toasts' own rectangles: its widest toast, and their heights one above
 * the other with the gutter between (where they stand at this moment, perhaps mid-slide, does not
 * matter). Null without a toast on screen.
 */
export function stackExtent(cards: readonly Rect[]): Stack | null {
  if (cards.length === 0) return null;
  return {
    width: Math.max(...cards.map((card) => card.right - card.left)),
    height: cards.reduce((sum, card) => sum + (card.bottom - card.top), 0) + TOAST_GUTTER_PX * (cards.length - 1),
  };
}

/**
 * The toasts to close so that at most `max` stand at once: the oldest first, never one held open
 * by focus inside it (its time stands still), which stays however many there are.
 */
export function toastsOverCap(
  toasts: readonly { id: string; visible: boolean; createdAt: number; held: boolean }[],
  max = VISIBLE_TOASTS_MAX,
): string[] {
  const shown = toasts.filter((toast) => toast.visible);
  const closable = shown.filter((toast) => !toast.held).sort((a, b) => a.createdAt - b.createdAt);
  return closable.slice(0, Math.max(0, shown.length - max)).map((toast) => toast.id);
}
