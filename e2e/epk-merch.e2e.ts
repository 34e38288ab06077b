import { describe, expect, it } from "vitest";
import { axeViolations, expectToast, openPage, requestsDuring, useBrowser } from "./browser";

const getBrowser = useBrowser();

describe("press kit", () => {
  it("introduces the artist and the latest release with its player and links", async () => {
    const { page } = await openPage(getBrowser, "/epk");
    await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Folk · Indie/).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Latest Release" }).isVisible()).resolves.toBe(true);
    const player = page.locator("iframe");
    expect(await player.getAttribute("title")).toMatch(/Spotify/);
    expect(await player.getAttribute("height")).toBe("600");
    expect(await player.getAttribute("loading")).toBe("lazy");
    await expect(page.getByRole("link", { name: /Artist profile/ }).getAttribute("target")).resolves.toBe("_blank");
    await expect(page.getByRole("link", { name: /Mother EP/ }).getAttribute("rel")).resolves.toBe(
      "noopener noreferrer",
    );
    const bio = page.getByRole("region", { name: "Biography" });
    expect(await bio.locator("p").count()).toBe(4);
    const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t)["@type"],
    );
    expect(types).toContain("MusicGroup");
    await page.context().close();
  });

  it("loads the carousel only when it scrolls into view", async () => {
    const { page } = await openPage(getBrowser, "/epk", { viewport: { width: 390, height: 700 } });
    await page.waitForLoadState("networkidle");
    const before = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    expect(before.some((url) => /Carousel\./.test(url))).toBe(false);
    const loaded = page.waitForRequest(/\/Carousel\.[^/]+\.js$/, { timeout: 5000 });
    await page.getByRole("button", { name: "Next photo" }).scrollIntoViewIfNeeded();
    await expect(loaded).resolves.toBeTruthy();
    await page.context().close();
  });

  it("shows 7 photos at 16:9, stepped by buttons and arrow keys, never on its own", async () => {
    const { page } = await openPage(getBrowser, "/epk");
    const carousel = page.getByRole("region", { name: "Photo carousel" });
    await carousel.scrollIntoViewIfNeeded();
    await page.locator("astro-island[client='visible']:not([ssr])").waitFor({ state: "attached" });
    const next = page.getByRole("button", { name: "Next photo" });
    const previous = page.getByRole("button", { name: "Previous photo" });
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
    expect(await carousel.getByRole("img").count()).toBe(7);
    for (const button of [next, previous]) {
      const box = await button.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    }
    const frame = await page.locator(".swiper").boundingBox();
    expect(frame!.width / frame!.height).toBeCloseTo(16 / 9, 1);

    await expect(carousel.getByText(/Photo 1 of 7/).isVisible()).resolves.toBe(true);
    await next.click();
    await carousel.getByText(/Photo 2 of 7/).waitFor();
    await previous.click();
    await carousel.getByText(/Photo 1 of 7/).waitFor();
    await page.keyboard.press("ArrowRight");
    await carousel.getByText(/Photo 2 of 7/).waitFor();
    await page.waitForTimeout(4000);
    await expect(carousel.getByText(/Photo 2 of 7/).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("merch", () => {
  it("shows the tote bag with every text of the spec", async () => {
    const { page } = await openPage(getBrowser, "/merch");
    for (const text of [
      "Legend Cultural Icon Tote Bag",
      "New",
      "Natural cotton tote with custom print",
      "€12.00",
      "plus shipping",
      "Contact us for how to order",
      "Shipping calculated at checkout",
      "T-Shirts",
      "Sign up for updates",
      "More Merch",
    ]) {
      await expect(page.getByText(text, { exact: true }).first().isVisible(), text).resolves.toBe(true);
    }
    await expect(page.getByRole("heading", { level: 1, name: "Merchandise" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Coming Soon" }).isVisible()).resolves.toBe(true);
    expect(await page.getByText("More views coming soon", { exact: true }).count()).toBe(2);
    await expect(page.getByText("Coming soon", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/100% natural cotton/).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("steps the quantity between 1 and more, never below 1", async () => {
    const { page } = await openPage(getBrowser, "/merch");
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
    expect(await quantity.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    await plus.click();
    await plus.click();
    expect(await quantity.inputValue()).toBe("3");
    await minus.click();
    expect(await quantity.inputValue()).toBe("2");
    await quantity.focus();
    await page.keyboard.press("ArrowUp");
    expect(await quantity.inputValue()).toBe("3");
    await quantity.fill("abc");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    await quantity.fill("-4");
    await quantity.press("Enter");
    expect(await quantity.inputValue()).toBe("1");
    await quantity.fill("5");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("5");
    expect(await quantity.getAttribute("aria-valuenow")).toBe("5");
    await quantity.fill("100000");
    await quantity.press("Enter");
    expect(await quantity.inputValue()).toBe("99");
    await page.context().close();
  });

  it("confirms Add to Cart with a toast and no network call", async () => {
    const { page } = await openPage(getBrowser, "/merch");
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
    await page.waitForLoadState("networkidle");
    const requests = await requestsDuring(page, async () => {
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expectToast(page, "Added to cart", "1 tote bag(s) added to your cart");
    });
    expect(requests.filter((url) => !/\/_astro\//.test(url))).toEqual([]);
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expectToast(page, "Added to cart", "3 tote bag(s) added to your cart");
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("error fallback", () => {
  it("replaces a crashed island with the Unexpected Application Error page and its message", async () => {
    const { baseURL } = await import("./browser");
    const context = await getBrowser().newContext({ baseURL });
    // Make the stepper's component module throw while rendering, as a real bug would.
    await context.route(/\/_astro\/QuantityStepper\.[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const source = await response.text();
      const broken = source.replace(
        /function (\w+)\(\{addToCartLabel:(\w+)\}\)\{/,
        'function $1({addToCartLabel:$2}){throw new Error("Stepper exploded");',
      );
      expect(broken).not.toBe(source);
      await route.fulfill({ response, body: broken });
    });
    const { page } = await openPage(getBrowser, "/merch", { context });
    await page.getByRole("heading", { name: "Unexpected Application Error!" }).waitFor();
    await expect(page.getByText("Stepper exploded").isVisible()).resolves.toBe(true);
    await context.close();
  });
});
