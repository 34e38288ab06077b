/**
 * Long lists and narrow screens: thousands of contacts, a card or an event
 * title with no spaces on a phone. The 5,000 contacts are seeded into the real
 * table of a backend of the test's own; the other rows come from the page's own
 * network layer (the list read answered by the test). Either way the journeys
 * running beside these never see them on the shared backend.
 */
import type { Locator, Page } from "@playwright/test";
import { summarizeTimings } from "../tools/bench/bench-report.mjs";
import { expect, expectToast, test } from "./fixtures";
import { openCalendar, uniqueWord, upcomingEvent } from "./team";

type Row = Record<string, string | number | null>;

/** Answers the list read of `table` with `rows`, a page at a time as the client asks for them. */
async function serveList(page: Page, table: string, rows: Row[]): Promise<void> {
  await page.route(new RegExp(`/rest/v1/${table}\\?select`), (route) => {
    const url = new URL(route.request().url());
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? rows.length);
    return route.fulfill({ contentType: "application/json", body: JSON.stringify(rows.slice(offset, offset + limit)) });
  });
}

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

/** Expects `element` to fit the window: nothing scrolls sideways and its own text is not cut off. */
async function expectToFit(page: Page, element: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const fit = await element.evaluate((node) => ({
    pageWidth: document.documentElement.scrollWidth,
    right: Math.round(node.getBoundingClientRect().right),
    overflow: node.scrollWidth - node.clientWidth,
  }));
  expect(fit.pageWidth, "the page's width").toBeLessThanOrEqual(width);
  expect(fit.right, "where the element ends").toBeLessThanOrEqual(width);
  expect(fit.overflow, "text running past its box").toBe(0);
}

const statusCount = (page: Page) => page.getByRole("status").filter({ hasText: / contacts$/ });

test("shows 5,000 contacts within a second of their arrival, and follows each keystroke of a search within 100 ms", async ({
  page,
  ownBackend,
}) => {
  const backend = await ownBackend();
  const word = uniqueWord();
  // Newest first: Person 0 was added last.
  const added = Date.parse("2026-01-05T10:00:00Z");
  const rows = Array.from({ length: 5000 }, (_, i) =>
    contact(`scale-${word}-${i}`, `${word} Person ${i}`, {
      email: i % 3 === 0 ? `person${i}@${word}.ie` : null,
      phone: i % 5 === 0 ? `087 ${String(i).padStart(7, "0")}` : null,
      created_at: new Date(added - i * 1000).toISOString(),
    }),
  );
  // Into the table as the service role (no flood guard), a thousand rows a request.
  for (let from = 0; from < rows.length; from += 1000) {
    const seeded = await backend.asServiceRole("/rest/v1/contacts", {
      method: "POST",
      body: JSON.stringify(rows.slice(from, from + 1000)),
    });
    expect(seeded.status, `seeding rows ${from} to ${from + 999}`).toBe(201);
  }
  // Note when the list first shows the full count, as the page sees it.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const count = [...document.querySelectorAll('[role="status"]')].find((node) =>
        /^\d{4,} contacts$/.test(node.textContent ?? ""),
      );
      if (count && document.querySelector('ul[aria-label="Contacts"] article')) {
        (window as { listShownAt?: number }).listShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto("/contacts");
  await expectToast(page, "Contacts loaded");
  await expect(statusCount(page)).toHaveText("5000 contacts");
  const { reads, renderMs } = await page.evaluate(() => {
    const entries = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/rest\/v1\/contacts\?select/.test(entry.name)) as PerformanceResourceTiming[];
    const arrived = Math.max(...entries.map((entry) => entry.responseEnd));
    return { reads: entries.length, renderMs: (window as { listShownAt?: number }).listShownAt! - arrived };
  });
  // The table is read a thousand rows at a time: the data has arrived when the last read has.
  expect(reads).toBeGreaterThanOrEqual(5);

  // Every contact stays findable: the list draws a page at a time and says how many wait.
  await expect(page.getByRole("article")).toHaveCount(100);
  await page.getByRole("button", { name: "Show 100 more (4,900 not shown yet)" }).click();
  await expect(page.getByRole("article")).toHaveCount(200);

  // Each keystroke narrows the list; timed from the key press to the frame after the count changes.
  const search = page.getByRole("searchbox", { name: "Search contacts" });
  await search.fill(`${word} person `);
  await expect(statusCount(page)).toHaveText("5000 of 5000 contacts");
  const keystrokeMs: number[] = [];
  // "4999" typed and taken back, six times over: 47 timed keystrokes, enough for a 95th percentile.
  const round = ["4", "9", "9", "9", "Backspace", "Backspace", "Backspace"];
  const typed = Array.from({ length: 6 }, (_, i) => (i === 0 ? round : ["Backspace", " ", ...round])).flat();
  for (const key of typed) {
    // A space leaves the search (and the count) as it was: typed, not timed.
    if (key === " ") {
      await search.press(key);
      continue;
    }
    const timing = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let start = 0;
          document.addEventListener("keydown", () => (start = performance.now()), { capture: true, once: true });
          const status = [...document.querySelectorAll('[role="status"]')].find((node) =>
            / contacts$/.test(node.textContent ?? ""),
          )!;
          const observer = new MutationObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - start));
          });
          observer.observe(status, { childList: true, subtree: true, characterData: true });
        }),
    );
    await search.press(key);
    keystrokeMs.push(await timing);
  }
  const withFour = rows.filter((_, i) => String(i).includes("4")).length;
  await expect(statusCount(page)).toHaveText(`${withFour} of 5000 contacts`);
  await search.fill(`${word} 4999`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article", { name: `${word} Person 4999` })).toBeVisible();

  const { count, medianMs: median, p95Ms: p95, maxMs: max } = summarizeTimings(keystrokeMs);
  const figures =
    `5,000 contacts: list shown ${renderMs.toFixed(0)} ms after the data arrived; ` +
    `${count} keystrokes median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms ` +
    `(all: ${keystrokeMs.map((ms) => ms.toFixed(0)).join(", ")})`;
  console.log(figures);
  test.info().annotations.push({ type: "timing", description: figures });
  expect(renderMs).toBeLessThan(1000);
  // Held to the 95th percentile; the slowest is reported, not held: on two cores, shared with the
  // journeys beside this one, the odd keystroke waits for the CPU (the slowest was 50–170 ms).
  expect(median).toBeLessThan(100);
  expect(p95).toBeLessThan(100);
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
    const heading = page.getByRole("heading", { name });
    await expect(heading).toBeVisible();
    await expectToFit(page, heading);
    await expectToFit(page, page.getByRole("article", { name }));
  });

  test("wraps an event title with no spaces inside the Upcoming Events list", async ({ page }) => {
    const title = `${uniqueWord()}${"x".repeat(150)}`;
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(12, 0, 0, 0);
    await serveList(page, "calendar_events", [
      {
        id: "long-title",
        title,
        description: null,
        start_date: start.toISOString(),
        end_date: start.toISOString(),
        event_type: "gig",
        created_at: "2026-01-05T10:00:00Z",
      },
    ]);
    await openCalendar(page);
    const heading = upcomingEvent(page, title).getByRole("heading", { name: title });
    await expect(heading).toBeVisible();
    await expectToFit(page, heading);
  });
});
