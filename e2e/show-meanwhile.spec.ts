/**
 * Two team members change the same published show at once, each on their own /calendar: what one of them typed
 * and has not saved yet stays in their field whatever the other saves meanwhile (the same ticket link, then the
 * version before it restored; a new link where only what it goes to was changed here), a field both changed is
 * said beside it, and a field only the other changed takes their value. The show's earlier versions say what
 * each change did, the restore included, and whether new doors put a mistyped time right (fans told of no move)
 * or moved the show (fans told the doors they knew). A change whose answer the signal lost is read back, and said made.
 *
 * A backend of its own: the gig it puts on the website would be listed by the journeys beside it.
 */
import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./fixtures";
import type { OwnBackend } from "./own-backend";
import { openCalendar, pickDay, upcomingEvent, uniqueWord } from "./team";

const oldLink = "https://tickets.example/orla-quinlan/cork";

/** Adds a gig next month, put on the website with its venue and `oldLink`; returns its title. */
async function publishGig(page: Page): Promise<string> {
  const title = `Gig at the ${uniqueWord()} Room`;
  await pickDay(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Event type", { exact: true }).selectOption("gig");
  await page.getByRole("checkbox", { name: "Put on the website" }).check();
  const form = page.getByRole("form", { name: "Add Event" });
  await form.getByLabel("Venue", { exact: true }).fill("Cork Opera House");
  await form.getByLabel("Street", { exact: true }).fill("Emmet Place");
  await form.getByLabel("Town", { exact: true }).fill("Cork");
  await form.getByLabel("County", { exact: true }).fill("Co. Cork");
  await form.getByLabel("Postal code", { exact: true }).fill("T12 X7YR");
  await form.getByLabel("Ticket link", { exact: true }).fill(oldLink);
  await form.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  return title;
}

/** The show's panel on `page`, opened from its card under Upcoming Events. */
async function managed(page: Page, title: string) {
  const card = upcomingEvent(page, title);
  await card.getByRole("button", { name: /^Manage the show/ }).click();
  await expect(card.getByRole("form", { name: "Ticket link" })).toBeVisible();
  return card;
}

/** On a backend of the test's own: a gig put on the website from `page`, and its panel opened there. */
async function gigManaged(page: Page, ownBackend: () => Promise<OwnBackend>) {
  const backend = await ownBackend();
  await openCalendar(page);
  const title = await publishGig(page);
  return { title, card: await managed(page, title), backend };
}

/** A teammate's own /calendar, signed in, beside the test's page. */
async function teammateOf(page: Page) {
  const teammate = await page.context().newPage();
  await openCalendar(teammate);
  return teammate;
}

test("a ticket link typed in the details form stays when a teammate saves the same link, then restores the old one @own-backend", async ({
  page,
  ownBackend,
}) => {
  const { title, card, backend } = await gigManaged(page, ownBackend);
  const myLink = `https://tickets.example/orla-quinlan/cork-${uniqueWord()}`;
  await card.getByRole("button", { name: "Edit the show's details" }).click();
  const details = card.getByRole("form", { name: "Show details" });
  const link = details.getByLabel("Ticket link", { exact: true });
  await link.fill(myLink);

  const teammate = await teammateOf(page);
  const theirs = await managed(teammate, title);
  // The same new link, from the same e-mail, heard here; then they think better of it and restore the first version.
  await theirs.getByRole("textbox", { name: "New ticket link" }).fill(myLink);
  await theirs.getByRole("button", { name: "Save the ticket link" }).click();
  await expectToast(teammate, "Ticket link changed");
  await expect(card.getByRole("link", { name: myLink })).toBeVisible();
  await theirs.getByRole("button", { name: "Restore version 1" }).click();
  await expectToast(teammate, "Show restored");

  // Heard here too (its second version is among the earlier ones now): the field still holds what was typed, and
  // as theirs is the link it was opened with, only this page changed it: saved at once.
  await expect(card.getByText("Version 2", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: oldLink })).toBeVisible();
  // Each earlier version says what replaced it: the new link, then the restore that brought the first one back.
  const version = (number: number) =>
    card
      .getByRole("region", { name: /^History of the show/ })
      .getByRole("listitem")
      .filter({ has: page.getByText(`Version ${number}`, { exact: true }) });
  await expect(
    version(2).getByText("Next change: ticket link changed (as in version 1)", { exact: true }),
  ).toBeVisible();
  await expect(version(1).getByText("Next change: ticket link changed", { exact: true })).toBeVisible();
  await expect(link).toHaveValue(myLink);
  await expect(link).not.toHaveAttribute("aria-invalid");
  await details.getByRole("button", { name: "Save the details" }).click();
  await expectToast(page, "Show details changed");
  await expect(card.getByRole("link", { name: myLink })).toBeVisible();
  await expect(theirs.getByRole("link", { name: myLink })).toBeVisible();

  // Marked sold out here as the signal drops: the server makes the change and its answer is lost on the way back.
  // Read back, the change is this page's: said made, not "Could not reach", and the teammate hears it.
  let lost = false;
  await page.route("**/rest/v1/shows?*", async (route) => {
    // Any other call goes on to this journey's backend as usual (own-backend.ts).
    if (route.request().method() !== "PATCH" || lost) return route.fallback();
    lost = true;
    // Sent on to this journey's backend, as its other calls are (own-backend.ts), and the answer dropped.
    const { pathname, search } = new URL(route.request().url());
    await route.fetch({ url: new URL(pathname + search, backend.url).href });
    await route.abort("internetdisconnected");
  });
  await card.getByRole("button", { name: "Mark sold out" }).click();
  await expectToast(page, "Show marked sold out", "Cork Opera House: the website catches up in a few minutes");
  expect(lost).toBe(true);
  await expect(card.getByRole("button", { name: "Back on sale" })).toBeVisible();
  await expect(theirs.getByRole("button", { name: "Back on sale" })).toBeVisible();
});

