/** Quantity rules and texts of the merch stepper (spec sections 4 and 9). */

export const MIN_QUANTITY = 1;
/** A generous cap so a typo cannot order a thousand bags. */
export const MAX_QUANTITY = 99;

/** Turns anything typed into a whole quantity between the bounds; garbage becomes the minimum. */
export function clampQuantity(value: unknown): number {
  const number = typeof value === "number" ? value : Number.parseInt(String(value ?? "").trim(), 10);
  if (!Number.isFinite(number)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(number)));
}

/** The "Added to cart" toast description, word for word from the spec. */
export function addedToCartMessage(quantity: number): string {
  return `${quantity} tote bag(s) added to your cart`;
}

/** Formats a price in cents, e.g. 1200 → "€12.00". */
export function formatPrice(cents: number, currency = "EUR", locale = "en-IE"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}
