/** Quantity rules and texts of the merch stepper. */

import { CRLF } from "../../lib/content-lines";

export const MIN_QUANTITY = 1;
/** A generous cap so a typo cannot order a thousand bags. */
export const MAX_QUANTITY = 99;

/** Turns anything typed into a whole quantity between the bounds; garbage becomes the minimum. */
export function clampQuantity(value: unknown): number {
  const number = typeof value === "number" ? value : Number.parseInt(String(value ?? "").trim(), 10);
  if (!Number.isFinite(number)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(number)));
}

/** The "Added to cart" toast description, word for word (docs/features.md#merch). */
export function addedToCartMessage(quantity: number): string {
  return `${quantity} tote bag(s) added to your cart`;
}

/** Formats a price in cents, e.g. 1200 → "€12.00". */
export function formatPrice(cents: number, currency = "EUR", locale = "en-IE"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** The id of the order e-mail link, which the stepper keeps in step with its quantity once hydrated. */
export const ORDER_LINK_ID = "order-link";

export type OrderEmail = {
  to: string;
  product: string;
  quantity: number;
  unitCents: number;
  currency?: string;
  subject: (product: string, quantity: number) => string;
  body: (line: string) => string;
};

/** "2 × Legend Cultural Icon Tote Bag at €12.00 each = €24.00, plus shipping". */
export function orderLine({ product, quantity, unitCents, currency = "EUR" }: OrderEmail): string {
  const count = clampQuantity(quantity);
  return `${count} × ${product} at ${formatPrice(unitCents, currency)} each = ${formatPrice(unitCents * count, currency)}, plus shipping`;
}

/**
 * The mailto: link of "Contact us for how to order": the merch contact, with a subject and a body
 * naming the product, the quantity and the total. Encoded as RFC 6068 asks (CRLF line breaks,
 * every reserved character escaped), so mail apps fill both in exactly.
 */
export function orderMailto(order: OrderEmail): string {
  const count = clampQuantity(order.quantity);
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, CRLF));
  return `mailto:${order.to}?subject=${encode(order.subject(order.product, count))}&body=${encode(order.body(orderLine({ ...order, quantity: count })))}`;
}
