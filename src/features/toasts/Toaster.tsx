/** Renders the shared toast queue with react-hot-toast (hydrated on idle). */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import toast, { Toaster as HotToaster } from "react-hot-toast";
import { $toasts, dismissToast, type ToastMessage } from "./toasts.store";

const DURATION_MS = 5000;

function ToastCard({ message, visible }: { message: ToastMessage; visible: boolean }) {
  const destructive = message.variant === "destructive";
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
    >
      <p className="text-sm font-semibold">{message.title}</p>
      {message.description ? <p className="mt-1 text-sm opacity-90">{message.description}</p> : null}
    </div>
  );
}

export function Toaster() {
  const queue = useStore($toasts);

  useEffect(() => {
    for (const message of queue) {
      toast.custom((t) => <ToastCard message={message} visible={t.visible} />, {
        id: message.id,
        duration: DURATION_MS,
      });
      dismissToast(message.id);
    }
  }, [queue]);

  return <HotToaster position="bottom-right" />;
}
