/**
 * What the team-tool journeys share: the team password, names no other test
 * uses (the backend is one instance for the whole run), a second browser, a
 * download read back as text, the team sign-in every team page shares, and the calendar's event form.
 */
import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { DEV_TEAM_PASSWORD } from "../server/team-account.mjs";
import { expect, expectToast } from "./fixtures";

/** The team account's password on the journeys' backend (the global setup starts it with this one). */
export const TEAM_PASSWORD = DEV_TEAM_PASSWORD;

/**
 * A word no other test (or earlier run against the same backend) uses, in
 * letters only, so a search for it never matches a phone number.
 */
export function uniqueWord(): string {
  return Array.from({ length: 8 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("");
}

/** Another person's browser: a context of its own, with no storage or session in common with the test's page. */
export async function secondBrowser(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
}

/** Runs `action`, waits for the download it starts, and returns the file's suggested name and its text. */
export async function downloadDuring(
  page: Page,
  action: () => Promise<void>,
): Promise<{ filename: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), action()]);
  return { filename: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}

/** The Enter Password screen's line that says why a login was refused or why the page locked. */
export function gateStatus(page: Page): Locator {
  return page
    .locator("form")
    .filter({ has: page.getByRole("heading", { name: "Enter Password" }) })
    .getByRole("status");
}

/** What "Access granted" says on each team page: the promised words on the calendar (docs/features.md#team-sign-in), the page's tool elsewhere. */
const ACCESS_GRANTED: Record<string, string> = {
  "/calendar": "You can now edit the calendar",
  "/contacts": "You can now edit the contact directory",
  "/fans": "You can now see the sign-up list",
};

/**
 * Types the team password and presses Login on the Enter Password screen, as a team member opens
 * any team page (the calendar, the contacts, the fans list), and waits for Access granted in that page's words
 * (docs/features.md#team-sign-in).
 */
export async function signIn(page: Page): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill(TEAM_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access granted", ACCESS_GRANTED[new URL(page.url()).pathname]);
}

/** Opens /calendar, signs in, and waits until the calendar listens for changes. */
export async function openCalendar(page: Page): Promise<void> {
  await page.goto("/calendar");
  await signIn(page);
  await expect(liveIndicator(page)).toHaveText("Live");
}

/** The calendar's realtime indicator (toasts are status regions too, hence the text). */
export function liveIndicator(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /^(Connecting…|Live|Reconnecting…)$/ });
}

/** A day button of the month shown (the first with that number), found by its name: "Nov 15, 2026, …". */
export function dayButton(page: Page, day: number): Locator {
  return page
    .getByRole("gridcell")
    .getByRole("button", { name: new RegExp(`^[A-Z][a-z]{2} ${day}, \\d{4}(,|$)`) })
    .first();
}

/** The month after the browser's current one, as the month view's caption names it ("December 2026"). */
function nextMonthCaption(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth() + 1, 1).toLocaleString("en-US", {
      month: "long",
      year: "numeric",
    });
  });
}

/**
 * Shows next month in the month view, where the journeys add their events: every day of it is ahead of today,
 * so what they add is listed under Upcoming Events whatever the date of the run.
 */
export async function showNextMonth(page: Page): Promise<void> {
  const month = page.getByRole("grid", { name: await nextMonthCaption(page) });
  if (!(await month.isVisible())) await page.getByRole("button", { name: "Go to the Next Month" }).click();
  await expect(month).toBeVisible();
}

/** yyyy-MM-dd of the `day`th of next month (the browser's), the month where the journeys' events go. */
export function dayOfNextMonth(page: Page, day: number): Promise<string> {
  return page.evaluate((day) => {
    const now = new Date();
    const month = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }, day);
}

/** Picks a day of next month (by default the 15th, never an outside day), shown first, and returns its button. */
export async function pickDay(page: Page, day = 15): Promise<Locator> {
  await showNextMonth(page);
  const button = dayButton(page, day);
  await button.click();
  return button;
}

/** Fills the Add Event form. */
export async function fillEvent(page: Page, title: string, description = "", type = "gig"): Promise<void> {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill(description);
  await page.getByLabel("Event type", { exact: true }).selectOption(type);
}

/** The Upcoming Events list's card for `title`. */
export function upcomingEvent(page: Page, title: string): Locator {
  return page.getByRole("region", { name: "Upcoming Events" }).getByRole("listitem").filter({ hasText: title });
}
