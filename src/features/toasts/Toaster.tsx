/** Renders the shared toast queue with react-hot-toast (hydrated on idle). */
import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import toast, { Toaster as HotToaster } from "react-hot-toast";
import { $toasts, dequeueToast, type ToastMessage } from "./toasts.store";

const DURATION_MS = 5000;
/** A toast with a button stays longer, so there is time to reach the button from the keyboard too. */
const ACTION_DURATION_MS = 10_000;

/** Shows (or updates) a toast; `duration` Infinity holds it until shown again with a finite one. */
function present(message: ToastMessage, duration = message.action ? ACTION_DURATION_MS : DURATION_MS) {
  toast.custom((t) => <ToastCard message={message} id={t.id} visible={t.visible} />, { id: message.id, duration });
}

function ToastCard({ message, id, visible }: { message: ToastMessage; id: string; visible: boolean }) {
  const destructive = message.variant === "destructive";
  // Once its button is pressed the toast is closing: losing focus must not bring it back.
  const closing = useRef(false);
  const { action } = message;
  return (
    <div
      className={`pointer-events-auto w-80 max-w-[calc(100vw-2rem)] rounded-md border p-4 shadow-lg transition-opacity ${
        visible ? "opacity-100" : "opacity-0"
      } ${destructive ? "border-red-700 bg-red-700 text-white" : "border-stone-200 bg-white text-stone-900"}`}
      data-variant={message.variant}
      // react-hot-toast applies ariaProps only to its own ToastBar, not to custom toasts, so the card announces itself.
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      // The pointer over the toasts already holds them (react-hot-toast); focus inside one holds it too.
      onFocus={() => present(message, Infinity)}
      onBlur={(event) => {
        if (closing.current || event.currentTarget.contains(event.relatedTarget)) return;
        present(message);
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
            className={`shrink-0 rounded-md border px-3 py-1.5 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 ${
              destructive
                ? "border-white hover:bg-red-800 focus-visible:outline-white"
                : "border-stone-500 bg-white hover:bg-stone-100 focus-visible:outline-stone-900"
            }`}
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

  useEffect(() => {
    for (const message of queue) {
      present(message);
      dequeueToast(message.id);
    }
  }, [queue]);

  return <HotToaster position="bottom-right" />;
}
