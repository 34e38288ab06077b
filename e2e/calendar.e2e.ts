import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ICAL from "ical.js";
import type { BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { gzipBytes } from "../tools/bench/page-weight.mjs";
import { startBackend } from "../server/backend.mjs";
import { siteOrigins } from "../server/http.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "../server/local-keys.mjs";
import { DEFAULT_TEAM_EMAIL, DEV_TEAM_PASSWORD } from "../server/team-account.mjs";
import { storedDateOf } from "../src/features/calendar/calendar";
import { DRAFT_KEPT_TEXT, LOCK_REASONS, NO_CONNECTION_TEXT } from "../src/features/calendar/session";
import { axeViolations, baseURL, downloadDuring, expectToast, expectToFitWidth, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();
/** The team account's password on the test backend, and the e-mail the build signs in with. */
const PASSWORD = process.env.CALENDAR_PASSWORD || DEV_TEAM_PASSWORD;
const TEAM_EMAIL = process.env.PUBLIC_TEAM_EMAIL || process.env.TEAM_EMAIL || DEFAULT_TEAM_EMAIL;
const unique = () => Math.random().toString(36).slice(2, 8);

/** A supabase-js client in Node with the given key. */
function nodeClient(key: string): SupabaseClient {
  return createClient(inject("supabaseUrl"), key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A team member's supabase-js client in Node, signed in as the browser's Login does. */
async function signedInTeam(): Promise<SupabaseClient> {
  const supabase = nodeClient(LOCAL_ANON_KEY);
  const { error } = await supabase.auth.signInWithPassword({ email: TEAM_EMAIL, password: PASSWORD });
  if (error) throw error;
  return supabase;
}

/** Rows for calendar_events on `day`, titled `${prefix} 1`, `${prefix} 2`… */
function eventRows(prefix: string, day: Date, count: number, type = "gig") {
  const date = storedDateOf(day);
  return Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${i + 1}`,
    description: null,
    start_date: date,
    end_date: date,
    event_type: type,
  }));
}

/** Reads of the event list this page makes (GET calendar_events), counted from now on. */
function countListReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && /\/rest\/v1\/calendar_events\?select/.test(request.url())) {
      reads.push(request.url());
    }
  });
  return reads;
}

/** The gate's line that says why the page locked or why a login was refused. */
const gateStatus = (page: Page) =>
  page
    .locator("form")
    .filter({ has: page.getByRole("heading", { name: "Enter Password" }) })
    .getByRole("status");

async function unlock(page: Page) {
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access granted", "You can now edit the calendar");
  await page.getByRole("heading", { name: "Add Event" }).waitFor();
}

async function openUnlocked(context?: BrowserContext) {
  const opened = await openPage(getBrowser, "/calendar", context ? { context } : {});
  await unlock(opened.page);
  return opened;
}

/** Picks a day of the shown month (the 15th: never an outside day). */
async function pickDay(page: Page, day = 15) {
  const button = page
    .getByRole("gridcell")
    .getByRole("button", { name: new RegExp(`^${day} `) })
    .first();
  await button.click();
  return button;
}

async function fillEvent(page: Page, title: string, description = "", type = "gig") {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill(description);
  await page.getByLabel("Event type", { exact: true }).selectOption(type);
}

/** Adds an event from a second browser, as another team member would, and waits until it is saved. */
async function addEventElsewhere(titlePrefix: string, day: number, type = "gig") {
  const { page: editor } = await openUnlocked();
  const title = `${titlePrefix} ${unique()}`;
  await pickDay(editor, day);
  await fillEvent(editor, title, "", type);
  await editor.getByRole("button", { name: "Add Event" }).click();
  await expectToast(editor, "Event added");
  return { editor, title };
}

/**
 * Passes the context's realtime socket through, counting confirmed
 * subscriptions to the calendar channel; while `muted`, change notices are
 * dropped (and counted), as a sleeping laptop would miss them.
 */
async function watchRealtime(context: BrowserContext) {
  let lastJoin: { socket: WebSocketRoute; joinRef: string; topic: string } | null = null;
  const state = {
    subscribed: 0,
    dropped: 0,
    muted: false,
    /** While true, the server's replies to calendar joins wait, as on a slow link; `releaseJoins()` sends them. */
    holdJoins: false,
    releaseJoins() {
      state.holdJoins = false;
      for (const send of heldJoinReplies.splice(0)) send();
    },
    /** Closes the calendar channel from the server's side, as a realtime server does when it drops a subscription. */
    closeChannel() {
      if (!lastJoin) throw new Error("no calendar channel joined yet");
      const { socket, joinRef, topic } = lastJoin;
      socket.send(JSON.stringify([joinRef, joinRef, topic, "phx_close", {}]));
    },
  };
  const pendingJoins = new Set<string>();
  const heldJoinReplies: (() => void)[] = [];
  const parse = (message: string | Buffer) => {
    try {
      const parsed = JSON.parse(String(message));
      // Phoenix protocol: [join_ref, ref, topic, event, payload] (vsn 2) or an object (vsn 1).
      return Array.isArray(parsed)
        ? { joinRef: parsed[0], ref: parsed[1], topic: parsed[2], event: parsed[3], payload: parsed[4] }
        : { ...parsed, joinRef: parsed.join_ref };
    } catch {
      return {};
    }
  };
  await context.routeWebSocket(/\/realtime\//, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const { joinRef, ref, topic, event } = parse(message);
      if (event === "phx_join" && topic === "realtime:schema-db-changes") {
        pendingJoins.add(String(ref));
        lastJoin = { socket, joinRef: String(joinRef), topic };
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const { ref, event, payload } = parse(message);
      if (event === "phx_reply" && pendingJoins.has(String(ref))) {
        const reply = () => {
          if (pendingJoins.delete(String(ref)) && payload?.status === "ok") state.subscribed += 1;
          socket.send(message);
        };
        if (state.holdJoins) heldJoinReplies.push(reply);
        else reply();
        return;
      }
      if (state.muted && event === "postgres_changes") state.dropped += 1;
      else socket.send(message);
    });
  });
  return state;
}

const upcoming = (page: Page) => page.getByRole("region", { name: "Upcoming Events" });

/**
 * How many calendar channels the context's pages hold joined: each join the
 * page sends counts one, each leave it sends (or the socket closing) takes it away.
 */
async function openCalendarChannels(context: BrowserContext) {
  const joined = new Map<WebSocketRoute, number>();
  const channels = { open: () => [...joined.values()].reduce((sum, count) => sum + count, 0) };
  await context.routeWebSocket(/\/realtime\//, (socket) => {
    const server = socket.connectToServer();
    joined.set(socket, 0);
    socket.onMessage((message) => {
      try {
        // Phoenix protocol, vsn 2: [join_ref, ref, topic, event, payload].
        const [, , topic, event] = JSON.parse(String(message));
        if (topic === "realtime:schema-db-changes" && event === "phx_join") joined.set(socket, 1);
        if (topic === "realtime:schema-db-changes" && event === "phx_leave") joined.set(socket, 0);
      } catch {
        // Not a channel message.
      }
      server.send(message);
    });
    socket.onClose(() => {
      joined.set(socket, 0);
      server.close();
    });
  });
  return channels;
}

/** The realtime indicator (toasts are status regions too, hence the text filter). */
const liveIndicator = (page: Page) =>
  page.getByRole("status").filter({ hasText: /^(Connecting…|Live|Reconnecting…)$/ });

/**
 * Lets the context's realtime sockets through while `up`; `drop()` cuts the
 * open ones and refuses new ones, as a train going into a tunnel would.
 */
async function realtimeLink(context: BrowserContext) {
  const sockets = new Set<WebSocketRoute>();
  const link = {
    up: true,
    attempts: 0,
    drop() {
      link.up = false;
      for (const socket of sockets) socket.close({ code: 1011, reason: "connection lost" });
      sockets.clear();
    },
  };
  await context.routeWebSocket(/\/realtime\//, (socket) => {
    link.attempts += 1;
    if (!link.up) {
      socket.close({ code: 1011, reason: "connection lost" });
      return;
    }
    const server = socket.connectToServer();
    socket.onClose(() => server.close());
    sockets.add(socket);
  });
  return link;
}

/** WCAG contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

describe("calendar gate", () => {
  it("asks for the password, refuses a wrong one and locks again on reload", async () => {
    const { page, errors } = await openPage(getBrowser, "/calendar");
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    const password = page.getByLabel("Password", { exact: true });
    expect(await password.getAttribute("type")).toBe("password");
    expect(await axeViolations(page)).toEqual([]);
    await password.fill("wrong password");
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Access denied", "Incorrect password");
    expect(await page.getByRole("alert").filter({ hasText: "Access denied" }).first().isVisible()).toBe(true); // destructive
    expect(await page.getByRole("heading", { name: "Add Event" }).count()).toBe(0);
    // Pressing Enter in the field works like the button.
    await password.fill(PASSWORD);
    await password.press("Enter");
    await expectToast(page, "Access granted", "You can now edit the calendar");
    await page.getByRole("heading", { name: "Add Event" }).waitFor();
    // Focus moves into the month, on today, and the arrow keys and Enter pick a day from there.
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    const today = await focusedDay();
    expect(today).toMatch(/^\d{1,2} \w+ \d{4}, \w+, today$/);
    await page.keyboard.press("ArrowRight");
    const tomorrow = await focusedDay();
    expect(tomorrow).toMatch(/^\d{1,2} \w+ \d{4}, \w+$/);
    await page.keyboard.press("Enter");
    expect(await focusedDay()).toBe(`${tomorrow}, selected`);
    await page.reload();
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    expect(await page.getByRole("heading", { name: "Add Event" }).count()).toBe(0);
    // The browser logs the refused sign-in (400) itself; nothing else may go wrong.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("lets people paste the password and password managers fill it", async () => {
    const { page } = await openPage(getBrowser, "/calendar");
    const password = page.getByLabel("Password", { exact: true });
    expect(await password.getAttribute("autocomplete")).toBe("current-password");
    // The username a password manager saves with the password is the team account's e-mail.
    const username = page.locator('input[autocomplete="username"]');
    expect(await username.count()).toBe(1);
    expect(await username.inputValue()).toBe(TEAM_EMAIL);
    const pasteBlocked = await password.evaluate((input) => {
      const paste = new ClipboardEvent("paste", { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
      return !input.dispatchEvent(paste);
    });
    expect(pasteBlocked).toBe(false);
    await password.focus();
    await page.keyboard.insertText(PASSWORD); // what a paste or a password manager does to the field
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Access granted", "You can now edit the calendar");
    await page.context().close();
  });

  it("holds the gate's place while loading, so nothing moves when it appears", async () => {
    const withoutScripts = await getBrowser().newContext({ baseURL, javaScriptEnabled: false });
    const placeholderPage = await withoutScripts.newPage();
    await placeholderPage.goto("/calendar");
    const placeholder = await placeholderPage.locator("#main [aria-busy=true]").boundingBox();
    await withoutScripts.close();

    const context = await getBrowser().newContext({ baseURL });
    await context.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    const { page } = await openPage(getBrowser, "/calendar", { context });
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    await page.waitForTimeout(1200); // the page's fade-in is over
    const gate = await page
      .locator("form")
      .filter({ has: page.getByLabel("Password", { exact: true }) })
      .boundingBox();
    expect(placeholder).not.toBeNull();
    // Same box to the pixel: layout rounding differs by a few hundredths between runs.
    expect(gate!.width).toBeCloseTo(placeholder!.width, 0);
    expect(gate!.height).toBeCloseTo(placeholder!.height, 0);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await context.close();
  });

  it("ships nothing about the password: no password, hash or salt in the built site", () => {
    const dist = fileURLToPath(new URL(`../${process.env.E2E_DIST ?? "dist"}/`, import.meta.url));
    const files = readdirSync(dist, { recursive: true }).map(String);
    expect(files.length).toBeGreaterThan(10);
    const read = (file: string) => {
      try {
        return readFileSync(join(dist, file), "utf8");
      } catch {
        return ""; // a folder
      }
    };
    expect(files.filter((file) => read(file).includes(PASSWORD))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const suspicious = scripts.filter((file) =>
      /PUBLIC_CALENDAR_(SALT|PASSWORD_HASH)|pbkdf2|deriveBits|\b[0-9a-f]{64}\b/i.test(read(file)),
    );
    expect(suspicious).toEqual([]);
    // What the Login needs instead: the team account's e-mail.
    expect(scripts.some((file) => read(file).includes(TEAM_EMAIL))).toBe(true);
  });

  it("tells too many tries apart from a wrong password", async () => {
    const { page, errors } = await openPage(getBrowser, "/calendar");
    // The test backend's bucket is large enough for the whole suite; answer as GoTrue does once it is empty.
    await page.route(/\/auth\/v1\/token/, (route) =>
      route.fulfill({
        status: 429,
        headers: { "X-Supabase-Api-Version": "2024-01-01", "Access-Control-Expose-Headers": "X-Supabase-Api-Version" },
        contentType: "application/json",
        body: JSON.stringify({ code: "over_request_rate_limit", message: "Request rate limit reached" }),
      }),
    );
    await page.getByLabel("Password", { exact: true }).fill("one more guess");
    await page.getByRole("button", { name: "Login" }).click();
    const wait = "The calendar has stopped taking passwords for a while. Wait a few minutes, then try again.";
    await expectToast(page, "Too many tries", wait);
    await expect.poll(() => gateStatus(page).textContent()).toBe(`Too many tries. ${wait}`);
    expect(await page.locator("[data-variant]").filter({ hasText: "Incorrect password" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Add Event" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors.filter((error) => !/429/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("says the server could not be reached when the network is down at login, in plain words", async () => {
    const { page } = await openPage(getBrowser, "/calendar");
    await page.route(/\/auth\/v1\/token/, (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "No connection", NO_CONNECTION_TEXT);
    await expect.poll(() => gateStatus(page).textContent()).toBe(`No connection. ${NO_CONNECTION_TEXT}`);
    expect(await page.getByText(/Failed to fetch|FetchError|TypeError/).count()).toBe(0);
    // Once the network is back, the same password opens the calendar.
    await page.unroute(/\/auth\/v1\/token/);
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Access granted", "You can now edit the calendar");
    await page.getByRole("heading", { name: "Add Event" }).waitFor();
    await page.context().close();
  });

  it("signs in once however often Login is pressed while it is on its way", async () => {
    const { page } = await openPage(getBrowser, "/calendar");
    const signIns: string[] = [];
    page.on("request", (request) => /\/auth\/v1\/token/.test(request.url()) && signIns.push(request.url()));
    await page.route(/\/auth\/v1\/token/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const login = page.getByRole("button", { name: "Login" });
    await login.click();
    // The button says it is busy (aria-disabled), which Playwright honours: press it anyway, as an impatient person would.
    await login.click({ force: true });
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await page.getByRole("heading", { name: "Add Event" }).waitFor();
    expect(signIns).toHaveLength(1);
    await page.context().close();
  });
});

describe("the calendar's session", () => {
  it("locks the page and says why when the session ends elsewhere", async () => {
    const { page, errors } = await openUnlocked();
    await expect.poll(() => liveIndicator(page).textContent()).toBe("Live");
    // Someone ends every session of the team account (as after a change of password).
    const elsewhere = await signedInTeam();
    const { error } = await elsewhere.auth.signOut({ scope: "global" });
    expect(error).toBeNull();
    // The tab comes back to the foreground: it asks the server, which no longer knows the session.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    await expectToast(page, "Calendar locked", LOCK_REASONS.sessionEnded);
    expect(await gateStatus(page).textContent()).toBe(LOCK_REASONS.sessionEnded);
    expect(await page.getByRole("heading", { name: "Add Event" }).count()).toBe(0);
    // Focus goes to the password, not lost with the calendar that went away.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("password");
    expect(await axeViolations(page)).toEqual([]);
    // The password opens it again, and the reason goes.
    await unlock(page);
    expect(await gateStatus(page).count()).toBe(0);
    expect(errors.filter((error) => !/40[13]/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("keeps the event being typed when the page locks, and adds it after the next sign-in", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const channels = await openCalendarChannels(context);
    const { page, errors } = await openUnlocked(context);
    await expect.poll(() => liveIndicator(page).textContent()).toBe("Live");
    expect(channels.open()).toBe(1);
    const title = `Radio session ${unique()}`;
    const day = await pickDay(page, 18);
    await fillEvent(page, title, "Bring the 12-string", "promotion");
    const expectDraftBack = async () => {
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
      expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe("Bring the 12-string");
      expect(await page.getByLabel("Event type", { exact: true }).inputValue()).toBe("promotion");
      expect(await day.getAttribute("aria-label")).toMatch(/^18 \w+ \d{4}, \w+, (today, )?selected/);
      await expect(page.getByText(/^Date: [A-Z][a-z]{2} 18, \d{4}$/).isVisible()).resolves.toBe(true);
    };

    // The session ends elsewhere while the event is being typed; the page locks and says the event is kept.
    const elsewhere = await signedInTeam();
    expect((await elsewhere.auth.signOut({ scope: "global" })).error).toBeNull();
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    await expectToast(page, "Calendar locked", LOCK_REASONS.sessionEnded);
    expect(await gateStatus(page).textContent()).toBe(LOCK_REASONS.sessionEnded);
    await expect(page.getByText(DRAFT_KEPT_TEXT, { exact: true }).isVisible()).resolves.toBe(true);
    // A locked page holds no subscription to the calendar open.
    await expect.poll(() => channels.open()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await unlock(page);
    await expectDraftBack();
    expect(await page.getByText(DRAFT_KEPT_TEXT).count()).toBe(0);

    // The server refuses the insert, as it does a session it no longer accepts: locked again, nothing added.
    const insert = /\/rest\/v1\/calendar_events(\?.*)?$/;
    await context.route(insert, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 401,
            contentType: "application/json",
            body: JSON.stringify({
              code: "42501",
              details: null,
              hint: null,
              message: "permission denied for table calendar_events",
            }),
          })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Add Event" }).click();
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    await expectToast(page, "Calendar locked", LOCK_REASONS.accessRefused);
    await expect(page.getByText(DRAFT_KEPT_TEXT, { exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.locator("[data-variant]").filter({ hasText: "Event added" }).count()).toBe(0);
    await expect.poll(() => channels.open()).toBe(0);
    await context.unroute(insert);

    // Signed in again, the event is still there to add, and once added it is listed and the form resets.
    await unlock(page);
    await expectDraftBack();
    await page.getByRole("button", { name: "Add Event" }).click();
    await expectToast(page, "Event added", "New event has been added successfully");
    await upcoming(page).getByRole("listitem").filter({ hasText: title }).waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Event type", { exact: true }).inputValue()).toBe("gig");
    expect(errors.filter((error) => !/40[13]/.test(error))).toEqual([]);
    await context.close();
  });

  it("locks the page when the team password is changed, and opens with the new one", async () => {
    const admin = nodeClient(LOCAL_SERVICE_ROLE_KEY);
    const { data, error } = await admin.auth.admin.listUsers();
    expect(error).toBeNull();
    const account = data.users.find((user) => user.email === TEAM_EMAIL);
    expect(account).toBeDefined();
    const { page } = await openUnlocked();
    const rotated = `rotated-${unique()}-${unique()}`;
    try {
      // The service role sets a new password, which ends every session of the account.
      expect((await admin.auth.admin.updateUserById(account!.id, { password: rotated })).error).toBeNull();
      // The network comes back (or the tab, or the next periodic check): the page asks and locks.
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await page.getByRole("heading", { name: "Enter Password" }).waitFor();
      await expectToast(page, "Calendar locked", LOCK_REASONS.sessionEnded);
      expect(await gateStatus(page).textContent()).toBe(LOCK_REASONS.sessionEnded);
      const password = page.getByLabel("Password", { exact: true });
      await password.fill(PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await expectToast(page, "Access denied", "Incorrect password");
      await password.fill(rotated);
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByRole("heading", { name: "Add Event" }).waitFor();
    } finally {
      // The backend is shared by the whole run.
      await admin.auth.admin.updateUserById(account!.id, { password: PASSWORD });
    }
    await page.context().close();
  });

  it("locks the page with a reason, not an empty calendar, when the calendar refuses the session", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const { page } = await openUnlocked(context);
    await context.route(/\/rest\/v1\/calendar_events\?select/, (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({
          code: "42501",
          details: null,
          hint: null,
          message: "permission denied for table calendar_events",
        }),
      }),
    );
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    await expectToast(page, "Calendar locked", LOCK_REASONS.accessRefused);
    expect(await gateStatus(page).textContent()).toBe(LOCK_REASONS.accessRefused);
    expect(await page.locator("[data-variant]").filter({ hasText: "Error fetching events" }).count()).toBe(0);
    await context.close();
  });

  it("says the server could not be reached when the list cannot load, in plain words", async () => {
    const context = await getBrowser().newContext({ baseURL });
    await context.route(/\/rest\/v1\/calendar_events/, (route) => route.abort("internetdisconnected"));
    const { page } = await openUnlocked(context);
    // supabase-js tries a failed read three more times (1, 2 and 4 s) before it reports.
    const toast = page.locator("[data-variant]").filter({ hasText: "Error fetching events" });
    await toast.filter({ hasText: NO_CONNECTION_TEXT }).first().waitFor({ timeout: 15_000 });
    expect(await page.getByText(/Failed to fetch|FetchError|TypeError/).count()).toBe(0);
    await context.close();
  });
});

describe("calendar", () => {
  it("shows a six-week month with outside days and the Add Event form", async () => {
    const { page } = await openUnlocked();
    expect(
      await page
        .getByRole("grid")
        .getByRole("row")
        .filter({ has: page.getByRole("gridcell") })
        .count(),
    ).toBe(6);
    expect(await page.getByRole("gridcell").count()).toBe(42);
    // Days of the neighbouring months fill the six weeks and stay visible.
    const outside = page.locator('[role="gridcell"][data-outside="true"]');
    expect(await outside.count()).toBeGreaterThan(0);
    await expect(outside.first().getByRole("button").isVisible()).resolves.toBe(true);
    const firstWeek = await page.getByRole("gridcell").first().getByRole("button").getAttribute("aria-label");
    expect(firstWeek).toMatch(/^\d+ \w+ \d{4}/);
    expect(await page.getByLabel("Event type", { exact: true }).inputValue()).toBe("gig");
    expect(await page.getByLabel("Event type", { exact: true }).locator("option").allTextContents()).toEqual([
      "away",
      "gig",
      "rehearsal",
      "recording",
      "promotion",
    ]);
    await expect(upcoming(page).getByRole("heading", { name: "Upcoming Events" }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // A second click on the picked day keeps it picked.
    const day = await pickDay(page, 15);
    await day.click();
    expect(await day.getAttribute("aria-label")).toMatch(/^15 .*, selected$/);
    await page.context().close();
  });

  it("needs a day and a title before it adds anything", async () => {
    const { page } = await openUnlocked();
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await fillEvent(page, "No day chosen");
    await page.getByRole("button", { name: "Add Event" }).click();
    await pickDay(page, 14);
    await fillEvent(page, "   ");
    await page.getByRole("button", { name: "Add Event" }).click();
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    await page.context().close();
  });

  it("adds an event on the chosen day, lists it with its date, dot and colour, and resets the form", async () => {
    const { page } = await openUnlocked();
    const title = `Rehearsal ${unique()}`;
    const day = await pickDay(page, 15);
    await fillEvent(page, title, "Full band, bring the capo", "rehearsal");
    await page.getByRole("button", { name: "Add Event" }).click();
    await expectToast(page, "Event added", "New event has been added successfully");
    const card = upcoming(page).getByRole("listitem").filter({ hasText: title });
    await card.waitFor();
    await expect(card.getByText("rehearsal", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByText("Full band, bring the capo").isVisible()).resolves.toBe(true);
    expect(await card.getByText(/^[A-Z][a-z]{2} 15, \d{4}$/).count()).toBe(1);
    expect(
      await card
        .locator("span[aria-hidden]")
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe("rgb(217, 119, 6)");
    expect(await day.getAttribute("aria-label")).toMatch(
      new RegExp(`^15 \\w+ \\d{4}, \\w+, (today, )?selected, \\d+ events?: (.*; )?${title} \\(rehearsal\\)`),
    );
    const dot = day.locator(`span[title="${title} (rehearsal)"]`);
    expect(await dot.count()).toBe(1);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Event type", { exact: true }).inputValue()).toBe("gig");
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("wraps a title with no spaces inside the list on a phone", async () => {
    const context = await getBrowser().newContext({ baseURL, viewport: { width: 375, height: 800 } });
    const { page } = await openUnlocked(context);
    const title = `${unique()}${"x".repeat(150)}`;
    await pickDay(page, 16);
    await fillEvent(page, title);
    await page.getByRole("button", { name: "Add Event" }).click();
    const heading = upcoming(page).getByRole("heading", { name: title });
    await heading.waitFor();
    await expectToFitWidth(page, heading, 375);
    await context.close();
  });

  it("lists events by start date ascending", async () => {
    const { page } = await openUnlocked();
    const tag = unique();
    await pickDay(page, 20);
    await fillEvent(page, `Later ${tag}`);
    await page.getByRole("button", { name: "Add Event" }).click();
    await expectToast(page, "Event added");
    await pickDay(page, 3);
    await fillEvent(page, `Sooner ${tag}`, "", "promotion");
    await page.getByRole("button", { name: "Add Event" }).click();
    await upcoming(page).getByText(`Sooner ${tag}`).waitFor();
    const titles = await upcoming(page).getByRole("heading", { level: 3 }).allTextContents();
    expect(titles.indexOf(`Sooner ${tag}`)).toBeLessThan(titles.indexOf(`Later ${tag}`));
    await page.context().close();
  });

  it("shows an event added in another browser without a reload", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const realtime = await watchRealtime(context);
    const { page: watcher } = await openUnlocked(context);
    await expect.poll(() => realtime.subscribed).toBe(1);
    const { page: editor } = await openUnlocked();
    const title = `Radio session ${unique()}`;
    await pickDay(editor, 16);
    await fillEvent(editor, title, "", "promotion");
    await editor.getByRole("button", { name: "Add Event" }).click();
    await upcoming(watcher).getByText(title).waitFor({ timeout: 10_000 });
    await context.close();
    await editor.context().close();
  });

  it("shows an event on the picked day in every time zone", async () => {
    // The same instant is already March 11 on Kiritimati (UTC+14) and still March 10 in Pago Pago (UTC-11).
    const openIn = async (timezoneId: string) => {
      const context = await getBrowser().newContext({ baseURL, timezoneId });
      await context.clock.setFixedTime(new Date("2026-03-10T12:00:00Z"));
      return openUnlocked(context);
    };
    const title = `Festival ${unique()}`;
    const { page: east } = await openIn("Pacific/Kiritimati");
    await pickDay(east, 15);
    await fillEvent(east, title, "", "away");
    await east.getByRole("button", { name: "Add Event" }).click();
    await expectToast(east, "Event added");
    const { page: west } = await openIn("Pacific/Pago_Pago");
    for (const page of [east, west]) {
      const card = upcoming(page).getByRole("listitem").filter({ hasText: title });
      await card.getByText("Mar 15, 2026", { exact: true }).waitFor();
      const day = page.getByRole("gridcell").getByRole("button", { name: `${title} (away)` });
      expect(await day.getAttribute("aria-label")).toMatch(/^15 March 2026, Sunday/);
    }
    await east.context().close();
    await west.context().close();
  });

  it("refetches when the tab comes back, in case realtime missed a change", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const realtime = await watchRealtime(context);
    const { page: watcher } = await openUnlocked(context);
    await expect.poll(() => realtime.subscribed).toBe(1);
    realtime.muted = true;
    const { editor, title } = await addEventElsewhere("Missed", 19);
    await expect.poll(() => realtime.dropped).toBeGreaterThan(0);
    expect(await upcoming(watcher).getByText(title).count()).toBe(0);
    realtime.muted = false;
    await watcher.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await upcoming(watcher).getByText(title).waitFor({ timeout: 5_000 });
    await expect.poll(() => realtime.subscribed).toBe(2); // a fresh channel
    await context.close();
    await editor.context().close();
  });

  it("keeps the form and shows the server's message when adding fails", async () => {
    const { page } = await openUnlocked();
    await page.route(/\/rest\/v1\/calendar_events/, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ code: "23514", details: null, hint: null, message: "The venue is double-booked" }),
          })
        : route.continue(),
    );
    await pickDay(page, 17);
    await fillEvent(page, "Doomed gig", "Never happens", "away");
    await page.getByRole("button", { name: "Add Event" }).click();
    await expectToast(page, "Error adding event", "The venue is double-booked");
    expect(await page.getByRole("alert").filter({ hasText: "Error adding event" }).first().isVisible()).toBe(true); // destructive
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Doomed gig");
    expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe("Never happens");
    expect(await page.getByLabel("Event type", { exact: true }).inputValue()).toBe("away");
    await page.context().close();
  });

  it("keeps the list and shows the server's message when fetching fails", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const { page } = await openUnlocked(context);
    const title = `Kept ${unique()}`;
    await pickDay(page, 18);
    await fillEvent(page, title);
    await page.getByRole("button", { name: "Add Event" }).click();
    await upcoming(page).getByText(title).waitFor();
    const before = await upcoming(page).getByRole("listitem").count();
    await context.route(/\/rest\/v1\/calendar_events\?select/, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "XX000", details: null, hint: null, message: "Database is resting" }),
      }),
    );
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expectToast(page, "Error fetching events", "Database is resting");
    expect(await page.getByRole("alert").filter({ hasText: "Error fetching events" }).first().isVisible()).toBe(true); // destructive
    expect(await upcoming(page).getByRole("listitem").count()).toBe(before);
    await context.close();
  });
});

describe("calendar live indicator, legend and export", () => {
  it("says Live after unlock, Reconnecting… when the connection drops, and catches up when it is back", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const link = await realtimeLink(context);
    const { page: watcher, errors } = await openUnlocked(context);
    const indicator = liveIndicator(watcher);
    await expect.poll(() => indicator.textContent()).toBe("Live");
    expect(await indicator.getAttribute("title")).toBe("Changes from the team appear here as they happen");
    expect(await axeViolations(watcher)).toEqual([]);

    link.drop();
    await expect.poll(() => indicator.textContent()).toBe("Reconnecting…");
    const attemptsWhileDown = link.attempts;
    const { editor, title } = await addEventElsewhere("While away", 21, "recording");
    await expect.poll(() => link.attempts).toBeGreaterThan(attemptsWhileDown); // it keeps trying
    expect(await indicator.textContent()).toBe("Reconnecting…");
    expect(await upcoming(watcher).getByText(title).count()).toBe(0);

    link.up = true;
    await expect.poll(() => indicator.textContent(), { timeout: 15_000 }).toBe("Live");
    // No reload, no tab switch: the rejoin itself fetched what was missed.
    await upcoming(watcher).getByText(title).waitFor({ timeout: 5_000 });
    expect(await axeViolations(watcher)).toEqual([]);
    expect(errors.filter((error) => !/WebSocket/i.test(error))).toEqual([]);
    await context.close();
    await editor.context().close();
  });

  it("catches up on a change made between its first read of the list and joining the channel", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const realtime = await watchRealtime(context);
    realtime.holdJoins = true;
    realtime.muted = true;
    const listed = context.waitForEvent("response", (response) => /calendar_events\?select/.test(response.url()));
    const { page: watcher, errors } = await openUnlocked(context);
    await listed;
    expect(await liveIndicator(watcher).textContent()).toBe("Connecting…");

    // Someone adds an event after the list was read, before the channel has joined.
    const { editor, title } = await addEventElsewhere("Before the join", 23);
    expect(await upcoming(watcher).getByText(title).count()).toBe(0);

    realtime.releaseJoins();
    await expect.poll(() => liveIndicator(watcher).textContent()).toBe("Live");
    await upcoming(watcher).getByText(title).waitFor({ timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
    await editor.context().close();
  });

  it("subscribes again when the server closes the channel, and catches up on what it missed", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const realtime = await watchRealtime(context);
    const { page: watcher, errors } = await openUnlocked(context);
    const indicator = liveIndicator(watcher);
    await expect.poll(() => indicator.textContent()).toBe("Live");
    const subscribedBefore = realtime.subscribed;

    // A change the watcher never hears of, then the server drops its channel.
    realtime.muted = true;
    const { editor, title } = await addEventElsewhere("After the close", 22, "promotion");
    await expect.poll(() => realtime.dropped).toBeGreaterThan(0);
    realtime.closeChannel();
    await expect.poll(() => indicator.textContent()).not.toBe("Live");

    // No reload, no tab switch, no network change: it joins again by itself and fetches the list.
    await expect.poll(() => realtime.subscribed, { timeout: 10_000 }).toBeGreaterThan(subscribedBefore);
    await expect.poll(() => indicator.textContent()).toBe("Live");
    expect(realtime.subscribed).toBe(subscribedBefore + 1);
    await upcoming(watcher).getByText(title).waitFor({ timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
    await editor.context().close();
  });

  it("explains the type colours in a legend, each colour beside its name", async () => {
    const { page } = await openUnlocked();
    const legend = page.getByRole("region", { name: "Event types" });
    const items = legend.getByRole("listitem");
    expect(await items.allTextContents()).toEqual(["away", "gig", "rehearsal", "recording", "promotion"]);
    const swatches = await items.evaluateAll((elements) =>
      elements.map((item) => {
        const swatch = item.querySelector("[aria-hidden=true]");
        return swatch ? getComputedStyle(swatch).backgroundColor : "";
      }),
    );
    // The spec's red, green, amber, indigo and pink, the same as the day dots and card bars.
    expect(swatches).toEqual([
      "rgb(220, 38, 38)",
      "rgb(22, 163, 74)",
      "rgb(217, 119, 6)",
      "rgb(79, 70, 229)",
      "rgb(219, 39, 119)",
    ]);
    // Each swatch stands out from the white box by at least 3:1 (WCAG 1.4.11).
    for (const swatch of swatches) expect(contrast(swatch, "rgb(255, 255, 255)")).toBeGreaterThanOrEqual(3);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("offers no export while there are no events to put in the file", async () => {
    const context = await getBrowser().newContext({ baseURL });
    await context.route(/\/rest\/v1\/calendar_events\?select/, (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
    );
    const listed = context.waitForEvent("response", (response) => /calendar_events\?select/.test(response.url()));
    const { page, errors } = await openUnlocked(context);
    await listed;
    await expect.poll(() => liveIndicator(page).textContent()).toBe("Live");
    const exportButton = page.getByRole("button", { name: "Export calendar (.ics)" });
    // Still reachable by keyboard, and it says why it does nothing.
    expect(await exportButton.getAttribute("aria-disabled")).toBe("true");
    expect(await exportButton.getAttribute("title")).toBe("No events to export yet");
    await exportButton.focus();
    const download = page.waitForEvent("download", { timeout: 1_000 });
    await page.keyboard.press("Enter");
    await expect(download).rejects.toThrow();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports every event as a calendar file that calendar apps read", async () => {
    const context = await getBrowser().newContext({ baseURL, acceptDownloads: true });
    await context.addInitScript(() => {
      const types: string[] = ((window as unknown as { blobTypes: string[] }).blobTypes = []);
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        if (blob instanceof Blob) types.push(blob.type);
        return create(blob);
      };
    });
    const { page, errors } = await openUnlocked(context);
    const title = `Album launch, Whelan's; Dublin ${unique()}`;
    await pickDay(page, 22);
    await fillEvent(page, title, "Doors 8pm\nSupport: The Gloamings", "gig");
    await page.getByRole("button", { name: "Add Event" }).click();
    await upcoming(page).getByText(title).waitFor();
    const shown = await upcoming(page).getByRole("listitem").count();

    const { filename, text } = await downloadDuring(page, () =>
      page.getByRole("button", { name: "Export calendar (.ics)" }).click(),
    );
    expect(filename).toMatch(/^calendar-\d{4}-\d{2}-\d{2}\.ics$/);
    expect(await page.evaluate(() => (window as unknown as { blobTypes: string[] }).blobTypes)).toEqual([
      "text/calendar",
    ]);
    const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
    expect(vevents).toHaveLength(shown);
    expect(new Set(vevents.map((vevent) => vevent.getFirstPropertyValue("uid"))).size).toBe(shown);
    const ours = vevents.find((vevent) => vevent.getFirstPropertyValue("summary") === title);
    expect(ours?.getFirstPropertyValue("description")).toBe("Doors 8pm\nSupport: The Gloamings");
    expect(ours?.getFirstPropertyValue("categories")).toBe("gig");
    expect(ours?.getFirstPropertyValue("uid")).toMatch(/^[0-9a-f-]{36}@orlaquinlan\.example$/);
    const start = ours?.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect({ allDay: start.isDate, day: start.day }).toEqual({ allDay: true, day: 22 });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the calendar under load", () => {
  it("reloads each open page once or twice, not fifty times, for a burst of fifty new events", async () => {
    const pages = await Promise.all([openUnlocked(), openUnlocked()]);
    for (const { page } of pages) await expect.poll(() => liveIndicator(page).textContent()).toBe("Live");
    // Let the reads that come with unlocking and joining finish first.
    await pages[0].page.waitForTimeout(500);
    const reads = pages.map(({ page }) => countListReads(page));
    const tag = unique();
    const team = await signedInTeam();
    const { error } = await team.from("calendar_events").insert(eventRows(`Burst ${tag}`, new Date(2031, 0, 10), 50));
    expect(error).toBeNull();
    for (const { page } of pages) {
      // Every one of the fifty is listed in the end.
      await expect
        .poll(() =>
          upcoming(page)
            .getByText(new RegExp(`^Burst ${tag} \\d+$`))
            .count(),
        )
        .toBe(50);
    }
    await pages[0].page.waitForTimeout(1000); // no late reads either
    for (const read of reads) {
      expect(read.length).toBeGreaterThanOrEqual(1);
      expect(read.length).toBeLessThanOrEqual(2);
    }
    for (const { context } of pages) await context.close();
  });

  it("shows three dots and a count for a busy day, with a short label", async () => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), 27);
    const tag = unique();
    const team = await signedInTeam();
    const { error } = await team.from("calendar_events").insert(eventRows(`Busy ${tag}`, day, 7, "rehearsal"));
    expect(error).toBeNull();
    const { page, errors } = await openUnlocked();
    const button = page
      .getByRole("gridcell")
      .getByRole("button", { name: /^27 / })
      .filter({ has: page.locator("[data-more]") })
      .first();
    await button.waitFor();
    const label = (await button.getAttribute("aria-label")) ?? "";
    expect(label).toMatch(/^27 \w+ \d{4}, \w+, (today, )?\d+ events$/);
    expect(Number(label.match(/(\d+) events$/)?.[1])).toBeGreaterThanOrEqual(7);
    expect(label.length).toBeLessThan(60);
    const dots = button.locator("span[title]");
    expect(await dots.count()).toBe(3);
    expect(await dots.first().getAttribute("title")).toMatch(/ \((away|gig|rehearsal|recording|promotion)\)$/);
    const more = button.locator("[data-more]");
    expect(await more.getAttribute("data-more")).toBe(`+${Number(label.match(/(\d+) events$/)?.[1]) - 3}`);
    expect(await more.evaluate((element) => getComputedStyle(element, "::after").content)).toMatch(/^"\+\d+"$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens with the events shown within 300 ms of Login (p95 of 20 tries)", async () => {
    const team = await signedInTeam();
    expect((await team.from("calendar_events").insert(eventRows(`Timed ${unique()}`, new Date(), 1))).error).toBeNull();
    const { page } = await openPage(getBrowser, "/calendar");
    const timings: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await page.reload();
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      // Timed in the page: from the Login's submit to the first event card on screen.
      await page.evaluate(() => {
        const timed = window as unknown as { unlockMs: Promise<number> };
        timed.unlockMs = new Promise((resolve) => {
          let start = 0;
          document.addEventListener("submit", () => (start = performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (start && document.querySelector("#upcoming-events ~ ul > li")) {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
      });
      await page.getByRole("button", { name: "Login" }).click();
      timings.push(await page.evaluate(() => (window as unknown as { unlockMs: Promise<number> }).unlockMs));
    }
    timings.sort((a, b) => a - b);
    const median = (timings[9] + timings[10]) / 2;
    const p95 = timings[18];
    console.log(`password → calendar with events: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`);
    // The goal is 300 ms; the bound leaves room for a busy shared machine.
    expect(p95).toBeLessThan(1000);
    await page.context().close();
  }, 120_000);

  it("loads at most 100 KB of JavaScript (gzip) until someone starts on the password", async () => {
    const context = await getBrowser().newContext({ baseURL });
    const scripts = new Map<string, Promise<number>>();
    context.on("response", (response) => {
      const url = response.url();
      if (response.request().resourceType() === "script" && url.startsWith(baseURL)) {
        scripts.set(
          url,
          response.body().then((body) => gzipBytes(body)),
        );
      }
    });
    const weigh = async () => (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
    const { page } = await openPage(getBrowser, "/calendar", { context });
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    await page.waitForLoadState("networkidle");
    const atLoad = await weigh();
    // Focus on the field fetches the Supabase client and the month view, ready for the Login.
    await page.getByLabel("Password", { exact: true }).focus();
    await page.waitForLoadState("networkidle");
    await expect.poll(() => scripts.size).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    const prepared = await weigh();
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`/calendar JS (gzip): ${kb(atLoad)} at load, ${kb(prepared)} once the password field has focus`);
    expect(atLoad).toBeLessThanOrEqual(100 * 1024);
    expect(prepared).toBeGreaterThan(atLoad);
    await context.close();
  });
});

describe("the calendar across token refreshes", () => {
  it("keeps reading, adding and hearing of changes long after its first token has expired", async () => {
    // A backend of its own whose tokens live 40 s, behind the address the site was built for.
    const backend = await startBackend({
      port: 0,
      team: { email: TEAM_EMAIL, password: PASSWORD },
      jwtExpirySeconds: 40,
      authRateLimit: { burst: 1_000, refillPerSecond: 100 },
      allowedOrigins: siteOrigins([Number(new URL(baseURL).port)]),
    });
    const builtFor = new URL(inject("supabaseUrl"));
    const shortLived = new URL(backend.url);
    const redirect = (url: string) => url.replace(builtFor.host, shortLived.host);
    const context = await getBrowser().newContext({ baseURL });
    const sockets: WebSocket[] = [];
    try {
      await context.route(
        (url) => url.host === builtFor.host,
        async (route) => route.fulfill({ response: await route.fetch({ url: redirect(route.request().url()) }) }),
      );
      await context.routeWebSocket(
        (url) => url.host === builtFor.host,
        (socket) => {
          const server = new WebSocket(redirect(socket.url()));
          sockets.push(server);
          const waiting: string[] = [];
          server.on("open", () => waiting.splice(0).forEach((message) => server.send(message)));
          server.on("message", (message) => socket.send(String(message)));
          server.on("close", () => socket.close());
          socket.onMessage((message) =>
            server.readyState === WebSocket.OPEN ? server.send(String(message)) : waiting.push(String(message)),
          );
          socket.onClose(() => server.close());
        },
      );
      const refreshes: string[] = [];
      context.on("request", (request) => {
        if (/grant_type=refresh_token/.test(request.url())) refreshes.push(request.url());
      });
      const { page, errors } = await openUnlocked(context);
      await expect.poll(() => liveIndicator(page).textContent()).toBe("Live");
      // Past the first token's life, and across at least one of auth-js's 30 s refresh ticks.
      await page.waitForTimeout(45_000);
      expect(refreshes.length).toBeGreaterThan(0);

      // A change from elsewhere still arrives over realtime, and the list is read with a fresh token.
      const elsewhere = createClient(backend.url, LOCAL_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
      });
      expect((await elsewhere.auth.signInWithPassword({ email: TEAM_EMAIL, password: PASSWORD })).error).toBeNull();
      const title = `After refresh ${unique()}`;
      expect((await elsewhere.from("calendar_events").insert(eventRows(title, new Date(), 1))).error).toBeNull();
      await upcoming(page).getByText(`${title} 1`).waitFor({ timeout: 10_000 });

      // And the page itself still adds events.
      await pickDay(page, 14);
      await fillEvent(page, `Added later ${unique()}`);
      await page.getByRole("button", { name: "Add Event" }).click();
      await expectToast(page, "Event added", "New event has been added successfully");
      expect(await page.getByRole("heading", { name: "Enter Password" }).count()).toBe(0);
      expect(await page.locator("[data-variant]").filter({ hasText: "Calendar locked" }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      // A read still being passed on when the context closes must not outlive the test.
      await context.unrouteAll({ behavior: "ignoreErrors" });
      await context.close();
      for (const socket of sockets) socket.close();
      await backend.close();
    }
  }, 120_000);
});
