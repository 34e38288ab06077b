/**
 * The team's calendar on a phone: signed in on /calendar, the team gets the secret address, and the feed
 * it leads to (served as Netlify serves it, by the feed's function) holds the team's events, read by
 * ical.js as a calendar app reads it. "New address" asks first while an address is in use, then ends the old
 * address at once.
 */
import ICAL from "ical.js";
import { expect, expectAccessible, expectToast, test } from "./fixtures";
import { fillEvent, openCalendar, pickDay, uniqueWord, upcomingEvent } from "./team";

test("gives the team a secret address whose feed holds its events, and a new address ends the old one", async ({
  page,
  request,
}) => {
  await openCalendar(page);
  const title = `Soundcheck ${uniqueWord()}`;
  await pickDay(page, 22);
  await fillEvent(page, title, "Monitors, then the set");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  await expect(upcomingEvent(page, title)).toBeVisible();

  const section = page.getByRole("region", { name: "Subscribe on your phone" });
  await expect(section.getByText(/Google Calendar: /)).toBeVisible();
  await expect(section.getByText(/Apple Calendar: /)).toBeVisible();
  const address = section.getByLabel("Calendar address (https)");
  const question = section.getByRole("group", { name: /^A new address ends the current one at once: / });
  await section.getByRole("button", { name: "New address" }).click();
  // The backend the journeys share may hold an address from an earlier run: then the section asks first.
  await expect(address.or(question)).toBeVisible();
  if (await question.isVisible()) await question.getByRole("button", { name: "End it and make a new one" }).click();
  await expect(address).toHaveValue(/\/calendar\/feed\/[0-9a-f]{64}\.ics$/);
  const first = await address.inputValue();
  await expect(section.getByRole("link", { name: first.replace(/^https?:/, "webcal:") })).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  // Shown once: the page says so while it is on screen, before anyone navigates away without copying it.
  await expect(section.getByText(/^Copy it now: this address is shown only this once\./)).toBeVisible();
  // Heard with the address too, by someone who reaches it with a screen reader.
  await expect(address).toHaveAccessibleDescription(/^Copy it now: this address is shown only this once\./);
  await section.getByRole("button", { name: "Copy" }).click();
  await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await expectAccessible(page);

  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["cache-control"]).toBe("private, no-store");
  expect(feed.headers()["x-robots-tag"]).toBe("noindex");
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const event = calendar
    .getAllSubcomponents("vevent")
    .find((vevent) => vevent.getFirstPropertyValue("summary") === title);
  expect(event?.getFirstPropertyValue("description")).toBe("Monitors, then the set");
  expect(event?.getFirstPropertyValue("sequence")).toBe(0);

  // Ending an address in use is asked about first, and the answer that keeps it is where the focus lands.
  await section.getByRole("button", { name: "New address" }).click();
  await expect(question).toHaveAccessibleName(
    "A new address ends the current one at once: every phone subscribed with it stops getting the team's events until it is given the new one.",
  );
  await expect(question.getByRole("button", { name: "Keep the current address" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Enter");
  await expect(question).toHaveCount(0);
  await expect(section.getByRole("button", { name: "New address" })).toBeFocused();
  await expect(address).toHaveValue(first);
  expect((await request.get(first)).status()).toBe(200);
  // Escape keeps it too.
  await page.keyboard.press("Enter");
  await expect(question).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(address).toHaveValue(first);
  await section.getByRole("button", { name: "New address" }).click();
  await question.getByRole("button", { name: "End it and make a new one" }).click();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  const ended = await request.get(first);
  expect(ended.status()).toBe(404);
  expect(await ended.text()).toBe("");
  const fresh = await request.get(second);
  expect(fresh.status()).toBe(200);
  expect(await fresh.text()).toContain(`SUMMARY:${title}`);

  // After a reload (and the sign-in it asks for), the secret is not shown again: only when it was made.
  await openCalendar(page);
  await expect(section.getByLabel("Calendar address (https)")).toHaveCount(0);
  await expect(section.getByText(/^The current address was made on /)).toBeVisible();
  expect((await request.get(second)).status()).toBe(200);

  // A teammate makes a new address on their phone meanwhile: this page, which was shown the older one, ends
  // nothing, and says so; the teammate's address answers on.
  const teammate = await page.context().newPage();
  await openCalendar(teammate);
  const theirSection = teammate.getByRole("region", { name: "Subscribe on your phone" });
  await theirSection.getByRole("button", { name: "New address" }).click();
  await theirSection.getByRole("button", { name: "End it and make a new one" }).click();
  const theirs = theirSection.getByLabel("Calendar address (https)");
  await expect(theirs).toHaveValue(/\/calendar\/feed\/[0-9a-f]{64}\.ics$/);
  const theirAddress = await theirs.inputValue();
  await teammate.close();
  await section.getByRole("button", { name: "New address" }).click();
  await question.getByRole("button", { name: "End it and make a new one" }).click();
  await expect(
    section.getByText(
      "Someone on the team made a new address meanwhile, so nothing was ended: ask them for it, or press New address to end theirs.",
    ),
  ).toBeVisible();
  await expect(section.getByLabel("Calendar address (https)")).toHaveCount(0);
  expect((await request.get(theirAddress)).status()).toBe(200);
  expect((await request.get(second)).status()).toBe(404);
});
