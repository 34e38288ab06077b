/**
 * What the journeys about long lists and narrow screens share: a table's list read answered by the test (the
 * page's own network layer asks, the shared backend never sees the rows), and the check that an element fits
 * the window, and the calendar opened on a gig on the website served so.
 */
import type { Locator, Page } from "@playwright/test";
import { pageOf } from "../src/test/fake-pages";
import { showRow } from "../src/test/show-rows";
import { expect } from "./fixtures";
import { openCalendar, uniqueWord, upcomingEvent } from "./team";

export type Row = Record<string, string | number | boolean | null>;

/**
 * Answers the list read of `table` with `rows` (in the read's order), a page at a time as the client asks for
 * them: each after the last row read (src/lib/pages-by-key.mjs), as many as its limit.
 */
export async function serveList(page: Page, table: string, rows: Row[]): Promise<void> {
  await page.route(new RegExp(`/rest/v1/${table}\\?select`), (route) => {
    const url = new URL(route.request().url());
    const after = url.searchParams.get("or")?.slice(1, -1); // supabase-js' .or() wraps the tree in parentheses
    const limit = Number(url.searchParams.get("limit") ?? rows.length);
    const body = JSON.stringify(pageOf(rows, { table, after, limit }, Infinity));
    return route.fulfill({ contentType: "application/json", body });
  });
}

/** Expects `element` to fit the window: nothing scrolls sideways and its own text is not cut off. */
export async function expectToFit(page: Page, element: Locator): Promise<void> {
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

/** An event of the calendar as the team reads it, starting at noon (UTC) on `start`. */
export function calendarEvent(id: string, title: string, start: Date, extra: Row = {}): Row {
  const at = new Date(start);
  at.setUTCHours(12, 0, 0, 0);
  return {
    id,
    title,
    description: null,
    start_date: at.toISOString(),
    end_date: at.toISOString(),
    event_type: "gig",
    created_at: "2026-01-05T10:00:00Z",
    ...extra,
  };
}

/** The calendar opened on a gig whose show is on the website, served as the database would; the gig's card. */
export async function calendarWithShow(page: Page) {
  const title = `Cork ${uniqueWord()}`;
  const day = new Date(Date.now() + 20 * 86_400_000);
  const gig = calendarEvent(`gig-${uniqueWord()}`, title, day);
  await serveList(page, "calendar_events", [gig]);
  await serveList(page, "shows", [
    {
      ...showRow({
        id: `cork-${uniqueWord()}`,
        venue_name: "Cork Opera House",
        venue_street: "Emmet Place",
        venue_town: "Cork",
        venue_county: "Co. Cork",
        venue_postal_code: "T12 X7YR",
        starts_at: String(gig.start_date),
        ticket_url: "https://tickets.example/orla/cork",
      }),
      event_id: String(gig.id),
      notes: null,
      published: true,
      version: 1,
      created_at: "2026-01-05T10:00:00Z",
      updated_at: "2026-01-05T10:00:00Z",
    },
  ]);
  await openCalendar(page);
  return upcomingEvent(page, title);
}
