/**
 * A phone that loses its signal for a moment, as a fan's in a field or a team member's on a train: what a
 * press asked for while it was gone comes at the next press once it is back, and the page never stays broken
 * until a reload. The code a page fetches only when it is first needed (the toasts' renderer, the team's
 * client) is fetched again after a failed try.
 */
import { expect, expectToast, test } from "./fixtures";
import { gateStatus, TEAM_PASSWORD } from "./team";

test("a toast asked for without signal shows at the next press once the signal is back", async ({ page, context }) => {
  await page.goto("/merch");
  const addToCart = page.getByRole("button", { name: "Add to Cart" });
  // The stepper, loaded once it is seen, is ready (hydrated) before the signal goes.
  await addToCart.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");

  await context.setOffline(true);
  const failed = page.waitForEvent("console", (message) => message.text().includes("could not be loaded"));
  await addToCart.click();
  await failed;
  await expect(page.getByText("Added to cart")).toHaveCount(0);

  await context.setOffline(false);
  await addToCart.click();
  await expectToast(page, "Added to cart", "2 tote bag(s) added to your cart");
  // The press made without signal is not said as well: one bag count, once.
  await expect(page.getByText("2 tote bag(s) added to your cart")).toHaveCount(1);
});

test("a first sign-in pressed without signal goes through at the next press once it is back", async ({
  page,
  context,
}) => {
  await page.goto("/contacts");
  await page.getByLabel("Password", { exact: true }).fill(TEAM_PASSWORD);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(gateStatus(page)).toHaveText(/^No connection\./);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access granted", "You can now edit the contact directory");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
});
