// @ts-check
/**
 * How long the team waits between pressing Login on a team page and seeing
 * their data: a fresh local backend at the address the build calls, seeded
 * with a realistic amount of the page's data, and a phone-sized Chromium page
 * that types the password and presses Login, again and again. Each try is
 * timed inside the page, from the form's submit to the first of what the page
 * opens on (SIGN_IN_PAGES: the calendar's first "Upcoming Events" card, the
 * directory's first contact card).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBackend } from "../../server/backend.mjs";
import { siteOrigins } from "../../server/http.mjs";
import { LOCAL_ANON_KEY } from "../../server/local-keys.mjs";
import { DEV_TEAM_PASSWORD } from "../../server/team-account.mjs";
import { directoryRows, seedContacts } from "./measure-contacts.mjs";
import { MOBILE, networkQuiet } from "./measure-page.mjs";
import { gzipBytes } from "./page-weight.mjs";

/** A season of the team's calendar: this many events, one every few days from today. */
const SEEDED_EVENTS = 40;
const EVENT_TYPES = ["gig", "rehearsal", "recording", "promotion", "away"];
const TRY_TIMEOUT_MS = 15_000;
/** How many sign-ins are timed: enough for a 95th percentile. */
export const UNLOCK_TRIES = 20;

/**
 * Signs in as the team over the wire, as the calendar does, and adds `count` events.
 * @param {string} backendUrl
 * @param {string} email
 * @param {number} count
 */
