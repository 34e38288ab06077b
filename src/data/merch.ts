/** The merch page: one product (static, never fetched) and the coming-soon panel. */
import toteBag from "../assets/tote-bag.jpg";
import toteBagDetail from "../assets/tote-bag-detail.jpg";
import { signup } from "./signup";

export const merch = {
  heading: "Merchandise",
  description: "Official Orla Quinlan merchandise: the Legend Cultural Icon tote bag, natural cotton, €12.",
  product: {
    name: "Legend Cultural Icon Tote Bag",
    badge: "New",
    summary: "Natural cotton tote with custom print",
    priceCents: 1200,
    currency: "EUR",
    priceNote: "plus shipping",
    image: { src: toteBag, alt: "Natural cotton tote bag printed with the Legend Cultural Icon badge" },
    thumbnail: { src: toteBagDetail, alt: "The tote bag print on a sage green background" },
    /** The accessible name of the row of more views under the main image. */
    moreViewsLabel: "More views",
    placeholderCount: 2,
    placeholderText: "More views coming soon",
    longDescription: [
      "Made from 100% natural cotton, this sturdy everyday tote carries the Legend Cultural Icon print designed for Orla's debut EP.",
      "Roomy enough for records, books and a day's shopping, with long handles that sit comfortably on the shoulder.",
    ],
    howToOrder: "Contact us for how to order",
    /** Where "Contact us for how to order" writes to, with the order filled in (src/features/merch/merch.ts). */
    orderContact: "merch@orlaquinlan.example",
    orderEmail: {
      subject: (product: string, quantity: number) => `Order: ${quantity} × ${product}`,
      body: (line: string) =>
        [
          "Hello,",
          "",
          "I would like to order:",
          line,
          "",
          "Please tell me the shipping cost to my address and how to pay.",
          "",
          "Name:",
          "Delivery address:",
          "",
          "Thank you!",
        ].join("\n"),
    },
    shipping: "Shipping calculated at checkout",
    addToCart: "Add to Cart",
  },
  comingSoon: {
    heading: "Coming Soon",
    items: [
      // The spec's words, now a link to the news sign-up with T-shirts chosen.
      { name: "T-Shirts", note: "Sign up for updates", href: signup.tshirtsHref },
      { name: "More Merch", note: "Coming soon", href: undefined },
    ],
  },
} as const;
