/**
 * Sign out on the team pages: a phone handed to someone else. It locks this browser's page at once, forgets
 * what the pages kept for after the next sign-in (the calendar's event being typed, through a reload too, and
 * what was typed on /contacts), and ends this browser's session only: a teammate signed in elsewhere to the
 * same shared account stays signed in.
 */
import { expect, test } from "./fixtures";
import { addForm } from "./contacts-page";
import { fillEvent, gateStatus, openCalendar, pickDay, secondBrowser, signIn, uniqueWord } from "./team";

test("signs this browser out, forgetting what was typed, and leaves a teammate's browser signed in", async ({
  page,
  browser,
  baseURL,
}) => {
  // A teammate, signed in on their own laptop to the same account.
  const teammate = await secondBrowser(browser, baseURL);
  const theirs = await teammate.newPage();
  await theirs.goto("/contacts");
  await signIn(theirs);

  await openCalendar(page);
  const signOut = page.getByRole("button", { name: "Sign out" });
  // After the Login, the focus went to the calendar, not to Sign out.
  await expect(signOut).toBeVisible();
  await expect(signOut).not.toBeFocused();
  expect((await signOut.boundingBox())?.height).toBeGreaterThanOrEqual(44);

  // Something typed on two team pages, kept for after the next sign-in as the pages keep it through a lock.
  const title = `Studio day ${uniqueWord()}`;
  await pickDay(page, 21);
  await fillEvent(page, title, "Vocals and the cello overdub", "recording");
  await page.getByRole("navigation", { name: "Team tools" }).getByRole("link", { name: "Contacts" }).click();
  await addForm(page).getByLabel("Name").fill("Ciara Walsh");
  await page.getByRole("navigation", { name: "Team tools" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  // Signed out from the keyboard, the server told to end this session alone.
  const logout = page.waitForRequest((request) => request.url().includes("/auth/v1/logout"));
  await signOut.focus();
  await page.keyboard.press("Enter");
  expect(new URL((await logout).url()).searchParams.get("scope")).toBe("local");
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await expect(gateStatus(page)).toHaveText(
    "Signed out on this device. Enter the password to open the calendar again.",
  );
  await expect(page.getByText("Your unsaved event is kept")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(page.locator("[data-variant]").filter({ hasText: "Calendar locked" })).toHaveCount(0);

  // The next person signs in: nothing of what was typed, on either page.
  await signIn(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await page.getByRole("navigation", { name: "Team tools" }).getByRole("link", { name: "Contacts" }).click();
  await expect(addForm(page).getByLabel("Name")).toHaveValue("");
  // Nor after a reload (the tab kept the event being typed in its storage).
  await page.goto("/calendar");
  await expect(gateStatus(page)).toHaveText("");
  await expect(page.getByText("Your unsaved event is kept")).toHaveCount(0);
  await signIn(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");

  // The teammate's session still stands: its next check of the session (the network coming back) says so,
  // and the next page reads its data.
  const checked = theirs.waitForResponse((response) => response.url().includes("/auth/v1/user"));
  await teammate.setOffline(true);
  await teammate.setOffline(false);
  expect((await checked).status()).toBe(200);
  await theirs.getByRole("navigation", { name: "Team tools" }).getByRole("link", { name: "Calendar" }).click();
  await expect(theirs.getByRole("heading", { name: "Upcoming Events" })).toBeVisible();
  await expect(theirs.getByRole("heading", { name: "Enter Password" })).toHaveCount(0);
  await teammate.close();
});
