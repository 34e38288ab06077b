/**
 * The calendar's picked day: its events (type, title, description) beside the month, so a dot
 * leads to what it stands for, and a day without events saying so. The days used are next month's 9th
 * and 10th, which no other journey adds to.
 */
import { expect, expectAccessible, expectToast, test } from "./fixtures";
import { dayButton, fillEvent, openCalendar, pickDay, uniqueWord, upcomingEvent } from "./team";

test("picking a day shows its events beside the month, and a day without events says so", async ({ page }) => {
  await openCalendar(page);
  const panel = page.getByRole("region", { name: /^Events on / });
  await expect(panel).toHaveAccessibleName("Events on the picked day");
  await expect(panel).toContainText("Pick a day in the calendar to see its events here.");

  const ninth = await pickDay(page, 9);
  await expect(panel.getByRole("heading")).toHaveText(/^Events on [A-Z][a-z]{2} 9, \d{4}$/);
  const day = (await panel.getByRole("heading").textContent())!.replace("Events on ", "");
  await expect(panel).toContainText(`No events on ${day}.`);
  // The day button's name writes the date as the panel does, short, holding the number it shows.
  await expect(ninth).toHaveText("9");
  await expect(ninth).toHaveAccessibleName(`${day}, selected`);

  const word = uniqueWord();
  const gig = `Whelan's ${word}`;
  const radio = `Radio ${word}`;
  await fillEvent(page, gig, "Support slot\nDoors 8pm", "gig");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  await fillEvent(page, radio, "", "promotion");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(panel.getByRole("listitem")).toHaveCount(2);

  // Each event of the day with its type, title and description, in order; the dots say the same.
  const events = panel.getByRole("listitem");
  await expect(events.getByRole("heading")).toHaveText([radio, gig]);
  await expect(events.nth(0)).toHaveText(`promotion${radio}`);
  await expect(events.nth(1).getByText("gig", { exact: true })).toBeVisible();
  await expect(events.nth(1).getByText("Support slot")).toBeVisible();
  await expect(ninth.locator(`[title="${gig} (gig)"]`)).toHaveCount(1);
  await expect(ninth.locator(`[title="${radio} (promotion)"]`)).toHaveCount(1);
  await expect(ninth).toHaveAccessibleName(`${day}, selected, 2 events: ${radio} (promotion); ${gig} (gig)`);
  // The upcoming list writes the same date the same way.
  await expect(upcomingEvent(page, gig).getByText(day, { exact: true })).toBeVisible();

  // Beside the month, not under it, on a desktop.
  const month = page.getByRole("grid");
  const [monthBox, panelBox] = [await month.boundingBox(), await panel.boundingBox()];
  expect(panelBox!.x).toBeGreaterThanOrEqual(monthBox!.x + monthBox!.width);
  expect(panelBox!.y).toBeLessThan(monthBox!.y + monthBox!.height);
  await expectAccessible(page);

  // Another day: plainly none; back to the ninth: its events again.
  await pickDay(page, 10);
  await expect(panel.getByRole("heading")).toHaveText(/^Events on [A-Z][a-z]{2} 10, \d{4}$/);
  await expect(panel).toContainText(/^Events on .*No events on [A-Z][a-z]{2} 10, \d{4}\.$/);
  await expect(panel.getByRole("listitem")).toHaveCount(0);
  await ninth.click();
  await expect(panel.getByRole("listitem").getByRole("heading")).toHaveText([radio, gig]);
});

test("lists what comes next under Upcoming Events, and folds the days gone by under Past events, latest first", async ({
  page,
}) => {
  await openCalendar(page);
  const word = uniqueWord();
  const [earlier, later] = [`Demo session ${word}`, `Mixing ${word}`];
  // Two events last month (its 3rd and 5th), which no other journey adds to: both gone by.
  await page.getByRole("button", { name: "Go to the Previous Month" }).click();
  for (const [day, title] of [
    [3, earlier],
    [5, later],
  ] as const) {
    await dayButton(page, day).click();
    await fillEvent(page, title, "", "recording");
    await page.getByRole("button", { name: "Add Event" }).click();
    await expectToast(page, "Event added", "New event has been added successfully");
  }
  // The picked day still shows them; the Upcoming Events list does not.
  await expect(page.getByRole("region", { name: /^Events on / }).getByRole("heading", { name: later })).toBeVisible();
  await expect(upcomingEvent(page, earlier)).toHaveCount(0);
  await expect(upcomingEvent(page, later)).toHaveCount(0);

  // Folded under Past events, with how many there are; opened, the latest first, each with its date.
  const past = page.getByRole("region", { name: "Past events" });
  const fold = past.getByText(/^Past events \(\d+\), latest first$/);
  await expect(fold).toBeVisible();
  const ours = past.getByRole("listitem").filter({ hasText: word });
  await expect(ours).toHaveCount(0);
  await fold.click();
  await expect(ours.getByRole("heading")).toHaveText([later, earlier]);
  await expect(ours.first().getByText(/^[A-Z][a-z]{2} 5, \d{4}$/)).toBeVisible();
  await expectAccessible(page);
});
