/**
 * What the contacts journeys share: opening /contacts as a team member does, the add form, and
 * the cards as a person finds them, by the contact's name.
 */
import type { Page } from "@playwright/test";
import { expect, expectToast } from "./fixtures";
import { signIn } from "./team";

export type NewContact = { name: string; role: string; email?: string; phone?: string };

/**
 * Goes to /contacts and signs in as a team member does, without waiting for the list (for the journeys
 * that hold it back or fail it). Every contacts journey that is not about the sign-in itself comes in
 * through here.
 */
export async function enterContacts(page: Page): Promise<void> {
  await page.goto("/contacts");
  await signIn(page);
}

/** Opens /contacts, signs in and waits for the list. */
export async function openContacts(page: Page): Promise<void> {
  await enterContacts(page);
  await expectToast(page, "Contacts loaded", "contacts loaded from the shared database");
}

/** A reload locks the page again: signs in once more and waits for the list. */
export async function reopen(page: Page, loaded = "contacts loaded from the shared database"): Promise<void> {
  await page.reload();
  await signIn(page);
  await expectToast(page, "Contacts loaded", loaded);
}

export const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
export const editingCard = (page: Page, name: string) =>
  page.getByRole("article", { name: `Editing ${name}`, exact: true });
export const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search contacts" });
export const addForm = (page: Page) => page.getByRole("form", { name: "Add contact" });

export async function fillContact(page: Page, contact: NewContact): Promise<void> {
  const form = addForm(page);
  await form.getByLabel("Name").fill(contact.name);
  await form.getByLabel("Role").fill(contact.role);
  await form.getByLabel("Email").fill(contact.email ?? "");
  await form.getByLabel("Phone").fill(contact.phone ?? "");
}

export async function addContact(page: Page, contact: NewContact): Promise<void> {
  await fillContact(page, contact);
  await addForm(page).getByRole("button", { name: "Add Contact" }).click();
  await expectToast(page, "Contact added", "New contact has been added successfully");
  await expect(card(page, contact.name)).toBeVisible();
}

/** Finds the card by searching for its name and opens it for editing; returns the edited card. */
export async function editContact(page: Page, name: string) {
  await searchBox(page).fill(name);
  await card(page, name).getByRole("button", { name: "Edit contact" }).click();
  return editingCard(page, name);
}
