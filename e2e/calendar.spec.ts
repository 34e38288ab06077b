/**
 * The team calendar as the team uses it: the password gate, adding an event
 * and finding it in the month, the list and the export, two browsers kept in
 * step by realtime, and what happens when the network or the server fails.
 * The realtime back-off and rejoin are the calendar store's unit tests; token
 * refresh, a password changed elsewhere and a burst of changes, which need a
 * backend of their own, are in calendar-session.spec.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ICAL from "ical.js";
import { builtTeamEmail } from "../server/team-account.mjs";
import { deferred } from "../src/test/deferred";
import { expect, expectAccessible, expectToast, test } from "./fixtures";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import {
  downloadDuring,
  fillEvent,
  gateStatus,
  liveIndicator,
  openCalendar,
  pickDay,
  showNextMonth,
  secondBrowser,
  signIn,
  TEAM_PASSWORD,
  uniqueWord,
  upcomingEvent,
} from "./team";

const EVENT_TYPES = ["away", "gig", "rehearsal", "recording", "promotion"];
const NO_CONNECTION = "Could not reach the calendar server. Check your internet connection and try again.";

/** A PostgREST error body, as the backend sends it. */
const serverError = (code: string, message: string) => JSON.stringify({ code, details: null, hint: null, message });

test("the gate refuses a wrong password, says why a login failed, opens with the right one and locks again on reload", async ({
  page,
}) => {
  await recordLayoutShifts(page);
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  // The gate takes its placeholder's place: nothing on the page moves.
  expect(await layoutShifts(page)).toEqual([]);
  const password = page.getByLabel("Password", { exact: true });
  const login = page.getByRole("button", { name: "Login" });
  // Password managers can fill it: the field says what it is, and the account's e-mail is its username.
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveAttribute("autocomplete", "current-password");
  await expect(page.locator('input[autocomplete="username"]')).toHaveValue(/@/);

  await password.fill("wrong password");
  await login.click();
  await expectToast(page, "Access denied", "Incorrect password");
  await expect(page.getByRole("alert").filter({ hasText: "Access denied" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add Event" })).toHaveCount(0);

  // The sign-in service refuses more tries for a while: that is not a wrong password.
  await page.route(/\/auth\/v1\/token/, (route) =>
    route.fulfill({
      status: 429,
      headers: { "X-Supabase-Api-Version": "2024-01-01", "Access-Control-Expose-Headers": "X-Supabase-Api-Version" },
      contentType: "application/json",
      body: JSON.stringify({ code: "over_request_rate_limit", message: "Request rate limit reached" }),
    }),
  );
  await login.click();
  const wait = "The calendar has stopped taking passwords for a while. Wait a few minutes, then try again.";
  await expectToast(page, "Too many tries", wait);
  await expect(gateStatus(page)).toHaveText(`Too many tries. ${wait}`);
  // The gate audited with what a refusal adds to it: the status line and the destructive toast.
  await expectAccessible(page);
  await page.unroute(/\/auth\/v1\/token/);

  // The network is down: plain words, not the browser's "Failed to fetch".
  await page.route(/\/auth\/v1\/token/, (route) => route.abort("internetdisconnected"));
  await login.click();
  await expectToast(page, "No connection", NO_CONNECTION);
  await expect(gateStatus(page)).toHaveText(`No connection. ${NO_CONNECTION}`);
  await expect(page.getByText(/Failed to fetch|TypeError/)).toHaveCount(0);
  await page.unroute(/\/auth\/v1\/token/);

  // The right password, pasted (as a password manager fills it) and sent with Enter, pressed
  // again while the sign-in is on its way: one sign-in, and the calendar opens.
  // With no events yet, there is nothing to export, and the button says so.
  await page.route(/\/rest\/v1\/calendar_events\?select/, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
  );
  const signIns: string[] = [];
  page.on("request", (request) => /\/auth\/v1\/token/.test(request.url()) && signIns.push(request.url()));
  // The sign-in is held on its way until the second press has happened, however long a busy machine takes.
  const secondPress = deferred();
  await page.route(/\/auth\/v1\/token/, async (route) => {
    await secondPress.promise;
    await route.continue();
  });
  await password.fill("");
  await password.focus();
  await page.keyboard.insertText(TEAM_PASSWORD);
  await password.press("Enter");
  // The button says it is busy (aria-disabled), which Playwright honours: pressed anyway, as an impatient person would.
  await login.click({ force: true });
  secondPress.resolve();
  await expectToast(page, "Access granted", "You can now edit the calendar");
  await expect(page.getByRole("heading", { name: "Add Event" })).toBeVisible();
  expect(signIns).toHaveLength(1);
  await expect(gateStatus(page)).toHaveCount(0);
  const exportButton = page.getByRole("button", { name: "Export calendar (.ics)" });
  await expect(exportButton).toHaveAttribute("aria-disabled", "true");
  await expect(exportButton).toHaveAttribute("title", "No events to export yet");

  // Focus lands on today in the month, and the keyboard picks a day from there.
  const focused = page.locator(":focus");
  // Named as the team pages write dates ("Nov 28, 2026"), which holds the number the button shows.
  await expect(focused).toHaveAttribute("aria-label", /^[A-Z][a-z]{2} \d{1,2}, \d{4}, today$/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(focused).toHaveAttribute("aria-label", /, selected$/);
  await expect(page.getByText(/^Date: [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

  // The unlock is not kept: a reload shows the gate again.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add Event" })).toHaveCount(0);
});

test("adds an event on the picked day, shows it in the month and the upcoming list, and exports it", async ({
  page,
}) => {
  await openCalendar(page);
  // A month is always six weeks, days of the months around it included; the legend names each colour.
  await expect(page.getByRole("gridcell")).toHaveCount(42);
  await expect(page.getByRole("region", { name: "Event types" }).getByRole("listitem")).toHaveText(EVENT_TYPES);
  await expect(page.getByLabel("Event type", { exact: true }).getByRole("option")).toHaveText(EVENT_TYPES);
  await expect(page.getByLabel("Event type", { exact: true })).toHaveValue("gig");
  const title = `Rehearsal ${uniqueWord()}`;
  const day = await pickDay(page, 15);
  // A second click on the picked day keeps it picked.
  await day.click();
  await expect(day).toHaveAttribute("aria-label", /, selected/);
  await expect(page.getByText(/^Date: [A-Z][a-z]{2} 15, \d{4}$/)).toBeVisible();
  await fillEvent(page, title, "Full band, bring the capo\nDoors 8pm", "rehearsal");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");

  const card = upcomingEvent(page, title);
  await expect(card.getByText("rehearsal", { exact: true })).toBeVisible();
  await expect(card.getByText(/^[A-Z][a-z]{2} 15, \d{4}$/)).toBeVisible();
  await expect(card.getByText("Full band, bring the capo")).toBeVisible();
  // The day in the month carries the event: a dot with its tooltip, and the button's name for screen readers.
  await expect(day).toHaveAttribute("aria-label", new RegExp(`${title} \\(rehearsal\\)`));
  await expect(day.locator(`[title="${title} (rehearsal)"]`)).toHaveCount(1);
  // The form is ready for the next event; the day stays picked.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Event type", { exact: true })).toHaveValue("gig");
  await expect(day).toHaveAttribute("aria-label", /, selected/);

  // Without a title nothing is sent.
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
  await fillEvent(page, "   ");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("   ");

  // On a slow phone the file's writer takes a while to arrive: the button says it is busy, and a second press
  // meanwhile makes no second file.
  const writer = deferred();
  await page.route(/\/_astro\/calendar\.export\.[^/]+\.js$/, async (route) => {
    await writer.promise;
    await route.continue();
  });
  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  const exportButton = page.getByRole("button", { name: "Export calendar (.ics)" });
  const { filename, text } = await downloadDuring(page, async () => {
    await exportButton.click();
    await expect(exportButton).toHaveAttribute("aria-busy", "true");
    await exportButton.click({ force: true });
    writer.resolve();
  });
  await expect(exportButton).not.toHaveAttribute("aria-busy");
  expect(downloads).toEqual([filename]);
  expect(filename).toMatch(/^calendar-\d{4}-\d{2}-\d{2}\.ics$/);
  const ours = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents("vevent")
    .find((event) => event.getFirstPropertyValue("summary") === title);
  expect(ours?.getFirstPropertyValue("description")).toBe("Full band, bring the capo\nDoors 8pm");
  expect(ours?.getFirstPropertyValue("categories")).toBe("rehearsal");
  const start = ours?.getFirstPropertyValue("dtstart") as ICAL.Time;
  expect({ allDay: start.isDate, day: start.day }).toEqual({ allDay: true, day: 15 });
  expect(posts).toEqual([]);
  await expectAccessible(page);
});

test("shows an event added in another browser at once, and what it missed while offline once back online", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const other = await secondBrowser(browser, baseURL);
  const editor = await other.newPage();
  await Promise.all([openCalendar(page), openCalendar(editor)]);

  const live = `Radio session ${uniqueWord()}`;
  await pickDay(editor, 16);
  await fillEvent(editor, live, "", "promotion");
  await editor.getByRole("button", { name: "Add Event" }).click();
  await expect(upcomingEvent(page, live)).toBeVisible();
  await showNextMonth(page);
  await expect(
    page.getByRole("gridcell").getByRole("button", { name: new RegExp(`${live} \\(promotion\\)`) }),
  ).toBeVisible();

  // This browser loses its connection; the other adds an event meanwhile.
  await context.setOffline(true);
  await expect(liveIndicator(page)).toHaveText("Reconnecting…");
  const missed = `Missed ${uniqueWord()}`;
  await pickDay(editor, 17);
  await fillEvent(editor, missed);
  await editor.getByRole("button", { name: "Add Event" }).click();
  await expectToast(editor, "Event added");
  await expect(upcomingEvent(editor, missed)).toBeVisible();
  await expect(upcomingEvent(page, missed)).toHaveCount(0);

  // Back online, it catches up by itself: no reload.
  await context.setOffline(false);
  await expect(liveIndicator(page)).toHaveText("Live");
  await expect(upcomingEvent(page, missed)).toBeVisible();
  await other.close();
});

test("keeps the event being typed when the network is down, and adds it once it is back", async ({ page, context }) => {
  await openCalendar(page);
  const title = `Gig ${uniqueWord()}`;
  await pickDay(page, 18);
  await fillEvent(page, title, "Bring the 12-string", "gig");

  await context.setOffline(true);
  await expect(liveIndicator(page)).toHaveText("Reconnecting…");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Error adding event", NO_CONNECTION);
  await expect(page.getByRole("alert").filter({ hasText: "Error adding event" }).first()).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Bring the 12-string");

  await context.setOffline(false);
  await expect(liveIndicator(page)).toHaveText("Live");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  await expect(upcomingEvent(page, title)).toBeVisible();
  await expect(upcomingEvent(page, title)).toHaveCount(1);
});

test("shows the server's words when it refuses an event or the list, keeping the form and the list", async ({
  page,
  context,
}) => {
  await openCalendar(page);
  const kept = `Kept ${uniqueWord()}`;
  await pickDay(page, 19);
  await fillEvent(page, kept);
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(upcomingEvent(page, kept)).toBeVisible();

  const events = /\/rest\/v1\/calendar_events/;
  await page.route(events, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: serverError("23514", "The venue is double-booked"),
        })
      : route.fallback(),
  );
  const doomed = `Doomed gig ${uniqueWord()}`;
  await fillEvent(page, doomed, "Never happens", "away");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Error adding event", "The venue is double-booked");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(doomed);
  await expect(page.getByLabel("Event type", { exact: true })).toHaveValue("away");
  await page.unroute(events);

  // The list is read again when the network comes back; that read fails, and the list stays as it was.
  await page.route(events, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: serverError("XX000", "Database is resting") }),
  );
  await context.setOffline(true);
  await expect(liveIndicator(page)).toHaveText("Reconnecting…");
  await context.setOffline(false);
  await expectToast(page, "Error fetching events", "Database is resting");
  await expect(upcomingEvent(page, kept)).toBeVisible();
  await page.unroute(events);

  // Nothing typed was lost: the same form adds the event once the server takes it.
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added");
  await expect(upcomingEvent(page, doomed).getByText("Never happens")).toBeVisible();
});

test("locks with a reason when the server stops accepting the session, and keeps the event for after the sign-in", async ({
  page,
}) => {
  await openCalendar(page);
  const title = `Radio session ${uniqueWord()}`;
  await pickDay(page, 20);
  await fillEvent(page, title, "Bring the 12-string", "promotion");

  const insert = /\/rest\/v1\/calendar_events(\?.*)?$/;
  await page.route(insert, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 401,
          contentType: "application/json",
          body: serverError("42501", "permission denied for table calendar_events"),
        })
      : route.fallback(),
  );
  await page.getByRole("button", { name: "Add Event" }).click();
  const reason = "The calendar no longer accepts this session. Enter the password again.";
  await expectToast(page, "Calendar locked", reason);
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(gateStatus(page)).toHaveText(reason);
  // Focus goes to the password, not lost with the calendar that went away.
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await expect(page.getByText("Your unsaved event is kept and will be back after you sign in.")).toBeVisible();
  await expect(page.locator("[data-variant]").filter({ hasText: "Event added" })).toHaveCount(0);
  await page.unroute(insert);

  // The team bar's links keep the locked session from page to page: each page's gate says why in its own words.
  const teamBar = page.getByRole("navigation", { name: "Team tools" });
  await teamBar.getByRole("link", { name: "Contacts" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(gateStatus(page)).toHaveText(
    "The contact directory no longer accepts this session. Enter the password again.",
  );
  await teamBar.getByRole("link", { name: "Calendar" }).click();
  await expect(gateStatus(page)).toHaveText(reason);

  await signIn(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Bring the 12-string");
  await expect(page.getByLabel("Event type", { exact: true })).toHaveValue("promotion");
  await expect(page.getByText(/^Date: [A-Z][a-z]{2} 20, \d{4}$/)).toBeVisible();
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  await expect(upcomingEvent(page, title)).toBeVisible();
});

test("ships nothing about the password in the built site: no password, hash or salt", () => {
  const dist = fileURLToPath(new URL(`../${process.env.E2E_DIST ?? "dist"}/`, import.meta.url));
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const read = (file: string) => readFileSync(file, "utf8");
  expect(files.length).toBeGreaterThan(10);
  expect(files.filter((file) => read(file).includes(TEAM_PASSWORD))).toEqual([]);
  const scripts = files.filter((file) => file.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((file) =>
      /PUBLIC_CALENDAR_(SALT|PASSWORD_HASH)|pbkdf2|deriveBits|\b[0-9a-f]{64}\b/i.test(read(file)),
    ),
  ).toEqual([]);
  // What the Login needs instead: the team account's e-mail.
  expect(scripts.some((file) => read(file).includes(builtTeamEmail()))).toBe(true);
});
