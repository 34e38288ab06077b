/**
 * The calendar's team session and its feed where they would disturb the
 * journeys beside them, each on a backend of its own: tokens that expire
 * within a minute, a team password changed elsewhere, and a burst of fifty
 * events on one day.
 */
import type { BrowserContext, Page, Request } from "@playwright/test";
import { expect, expectAccessible, expectToast, expectToastShown, recordToasts, stopClock, test } from "./fixtures";
import { patient } from "../tools/test-pace.mjs";
import type { OwnBackend } from "./own-backend";
import {
  dayButton,
  dayOfNextMonth,
  fillEvent,
  gateStatus,
  liveIndicator,
  openCalendar,
  pickDay,
  showNextMonth,
  secondBrowser,
  TEAM_PASSWORD,
  uniqueWord,
  upcomingEvent,
} from "./team";

/** Whether a request is the page reading the list of events. */
const isListRead = (request: Request) =>
  request.method() === "GET" && /\/rest\/v1\/calendar_events\?select/.test(request.url());

/** Inserts rows into calendar_events in one request, as the service role (past row-level security). */
async function insertEvents(backend: OwnBackend, rows: object[]): Promise<void> {
  const response = await backend.asServiceRole("/rest/v1/calendar_events", {
    method: "POST",
    headers: { Prefer: "return=minimal" },
    body: JSON.stringify(rows),
  });
  expect(response.status, await response.text()).toBe(201);
}

/** The row of an event on `day` (yyyy-MM-dd), stored as the calendar stores one: noon UTC. */
const eventOn = (day: string, title: string, event_type = "gig") => ({
  title,
  start_date: `${day}T12:00:00.000Z`,
  end_date: `${day}T12:00:00.000Z`,
  event_type,
});

/** Keeps the text of every realtime message the context's pages hear, from their first paint. */
async function recordRealtime(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const heard: string[] = ((window as unknown as { heard: string[] }).heard = []);
    window.WebSocket = class extends window.WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener("message", (event) => heard.push(String(event.data)));
      }
    };
  });
}

/** How many of the titles starting with `prefix` and a number the page has heard of over realtime. */
const heardOf = (page: Page, prefix: string) =>
  page.evaluate((prefix) => {
    const titles = (window as unknown as { heard: string[] }).heard.flatMap((message) =>
      message
        .split(prefix)
        .slice(1)
        .map((rest) => rest.slice(0, 3)),
    );
    return new Set(titles).size;
  }, prefix);

/** Expects the calendar still open: no Enter Password screen, no word of a lock, and still Live. */
async function expectStillOpen(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Enter Password" })).toHaveCount(0);
  await expect(page.locator("[data-variant]").filter({ hasText: "Calendar locked" })).toHaveCount(0);
  await expect(liveIndicator(page)).toHaveText("Live");
}

