/**
 * What a team member types in Add Event is kept in the tab: a phone's browser that drops the tab while they copy
 * a venue's address from another app loads the page afresh, and a reload does the same. The page locks, as on
 * every reload, and the form comes back as typed after the sign-in, its show too; another tab starts empty, and
 * nothing is kept once the event is added. A published show's details, new ticket link and new doors, half typed, are
 * kept the same way, until Sign out.
 */
import { expect, expectToast, test } from "./fixtures";
import { calendarWithShow } from "./served-lists";
import { fillEvent, openCalendar, pickDay, signIn, uniqueWord, upcomingEvent } from "./team";

const KEPT = "Your unsaved event is kept and will be back after you sign in.";

test("Add Event as typed, its show too, comes back after a reload and the sign-in, in that tab only, until it is added", async ({
  page,
}) => {
  await openCalendar(page);
  await pickDay(page, 15);
  const form = page.getByRole("form", { name: "Add Event" });
  const picked = (await form.getByText(/^Date: /).textContent())!;
  const title = `Orla at the Cornmarket ${uniqueWord()}`;
  await fillEvent(page, title, "Load-in at six, soundcheck at seven", "gig");
  await page.getByRole("checkbox", { name: "Put on the website" }).check();
  await form.getByLabel("Venue", { exact: true }).fill("The Cornmarket Room");
  await form.getByLabel("Street", { exact: true }).fill("27 Thomas Street");

  await page.reload();
  await expect(page.getByText(KEPT)).toBeVisible();
  await signIn(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Load-in at six, soundcheck at seven");
  await expect(page.getByLabel("Event type", { exact: true })).toHaveValue("gig");
  await expect(form.getByText(/^Date: /)).toHaveText(picked);
  await expect(page.getByRole("checkbox", { name: "Put on the website" })).toBeChecked();
  await expect(form.getByLabel("Venue", { exact: true })).toHaveValue("The Cornmarket Room");
  await expect(form.getByLabel("Street", { exact: true })).toHaveValue("27 Thomas Street");

  // Another tab of the same browser has nothing typed.
  const other = await page.context().newPage();
  await other.goto("/calendar");
  await expect(other.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(other.getByText(KEPT)).toHaveCount(0);
  await other.close();

  // Added (as a rehearsal, off the website), the form empties, and a reload brings nothing back.
  await page.getByLabel("Event type", { exact: true }).selectOption("rehearsal");
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  await expect(upcomingEvent(page, title)).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(page.getByText(KEPT)).toHaveCount(0);
  await signIn(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("");
  // Nor the day: the month opens on today again; nor the show: the new gig is not put on the website unasked.
  await expect(form.getByText("Pick a day in the calendar.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Put on the website" })).not.toBeChecked();
  await expect(form.getByLabel("Venue", { exact: true })).toHaveCount(0);
  // Ticked again, the show's form starts empty: the last gig's venue went with it.
  await page.getByRole("checkbox", { name: "Put on the website" }).check();
  await expect(form.getByLabel("Venue", { exact: true })).toHaveValue("");
});

test("a show's details, new ticket link and new doors, half typed, come back after a reload and the sign-in, and go at Sign out", async ({
  page,
}) => {
  const card = await calendarWithShow(page);
  const manage = card.getByRole("button", { name: /^Manage the show/ });
  const link = card.getByRole("form", { name: "Ticket link" });
  const reschedule = card.getByRole("form", { name: "Reschedule" });
  const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await manage.click();
  const doors = await reschedule.getByLabel(/^New doors/).inputValue();
  expect(doors).not.toBe("21:30"); // so that the typed doors are told apart from the show's
  await link.getByLabel("New ticket link").fill("https://tickets.example/orla/cork-late-show");
  await link.getByLabel("The ticket link goes to").selectOption("venue");
  await reschedule.getByLabel("New date").fill(later);
  await reschedule.getByLabel(/^New doors/).fill("21:30");
  await card.getByRole("button", { name: "Edit the show's details" }).click();
  const details = card.getByRole("form", { name: "Show details" });
  await details.getByLabel("Venue", { exact: true }).fill("Cork Opera House, upstairs");

  await page.reload();
  await signIn(page);
  await manage.click();
  await expect(link.getByLabel("New ticket link")).toHaveValue("https://tickets.example/orla/cork-late-show");
  await expect(link.getByLabel("The ticket link goes to")).toHaveValue("venue");
  await expect(reschedule.getByLabel("New date")).toHaveValue(later);
  await expect(reschedule.getByLabel(/^New doors/)).toHaveValue("21:30");
  await expect(details.getByLabel("Venue", { exact: true })).toHaveValue("Cork Opera House, upstairs");
  await expect(details.getByLabel("Street", { exact: true })).toHaveValue("Emmet Place");

  // Signed out and in again, the next person finds the show as it is.
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page);
  await manage.click();
  await expect(link.getByLabel("New ticket link")).toHaveValue("https://tickets.example/orla/cork");
  await expect(reschedule.getByLabel(/^New doors/)).toHaveValue(doors);
  await expect(details).toHaveCount(0);
});
