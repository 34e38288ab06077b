/**
 * The team's pages in a browser that runs no JavaScript: each tool is an island that needs it, so each page says
 * so at its top rather than showing an empty card with no word of why.
 */
import { TOOL_PAGES } from "../src/data/pages.mjs";
import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("each team page says it needs JavaScript", async ({ page }) => {
  for (const path of TOOL_PAGES) {
    await page.goto(path);
    await expect(
      page.getByText(/^This page needs JavaScript\. Turn it on in your browser to use it\.$/),
      path,
    ).toBeVisible();
  }
});
