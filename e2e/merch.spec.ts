/**
 * Buying the tote bag on /merch: choosing a quantity with the stepper (buttons,
 * keyboard, typing), Add to Cart's toast, and the order e-mail link that
 * follows the quantity (one bag without JavaScript). The words are checked
 * beside the data (src/data/merch-words.test.ts) and the arithmetic beside the logic
 * (src/features/merch/merch.test.ts); the stepper loading only once seen is
 * a budget (e2e/budgets.spec.ts).
 */
import type { Page } from "@playwright/test";
import { claim, expect, expectAccessible, expectToast, test } from "./fixtures";

test.use({ failOnConsoleErrors: true });

const product = "Legend Cultural Icon Tote Bag";

/** What a mail app reads out of "Contact us for how to order". */
async function orderMail(page: Page) {
  const url = new URL((await page.getByRole("link", { name: "Contact us for how to order" }).getAttribute("href"))!);
  return { to: url.pathname, subject: url.searchParams.get("subject"), body: url.searchParams.get("body") };
}

const stepper = (page: Page) => ({
  quantity: page.getByRole("spinbutton", { name: "Quantity" }),
  minus: page.getByRole("button", { name: "Decrease quantity" }),
  plus: page.getByRole("button", { name: "Increase quantity" }),
  addToCart: page.getByRole("button", { name: "Add to Cart" }),
});

