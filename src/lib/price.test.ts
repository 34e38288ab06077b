import { describe, expect, it } from "vitest";
import { priceText } from "./price";

describe("a ticket price", () => {
  it("reads with its currency's sign, always with cents", () => {
    expect(priceText(18.5, "EUR")).toBe("€18.50");
    expect(priceText(12, "GBP")).toBe("£12.00");
    expect(priceText(0, "EUR")).toBe("€0.00");
  });

  it("reads as the figure and its code when the currency cannot be written", () => {
    expect(priceText(18.5, "E1R")).toBe("18.50 E1R");
  });
});
