/**
 * The team and the fans on a phone (375 × 812, a touch screen): the team moves between its pages
 * signed in, no toast covers the control in use and a tap or Escape closes one, every team control
 * is big enough for a finger (44 × 44 px), and a fan sees the next show on the first screen of /.
 */
import { devices, type Locator, type Page } from "@playwright/test";
import { addContact } from "./contacts-page";
import { expect, expectToast, stopClock, test } from "./fixtures";
import { signIn, uniqueWord } from "./team";
import { LOCAL_SERVICE_ROLE_KEY } from "../server/local-keys.mjs";

const PHONE = { width: 375, height: 812 };
// A phone's browser: a touch screen (pointer: coarse), a mobile viewport, in the system Chromium.
test.use({ ...devices["Pixel 5"], viewport: PHONE });

const teamBar = (page: Page) => page.getByRole("navigation", { name: "Team tools" });
const gate = (page: Page) => page.getByRole("heading", { name: "Enter Password" });
const toastCards = (page: Page) => page.locator("[data-toast-visible]");

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the toasts standing now. */
async function toastBoxes(page: Page): Promise<Box[]> {
  const boxes = await toastCards(page).evaluateAll((cards) =>
    cards.map((card) => {
      const { x, y, width, height } = card.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
  return boxes.filter((box) => box.width > 0 && box.height > 0);
}

test("signed in on /contacts, the team bar's Calendar and Fans open signed in, and a reload locks the page", async ({
  page,
}) => {
  await page.goto("/contacts");
  await signIn(page);
  await expect(page.getByRole("button", { name: "Add Contact" })).toBeVisible();

  await teamBar(page).getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("heading", { name: "Add Event" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
  await expect(teamBar(page).getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");

  await teamBar(page).getByRole("link", { name: "Fans" }).click();
  await expect(page).toHaveURL(/\/fans$/);
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);

  // Back to the calendar, which listens again, and to the contacts, still signed in; a reload forgets the
  // session, as the spec says.
  await teamBar(page).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible();
  await teamBar(page).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("button", { name: "Add Contact" })).toBeVisible();
  await page.reload();
  await expect(gate(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Contact" })).toHaveCount(0);
});

for (const path of ["/contacts", "/calendar", "/fans"]) {
  test(`on ${path}, the first focus after sign-in is a control of the page no toast covers`, async ({ page }) => {
    await page.goto(path);
    await signIn(page);
    // Every toast the sign-in brings is standing (on /contacts, "Contacts loaded" too).
    if (path === "/contacts") await expectToast(page, "Contacts loaded", "contacts loaded from the shared database");
    const focused = page.locator(":focus");
    await expect(focused).toHaveCount(1);
    await expect(page.locator("main").locator(":focus")).toHaveCount(1);
    const control = (await focused.boundingBox())!;
    expect(control.y + control.height).toBeLessThanOrEqual(PHONE.height);
    // The placement settles a frame after the toasts change: what is checked is where they stand then.
    await expect(async () => {
      const boxes = await toastBoxes(page);
      expect(boxes.length).toBeGreaterThan(0);
      for (const box of boxes) expect(overlaps(box, control), `a toast at ${JSON.stringify(box)}`).toBe(false);
    }).toPass();
  });
}

test("signed in before the page's tool has come over a slow connection, the focus goes on to its first control once it is there", async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/ContactsTool\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/contacts");
  await signIn(page);
  release();
  await expect(page.getByRole("button", { name: "Add Contact" })).toBeVisible();
  await expect(page.locator("main").locator(":focus")).toHaveCount(1);
});

test("a tap closes the toast tapped, and Escape closes the next, once the search box has nothing to clear", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/contacts");
  await signIn(page);
  await expectToast(page, "Contacts loaded", "contacts loaded from the shared database");
  // The clock stands while the toasts must: Escape in a search box with words in it clears them, and only them.
  await stopClock(page);
  const search = page.getByRole("searchbox", { name: "Search contacts" });
  await search.fill("Aoife");
  await search.press("Escape");
  await expect(search).toHaveValue("");
  await expect(toastCards(page)).toHaveCount(2);
  await page.clock.resume();
  await toastCards(page).filter({ hasText: "Access granted" }).tap();
  await expect(toastCards(page).filter({ hasText: "Access granted" })).toHaveCount(0);
  await expect(toastCards(page).filter({ hasText: "Contacts loaded" })).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(toastCards(page)).toHaveCount(0);
});

/** Every link, button and field a person can use in the page's main part, with its name and size, as seen now. */
function controlSizes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("main :is(a[href], button, input:not([type=hidden]), select, textarea, summary)")]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        // A box to tick inside its label is tapped anywhere on the label: the label is its target.
        const target = element.matches("input:is([type=checkbox], [type=radio])")
          ? (element.closest("label") ?? element)
          : element;
        const { width, height } = target.getBoundingClientRect();
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
        return { name: `${element.tagName.toLowerCase()} ${name}`.slice(0, 60), width, height };
      }),
  );
}

