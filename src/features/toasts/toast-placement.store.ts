/**
 * Keeps the toasts clear of what the person is working on: follows the last control they focused
 * or pressed (outside the toasts), and whenever toasts come and go, the page scrolls or the window
 * changes size, measures the stack and that control's form or card and picks the edge
 * (toast-placement.ts). The window, the toaster's element and the frame scheduler are handed in.
 */
import { atom, type ReadableAtom } from "nanostores";
import { choosePlacement, stackExtent, type Placement, type Rect } from "./toast-placement";

/** What a control's work belongs to: its form, its card, its table row, its group, the month it is a day of. */
const WORK_AREA = "form, article, tr, [role=group], [role=grid], [role=dialog]";
/** The controls of that work, which the stack should leave clear when it cannot miss all of it. */
const CONTROLS = "a[href], button, input, select, textarea";

export type ToastPlacementEnvironment = {
  window: Window;
  /** Runs a measurement in the next frame, after the layout the change caused. */
  requestFrame?: (run: () => void) => unknown;
};

const toRect = (element: Element): Rect => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};
const onScreen = (rect: Rect) => rect.right > rect.left && rect.bottom > rect.top;

export function createToastPlacement({
  window,
  requestFrame = (run) => window.requestAnimationFrame(run),
}: ToastPlacementEnvironment) {
  const $placement = atom<Placement>("bottom");
  /** The toaster's own element: its toasts are measured, and work inside it is not the page's. */
  let host: Element | null = null;
  /** The control last focused or pressed. */
  let working: Element | null = null;
  let scheduled = false;

  /** What must stay clear, most wanted first: the work area, then its controls, then the control itself. */
  function toAvoid(): Rect[][] {
    if (!working?.isConnected) return [];
    const area = working.closest(WORK_AREA) ?? working;
    const controls = [...area.querySelectorAll(CONTROLS)].map(toRect).filter(onScreen);
    const control = toRect(working);
    return [[toRect(area)], [...controls, control], [control]];
  }

  function measure() {
    scheduled = false;
    const cards = [...(host?.querySelectorAll("[data-toast-visible]") ?? [])].map(toRect).filter(onScreen);
    const stack = stackExtent(cards);
    // With no toast on screen the edge stays as it was, so the next one does not jump.
    if (stack) $placement.set(choosePlacement(stack, window.innerHeight, toAvoid()));
  }

  /** Measures again in the next frame (once, however often it is asked meanwhile). */
  function update() {
    if (scheduled) return;
    scheduled = true;
    requestFrame(measure);
  }

  function follow(event: Event) {
    const target = event.target as Node | null;
    if (!target || target.nodeType !== 1 || host?.contains(target)) return;
    working = target as Element;
    update();
  }

  /** Starts following the page, with the toasts inside `toaster`; returns what stops it. */
  function start(toaster: Element): () => void {
    host = toaster;
    const { document } = window;
    const options: AddEventListenerOptions = { capture: true, passive: true };
    document.addEventListener("focusin", follow, options);
    document.addEventListener("pointerdown", follow, options);
    window.addEventListener("scroll", update, options);
    window.addEventListener("resize", update, options);
    return () => {
      document.removeEventListener("focusin", follow, options);
      document.removeEventListener("pointerdown", follow, options);
      window.removeEventListener("scroll", update, options);
      window.removeEventListener("resize", update, options);
    };
  }

  return { $placement: $placement as ReadableAtom<Placement>, start, update };
}