test("keeps reading, adding and hearing of changes long after its first token has expired @own-backend", async ({
  page,
  context,
  ownBackend,
}) => {
  test.setTimeout(patient(120_000));
  const backend = await ownBackend({ jwtExpirySeconds: 40 });
  await recordToasts(page);
  await openCalendar(page);
  // The refreshes while the page stands open, in seconds since it opened. (auth-js refreshes a token that
  // is due within 90 s whenever it reads the session, so one follows the sign-in at once: that one does not count.)
  const opened = Date.now();
  const refreshes: { after: number; status: number }[] = [];
  context.on("response", (response) => {
    if (/\/auth\/v1\/token\?grant_type=refresh_token/.test(response.url())) {
      refreshes.push({ after: Math.round((Date.now() - opened) / 1000), status: response.status() });
    }
  });

  // Past the first token's life, and across at least one of auth-js's 30 s refresh ticks: the one sleep
  // of this journey, since what it proves is what happens as time passes.
  await page.waitForTimeout(45_000);
  expect(
    refreshes.filter(({ after, status }) => after >= 5 && status === 200),
    `refreshes granted while the page stood open, of ${JSON.stringify(refreshes)}`,
  ).not.toHaveLength(0);
  await expectStillOpen(page);

  // A change made elsewhere still arrives over realtime (the channel was joined with a token that has
  // expired since), and the list is read again with a fresh token.
  const word = uniqueWord();
  const elsewhere = `Festival slot ${word}`;
  await insertEvents(backend, [eventOn(await dayOfNextMonth(page, 12), elsewhere, "promotion")]);
  await expect(upcomingEvent(page, elsewhere).getByText("promotion", { exact: true })).toBeVisible();

  // And the page itself still adds events.
  const added = `Added later ${word}`;
  await pickDay(page, 14);
  await fillEvent(page, added, "After the token refreshed", "rehearsal");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(upcomingEvent(page, added).getByText("After the token refreshed")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expectToastShown(page, "Event added", "New event has been added successfully");
  // The page never locked: a lock would have asked for the password again, which was typed once.
  await expectStillOpen(page);
});

test("locks and says why when the team password is changed elsewhere, keeping the event being typed @own-backend", async ({
  page,
  context,
  ownBackend,
}) => {
  const backend = await ownBackend();
  await recordToasts(page);
  await openCalendar(page);
  const title = `Studio day ${uniqueWord()}`;
  await pickDay(page, 21);
  await fillEvent(page, title, "Vocals and the cello overdub", "recording");
  // Some time passes, as it would: the sign-in's toast has gone when the password changes elsewhere.
  await expect(page.locator("[data-variant]")).toHaveCount(0);

  // The owner rotates the team password from their terminal; every session of the account ends.
  const newPassword = await backend.rotateTeamPassword();

  // The page learns of it when it next checks its session: here, as the network comes back.
  await context.setOffline(true);
  await expect(liveIndicator(page)).toHaveText("Reconnecting…");
  await context.setOffline(false);
  const reason = "Your session has ended, for example because the team password was changed. Enter the password again.";
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add Event" })).toHaveCount(0);
  await expect(gateStatus(page)).toHaveText(reason);
  await expect(page.getByText("Your unsaved event is kept and will be back after you sign in.")).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await expectToastShown(page, "Calendar locked", reason);

  // The old password no longer opens it; the reason stays on the screen.
  const password = page.getByLabel("Password", { exact: true });
  await password.fill(TEAM_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access denied", "Incorrect password");
  await expect(page.getByRole("heading", { name: "Add Event" })).toHaveCount(0);
  await expect(gateStatus(page)).toHaveText(reason);

  // The new one does, and the event typed before the lock is back in the form.
  await password.fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access granted", "You can now edit the calendar");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Vocals and the cello overdub");
  await expect(page.getByLabel("Event type", { exact: true })).toHaveValue("recording");
  await expect(page.getByText(/^Date: [A-Z][a-z]{2} 21, \d{4}$/)).toBeVisible();
  await expect(liveIndicator(page)).toHaveText("Live");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  await expect(upcomingEvent(page, title)).toBeVisible();
});

test("a burst of fifty new events costs each open page one or two reads of the list, and a busy day shows three dots and a count @own-backend", async ({
  page,
  browser,
  baseURL,
  ownBackend,
}) => {
  const backend = await ownBackend();
  const other = await secondBrowser(browser, baseURL);
  try {
    await backend.carry(other);
    const colleague = await other.newPage();
    const pages = [page, colleague];
    // Each page's clock is the test's, running as any clock does until the burst, so that what counts as
    // a burst (changes heard within the page's gathering pause) does not hang on how fast this machine is.
    for (const each of pages) {
      await recordRealtime(each.context());
      await each.clock.install();
    }
    const reads = new Map<Page, { sent: number; done: number }>(pages.map((each) => [each, { sent: 0, done: 0 }]));
    for (const each of pages) {
      const count = reads.get(each)!;
      each.on("request", (request) => void (isListRead(request) && (count.sent += 1)));
      each.on("requestfinished", (request) => void (isListRead(request) && (count.done += 1)));
      each.on("requestfailed", (request) => void (isListRead(request) && (count.done += 1)));
    }
    await Promise.all(pages.map((each) => openCalendar(each)));
    // The reads that opening the calendar costs are over before the burst.
    for (const each of pages) await expect.poll(() => reads.get(each)!.sent - reads.get(each)!.done).toBe(0);

    // Fifty events on the 15th, in one request, as an import would add them.
    const word = uniqueWord();
    const day = await dayOfNextMonth(page, 15);
    const rows = Array.from({ length: 50 }, (_, index) =>
      eventOn(day, `Showcase ${word} ${String(index + 1).padStart(2, "0")}`, index % 2 === 0 ? "gig" : "promotion"),
    );
    const before = pages.map((each) => reads.get(each)!.sent);
    // The clocks stand still while the fifty arrive, however slowly a busy machine passes them on, and run on
    // once every page has heard of all fifty: the burst as a page on a quick machine hears it.
    for (const each of pages) await stopClock(each);
    await insertEvents(backend, rows);
    for (const each of pages) await expect.poll(() => heardOf(each, `Showcase ${word} `)).toBe(50);
    for (const each of pages) await each.clock.resume();
    for (const each of pages) await expect(upcomingEvent(each, `Showcase ${word}`)).toHaveCount(50);
    const burstReads = pages.map((each, index) => reads.get(each)!.sent - before[index]!);
    for (const count of burstReads) {
      expect(count, `reads of the list for the burst, per page: ${burstReads.join(", ")}`).toBeGreaterThanOrEqual(1);
      expect(count, `reads of the list for the burst, per page: ${burstReads.join(", ")}`).toBeLessThanOrEqual(2);
    }

    // The busy day: three dots (their tooltips name the first three events) and "+47" beside them.
    await showNextMonth(page);
    const busy = dayButton(page, 15);
    const dots = busy.locator("[title]");
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute("title", `Showcase ${word} 01 (gig)`);
    await expect(dots.nth(1)).toHaveAttribute("title", `Showcase ${word} 02 (promotion)`);
    await expect(dots.nth(2)).toHaveAttribute("title", `Showcase ${word} 03 (gig)`);
    for (const dot of await dots.all()) await expect(dot).toBeVisible();
    // The count is drawn by CSS, so a person sees it while the button's name says it in words.
    const count = busy.locator("[data-more]");
    await expect(count).toBeVisible();
    await expect.poll(() => count.evaluate((element) => getComputedStyle(element, "::after").content)).toBe('"+47"');
    await expect(busy).toHaveAccessibleName(/, 50 events$/);
    await expect(busy).toHaveAccessibleName(/^.{1,59}$/);
    await expectAccessible(page);
  } finally {
    await other.close();
  }
});
