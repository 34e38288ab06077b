/**
 * A ticket price as fans read it: "€18.50", "£12.00", and for a currency this browser or Node cannot write,
 * the figure and its code ("18.50 XBT"). One wording for /tour and the team's show panel.
 */
export function priceText(price: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-IE", { style: "currency", currency }).format(price);
  } catch {
    return `${price.toFixed(2)} ${currency}`;
  }
}
