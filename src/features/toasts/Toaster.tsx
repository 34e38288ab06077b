/** Renders the shared toast queue with react-hot-toast (hydrated on idle). */
import { useStore } from "@nanostores/react";
import { createContext, useCallback, useContext, useEffect, useRef } from "react";
import toast, { Toaster as HotToaster, useToaster, useToasterStore } from "react-hot-toast";
import { buttonClass, cx, focusRingOnDark } from "../../components/ui/styles";
import { useEscapeCloses } from "./useEscapeCloses";
import { useToastPlacement } from "./useToastPlacement";
import { $toasts, ACTION_TOAST_DURATION_MS, dequeueToast, TOAST_DURATION_MS, type ToastMessage } from "./toasts.store";

/**
 * Whether the pointer is over the toasts, which holds them all (react-hot-toast's pausedAt). Read once by
 * the Toaster and handed down: react-hot-toast 2.6's useToasterStore() unsubscribes the toaster's first
 * listener when any component using it unmounts, so a card calling it would take the Toaster's own
 * listener with it when it closed, and no later toast would show.
 */
const PausedContext = createContext(false);

/** Shows (or updates) a toast; `duration` Infinity holds it until shown again with a finite one. */
function present(message: ToastMessage, duration = message.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS) {
  toast.custom((t) => <ToastCard message={message} id={t.id} visible={t.visible} />, { id: message.id, duration });
}

type HoldReason = "focus" | "pointer";

/**
 * Tells the toast's action what holds it open, once each way per reason: focus inside it, and
 * the pointer over the toasts (react-hot-toast then holds them all). All is let go when the
 * toast goes. Returns the setter for focus.
 */
function useHolds(message: ToastMessage, pointerOver: boolean) {
  const held = useRef(new Set<HoldReason>());
  const hold = useCallback(
    (reason: HoldReason, on: boolean) => {
      if (held.current.has(reason) === on) return;
      if (on) held.current.add(reason);
      else held.current.delete(reason);
      message.action?.onHold?.(on);
    },
    [message],
  );
  useEffect(() => hold("pointer", pointerOver), [hold, pointerOver]);
  useEffect(() => {
    const reasons = held.current;
    return () => reasons.forEach((reason) => hold(reason, false));
  }, [hold]);
  return (on: boolean) => hold("focus", on);
}

const actionButtonClass = {
  default: buttonClass({ variant: "secondary", size: "sm" }),
  destructive: cx(
    "inline-flex items-center rounded-md border border-white px-3 py-1.5 text-sm font-semibold hover:bg-red-800",
    focusRingOnDark,
  ),
};

function ToastCard({ message, id, visible }: { message: ToastMessage; id: string; visible: boolean }) {
  const destructive = message.variant === "destructive";
  // Once its button is pressed the toast is closing: losing focus must not bring it back.
  const closing = useRef(false);
  const paused = useContext(PausedContext);
  const holdByFocus = useHolds(message, visible && paused);
  const { action } = message;
  return (
    // A tap or click on a toast closes it (its button does its own work first); Escape closes one from the keyboard.
    <div
      onClick={(event) => {
        if ((event.target as Element).closest("button")) return;
        closing.current = true;
        toast.dismiss(id);
      }}
      // On a phone the width of the screen, 16 px in from each side; from the small breakpoint up, 320 px at the right.
      // Fading out, it no longer takes the presses meant for what is under it.
      className={`w-full cursor-pointer rounded-md border p-4 shadow-lg transition-opacity sm:w-80 ${
        visible ? "pointer-events-auto opacity-100" : "pointer-events-none opacity-0"
      } ${destructive ? "border-red-700 bg-red-700 text-white" : "border-stone-200 bg-white text-stone-900"}`}
      data-variant={message.variant}
      // Measured by the placement (toasts.placement.store.ts) while on screen.
      data-toast-visible={visible ? "" : undefined}
      // react-hot-toast applies ariaProps only to its own ToastBar, not to custom toasts, so the card announces itself.
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      // The pointer over the toasts already holds them (react-hot-toast); focus inside one holds it too.
      onFocus={() => {
        present(message, Infinity);
        holdByFocus(true);
      }}
      onBlur={(event) => {
        if (closing.current || event.currentTarget.contains(event.relatedTarget)) return;
        present(message);
        holdByFocus(false);
      }}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
          <p className="text-sm font-semibold">{message.title}</p>
          {message.description ? <p className="mt-1 text-sm opacity-90">{message.description}</p> : null}
        </div>
        {action ? (
          <button
            type="button"
            onClick={() => {
              closing.current = true;
              toast.dismiss(id);
              action.onClick();
            }}
            className={cx("shrink-0", actionButtonClass[message.variant])}
          >
            {action.label}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function Toaster() {
  const queue = useStore($toasts);
  const { pausedAt, toasts } = useToasterStore();
  const { endPause } = useToaster().handlers;
  const { host, place } = useToastPlacement(toasts);

  // A toast closed under the pointer (its action pressed) never sees the pointer leave: once no toast
  // is left, nothing holds the next ones open.
  useEffect(() => {
    if (pausedAt !== undefined && toasts.length === 0) endPause();
  }, [pausedAt, toasts.length, endPause]);

  useEscapeCloses(toasts);

  useEffect(() => {
    for (const message of queue) {
      present(message);
      dequeueToast(message.id);
    }
  }, [queue]);

  return (
    <PausedContext.Provider value={pausedAt !== undefined}>
      <div ref={host}>
        <HotToaster
          position={place.position}
          containerStyle={place.position.startsWith("top") ? { top: place.inset } : { bottom: place.inset }}
        />
      </div>
    </PausedContext.Provider>
  );
}
