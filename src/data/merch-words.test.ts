import { describe, expect, it } from "vitest";
import { merch } from "./merch";
import { signup } from "./signup";

describe("the merch page's words", () => {
  it("present the tote bag with every text the merch page promises", () => {
    expect(merch.heading).toBe("Merchandise");
    expect(merch.product).toMatchObject({
      name: "Legend Cultural Icon Tote Bag",
      badge: "New",
      summary: "Natural cotton tote with custom print",
      priceCents: 1200,
      currency: "EUR",
      priceNote: "plus shipping",
      howToOrder: "Contact us for how to order",
      shipping: "Shipping calculated at checkout",
      addToCart: "Add to Cart",
    });
    expect(merch.product.longDescription.join(" ")).toMatch(/100% natural cotton/);
  });

  it("show a main photo and one more view, both described, and two placeholders", () => {
    for (const image of [merch.product.image, merch.product.thumbnail]) expect(image.alt).toMatch(/\w{3}/);
    expect(merch.product.placeholderCount).toBe(2);
    expect(merch.product.placeholderText).toBe("More views coming soon");
  });

  it("list T-shirts, with a way to hear of them, then more merch, in the Coming Soon panel", () => {
    expect(merch.comingSoon.heading).toBe("Coming Soon");
    expect(merch.comingSoon.items).toEqual([
      { name: "T-Shirts", note: "Sign up for updates", href: signup.tshirtsHref },
      { name: "More Merch", note: "Coming soon", href: undefined },
    ]);
  });
});
