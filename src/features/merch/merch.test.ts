import { describe, expect, it } from "vitest";
import { merch } from "../../data/merch";
import { addedToCartMessage, clampQuantity, formatPrice, MAX_QUANTITY, orderLine, orderMailto } from "./merch";

describe("merch quantity", () => {
  it("never goes below 1", () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
  });

  it("turns typed garbage into a valid quantity instead of NaN", () => {
    expect(clampQuantity("")).toBe(1);
    expect(clampQuantity("abc")).toBe(1);
    expect(clampQuantity("3 bags")).toBe(3);
    expect(clampQuantity("2.7")).toBe(2);
    expect(clampQuantity(undefined)).toBe(1);
  });

  it("caps absurd quantities", () => {
    expect(clampQuantity("1e9")).toBe(1);
    expect(clampQuantity(100000)).toBe(MAX_QUANTITY);
  });

  it("words the cart toast as the merch page promises", () => {
    expect(addedToCartMessage(1)).toBe("1 tote bag(s) added to your cart");
    expect(addedToCartMessage(3)).toBe("3 tote bag(s) added to your cart");
  });

  it("prices the tote bag in euro", () => {
    expect(formatPrice(1200)).toBe("€12.00");
  });
});

describe("the order e-mail", () => {
  const order = (quantity: number) => ({
    to: merch.product.orderContact,
    product: merch.product.name,
    quantity,
    unitCents: merch.product.priceCents,
    currency: merch.product.currency,
    ...merch.product.orderEmail,
  });
  /** What a mail app reads out of the link. */
  const read = (href: string) => {
    const url = new URL(href);
    return { to: url.pathname, subject: url.searchParams.get("subject"), body: url.searchParams.get("body") };
  };

  it("writes to the merch contact with the product, the quantity and the total in subject and body", () => {
    const { to, subject, body } = read(orderMailto(order(3)));
    expect(to).toBe("merch@orlaquinlan.example");
    expect(subject).toBe("Order: 3 × Legend Cultural Icon Tote Bag");
    expect(body).toContain("3 × Legend Cultural Icon Tote Bag at €12.00 each = €36.00, plus shipping");
  });

  it("asks for one bag at €12.00 by default, as the page does without JavaScript", () => {
    expect(orderLine(order(1))).toBe("1 × Legend Cultural Icon Tote Bag at €12.00 each = €12.00, plus shipping");
  });

  it("keeps the quantity within the stepper's bounds", () => {
    expect(read(orderMailto(order(0))).subject).toBe("Order: 1 × Legend Cultural Icon Tote Bag");
    expect(read(orderMailto(order(500))).subject).toBe(`Order: ${MAX_QUANTITY} × Legend Cultural Icon Tote Bag`);
  });

  it("encodes line breaks as CRLF and spaces as %20, as mail links need", () => {
    const href = orderMailto(order(2));
    expect(href).not.toMatch(/[ \n+]/);
    expect(href).toContain("%0D%0A");
    expect(read(href).body!.split("\r\n")[0]).toBe("Hello,");
  });
});
