/**
 * The words of the order e-mail that "Contact us for how to order" writes: the page's static link and
 * the quantity stepper (in the browser) fill it in alike, so they live apart from the page's content.
 */
export const orderEmail = {
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
};
