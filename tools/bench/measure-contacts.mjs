// @ts-check
/**
 * How the contacts page holds up with a directory of 5,000 cards: how long after the last page of rows
 * arrives the list is on screen, and how long each keystroke of a search takes to narrow it (from the key
 * press to the frame after the count changes). The rows are the same ones the long-lists journey checks
 * for correctness (e2e/long-lists.spec.ts); the journey asserts what a person sees, this times it.
 */
import { LOCAL_SERVICE_ROLE_KEY } from "../../server/local-keys.mjs";

/** How many contacts the directory holds. */
const LIST_SIZE = 5000;

/** Every contact's `created_at` counts back from here, a second apart: Person 0 is the newest. */
const ADDED = Date.parse("2026-01-05T10:00:00Z");

/**
 * A directory of `count` contacts named `<word> Person <i>`; every third has an e-mail and every fifth a phone.
 * @param {string} word a word no other row holds, so a search for it finds exactly these
 * @param {number} [count]
 */
export function directoryRows(word, count = LIST_SIZE) {
  return Array.from({ length: count }, (_, i) => ({
    id: `scale-${word}-${i}`,
    name: `${word} Person ${i}`,
    role: "Agent",
    email: i % 3 === 0 ? `person${i}@${word}.ie` : null,
    phone: i % 5 === 0 ? `087 ${String(i).padStart(7, "0")}` : null,
    created_at: new Date(ADDED - i * 1000).toISOString(),
  }));
}

/**
 * Writes `rows` into the contacts table as the service role (no flood guard), a thousand a request.
 * @param {string} backendUrl
 * @param {object[]} rows
 * @param {string} [serviceKey]
 */
export async function seedContacts(backendUrl, rows, serviceKey = LOCAL_SERVICE_ROLE_KEY) {
  for (let from = 0; from < rows.length; from += 1000) {
    const response = await fetch(`${backendUrl}/rest/v1/contacts`, {
      method: "POST",
      headers: {
        apikey: serviceKey,
        Authorization: `Bearer ${serviceKey}`,
        "Content-Type": "application/json",
        Prefer: "return=minimal",
      },
      body: JSON.stringify(rows.slice(from, from + 1000)),
    });
    if (response.status !== 201) {
      throw new Error(
        `seeding contacts ${from} to ${from + 999} answered ${response.status}: ${await response.text()}`,
      );
    }
  }
}

/**
 * The keys typed into the search once it holds "<word> person ": "4999" typed and taken back, six times
 * over (a space between rounds leaves the search as it was). 47 of them change the list: enough for a
 * 95th percentile.
 */
export const SEARCH_KEYS = Array.from({ length: 6 }, (_, i) => [
  ...(i === 0 ? [] : ["Backspace", " "]),
  ...["4", "9", "9", "9", "Backspace", "Backspace", "Backspace"],
]).flat();

/** Whether `key` changes what the search matches (a trailing space does not). */
const changesList = (/** @type {string} */ key) => key !== " ";

/**
 * Notes, in the page, when the list first shows a count of thousands with its cards: call before the page loads.
 * @param {import("playwright-core").Page} page
 */
export async function watchListShown(page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const count = [...document.querySelectorAll('[role="status"]')].find((node) =>
        /^\d{4,} contacts$/.test(node.textContent ?? ""),
      );
      if (count && document.querySelector('ul[aria-label="Contacts"] article')) {
        /** @type {Window & { listShownAt?: number }} */ (window).listShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Milliseconds from the last page of rows arriving to the list being on screen (after watchListShown),
 * and how many reads the list took.
 * @param {import("playwright-core").Page} page
 */
export function listShownAfterData(page) {
  return page.evaluate(() => {
    const entries = /** @type {PerformanceResourceTiming[]} */ (
      performance.getEntriesByType("resource").filter((entry) => /\/rest\/v1\/contacts\?select/.test(entry.name))
    );
    const arrived = Math.max(...entries.map((entry) => entry.responseEnd));
    const shown = /** @type {Window & { listShownAt?: number }} */ (window).listShownAt;
    if (shown === undefined) throw new Error("the list of contacts was never shown");
    return { reads: entries.length, renderMs: shown - arrived };
  });
}

/**
 * Presses `key` in the focused search and resolves to the milliseconds from the key press to the frame
 * after the count of shown contacts changes.
 * @param {import("playwright-core").Page} page
 * @param {import("playwright-core").Locator} search
 * @param {string} key
 */
async function timeKeystroke(page, search, key) {
  const timing = page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        let start = 0;
        document.addEventListener("keydown", () => (start = performance.now()), { capture: true, once: true });
        const status = [...document.querySelectorAll('[role="status"]')].find((node) =>
          / contacts$/.test(node.textContent ?? ""),
        );
        if (!status) return reject(new Error("no count of contacts on the page"));
        const observer = new MutationObserver(() => {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(status, { childList: true, subtree: true, characterData: true });
      }),
  );
  await search.press(key);
  return /** @type {number} */ (await timing);
}

/**
 * Opens the contacts page at `url` on a backend seeded with directoryRows(word), and times the list's
 * arrival and a search typed into it.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {string} word the word the seeded rows were named with
 * @param {(page: import("playwright-core").Page) => Promise<void>} [open] whatever stands between the page and its
 *   list: the team's sign-in
 */
export async function measureContactList(browser, url, word, open = async () => {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    await watchListShown(page);
    await page.goto(url);
    await open(page);
    // The list's own count, not the "Contacts loaded" toast that names the same number.
    await page
      .getByRole("status")
      .filter({ hasText: new RegExp(`^${LIST_SIZE} contacts$`) })
      .waitFor();
    const { renderMs } = await listShownAfterData(page);
    const search = page.getByRole("searchbox", { name: "Search contacts" });
    await search.fill(`${word} person `);
    await page
      .getByRole("status")
      .filter({ hasText: new RegExp(`^${LIST_SIZE} of ${LIST_SIZE} contacts$`) })
      .waitFor();
    /** @type {number[]} */
    const keystrokeMs = [];
    for (const key of SEARCH_KEYS) {
      if (changesList(key)) keystrokeMs.push(await timeKeystroke(page, search, key));
      else await search.press(key);
    }
    return { renderMs, keystrokeMs };
  } finally {
    await context.close();
  }
}