async function seedCalendar(backendUrl, email, count) {
  const headers = { apikey: LOCAL_ANON_KEY, "Content-Type": "application/json" };
  const signIn = await fetch(`${backendUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: DEV_TEAM_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`the team could not sign in to seed the calendar: ${signIn.status}`);
  const { access_token: token } = /** @type {{ access_token: string }} */ (await signIn.json());
  const today = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const start = new Date(today + index * 3 * 86_400_000).toISOString();
    return {
      title: `Bench event ${index + 1}`,
      description: index % 2 ? "Load-in at five, sound check at six." : null,
      start_date: start,
      end_date: start,
      event_type: EVENT_TYPES[index % EVENT_TYPES.length],
    };
  });
  const insert = await fetch(`${backendUrl}/rest/v1/calendar_events`, {
    method: "POST",
    headers: { ...headers, Authorization: `Bearer ${token}`, Prefer: "return=minimal" },
    body: JSON.stringify(rows),
  });
  if (!insert.ok) throw new Error(`seeding the calendar failed: ${insert.status} ${await insert.text()}`);
}

/**
 * Starts a fresh backend with the team account at `backendUrl` (the address baked into the build), for a
 * site served at `siteOrigin`, and hands it to `seed`. Resolves to its closer; a busy port says what to stop.
 * @param {string} backendUrl
 * @param {string} siteOrigin
 * @param {string} teamEmail
 * @param {(url: string) => Promise<void>} seed
 */
export async function startSeededBackend(backendUrl, siteOrigin, teamEmail, seed) {
  const address = new URL(backendUrl);
  const dataDir = mkdtempSync(join(tmpdir(), "stagedoor-bench-db-"));
  /** @type {Awaited<ReturnType<typeof startBackend>>} */
  let backend;
  try {
    backend = await startBackend({
      port: Number(address.port),
      host: address.hostname,
      dataDir,
      team: { email: teamEmail, password: DEV_TEAM_PASSWORD },
      allowedOrigins: [...siteOrigins(), siteOrigin],
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "EADDRINUSE") {
      throw new Error(
        `port ${address.port}, where the build calls its backend, is busy: stop npm start or npm run dev`,
      );
    }
    throw error;
  }
  const close = async () => {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seed(backend.url);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}

/** A directory of this many contacts for the contacts page's sign-in timing (the 5,000 are timed apart). */
const SEEDED_CONTACTS = 200;

/**
 * @typedef {object} SignInPage
 * @property {(teamEmail: string) => (url: string) => Promise<void>} seed what its backend holds
 * @property {string} opened a CSS selector of the first of the team's data the open page shows
 * @property {string} what that, in words, for a try that never saw it
 */

/**
 * Each page the sign-in timing signs in to: what its backend is seeded with (a season of events; a
 * directory of contacts, written as the service role), and what the page shows once open.
 * @type {Record<string, SignInPage>}
 */
export const SIGN_IN_PAGES = {
  "/calendar": {
    seed: (teamEmail) => (url) => seedCalendar(url, teamEmail, SEEDED_EVENTS),
    opened: "#upcoming-events ~ ul > li",
    what: "event card",
  },
  "/contacts": {
    seed: () => (url) => seedContacts(url, directoryRows("Signin", SEEDED_CONTACTS)),
    opened: 'ul[aria-label="Contacts"] article',
    what: "contact card",
  },
};

/**
 * Types the development password into the open page's Enter Password screen and presses Login, as a
 * team member does; resolves once the Login is pressed.
 * @param {import("playwright-core").Page} page
 */
export async function signInOnPage(page) {
  await page.getByLabel("Password", { exact: true }).fill(DEV_TEAM_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * Times `tries` sign-ins on the team page at `url`: each reloads the page (so it is locked again), types
 * the development password and presses Login, until the page shows `opened` (SIGN_IN_PAGES). Returns the
 * milliseconds of each try, in order, and the JavaScript (gzip, as the bench weighs it) the page has
 * loaded once the first one has opened it and the network is quiet again.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {number} tries
 * @param {Pick<SignInPage, "opened" | "what">} page
 * @returns {Promise<{ timings: number[], jsGzipOpen: number }>}
 */
export async function measureUnlock(browser, url, tries, { opened, what }) {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  page.setDefaultTimeout(TRY_TIMEOUT_MS);
  /** @type {number[]} */
  const timings = [];
  // The page's own scripts by URL, from the first load until the first try has opened the calendar.
  /** @type {Map<string, Promise<number>>} */
  const scripts = new Map();
  const origin = new URL(url).origin;
  /** @param {import("playwright-core").Response} response */
  const weigh = (response) => {
    const request = response.request();
    if (request.resourceType() !== "script" || new URL(response.url()).origin !== origin) return;
    if (!scripts.has(response.url()))
      scripts.set(
        response.url(),
        response.body().then(gzipBytes, () => 0),
      );
  };
  page.on("response", weigh);
  try {
    await page.goto(url);
    for (let attempt = 0; attempt < tries; attempt += 1) {
      if (attempt > 0) await page.reload();
      // Typing fetches what Login needs (the page's tool, the client), as a person's typing does.
      await page.getByLabel("Password", { exact: true }).fill(DEV_TEAM_PASSWORD);
      await page.evaluate(
        ({ limitMs, opened, what }) => {
          const timed = /** @type {Window & { unlockMs?: Promise<number> }} */ (window);
          timed.unlockMs = new Promise((resolve, reject) => {
            let start = 0;
            setTimeout(() => reject(new Error(`no ${what} within ${limitMs} ms of Login`)), limitMs);
            document.addEventListener("submit", () => (start = performance.now()), { capture: true, once: true });
            const observer = new MutationObserver(() => {
              if (start && document.querySelector(opened)) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true });
          });
        },
        { limitMs: TRY_TIMEOUT_MS, opened, what },
      );
      await page.getByRole("button", { name: "Login" }).click();
      const ms = await page.evaluate(() => /** @type {Window & { unlockMs?: Promise<number> }} */ (window).unlockMs);
      if (typeof ms !== "number") throw new Error(`sign-in ${attempt + 1} was not timed`);
      timings.push(ms);
      if (attempt === 0) {
        // What opening brings settles after the first card (the toast renderer, for the first toast).
        await networkQuiet(page);
        page.off("response", weigh);
      }
    }
    const sizes = await Promise.all(scripts.values());
    return { timings, jsGzipOpen: sizes.reduce((sum, size) => sum + size, 0) };
  } finally {
    await context.close();
  }
}
