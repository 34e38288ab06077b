import { describe, expect, it } from "vitest";
import { openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

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
