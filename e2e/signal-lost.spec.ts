/**
 * A phone that loses its signal for a moment, as a fan's in a field or a team member's on a train: what a
 * press asked for while it was gone comes at the next press once it is back, and the page never stays broken
 * until a reload. The code a page fetches only when it is first needed (the toasts' renderer, the team's
 * client) is fetched again after a failed try, and an add whose answer the signal lost (an event, a contact) is
 * added once.
 */
import { expect, expectToast, test } from "./fixtures";
import { addForm, card, fillContact, openContacts, reopen, searchBox } from "./contacts-page";
import { calendarWithShow } from "./served-lists";
import { fillEvent, gateStatus, openCalendar, pickDay, TEAM_PASSWORD, uniqueWord, upcomingEvent } from "./team";

test("a toast asked for without signal shows at the next press once the signal is back", async ({ page, context }) => {
  await page.goto("/merch");
  const addToCart = page.getByRole("button", { name: "Add to Cart" });
  // The stepper, loaded once it is seen, is ready (hydrated) before the signal goes.
  await addToCart.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");

  await context.setOffline(true);
  const failed = page.waitForEvent("console", (message) => message.text().includes("could not be loaded"));
  await addToCart.click();
  await failed;
  await expect(page.getByText("Added to cart")).toHaveCount(0);

  await context.setOffline(false);
  await addToCart.click();
  await expectToast(page, "Added to cart", "2 tote bag(s) added to your cart");
  // The press made without signal is not said as well: one bag count, once.
  await expect(page.getByText("2 tote bag(s) added to your cart")).toHaveCount(1);
});

test("a first sign-in pressed without signal goes through at the next press once it is back", async ({
  page,
  context,
}) => {
  await page.goto("/contacts");
  await page.getByLabel("Password", { exact: true }).fill(TEAM_PASSWORD);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(gateStatus(page)).toHaveText(/^No connection\./);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access granted", "You can now edit the contact directory");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
});

test("a part of the calendar that could not be fetched without signal opens at the next tap once it is back", async ({
  page,
  context,
}) => {
  const card = await calendarWithShow(page);
  const manage = card.getByRole("button", { name: /^Manage the show/ });

  await context.setOffline(true);
  await manage.click();
  await expect(card.getByRole("alert")).toHaveText(/could not be loaded/);

  // Closed and opened again once the signal is back: the panel comes, with no reload.
  await context.setOffline(false);
  await manage.click();
  await manage.click();
  await expect(card.getByRole("button", { name: "Save the ticket link" })).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);
});

test("a part of the calendar that could not be fetched without signal comes by itself once the signal is back", async ({
  page,
  context,
}) => {
  await openCalendar(page);
  await pickDay(page);
  await page.getByLabel("Event type", { exact: true }).selectOption("gig");
  await context.setOffline(true);
  await page.getByRole("checkbox", { name: "Put on the website" }).check();
  const form = page.getByRole("form", { name: "Add Event" });
  await expect(form.getByRole("alert")).toHaveText(/could not be loaded/);

  await context.setOffline(false);
  await expect(form.getByLabel("Venue", { exact: true })).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(0);
});

test("a part of the calendar that has come is there without signal too: the show's fields after a show's panel", async ({
  page,
  context,
}) => {
  const card = await calendarWithShow(page);
  await card.getByRole("button", { name: /^Manage the show/ }).click();
  await expect(card.getByRole("button", { name: "Save the ticket link" })).toBeVisible();

  await context.setOffline(true);
  await pickDay(page);
  await page.getByLabel("Event type", { exact: true }).selectOption("gig");
  await page.getByRole("checkbox", { name: "Put on the website" }).check();
  const form = page.getByRole("form", { name: "Add Event" });
  await expect(form.getByLabel("Venue", { exact: true })).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(0);
});

test("an event whose answer was lost on the way, the server having added it, is added once when added again", async ({
  page,
}) => {
  await openCalendar(page);
  await pickDay(page, 16);
  const title = `Rehearsal at the hall ${test.info().parallelIndex}-${Date.now()}`;
  await fillEvent(page, title, "", "rehearsal");
  // The add reaches the server, which adds the event; its answer is lost as the signal drops, and so are the reads
  // back that follow it (the client tries a read again by itself).
  let lost = false;
  let loseReads = true;
  await page.route("**/rest/v1/calendar_events*", async (route) => {
    const method = route.request().method();
    if (method === "GET" && loseReads && new URL(route.request().url()).searchParams.has("id"))
      return route.abort("internetdisconnected");
    if (method !== "POST" || lost) return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(
    page,
    "Error adding event",
    "Could not reach the calendar server. Check your internet connection and try again.",
  );
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  loseReads = false;

  // Added again, as the toast says: once.
  await page.getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Event added", "New event has been added successfully");
  await expect(upcomingEvent(page, title)).toHaveCount(1);
  await page.reload();
  await page.getByLabel("Password", { exact: true }).fill(TEAM_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(upcomingEvent(page, title)).toHaveCount(1);
});

test("a contact whose answer was lost on the way, the server having added it, is said added, and added once", async ({
  page,
}) => {
  await openContacts(page);
  // Each add reaches the server, which adds the contact; its answer is lost as the signal drops, and for the second
  // contact the reads that follow it too (the client tries a read again by itself).
  let answersToLose = 0;
  let loseReads = false;
  await page.route("**/rest/v1/contacts*", async (route) => {
    const method = route.request().method();
    if (method === "GET" && loseReads && new URL(route.request().url()).searchParams.has("id")) {
      return route.abort("internetdisconnected");
    }
    if (method !== "POST" || answersToLose === 0) return route.fallback();
    answersToLose -= 1;
    await route.fetch();
    await route.abort("internetdisconnected");
  });
  const add = addForm(page).getByRole("button", { name: "Add Contact" });

  // Read back by its id, the first is there: said added.
  const dara = `Dara ${uniqueWord()}`;
  await fillContact(page, { name: dara, role: "Sound engineer" });
  answersToLose = 1;
  await add.click();
  await expectToast(page, "Contact added", "New contact has been added successfully");
  await expect(addForm(page).getByLabel("Name")).toHaveValue("");

  // The second cannot be read back: the add is said to have failed, and the form keeps it. Added again: once.
  const eve = `Eve ${uniqueWord()}`;
  await fillContact(page, { name: eve, role: "Tour manager" });
  [answersToLose, loseReads] = [1, true];
  await add.click();
  await expectToast(page, "Error", "Failed to add contact");
  loseReads = false;
  await expect(addForm(page).getByLabel("Name")).toHaveValue(eve);
  await add.click();
  await expectToast(page, "Contact added", "New contact has been added successfully");

  await reopen(page);
  for (const name of [dara, eve]) {
    await searchBox(page).fill(name);
    await expect(card(page, name)).toHaveCount(1);
  }
});