test("every control of the team pages is at least 44 × 44 px on a touch screen", async ({ page }) => {
  const name = `Fiona ${uniqueWord()}`;
  await page.goto("/contacts");
  await signIn(page);
  await addContact(page, { name, role: "Booking agent", email: "fiona@example.org", phone: "+353 1 555 0199" });
  const seen: string[] = [];
  for (const path of ["/contacts", "/calendar", "/fans"]) {
    if (path !== "/contacts")
      await teamBar(page)
        .getByRole("link", { name: path === "/fans" ? "Fans" : "Calendar" })
        .click();
    // The link swaps the page in place: until the address is the new page's, what is on screen is the old one.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(gate(page)).toHaveCount(0);
    // Each page's last control to appear: the card's own (Email, Call, vCard, History), the form's button, the list's.
    if (path === "/contacts") {
      await expect(page.getByRole("article", { name, exact: true }).getByRole("link", { name: /Call/ })).toBeVisible();
    } else if (path === "/calendar") {
      await expect(page.getByRole("button", { name: "Add Event" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Go to the Next Month" })).toBeVisible();
    } else {
      await expect(page.getByRole("button", { name: "Download CSV" })).toBeVisible();
    }
    const sizes = await controlSizes(page);
    expect(sizes.length).toBeGreaterThan(path === "/fans" ? 4 : 10);
    const small = sizes.filter(({ width, height }) => width < 44 || height < 44);
    expect(small, `controls under 44 px on ${path}`).toEqual([]);
    seen.push(...sizes.map(({ name: control }) => control));
  }
  expect(seen.join("\n")).toMatch(/vCard/);
  expect(seen.join("\n")).toMatch(/History/);
});

test("a fan sees the next show on the first screen of /", async ({ page }) => {
  await page.goto("/");
  const nextShow = page.getByRole("region", { name: "Next show" });
  await expect(nextShow).toBeInViewport({ ratio: 1 });
});

test("the links a fan taps on their own line, in the site's bar and footer, are at least 44 px tall on a touch screen", async ({
  page,
}) => {
  const links: [string, string][] = [
    ["/", "Where to listen"],
    ["/", "Sign up for news to hear about the next tour first"],
    ["/merch", "Contact us for how to order"],
    ["/merch", "Sign up for updates"],
  ];
  for (const [path, name] of links) {
    await page.goto(path);
    const box = (await page.getByRole("link", { name, exact: true }).boundingBox())!;
    expect(box.height, `${name} on ${path}`).toBeGreaterThanOrEqual(44);
  }
  // The site's bar and its footer, on every page: each link at least 44 × 44 px.
  const barAndFooter = page
    .getByRole("navigation", { name: "Main" })
    .or(page.getByRole("contentinfo"))
    .getByRole("link");
  expect(await barAndFooter.count()).toBeGreaterThan(8);
  for (const link of await barAndFooter.all()) {
    const { width, height } = (await link.boundingBox())!;
    expect(Math.min(width, height), `${await link.textContent()} in the bar or footer`).toBeGreaterThanOrEqual(44);
  }
});

test("on the roadmap, a task's text (which ticks it) and its delete button are at least 44 px tall", async ({
  page,
}) => {
  await page.goto("/roadmap");
  const task = page.getByRole("checkbox", { name: "Launch the website" });
  await expect(task).toBeVisible();
  const label = page.locator(`label[for="${await task.getAttribute("id")}"]`);
  expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const remove = page.getByRole("button", { name: "Delete task: Launch the website" });
  expect(Math.min(...Object.values((await remove.boundingBox())!).slice(2))).toBeGreaterThanOrEqual(44);
  // A tap on the text ticks the task.
  const before = await task.isChecked();
  await label.tap();
  await expect(task).toBeChecked({ checked: !before });
});

test("with the phone's text at twice its size, no public page scrolls sideways and every nav link is on screen", async ({
  page,
}) => {
  for (const path of ["/", "/bio", "/tour", "/listen", "/epk", "/merch"]) {
    await page.goto(path);
    // A phone's larger text setting scales the page's text as a bigger root font size does.
    await page.addStyleTag({ content: "html { font-size: 200% !important; }" });
    // Against the phone's own width: a mobile browser widens its viewport to content that overflows.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(PHONE.width);
    for (const link of await page.getByRole("navigation", { name: "Main" }).getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, `${path}: ${await link.textContent()}`).toBeLessThanOrEqual(PHONE.width);
    }
  }
});

test("with the phone's text at twice its size, the nav scrolls away with the page instead of covering a third of the screen", async ({
  page,
}) => {
  const banner = page.getByRole("banner");
  /** Where the nav's bottom edge is once the page is scrolled to its end (0 or less: scrolled out of sight). */
  const navBottomAtTheEnd = () =>
    page.evaluate(() => {
      scrollTo(0, document.documentElement.scrollHeight);
      return document.getElementById("site-nav")!.getBoundingClientRect().bottom;
    });
  await page.goto("/bio");
  // At the phone's usual text size the nav stays on top while the page scrolls under it.
  await expect.poll(navBottomAtTheEnd).toBeGreaterThan(0);
  await expect(banner).toBeInViewport();
  await page.addStyleTag({ content: "html { font-size: 200% !important; }" });
  await expect.poll(navBottomAtTheEnd).toBeLessThanOrEqual(0);
  await expect(banner).not.toBeInViewport();
  // Back at the top it is where it always is, every link in reach.
  await page.evaluate(() => scrollTo(0, 0));
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tour" })).toBeInViewport();
});

test("with the phone's text at twice its size, no team page scrolls sideways once signed in", async ({
  page,
  supabaseUrl,
}) => {
  // A fan who wants the T-shirts only: the longest of the list's choices, beside its Remove. Put on the list as
  // the service role, so it takes none of the sign-up allowance the other journeys' fans share.
  const signedUp = await fetch(`${supabaseUrl}/rest/v1/fan_signups`, {
    method: "POST",
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
      Prefer: "return=minimal",
    },
    body: JSON.stringify({ email: `shirts-${uniqueWord()}@example.com`, interest: "tshirts" }),
  });
  expect(signedUp.status).toBe(201);
  // Each page with its tool drawn and its data in: the month (and its events), the contacts, the sign-ups.
  const ready: Record<string, (page: Page) => Locator> = {
    "/calendar": (page) => page.getByRole("status").filter({ hasText: /^Live$/ }),
    "/contacts": (page) => page.getByRole("button", { name: "Add Contact" }),
    "/fans": (page) => page.getByRole("button", { name: "Download CSV" }),
  };
  for (const [path, shown] of Object.entries(ready)) {
    await page.goto(path);
    await signIn(page);
    await page.addStyleTag({ content: "html { font-size: 200% !important; }" });
    await expect(shown(page)).toBeVisible();
    // Against the phone's own width: a mobile browser widens its viewport to content that overflows.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path })
      .toBeLessThanOrEqual(PHONE.width);
  }
});

test("a venue's name of 200 letters with no space to break at keeps /tour within the phone's width", async ({
  page,
}) => {
  await page.goto("/tour");
  // Each date says where it is, "The Venue, Town", before its street: the team types the venue in /calendar.
  const places = page
    .getByRole("main")
    .getByRole("listitem")
    .getByText(/^[^,]+, [^,]+$/);
  await expect(places.first()).toBeVisible();
  const venue = (await places.first().textContent())!.split(", ")[0]!;
  // The longest name the show form takes, pasted with no space in it, in its place wherever the page says it.
  const long = "TheCornmarketRoomUpstairs".repeat(8).slice(0, 200);
  await page.evaluate(
    ({ venue, long }) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        node.textContent = node.textContent!.replaceAll(venue, long);
      }
    },
    { venue, long },
  );
  await expect(page.getByText(long).first()).toBeVisible();
  // Against the phone's own width: a mobile browser widens its viewport to content that overflows.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