test("a fan adds a tote to the cart, picks how many and writes the order", async ({ page }) => {
  const requests: { url: string; type: string }[] = [];
  page.on("request", (request) => requests.push({ url: request.url(), type: request.resourceType() }));
  await page.goto("/merch");
  const { quantity, minus, plus, addToCart } = stepper(page);

  await test.step("the tote, its price and the Coming Soon panel", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Merchandise" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: product })).toBeVisible();
    await expect(page.getByText("€12.00", { exact: true })).toBeVisible();
    await expect(page.getByText("More views coming soon", { exact: true })).toHaveCount(2);
    const images = page.getByRole("main").getByRole("img");
    await expect(images).toHaveCount(2);
    for (const alt of await images.evaluateAll((all) => all.map((image) => image.getAttribute("alt")))) {
      expect(alt).toMatch(/\w{3}/);
    }
    const comingSoon = page.getByRole("region", { name: "Coming Soon" });
    await expect(comingSoon.getByRole("listitem")).toHaveText([
      /^\s*T-Shirts\s*Sign up for updates\s*$/,
      /^\s*More Merch\s*Coming soon\s*$/,
    ]);
    await expect(comingSoon.getByRole("link")).toHaveText(["Sign up for updates"]);
  });

  await test.step("Add to Cart confirms one bag with a toast, and calls no server", async () => {
    await addToCart.scrollIntoViewIfNeeded();
    await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
    await expect(quantity).toHaveValue("1");
    await expect(minus).toBeDisabled();
    // The toast's code comes with the first toast, not before.
    expect(requests.filter(({ url }) => /toasts\.mount/.test(url))).toEqual([]);
    const before = requests.length;
    await addToCart.click();
    await expectToast(page, "Added to cart", "1 tote bag(s) added to your cart");
    const during = requests.slice(before);
    expect(during.filter(({ type }) => ["fetch", "xhr", "websocket"].includes(type))).toEqual([]);
    for (const { url } of during) expect(url).toMatch(new RegExp(`^${new URL(page.url()).origin}/_astro/`));
    await expectAccessible(page);
  });

  await test.step("− and + step the quantity, never below 1, and the order e-mail follows", async () => {
    await plus.click();
    await plus.click();
    await expect(quantity).toHaveValue("3");
    await expect(minus).toBeEnabled();
    await expect.poll(async () => (await orderMail(page)).subject).toBe(`Order: 3 × ${product}`);
    expect((await orderMail(page)).body).toContain(`3 × ${product} at €12.00 each = €36.00, plus shipping`);
    await minus.click();
    await expect(quantity).toHaveValue("2");
    await expect.poll(async () => (await orderMail(page)).subject).toBe(`Order: 2 × ${product}`);
    // From the keyboard, the focus stays on − when it reaches 1, and pressing it again changes nothing.
    await minus.focus();
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await expect(minus).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("1");
  });

  await test.step("the arrow keys step the field", async () => {
    await quantity.focus();
    for (const [key, value] of [
      ["ArrowUp", "2"],
      ["ArrowUp", "3"],
      ["ArrowDown", "2"],
      ["ArrowDown", "1"],
      ["ArrowDown", "1"],
    ]) {
      await page.keyboard.press(key);
      await expect(quantity, key).toHaveValue(value);
    }
  });

  await test.step("a typed number counts; anything else, nothing or too many becomes a sensible number", async () => {
    for (const [typed, commit, value] of [
      ["abc", "blur", "1"],
      ["5", "blur", "5"],
      ["0", "blur", "1"],
      ["4", "blur", "4"],
      ["", "blur", "1"],
      ["-4", "Enter", "1"],
      ["100000", "Enter", "99"],
    ]) {
      await quantity.fill(typed);
      if (commit === "Enter") await quantity.press("Enter");
      else await quantity.blur();
      await expect(quantity, `typed "${typed}"`).toHaveValue(value);
      // Assistive technology is told the same value.
      await expect(quantity, `typed "${typed}"`).toHaveAttribute("aria-valuenow", value);
    }
    await expect(quantity).toHaveAttribute("aria-valuemin", "1");
    await expect(plus).toBeDisabled();
    await expect.poll(async () => (await orderMail(page)).body).toContain("= €1,188.00, plus shipping");
  });

  await test.step("Add to Cart takes what is typed, even before it is committed", async () => {
    // Once every earlier toast has closed and gone, as a fan who takes their time would find it.
    await expect(page.locator("[data-variant]")).toHaveCount(0);
    await quantity.fill("3.7");
    await addToCart.click();
    await expectToast(page, "Added to cart", "3 tote bag(s) added to your cart");
    await expect(quantity).toHaveValue("3");
    await expect.poll(async () => (await orderMail(page)).subject).toBe(`Order: 3 × ${product}`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the stepper and Add to Cart, which cannot work, give way to a line leading to the order e-mail", async ({
    page,
  }) => {
    await page.goto("/merch");
    await expect(page.getByText(/^Choosing a quantity and Add to Cart need JavaScript\. .*e-mail/)).toBeVisible();
    for (const name of ["Decrease quantity", "Increase quantity", "Add to Cart"]) {
      await expect(page.getByRole("button", { name }), name).toBeHidden();
    }
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Contact us for how to order" })).toBeVisible();
  });

  test("the order e-mail asks for one bag", async ({ page }) => {
    await page.goto("/merch");
    expect(await orderMail(page)).toEqual({
      to: "merch@orlaquinlan.example",
      subject: `Order: 1 × ${product}`,
      body: expect.stringContaining(`1 × ${product} at €12.00 each = €12.00, plus shipping`),
    });
  });
});

test("a crash in the stepper gives way to the error page with its message", async ({ page, consoleErrors }) => {
  // The stepper throws while rendering, as a real bug would: its code is served with the + button's
  // label replaced by a throw.
  await page.route(/\/_astro\/QuantityStepper\.[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const source = await response.text();
    const broken = source.replace('"Increase quantity"', '(()=>{throw new Error("Stepper exploded")})()');
    expect(broken, "the stepper's code names its + button").not.toBe(source);
    await route.fulfill({ response, body: broken });
  });
  await page.goto("/merch");
  await page.getByText("Contact us for how to order").scrollIntoViewIfNeeded();
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(alert).toContainText("Stepper exploded");
  await expect(alert.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  // React and the error page log the crash.
  expect(claim(consoleErrors, /Stepper exploded/).length).toBeGreaterThan(0);
});
