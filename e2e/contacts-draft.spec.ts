/**
 * A contact half typed in /contacts' add form, on a phone whose browser drops the tab while the person copies a
 * number from another app: after the reload the Enter Password screen says it is kept, and once signed in it is
 * back as typed, to add; added, nothing comes back after the next reload. Typed and signed out, it goes.
 */
import { expect, test } from "./fixtures";
import { addForm, card, enterContacts, fillContact, openContacts } from "./contacts-page";
import { signIn, uniqueWord } from "./team";

const KEPT = "Your unsaved contact is kept and will be back after you sign in.";

test("a contact half typed is back after a reload and the sign-in, and gone once added or at Sign out", async ({
  page,
}) => {
  const name = `Síle ${uniqueWord()}`;
  await openContacts(page);
  await fillContact(page, { name, role: "Booker", phone: "+353 87 123 4567" });

  await page.reload();
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(page.getByText(KEPT)).toBeVisible();
  await signIn(page);
  const form = addForm(page);
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(form.getByLabel("Role")).toHaveValue("Booker");
  await expect(form.getByLabel("Phone")).toHaveValue("+353 87 123 4567");
  await form.getByRole("button", { name: "Add Contact" }).click();
  await expect(card(page, name)).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(page.getByText(KEPT)).toHaveCount(0);
  await signIn(page);
  await expect(addForm(page).getByLabel("Name")).toHaveValue("");

  // Typed, then signed out: the next person to sign in here finds the form empty.
  await fillContact(page, { name: `Not kept ${uniqueWord()}`, role: "Nobody" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await enterContacts(page);
  await expect(addForm(page).getByLabel("Name")).toHaveValue("");
});
