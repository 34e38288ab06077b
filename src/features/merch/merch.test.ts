import { describe, expect, it } from "vitest";
import { addedToCartMessage, clampQuantity, formatPrice, MAX_QUANTITY } from "./merch";

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

  it("words the cart toast as the spec does", () => {
    expect(addedToCartMessage(1)).toBe("1 tote bag(s) added to your cart");
    expect(addedToCartMessage(3)).toBe("3 tote bag(s) added to your cart");
  });

  it("prices the tote bag in euro", () => {
    expect(formatPrice(1200)).toBe("€12.00");
  });
});
