/**
 * Long lists and narrow screens: thousands of contacts, a card or an event
 * title with no spaces on a phone, each behind the team's sign-in. The 5,000
 * contacts are seeded into the real table of a backend of the test's own, as
 * its service role (the same rows the bench times); the
 * other rows come from the page's own network layer (the list read answered by
 * the test). Either way the journeys running beside these never see them on the
 * shared backend.
 */
import type { Page } from "@playwright/test";
import {
  directoryRows,
  listShownAfterData,
  SEARCH_KEYS,
  seedContacts,
  watchListShown,
} from "../tools/bench/measure-contacts.mjs";
import { patient } from "../tools/test-pace.mjs";
import { expect, expectToastShown, recordToasts, test } from "./fixtures";
import { calendarEvent, expectToFit, serveList, type Row } from "./served-lists";
import { openCalendar, pickDay, signIn, uniqueWord, upcomingEvent } from "./team";

const contact = (id: string, name: string, extra: Row = {}): Row => ({
  id,
  name,
  role: "Agent",
  email: null,
  phone: null,
  version: 1,
  created_at: "2026-01-05T10:00:00Z",
  ...extra,
});

const statusCount = (page: Page) => page.getByRole("status").filter({ hasText: / contacts$/ });

test("shows 5,000 contacts a page at a time, and a search typed fast into them keeps every keystroke @own-backend", async ({
  page,
  ownBackend,
}) => {
  // How fast this happens is the bench's to measure (npm run bench, tools/bench/measure-contacts.mjs), on
  // the same rows; a journey sharing two cores with others checks only what a person sees.
  // A backend of its own, 5,000 rows written to it, read and drawn, and some fifty keystrokes searched through them:
  // the work of several journeys, given their time.
  test.setTimeout(patient(90_000));
  const backend = await ownBackend();
  const word = uniqueWord();
  const rows = directoryRows(word);
  await seedContacts(backend.url, rows);
  await watchListShown(page);
  await recordToasts(page);
  await page.goto("/contacts");
  await signIn(page);
  await expectToastShown(page, "Contacts loaded");
  await expect(statusCount(page)).toHaveText("5000 contacts");
  // The table is read a thousand rows at a time, and the list waited for all of them.
  const { reads, renderMs } = await listShownAfterData(page);
  expect(reads).toBeGreaterThanOrEqual(5);
  expect(renderMs, "the list shown before its last rows arrived").toBeGreaterThanOrEqual(0);

  // Every contact stays findable: the list draws a page at a time and says how many wait.
  await expect(page.getByRole("article")).toHaveCount(100);
  await expect(page.getByRole("article").first()).toHaveAccessibleName(`${word} Person 0`);
  await page.getByRole("button", { name: "Show 100 more (4,900 not shown yet)" }).click();
  await expect(page.getByRole("article")).toHaveCount(200);

  // Typed key by key with no pause, as fast as the browser takes them: none is lost on the way.
  const search = page.getByRole("searchbox", { name: "Search contacts" });
  const before = `${word} person `;
  await search.fill(before);
  await expect(statusCount(page)).toHaveText("5000 of 5000 contacts");
  for (const key of SEARCH_KEYS) await search.press(key);
  const typed = SEARCH_KEYS.reduce((text, key) => (key === "Backspace" ? text.slice(0, -1) : text + key), before);
  await expect(search).toHaveValue(typed);
  const withFour = rows.filter((_, i) => String(i).includes("4")).length;
  await expect(statusCount(page)).toHaveText(`${withFour} of 5000 contacts`);
  await search.press("9");
  await expect(statusCount(page)).toHaveText(
    `${rows.filter((_, i) => String(i).includes("49")).length} of 5000 contacts`,
  );
  await search.fill(`${word} 4999`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article", { name: `${word} Person 4999` })).toBeVisible();
});

test("lays the contact cards out in one column on a phone, two on a tablet and three on a wide screen", async ({
  page,
}) => {
  await serveList(page, "contacts", [
    contact("grid-1", "Aoife"),
    contact("grid-2", "Brian"),
    contact("grid-3", "Cara"),
  ]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/contacts");
  await signIn(page);
  await expect(page.getByRole("article")).toHaveCount(3);
  const list = page.getByRole("list", { name: "Contacts" });
  const columns = () => list.evaluate((node) => getComputedStyle(node).gridTemplateColumns.split(" ").length);
  expect(await columns()).toBe(1);
  await page.setViewportSize({ width: 800, height: 800 });
  await expect.poll(columns).toBe(2);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(columns).toBe(3);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("wraps a contact's name and number with no spaces inside the card", async ({ page }) => {
    const name = `${uniqueWord()}${"x".repeat(150)}`;
    await serveList(page, "contacts", [contact("long-1", name, { phone: "0".repeat(50) })]);
    await page.goto("/contacts");
    await signIn(page);
    const heading = page.getByRole("heading", { name });
    await expect(heading).toBeVisible();
    await expectToFit(page, heading);
    await expectToFit(page, page.getByRole("article", { name }));
  });

  test("wraps an event title with no spaces inside the Upcoming Events list", async ({ page }) => {
    const title = `${uniqueWord()}${"x".repeat(150)}`;
    await serveList(page, "calendar_events", [
      calendarEvent("long-title", title, new Date(Date.now() + 3 * 86_400_000)),
    ]);
    await openCalendar(page);
    const heading = upcomingEvent(page, title).getByRole("heading", { name: title });
    await expect(heading).toBeVisible();
    await expectToFit(page, heading);
  });

  test("wraps a long link in an event's description inside the picked day's events and Upcoming Events", async ({
    page,
  }) => {
    const title = uniqueWord();
    const link = `https://example.com/${"x".repeat(300)}`;
    const now = new Date();
    await serveList(page, "calendar_events", [
      calendarEvent("long-link", title, new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 15)), {
        event_type: "recording",
        description: `Long line: ${link}`,
      }),
    ]);
    await openCalendar(page);
    await pickDay(page, 15);
    const day = page.getByRole("region", { name: /^Events on / });
    await expect(day.getByText(link)).toBeVisible();
    await expectToFit(page, day.getByRole("listitem").filter({ hasText: title }));
    await expectToFit(page, upcomingEvent(page, title));
  });
});
