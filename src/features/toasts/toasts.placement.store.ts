/**
 * Keeps the toasts clear of every control a person could use and of what they are working on:
 * follows the last control they focused or pressed (outside the toasts), and whenever toasts come
 * and go, the page scrolls or the window changes size, measures the stack, the visible controls and
 * that control's form or card, and picks the place (toasts.placement.ts). The window, the toaster's
 * element and the frame scheduler are handed in.
 */
import { atom, type ReadableAtom } from "nanostores";
import { choosePlacement, DEFAULT_PLACEMENT, stackExtent, type Placement, type Rect } from "./toasts.placement";

/** What a control's work belongs to: its form, its card, its table row, its group, the month it is a day of. */
const WORK_AREA = "form, article, tr, [role=group], [role=grid], [role=dialog]";
/** Whatever a person can press, type in or reach with Tab. */
const CONTROLS =
  "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1']), [contenteditable=true]";

export type ToastPlacementEnvironment = {
  window: Window;
  /** Runs a measurement in the next frame, after the layout the change caused. */
  requestFrame?: (run: () => void) => unknown;
};

const toRect = (element: Element): Rect => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};
const hasArea = (rect: Rect) => rect.right > rect.left && rect.bottom > rect.top;
/** Drawn and seen: not hidden, transparent or clipped away (a skip link until it is focused). */
const isSeen = (element: Element) =>
  element.checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) !== false &&
  !element.closest(".sr-only:not(:focus)");

export function createToastPlacement({
  window,
  requestFrame = (run) => window.requestAnimationFrame(run),
}: ToastPlacementEnvironment) {
  const $placement = atom<Placement>(DEFAULT_PLACEMENT);
  /** The toaster's own element: its toasts are measured, and controls inside it are not the page's. */
  let host: Element | null = null;
  /** The control last focused or pressed. */
  let working: Element | null = null;
  let scheduled = false;

  /** The control in use (the one last touched, or else the focused one, once it has gone) and its form or card. */
  function inUse() {
    const focused = window.document.activeElement;
    const control = working?.isConnected ? working : focused !== window.document.body ? focused : null;
    if (!control || host?.contains(control)) return undefined;
    return { control: toRect(control), area: toRect(control.closest(WORK_AREA) ?? control) };
  }

  function controls(): Rect[] {
    const all = [...window.document.querySelectorAll(CONTROLS)].filter((element) => !host?.contains(element));
    return all.filter(isSeen).map(toRect).filter(hasArea);
  }

  function measure() {
    scheduled = false;
    const cards = [...(host?.querySelectorAll("[data-toast-visible]") ?? [])].map(toRect).filter(hasArea);
    const stack = stackExtent(cards);
    // With no toast on screen the place stays as it was, so the next one does not jump.
    if (!stack) return;
    const { clientWidth: width, clientHeight: height } = window.document.documentElement;
    const surroundings = { controls: controls(), inUse: inUse() };
    $placement.set(choosePlacement(stack, { width, height }, surroundings, $placement.get()));
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
