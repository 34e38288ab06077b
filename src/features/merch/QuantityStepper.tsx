/**
 * Quantity stepper and Add to Cart for the tote bag. The quantity follows the
 * ARIA spin-button pattern (a labelled text field with role="spinbutton":
 * arrow keys, Page Up/Down, Home and End step it) between − and + buttons;
 * whatever is typed is committed as a valid whole number. Add to Cart only
 * confirms with a toast, no network call. The page's order e-mail link
 * follows the committed quantity.
 */
import { useEffect, useId, useState } from "react";
import { buttonClass, controlBorder, cx, focusRing, labelClass } from "../../components/ui/styles";
import { orderEmail } from "../../data/merch-order";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { showToast } from "../toasts/toasts.store";
import { addedToCartMessage, clampQuantity, MAX_QUANTITY, MIN_QUANTITY, ORDER_LINK_ID, orderMailto } from "./merch";

/** What the order e-mail needs of the product: plain values, as props across the island boundary are. */
type Order = { to: string; product: string; unitCents: number; currency: string };
type Props = { addToCartLabel: string; order: Order };

// aria-disabled rather than disabled: a button that disables itself under the
// keyboard focus (− reaching 1) would drop the focus to the page.
const stepButton = cx(buttonClass({ variant: "ghost", size: "touch" }), "text-xl");
/** The quantity between the buttons, set off from them by the control's edge on either side. */
const quantityField = cx(controlBorder, "h-11 w-16 border-y-0 text-center text-lg", focusRing);

function Stepper({ addToCartLabel, order }: Props) {
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  // What the visitor is typing; committed (clamped) on blur, Enter or a button.
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();

  const commit = (value: unknown) => {
    setQuantity(clampQuantity(value));
    setDraft(null);
  };
  const current = draft === null ? quantity : clampQuantity(draft);

  // "Contact us for how to order" sits outside the island, as static HTML that asks for one bag;
  // from here on it asks for the chosen quantity.
  useEffect(() => {
    const link = document.getElementById(ORDER_LINK_ID);
    if (!(link instanceof HTMLAnchorElement)) return;
    link.href = orderMailto({ ...order, quantity, ...orderEmail });
  }, [order, quantity]);

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={inputId} className={labelClass}>
          Quantity
        </label>
        <div className={cx("mt-2 inline-flex items-center rounded-md bg-white", controlBorder)}>
          <button
            type="button"
            className={stepButton}
            aria-label="Decrease quantity"
            aria-disabled={current <= MIN_QUANTITY}
            onClick={() => commit(current - 1)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            id={inputId}
            type="text"
            role="spinbutton"
            inputMode="numeric"
            autoComplete="off"
            aria-valuenow={current}
            aria-valuemin={MIN_QUANTITY}
            aria-valuemax={MAX_QUANTITY}
            value={draft ?? String(quantity)}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => draft !== null && commit(draft)}
            onKeyDown={(event) => {
              const steps: Record<string, number> = {
                ArrowUp: current + 1,
                ArrowDown: current - 1,
                PageUp: current + 10,
                PageDown: current - 10,
                Home: MIN_QUANTITY,
                End: MAX_QUANTITY,
              };
              if (event.key in steps) {
                event.preventDefault();
                commit(steps[event.key]);
              } else if (event.key === "Enter") {
                event.preventDefault();
                commit(draft ?? quantity);
              }
            }}
            className={quantityField}
          />
          <button
            type="button"
            className={stepButton}
            aria-label="Increase quantity"
            aria-disabled={current >= MAX_QUANTITY}
            onClick={() => commit(current + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      <button
        type="button"
        className={cx(buttonClass({ variant: "primary", size: "lg" }), "w-full")}
        onClick={() => {
          const final = clampQuantity(draft ?? quantity);
          commit(final);
          showToast({ title: "Added to cart", description: addedToCartMessage(final) });
        }}
      >
        {addToCartLabel}
      </button>
    </div>
  );
}

export function QuantityStepper(props: Props) {
  return (
    <ErrorBoundary>
      <Stepper {...props} />
    </ErrorBoundary>
  );
}
