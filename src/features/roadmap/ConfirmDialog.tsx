/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape
 * cancels, and focus goes back to the button that opened it. Cancel comes
 * first and takes focus, so a stray Enter never confirms a destructive step,
 * and the confirm button ignores a double-click's second click.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { buttonClass, cx, focusRing } from "../../components/ui/styles";

/** The confirming button: red, as it destroys something; the kit has no such variant, as no other page needs one. */
const destructiveButtonClass = cx(
  "inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800",
  focusRing,
);

type Props = {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Called whenever the dialog closes: Cancel, Escape, or after onConfirm. */
  onClose: () => void;
  children: ReactNode;
};

export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onClose, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      className="w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-stone-200 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={titleId} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <div id={bodyId} className="mt-3 text-stone-700">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button
          ref={cancel}
          type="button"
          onClick={() => dialog.current?.close()}
          className={buttonClass({ variant: "secondary" })}
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={(event) => {
            // On a narrow window the dialog opens over the button that opened it: the second click of a
            // double-click there lands here, and must not confirm.
            if (event.detail > 1) return;
            onConfirm();
            dialog.current?.close();
          }}
          className={destructiveButtonClass}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
