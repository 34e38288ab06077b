/**
 * /fans, the team's list of sign-ups from /listen: behind the team password,
 * out of the nav; the list, its CSV for the mailing tool,
 * removing an address after a confirmation, and the sign-ups held while too
 * many came at once, added to the list or cleared in one action.
 */
import type { Page } from "@playwright/test";
import { LOCAL_ANON_KEY } from "../server/local-keys.mjs";
import { expect, expectAccessible, expectToast, test } from "./fixtures";
import { downloadDuring, signIn, uniqueWord } from "./team";

/** Signs `email` up on /listen, as a fan does. */
async function signUp(page: Page, email: string, choice: string) {
  await page.goto("/listen");
  await page.getByRole("textbox", { name: "Your e-mail address" }).fill(email);
  await page.getByRole("radio", { name: choice }).check();
  await page.getByRole("button", { name: "Sign me up" }).click();
  await expect(page.getByRole("status").getByText("You're on the list. Thank you!")).toBeVisible();
}

// Out of search (noindex, not in the sitemap) is the public journeys' search check, for every tool page.
test("is behind the team password, out of the nav, and refuses a wrong password", async ({ page }) => {
  await page.goto("/fans");
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /fans/i })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel("Password", { exact: true }).fill("wrong password");
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access denied", "Incorrect password");
  await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("gives an address the room to wrap only after its @ and before its dots, the date under the choice", async ({
    page,
  }) => {
    const email = `fan.${uniqueWord()}@example.com`;
    await signUp(page, email, "All news");
    await page.goto("/fans");
    await signIn(page);
    const cell = page.getByRole("cell", { name: email, exact: true });
    await expect(cell).toBeVisible();
    // Each piece between the break points (after the @, before a dot) stands on one line.
    const linesPerPiece = await cell.evaluate((element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
    );
    expect(linesPerPiece.length).toBeGreaterThan(1);
    expect(linesPerPiece.every((lines) => lines === 1)).toBe(true);
    const row = page.getByRole("row").filter({ has: cell });
    await expect(row.getByRole("cell").nth(1)).toHaveText(/^All news[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/, {
      useInnerText: false,
    });
    await expect(page.getByRole("columnheader", { name: "Signed up" })).toBeHidden();
  });
});

test("shows the team each new sign-up, newest first, downloads the CSV and removes an address once confirmed", async ({
  page,
  supabaseUrl,
}) => {
  const word = uniqueWord();
  // Someone signed up earlier, with an address a spreadsheet would read as a formula (it starts with =).
  const earlier = `=cmd-${word}@example.com`;
  const signedUp = await fetch(`${supabaseUrl}/rest/v1/fan_signups`, {
    method: "POST",
    headers: { apikey: LOCAL_ANON_KEY, "Content-Type": "application/json", Prefer: "return=minimal" },
    body: JSON.stringify({ email: earlier, interest: "all" }),
  });
  expect(signedUp.status).toBe(201);
  const later = `fan-${word}@example.com`;
  await signUp(page, later, "Only when the T-shirts are out");

  await page.goto("/fans");
  await signIn(page);
  const rowOf = (email: string) =>
    page.getByRole("row").filter({ has: page.getByRole("cell", { name: email, exact: true }) });
  // As drawn (a phone would also show the date under the choice).
  await expect(rowOf(later).getByRole("cell").nth(1)).toHaveText("T-shirts", { useInnerText: true });
  await expect(rowOf(earlier).getByRole("cell").nth(1)).toHaveText("All news", { useInnerText: true });
  await expect(rowOf(later).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  // Dated as every team page writes dates ('MMM d, yyyy'), with the time in Irish time.
  await expect(rowOf(later).locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d$/);
  const emails = await page
    .getByRole("row")
    .evaluateAll((rows) => rows.map((row) => row.firstElementChild?.textContent));
  expect(emails.indexOf(later)).toBeLessThan(emails.indexOf(earlier));
  // The count names every row listed (the header row aside).
  const count = await page.getByText(/^\d+ sign-ups?$/).textContent();
  expect(Number(count?.split(" ")[0])).toBe(emails.length - 1);
  await expectAccessible(page);

  const { filename, text } = await downloadDuring(page, () =>
    page.getByRole("button", { name: "Download CSV" }).click(),
  );
  expect(filename).toMatch(/^fan-signups-\d{4}-\d\d-\d\d\.csv$/);
  const lines = text.split("\r\n");
  expect(lines[0]).toBe('"email","wants","signed_up"');
  const laterLine = lines.findIndex((line) => line.startsWith(`"${later}","T-shirts","`));
  const earlierLine = lines.findIndex((line) => line.startsWith(`"'${earlier}","All news","`));
  expect(laterLine).toBeGreaterThan(0);
  expect(earlierLine).toBeGreaterThan(laterLine);

  // The question takes focus with its safe answer, so a keyboard user stays on the row.
  const remove = page.getByRole("button", { name: `Remove ${later}` });
  await remove.click();
  await expect(page.getByRole("button", { name: "Keep" })).toBeFocused();
  await page.getByRole("button", { name: "Keep" }).click();
  await expect(rowOf(later)).toHaveCount(1);
  // Kept: the row's Remove has the focus back, so the next Tab goes on from the row.
  await expect(remove).toBeFocused();

  // The server refuses the removal: the address stays, and the toast says why.
  await page.route(/\/rest\/v1\/fan_signups/, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ code: "XX000", details: null, hint: null, message: "Database is resting" }),
        })
      : route.fallback(),
  );
  await remove.click();
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expectToast(page, "Error removing address", "Database is resting");
  await expect(rowOf(later)).toHaveCount(1);
  // The question has gone with the answer; the keyboard's place is the list's count, not the top of the page.
  await expect(page.getByText(/^\d+ sign-ups?$/)).toBeFocused();
  await page.unroute(/\/rest\/v1\/fan_signups/);

  await remove.click();
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expectToast(page, "Address removed", `${later} is off the list`);
  await expect(rowOf(later)).toHaveCount(0);
  await expect(page.getByText(/^\d+ sign-ups?$/)).toBeFocused();
  // Gone from the server too: after a reload and a new sign-in it is not listed.
  await page.reload();
  await signIn(page);
  await expect(rowOf(earlier)).toHaveCount(1);
  await expect(rowOf(later)).toHaveCount(0);
});

