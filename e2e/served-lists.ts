/**
 * What the journeys about long lists and narrow screens share: a table's list read answered by the test (the
 * page's own network layer asks, the shared backend never sees the rows), and the check that an element fits
 * the window.
 */
import type { Locator, Page } from "@playwright/test";
import { pageOf } from "../src/test/fake-pages";
import { expect } from "./fixtures";

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
