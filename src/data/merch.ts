/**
 * The merch page: the one product (src/content/merch.yaml: name, texts, price, the order address),
 * its pictures, and the coming-soon panel.
 */
import toteBag from "../assets/tote-bag.jpg";
import toteBagDetail from "../assets/tote-bag-detail.jpg";
import { priceText } from "../lib/price";
import { content } from "./content";
import { orderEmail } from "./merch-order";
import { signup } from "./signup";
import { site } from "./site";

const product = content.merch;
const priceCents = Math.round(product.price * 100);
const price = priceText(product.price, product.currency);

export const merch = {
  heading: "Merchandise",
  description: `Official ${site.artistName} merchandise: the ${product.name}, ${product.summary.toLowerCase()}, ${price}.`,
  product: {
    name: product.name,
    badge: product.badge,
    summary: product.summary,
    priceCents,
    currency: product.currency,
    priceNote: "plus shipping",
    image: { src: toteBag, alt: product.imageAlt },
    thumbnail: { src: toteBagDetail, alt: product.thumbnailAlt },
    /** The accessible name of the row of more views under the main image. */
    moreViewsLabel: "More views",
    placeholderCount: 2,
    placeholderText: "More views coming soon",
    longDescription: product.longDescription,
    howToOrder: "Contact us for how to order",
    /** Where "Contact us for how to order" writes to, with the order filled in (src/features/merch/merch.ts). */
    orderContact: product.orderEmail,
    orderEmail,
    shipping: "Shipping calculated at checkout",
    addToCart: "Add to Cart",
    /** Said instead of the stepper and Add to Cart without JavaScript, as they do nothing then; the e-mail works. */
    noScript:
      "Choosing a quantity and Add to Cart need JavaScript. You can still order by e-mail: “Contact us for how to order” below.",
  },
  comingSoon: {
    heading: "Coming Soon",
    items: [
      // The promised words (docs/features.md#merch), now a link to the news sign-up with T-shirts chosen.
      { name: "T-Shirts", note: "Sign up for updates", href: signup.tshirtsHref },
      { name: "More Merch", note: "Coming soon", href: undefined },
    ],
  },
} as const;
