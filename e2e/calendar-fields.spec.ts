/**
 * A venue's address is often pasted from a booking e-mail, and a paste can be longer than the database takes. The
 * field keeps the whole paste (a browser's maxLength would cut its end off without a word), says by how much it is
 * over, and Add Event says it under the field, with the focus there, and adds nothing: the person decides what to
 * cut. What is said is read with the field by a screen reader; the Add Event form's own fields say it aloud too.
 */
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { fillEvent, openCalendar, pickDay, uniqueWord, upcomingEvent } from "./team";

/** Pastes `text` into `field` as a person does: copied, then Ctrl+V (Cmd+V on a Mac) in the field. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await field.focus();
  await page.keyboard.press("ControlOrMeta+V");
}

/** The Add Event form of a signed-in /calendar that may paste, on a day next month (still to come, whatever today is). */
async function addEventForm(page: Page, context: BrowserContext) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openCalendar(page);
  await pickDay(page, 15);
  return page.getByRole("form", { name: "Add Event" });
}

test("a venue pasted too long is kept whole, and said under its field at Add Event with the focus there", async ({
  page,
  context,
}) => {
  const form = await addEventForm(page, context);
  const title = `Orla at the Cornmarket ${uniqueWord()}`;
  await fillEvent(page, title, "", "gig");
  await page.getByRole("checkbox", { name: "Put on the website" }).check();
  await expect(form.getByRole("group", { name: "The show on the website" })).toHaveAccessibleDescription(
    "Each field is needed unless it says “(optional)”; the currency only with a price.",
  );

  const venue = form.getByLabel("Venue", { exact: true });
  const pasted = `The Cornmarket Room, ${"upstairs ".repeat(24)}`.trim();
  await paste(page, venue, pasted);
  await expect(venue).toHaveValue(pasted);
  await expect(venue).toHaveAccessibleDescription("36 characters too many (at most 200)");

  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(form.getByText("Venue: at most 200 characters (this has 236)")).toBeVisible();
  await expect(venue).toBeFocused();
  await expect(venue).toHaveAttribute("aria-invalid", "true");
  await expect(venue).toHaveAccessibleDescription("Venue: at most 200 characters (this has 236)");
  await expectAccessible(page);
});

test("a title and a description pasted too long are kept whole, said aloud at Add Event, and nothing is added", async ({
  page,
  context,
}) => {
  const form = await addEventForm(page, context);
  const refused = uniqueWord();
  const title = form.getByLabel("Title", { exact: true });
  const longTitle = `Rehearsal ${refused}, ${"then again ".repeat(21)}`.trim();
  await paste(page, title, longTitle);
  await expect(title).toHaveValue(longTitle);
  await expect(title).toHaveAccessibleDescription(`${longTitle.length - 200} characters too many (at most 200)`);
  const description = form.getByLabel("Description", { exact: true });
  const longDescription = `${"Load-in at six, soundcheck at seven. ".repeat(55)}`.trim();
  await paste(page, description, longDescription);
  await expect(description).toHaveValue(longDescription);
  await expect(description).toHaveAccessibleDescription(
    `${longDescription.length - 2000} characters too many (at most 2000)`,
  );
  await form.getByLabel("Event type", { exact: true }).selectOption("rehearsal");

  await form.getByRole("button", { name: "Add Event" }).click();
  const titleSaid = `Title: at most 200 characters (this has ${longTitle.length})`;
  await expect(form.getByRole("alert").filter({ hasText: titleSaid })).toBeVisible();
  await expect(
    form
      .getByRole("alert")
      .filter({ hasText: `Description: at most 2000 characters (this has ${longDescription.length})` }),
  ).toBeVisible();
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription(titleSaid);
  await expectAccessible(page);

  // Cut to fit, it is added: the list, read again after this add, would hold the refused one too had it been added.
  const added = `Rehearsal ${uniqueWord()}`;
  await fillEvent(page, added, "Load-in at six", "rehearsal");
  await form.getByRole("button", { name: "Add Event" }).click();
  await expect(upcomingEvent(page, added)).toBeVisible();
  await expect(upcomingEvent(page, refused)).toHaveCount(0);
});