test("tells the team how many sign-ups an allowance refused in the last 24 hours, and plainly when none was @own-backend", async ({
  page,
  ownBackend,
}) => {
  const backend = await ownBackend();
  await page.goto("/fans");
  await signIn(page);
  await expect(page.getByText("No sign-ups were refused in the last 24 hours.")).toBeVisible();

  // The sign-up allowance lowered to one a minute and no address held, as the service role may (docs/operations.md,
  // Limits): a second fan within the minute is turned away.
  const limited = await backend.asServiceRole("/rest/v1/fan_signups_limits?id=eq.true", {
    method: "PATCH",
    body: JSON.stringify({ per_minute: 1, held_per_day: 0 }),
  });
  expect(limited.status, await limited.text()).toBe(204);
  const signUp = (email: string) =>
    backend.asOutsider("/rest/v1/fan_signups", {
      method: "POST",
      headers: { Prefer: "return=minimal" },
      body: JSON.stringify({ email, interest: "all" }),
    });
  const word = uniqueWord();
  expect((await signUp(`first-${word}@example.com`)).status).toBe(201);
  expect((await signUp(`second-${word}@example.com`)).status).toBe(429);

  await page.reload();
  await signIn(page);
  await expect(
    page.getByText(
      "1 sign-up was refused in the last 24 hours because too many came at once. Each was asked to try again in a minute.",
    ),
  ).toBeVisible();
  await expectAccessible(page);
});

test("shows the sign-ups held while too many came at once apart from the list, and adds or clears them in one action @own-backend", async ({
  page,
  ownBackend,
}) => {
  const backend = await ownBackend();
  // The shared backstop lowered to one address a minute, as the service role may: the next new fans are held.
  const limited = await backend.asServiceRole("/rest/v1/fan_signups_limits?id=eq.true", {
    method: "PATCH",
    body: JSON.stringify({ per_minute: 1 }),
  });
  expect(limited.status, await limited.text()).toBe(204);
  const word = uniqueWord();
  const [listed, held, another] = ["listed", "held", "another"].map((name) => `${name}-${word}@example.com`);
  await signUp(page, listed, "All news");
  // A held fan is told what every fan is told: nobody is turned away.
  await signUp(page, held, "Only when the T-shirts are out");

  await page.goto("/fans");
  await signIn(page);
  const heldList = page.getByRole("region", { name: "Held sign-ups" });
  await expect(heldList).toContainText(
    "1 sign-up came while too many arrived at once, so it was kept aside. Add it to the list if it looks real, or clear it.",
  );
  await expect(heldList.getByRole("listitem")).toHaveText([new RegExp(`^${held} · T-shirts · `)]);
  const rowOf = (email: string) =>
    page.getByRole("row").filter({ has: page.getByRole("cell", { name: email, exact: true }) });
  await expect(rowOf(listed)).toHaveCount(1);
  await expect(rowOf(held)).toHaveCount(0);
  await expect(page.getByText("1 sign-up", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await heldList.getByRole("button", { name: "Add all to the list" }).click();
  await expectToast(page, "Held sign-ups added", "1 held sign-up added to the list");
  await expect(rowOf(held).getByRole("cell").nth(1)).toHaveText("T-shirts", { useInnerText: true });
  await expect(page.getByText("2 sign-ups", { exact: true })).toBeVisible();
  await expect(heldList).toHaveCount(0);

  // Another is held; clearing it leaves the list as it was.
  expect(
    (
      await backend.asOutsider("/rest/v1/fan_signups", {
        method: "POST",
        headers: { Prefer: "return=minimal" },
        body: JSON.stringify({ email: another, interest: "all" }),
      })
    ).status,
  ).toBe(201);
  await page.reload();
  await signIn(page);
  await expect(heldList.getByRole("listitem")).toHaveText([new RegExp(`^${another} · All news · `)]);
  // Clearing deletes them for good: asked first, and "Keep" (focused) keeps them.
  await heldList.getByRole("button", { name: "Clear all" }).click();
  const question = heldList.getByRole("group", { name: "Clear all held sign-ups?" });
  await expect(question).toContainText("Clear them all for good?");
  await expect(question.getByRole("button", { name: "Keep" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(heldList.getByRole("button", { name: "Clear all" })).toBeFocused();
  await expect(heldList.getByRole("listitem")).toHaveText([new RegExp(`^${another} · All news · `)]);
  await heldList.getByRole("button", { name: "Clear all" }).click();
  await question.getByRole("button", { name: "Yes, clear" }).click();
  await expectToast(page, "Held sign-ups cleared", "1 held sign-up cleared");
  await expect(heldList).toHaveCount(0);
  await expect(rowOf(another)).toHaveCount(0);
  await expect(page.getByText("2 sign-ups", { exact: true })).toBeVisible();
});