test("the ticket link form takes a teammate's new link where only its kind was changed here, and says theirs where both changed it @own-backend", async ({
  page,
  ownBackend,
}) => {
  const { title, card } = await gigManaged(page, ownBackend);
  const theirLink = `https://tickets.example/orla-quinlan/cork-${uniqueWord()}`;
  const mine = card.getByRole("form", { name: "Ticket link" });
  const link = mine.getByRole("textbox", { name: "New ticket link" });
  await mine.getByRole("combobox", { name: "The ticket link goes to" }).selectOption({ label: "The venue's own site" });

  const teammate = await teammateOf(page);
  const theirs = await managed(teammate, title);
  await theirs.getByRole("textbox", { name: "New ticket link" }).fill(theirLink);
  await theirs.getByRole("button", { name: "Save the ticket link" }).click();
  await expectToast(teammate, "Ticket link changed");

  await test.step("heard here: their link in the field, what it goes to as chosen here; saved, both stand", async () => {
    await expect(card.getByRole("link", { name: theirLink })).toBeVisible();
    await expect(link).toHaveValue(theirLink);
    await expect(mine.getByRole("combobox", { name: "The ticket link goes to" })).toHaveValue("venue");
    await mine.getByRole("button", { name: "Save the ticket link" }).click();
    await expectToast(page, "Ticket link changed");
    await expect(theirs.getByText(`${theirLink} (the venue's own site)`)).toBeVisible();
  });

  await test.step("both type a new link: theirs is said beside the one typed here, and the next save puts this one", async () => {
    const myLink = `https://tickets.example/orla-quinlan/cork-${uniqueWord()}`;
    const latest = `https://tickets.example/orla-quinlan/cork-${uniqueWord()}`;
    await link.fill(myLink);
    await theirs.getByRole("textbox", { name: "New ticket link" }).fill(latest);
    await theirs.getByRole("button", { name: "Save the ticket link" }).click();
    await expect(card.getByRole("link", { name: latest })).toBeVisible();
    await expect(link).toHaveValue(myLink);
    await expect(link).toHaveAccessibleDescription(
      `Ticket link: changed meanwhile to “${latest}” by someone else; save again to put yours instead`,
    );
    await mine.getByRole("button", { name: "Save the ticket link" }).click();
    await expect(link).toBeFocused();
    await expect(card.getByRole("link", { name: latest })).toBeVisible();
    await mine.getByRole("button", { name: "Save the ticket link" }).click();
    await expect(card.getByRole("link", { name: myLink })).toBeVisible();
    await expect(theirs.getByRole("link", { name: myLink })).toBeVisible();
  });
});

test("doors put right from the details form leave the show as fans knew it, a move tells them, and the history says which @own-backend", async ({
  page,
  ownBackend,
}) => {
  const { card } = await gigManaged(page, ownBackend);
  const details = card.getByRole("form", { name: "Show details" });
  const why = details.getByRole("group", { name: "Why the doors changed" });
  const version = (number: number) =>
    card
      .getByRole("region", { name: /^History of the show/ })
      .getByRole("listitem")
      .filter({ has: page.getByText(`Version ${number}`, { exact: true }) });

  await test.step("20:00 was a slip for 20:30: put right, the show is still scheduled, moved nowhere", async () => {
    await card.getByRole("button", { name: "Edit the show's details" }).click();
    await expect(why).toBeHidden();
    await details.getByLabel("Doors", { exact: true }).fill("20:30");
    await expect(why.getByRole("radio", { name: "The show moved: fans read “Doors moved from 20:00”" })).toBeChecked();
    await why.getByRole("radio", { name: "A mistake put right: fans read only the new time" }).check();
    await details.getByRole("button", { name: "Save the details" }).click();
    await expectToast(page, "Show details changed");
    await expect(card.getByText(/, 20:30 \(Europe\/Dublin\)$/).first()).toBeVisible();
    await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(card.getByText(/^Rescheduled/)).toHaveCount(0);
    await expect(
      version(1).getByText("Next change: doors corrected from 20:00 to 20:30", { exact: true }),
    ).toBeVisible();
  });

  await test.step("then the venue moves the doors to 21:00: a move, told to fans from the doors they knew", async () => {
    await card.getByRole("button", { name: "Edit the show's details" }).click();
    await details.getByLabel("Doors", { exact: true }).fill("21:00");
    await expect(why.getByRole("radio", { name: "The show moved: fans read “Doors moved from 20:30”" })).toBeChecked();
    await details.getByRole("button", { name: "Save the details" }).click();
    await expectToast(page, "Show details changed");
    await expect(card.getByText(/^Rescheduled \(was .*, 20:30 \(Europe\/Dublin\)\)$/)).toBeVisible();
    await expect(version(2).getByText("Next change: rescheduled from 20:30 to 21:00", { exact: true })).toBeVisible();
  });
});
