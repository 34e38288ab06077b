/**
 * A venue's address is often pasted from a booking e-mail, and a paste can be longer than the database takes. The
 * field keeps the whole paste (a browser's maxLength would cut its end off without a word), says by how much it is
 * over, and Add Event says it under the field, with the focus there, and adds nothing: the person decides what to
 * cut. What is said is read with the field by a screen reader.
 */
import { expect, expectAccessible, test } from "./fixtures";
import { fillEvent, openCalendar, pickDay, uniqueWord, upcomingEvent } from "./team";

test("a venue pasted too long is kept whole, said under its field at Add Event, and no gig is added", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openCalendar(page);
  // A day next month: the show is still to come, whatever today is.
  await pickDay(page, 15);
  const form = page.getByRole("form", { name: "Add Event" });
  const title = `Orla at the Cornmarket ${uniqueWord()}`;
  await fillEvent(page, title, "", "gig");
  await page.getByRole("checkbox", { name: "Put on the website" }).check();
  await expect(form.getByRole("group", { name: "The show on the website" })).toHaveAccessibleDescription(
    "Each field is needed unless it says “(optional)”; the currency only with a price.",
  );

  const venue = form.getByLabel("Venue", { exact: true });
  const pasted = `The Cornmarket Room, ${"upstairs ".repeat(24)}`.trim();
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await venue.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(venue).toHaveValue(pasted);
  await expect(venue).toHaveAccessibleDescription("36 characters too many (at most 200)");

  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(form.getByText("Venue: at most 200 characters (this has 236)")).toBeVisible();
  await expect(venue).toBeFocused();
  await expect(venue).toHaveAttribute("aria-invalid", "true");
  await expect(venue).toHaveAccessibleDescription("Venue: at most 200 characters (this has 236)");
  await expect(upcomingEvent(page, title)).toHaveCount(0);
  await expectAccessible(page);
});
