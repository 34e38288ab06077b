/**
 * Signing up for news on /listen, against the embedded backend: a fan gets on
 * the list, a second sign-up with the same address is thanked the same way
 * (the form never tells who has signed up), a mistyped address is explained,
 * a bot filling the hidden field is thanked and nothing is sent, and the merch
 * page's link arrives with T-shirts chosen, and an outsider holding the key the
 * form sends reads no address. The rest of who may read the list is the
 * backend's test (server/fan-signups.test.ts).
 */
import type { Page } from "@playwright/test";
import { LOCAL_SERVICE_ROLE_KEY } from "../server/local-keys.mjs";
import { expect, test } from "./fixtures";

test.use({ failOnConsoleErrors: true });

/** A fresh address per test, so tests do not see each other's sign-ups. */
const fresh = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

const form = (page: Page) => ({
  email: page.getByRole("textbox", { name: "Your e-mail address" }),
  submit: page.getByRole("button", { name: "Sign me up" }),
  thanks: page.getByRole("status").getByText("You're on the list. Thank you!", { exact: true }),
});

/** The REST calls the page makes (the form's one call is a POST to fan_signups). */
function restCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/rest/v1/")) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return calls;
}

test("a fan signs up for T-shirt news and is on the list", async ({ page, request, supabaseUrl }) => {
  const email = fresh("fan");
  await page.goto("/listen");
  const { email: field, submit, thanks } = form(page);
  // Before giving the address, the fan reads what it is for and how to be taken off the list.
  await expect(
    page.getByText(
      /^We use your address only to e-mail you the news you choose\. We never share it, and we delete it when you ask: reply to any of our e-mails or write to \S+@\S+\.$/,
    ),
  ).toBeVisible();
  await field.fill(email);
  await page.getByRole("radio", { name: "Only when the T-shirts are out" }).check();
  const signUpRequest = page.waitForRequest(
    (sent) => sent.method() === "POST" && sent.url().endsWith("/rest/v1/fan_signups"),
  );
  await submit.click();
  await expect(thanks).toBeVisible();
  await expect(field).toHaveValue("");
  // A keyboard user is still where they were, not thrown back to the top of the page.
  await expect(submit).toBeFocused();
  // An outsider with the key every visitor's browser sends (read off the form's own request) reads no address.
  const sent = await signUpRequest;
  const key = sent.headers()["apikey"]!;
  const outsider = await request.get(`${supabaseUrl}/rest/v1/fan_signups?select=*`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  expect(outsider.status()).toBe(401);
  expect(await outsider.text()).not.toContain("@example.com");
  // The team finds the fan on the list, with the choice made.
  const rows = await request.get(`${supabaseUrl}/rest/v1/fan_signups?select=email,interest&email=eq.${email}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  expect(await rows.json()).toEqual([{ email, interest: "tshirts" }]);
});

test("signing up again with the same address is thanked exactly the same", async ({ page }) => {
  const email = fresh("twice");
  const answers: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/rest/v1/fan_signups")) answers.push(response.status());
  });
  await page.goto("/listen");
  const { email: field, submit, thanks } = form(page);
  for (const typed of [email, email.toUpperCase()]) {
    await field.fill(typed);
    await submit.click();
    await expect(thanks).toBeVisible();
    await expect(field).toHaveValue("");
  }
  expect(answers).toEqual([201, 201]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the thanks is on the screen even when the button was at its bottom edge", async ({ page }) => {
    await page.goto("/listen");
    const { email: field, submit, thanks } = form(page);
    await field.fill(fresh("phone"));
    // The fan scrolled just far enough to reach the button: what comes under it is off the screen.
    await submit.evaluate((button) => button.scrollIntoView({ block: "end" }));
    await submit.tap();
    await expect(thanks).toBeInViewport();
  });
});

test("a mistyped address is explained next to the field, and nothing is sent", async ({ page }) => {
  await page.goto("/listen");
  const calls = restCalls(page);
  const { email: field, submit } = form(page);
  await submit.click();
  await expect(page.getByText("Please enter your e-mail address.", { exact: true })).toBeVisible();
  await field.fill("fan at example.com");
  await submit.click();
  const problem = /^That doesn't look like an e-mail address\./;
  await expect(page.getByText(problem)).toBeVisible();
  // The field names its problem to a screen reader, and keeps the focus.
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(problem);
  await expect(field).toBeFocused();
  // The field it sends the fan back to, and its label, are in sight below the sticky nav.
  const navBottom = await page
    .getByRole("navigation", { name: "Main" })
    .evaluate((nav) => nav.closest("header")!.getBoundingClientRect().bottom);
  const label = page.getByText("Your e-mail address", { exact: true });
  expect((await label.boundingBox())!.y).toBeGreaterThanOrEqual(navBottom);

  // A pasted address longer than any can be is kept whole, and the fan is told what is wrong with it.
  await field.fill(`${"orla.quinlan.fan.".repeat(16)}@example.com`);
  await submit.click();
  // Said as it appears (an alert): the focus was in the field already, and moving it there reads nothing.
  await expect(page.getByRole("alert")).toHaveText("That address is too long: it can be at most 254 characters.");
  // A letter that only looks like an ordinary one (a dotted capital I for an i), pasted: said plainly.
  await field.fill("s\u0130obhan@example.ie");
  await submit.click();
  await expect(page.getByText(/^That address has a letter that only looks like an ordinary one\./)).toBeVisible();
  expect(calls).toEqual([]);
});

test("a bot that fills the hidden field is thanked, and nothing is sent", async ({ page }) => {
  await page.goto("/listen");
  const calls = restCalls(page);
  const { email: field, submit, thanks } = form(page);
  const honeypot = page.locator('input[name="website"]');
  // A person never meets the field: it is out of sight and out of the tab order.
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  expect(await honeypot.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThan(0);
  await field.fill(fresh("bot"));
  await honeypot.fill("https://spam.example");
  await submit.click();
  await expect(thanks).toBeVisible();
  expect(calls).toEqual([]);
});

test("the merch page's Sign up for updates opens the form with T-shirts chosen", async ({ page }) => {
  await page.goto("/merch");
  await page.getByRole("link", { name: "Sign up for updates" }).click();
  await expect(page).toHaveURL(/\/listen\?for=tshirts#signup$/);
  await expect(page.getByRole("radio", { name: "Only when the T-shirts are out" })).toBeChecked();
  await expect(form(page).email).toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form, which cannot work, gives way to an address to write to", async ({ page }) => {
    await page.goto("/listen");
    await expect(page.getByText(/^This form needs JavaScript\. .*write to \S+@\S+\.$/)).toBeVisible();
    await expect(form(page).submit).toBeHidden();
  });
});
