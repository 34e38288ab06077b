import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, baseURL, expectToast, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

/** Opens /merch and waits until the quantity stepper has hydrated. */
async function openMerch() {
  const opened = await openPage(getBrowser, "/merch");
  await opened.page.getByRole("button", { name: "Add to Cart" }).scrollIntoViewIfNeeded();
  await opened.page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
  return opened;
}

const controls = (page: Page) => ({
  quantity: page.getByRole("spinbutton", { name: "Quantity" }),
  minus: page.getByRole("button", { name: "Decrease quantity" }),
  plus: page.getByRole("button", { name: "Increase quantity" }),
  addToCart: page.getByRole("button", { name: "Add to Cart" }),
});

describe("merch page", () => {
  it("shows the tote bag with every text the spec names", async () => {
    const { page, errors, context } = await openPage(getBrowser, "/merch");
    await expect(page.getByRole("heading", { level: 1, name: "Merchandise" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Legend Cultural Icon Tote Bag" }).isVisible()).resolves.toBe(true);
    for (const text of [
      "New",
      "Natural cotton tote with custom print",
      "€12.00",
      "plus shipping",
      "Contact us for how to order",
      "Shipping calculated at checkout",
    ]) {
      await expect(page.getByText(text, { exact: true }).isVisible(), text).resolves.toBe(true);
    }
    const placeholders = page.getByText("More views coming soon", { exact: true });
    expect(await placeholders.count()).toBe(2);
    for (const placeholder of await placeholders.all()) await expect(placeholder.isVisible()).resolves.toBe(true);
    await expect(page.getByText(/100% natural cotton/).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Add to Cart" }).isVisible()).resolves.toBe(true);
    // A main image and one thumbnail, both described.
    const images = page.getByRole("main").getByRole("img");
    expect(await images.count()).toBe(2);
    for (const alt of await images.evaluateAll((all) => all.map((img) => img.getAttribute("alt"))))
      expect(alt).toMatch(/\w{3}/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists T-Shirts and More Merch in the Coming Soon panel", async () => {
    const { page, context } = await openPage(getBrowser, "/merch");
    const panel = page.getByRole("region", { name: "Coming Soon" });
    await expect(panel.getByRole("heading", { name: "Coming Soon" }).isVisible()).resolves.toBe(true);
    const items = await panel.getByRole("listitem").allInnerTexts();
    expect(items.map((item) => item.replace(/\s+/g, " ").trim())).toEqual([
      "T-Shirts Sign up for updates",
      "More Merch Coming soon",
    ]);
    await expect(panel.getByRole("heading", { name: "T-Shirts" }).isVisible()).resolves.toBe(true);
    await expect(panel.getByText("Sign up for updates", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(panel.getByRole("heading", { name: "More Merch" }).isVisible()).resolves.toBe(true);
    await expect(panel.getByText("Coming soon", { exact: true }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("steps the quantity with the − and + buttons, never below 1", async () => {
    const { page, context } = await openMerch();
    const { quantity, minus, plus } = controls(page);
    expect(await quantity.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    await plus.click();
    await plus.click();
    expect(await quantity.inputValue()).toBe("3");
    expect(await minus.isDisabled()).toBe(false);
    await minus.click();
    expect(await quantity.inputValue()).toBe("2");
    await minus.click();
    expect(await quantity.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    await context.close();
  });

  it("accepts a typed number and turns anything else back into 1", async () => {
    const { page, context } = await openMerch();
    const { quantity, minus } = controls(page);
    await quantity.fill("abc");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    await quantity.fill("5");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("5");
    expect(await quantity.getAttribute("aria-valuenow")).toBe("5");
    await quantity.fill("0");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("1");
    await quantity.fill("4");
    await quantity.blur();
    await quantity.fill("");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("1");
    expect(await quantity.getAttribute("aria-valuenow")).toBe("1");
    // What is typed counts even if the visitor clicks Add to Cart straight away.
    await quantity.fill("3.7");
    await controls(page).addToCart.click();
    await expectToast(page, "Added to cart", "3 tote bag(s) added to your cart");
    expect(await quantity.inputValue()).toBe("3");
    await context.close();
  });

  it("caps absurd quantities, commits on Enter and tells assistive technology the value", async () => {
    const { page } = await openMerch();
    const { quantity, minus } = controls(page);
    await quantity.fill("-4");
    await quantity.press("Enter");
    expect(await quantity.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    await quantity.fill("100000");
    await quantity.press("Enter");
    expect(await quantity.inputValue()).toBe("99");
    expect(await quantity.getAttribute("aria-valuenow")).toBe("99");
    expect(await quantity.getAttribute("aria-valuemin")).toBe("1");
    await page.context().close();
  });

  it("keeps the keyboard focus on − when it reaches 1", async () => {
    const { page, context } = await openMerch();
    const { quantity, minus, plus } = controls(page);
    await plus.focus();
    await page.keyboard.press("Enter");
    expect(await quantity.inputValue()).toBe("2");
    await minus.focus();
    await page.keyboard.press("Enter");
    expect(await quantity.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    expect(await minus.evaluate((button) => button === document.activeElement)).toBe(true);
    // Pressing it again changes nothing.
    await page.keyboard.press("Enter");
    expect(await quantity.inputValue()).toBe("1");
    await context.close();
  });

  it("steps the quantity with the arrow keys on the field", async () => {
    const { page, context } = await openMerch();
    const { quantity } = controls(page);
    await quantity.focus();
    await page.keyboard.press("ArrowUp");
    expect(await quantity.inputValue()).toBe("2");
    await page.keyboard.press("ArrowUp");
    expect(await quantity.inputValue()).toBe("3");
    await page.keyboard.press("ArrowDown");
    expect(await quantity.inputValue()).toBe("2");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await quantity.inputValue()).toBe("1");
    await context.close();
  });

  it("confirms Add to Cart with a toast for the chosen quantity", async () => {
    const { page, context } = await openMerch();
    const { plus, addToCart } = controls(page);
    await addToCart.click();
    await expectToast(page, "Added to cart", "1 tote bag(s) added to your cart");
    await expect(page.getByText("Added to cart", { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText("1 tote bag(s) added to your cart", { exact: true }).first().isVisible()).resolves.toBe(
      true,
    );
    await plus.click();
    await plus.click();
    await addToCart.click();
    await expectToast(page, "Added to cart", "3 tote bag(s) added to your cart");
    await expect(page.getByText("3 tote bag(s) added to your cart", { exact: true }).first().isVisible()).resolves.toBe(
      true,
    );
    await context.close();
  });

  it("makes no network call when adding to the cart, only same-origin static files at most", async () => {
    const { page, context } = await openMerch();
    await page.waitForLoadState("networkidle");
    const requests: { url: string; type: string }[] = [];
    page.on("request", (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    await controls(page).addToCart.click();
    await expectToast(page, "Added to cart", "1 tote bag(s) added to your cart");
    await page.waitForTimeout(500);
    expect(requests.filter(({ type }) => type === "fetch" || type === "xhr" || type === "websocket")).toEqual([]);
    for (const { url } of requests) {
      expect(new URL(url).origin, url).toBe(baseURL);
      expect(new URL(url).pathname, url).toMatch(/^\/(_astro\/|favicon)/);
    }
    await context.close();
  });

  it("downloads the stepper's code only once it scrolls into view", async () => {
    // On a phone the product photo comes first and pushes the stepper below the fold.
    const viewport = { width: 390, height: 700 };
    const { page, errors, context } = await openPage(getBrowser, "/merch", { viewport });
    const island = page.locator("astro-island").filter({ has: page.getByRole("button", { name: "Add to Cart" }) });
    const componentUrl = new URL((await island.getAttribute("component-url"))!, baseURL).href;
    expect(componentUrl).toMatch(/QuantityStepper/);
    expect((await page.getByRole("spinbutton", { name: "Quantity" }).boundingBox())!.y).toBeGreaterThan(
      viewport.height,
    );
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const before = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    expect(before).not.toContain(componentUrl);
    // Nothing heavy waits in the background either: the toast renderer and React come with the first toast.
    expect(before.filter((url) => /mountToaster|client\.|jsx-runtime/.test(url))).toEqual([]);
    const loaded = page.waitForRequest(componentUrl, { timeout: 10_000 });
    await page.getByRole("spinbutton", { name: "Quantity" }).scrollIntoViewIfNeeded();
    await expect(loaded.then((request) => request.url())).resolves.toBe(componentUrl);
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
    await controls(page).plus.click();
    expect(await controls(page).quantity.inputValue()).toBe("2");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has no accessibility violations, before and while the toast shows", async () => {
    const { page, context } = await openMerch();
    expect(await axeViolations(page)).toEqual([]);
    // After stepping and typing, with − disabled again.
    await controls(page).plus.click();
    await controls(page).quantity.fill("oops");
    await controls(page).quantity.blur();
    expect(await controls(page).minus.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await controls(page).addToCart.click();
    await expectToast(page, "Added to cart", "1 tote bag(s) added to your cart");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  describe("ordering by e-mail", () => {
    const orderLink = (page: Page) => page.getByRole("link", { name: "Contact us for how to order" });
    const mail = async (page: Page) => {
      const url = new URL((await orderLink(page).getAttribute("href"))!);
      return { to: url.pathname, subject: url.searchParams.get("subject"), body: url.searchParams.get("body") };
    };

    it("writes to the merch contact for one bag without JavaScript", async () => {
      const context = await getBrowser().newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/merch");
      expect(await mail(page)).toEqual({
        to: "merch@orlaquinlan.example",
        subject: "Order: 1 × Legend Cultural Icon Tote Bag",
        body: expect.stringContaining("1 × Legend Cultural Icon Tote Bag at €12.00 each = €12.00, plus shipping"),
      });
      await context.close();
    });

    it("follows the stepper once it has hydrated, and Add to Cart keeps its toast", async () => {
      const { page, context } = await openMerch();
      const { plus, minus, quantity, addToCart } = controls(page);
      await plus.click();
      await plus.click();
      await expect.poll(async () => (await mail(page)).subject).toBe("Order: 3 × Legend Cultural Icon Tote Bag");
      expect((await mail(page)).body).toContain("3 × Legend Cultural Icon Tote Bag at €12.00 each = €36.00");
      await minus.click();
      await expect.poll(async () => (await mail(page)).subject).toBe("Order: 2 × Legend Cultural Icon Tote Bag");
      await quantity.fill("7");
      await quantity.press("Enter");
      await expect.poll(async () => (await mail(page)).body).toContain("= €84.00, plus shipping");
      await addToCart.click();
      await expectToast(page, "Added to cart", "7 tote bag(s) added to your cart");
      await context.close();
    });
  });
});
