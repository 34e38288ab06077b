/**
 * A role is often pasted from an e-mail signature, and a paste can be longer than the table takes. The field keeps
 * the whole paste (a browser's maxLength would cut its end off without a word), says by how much it is over, and
 * Add Contact says it under the field, with the focus there, and adds nothing: the person decides what to cut.
 * What is said is read with the field by a screen reader.
 */
import { addForm, card, openContacts, searchBox } from "./contacts-page";
import { expect, expectAccessible, expectToast, test } from "./fixtures";
import { uniqueWord } from "./team";

test("a role pasted too long is kept whole, said under its field at Add Contact, and no contact is added", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openContacts(page);
  const form = addForm(page);
  const name = `Aoife Brennan ${uniqueWord()}`;
  await form.getByLabel("Name").fill(name);

  const role = form.getByLabel("Role");
  const pasted = `Booking agent for Ireland and the UK, festivals ${"and more ".repeat(21)}`.trim();
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await role.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(role).toHaveValue(pasted);
  await expect(role).toHaveAccessibleDescription("36 characters too many (at most 200)");

  await form.getByRole("button", { name: "Add Contact" }).click();
  await expect(form.getByText("Role: at most 200 characters (this has 236)")).toBeVisible();
  await expect(role).toBeFocused();
  await expect(role).toHaveAttribute("aria-invalid", "true");
  await expect(role).toHaveAccessibleDescription("Role: at most 200 characters (this has 236)");
  await expectAccessible(page);
  await searchBox(page).fill(name);
  await expect(card(page, name)).toHaveCount(0);

  // Cut to what the table takes, the contact is added as typed.
  await role.fill("Booking agent");
  await expect(role).not.toHaveAttribute("aria-invalid");
  // Sent from the keyboard, the focus stays on Add Contact through the add, ready for the next contact.
  const add = form.getByRole("button", { name: "Add Contact" });
  await add.focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Contact added", "New contact has been added successfully");
  await expect(card(page, name)).toContainText("Booking agent");
  await expect(add).toBeFocused();
});
