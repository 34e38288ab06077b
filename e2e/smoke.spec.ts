import { expect, expectAccessible, test } from "./fixtures";

test("the home page greets a visitor", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Learn More" })).toBeVisible();
  await expectAccessible(page);
});
