/**
 * The shared contacts directory as the team uses it, behind the team's sign-in
 * like every team page: signing in (a password manager's fill, a wrong password
 * first), adding, searching, editing, a card's history with Restore, a
 * directory someone with a leaked password overwrote put back card by card,
 * vCards, two people editing the same card, contacts kept in this browser by an
 * older version, and what happens when the server refuses (a blank name, a
 * spent allowance) or the network is down, and a teammate's new contact arriving after the
 * phone's signal comes back. The overwrite and the lowered
 * allowance get a backend of their own, so the journeys beside them never meet
 * either. Search, links, vCard text and the history's rules are unit tests;
 * the table's rules are the server's.
 */
import ICAL from "ical.js";
import type { Page, Request } from "@playwright/test";
import { builtTeamEmail } from "../server/team-account.mjs";
import { deferred } from "../src/test/deferred";
import { patient } from "../tools/test-pace.mjs";
import { expect, expectAccessible, expectToast, expectToastShown, recordToasts, test } from "./fixtures";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import type { OwnBackend } from "./own-backend";
import { LEGACY_CONTACTS_KEY } from "../src/features/contacts/contacts";
import { downloadDuring, gateStatus, secondBrowser, signIn, TEAM_PASSWORD, uniqueWord } from "./team";
import {
  addContact,
  addForm,
  card,
  editContact,
  editingCard,
  enterContacts,
  fillContact,
  openContacts,
  reopen,
  searchBox,
  type NewContact,
} from "./contacts-page";

/** The FN of every card in a downloaded .vcf, as an address book reads them. */
function vcardNames(text: string): string[] {
  const parsed = ICAL.parse(text) as unknown as unknown[];
  const jcards = (parsed[0] === "vcard" ? [parsed] : parsed) as unknown[][];
  return jcards.map((jcard) => String(new ICAL.Component(jcard).getFirstPropertyValue("fn")));
}

/** A failure is a destructive toast, read out as an alert. */
async function expectFailure(page: Page, description: string) {
  await expectToast(page, "Error", description);
  await expect(page.getByRole("alert").filter({ hasText: description }).first()).toHaveAttribute(
    "data-variant",
    "destructive",
  );
}

/**
 * Fills the sign-in form as a browser's password manager does: it finds the fields by their autocomplete
 * names and sets both values at once, with input and change events and no key pressed.
 */
async function fillAsPasswordManager(page: Page, username: string, password: string) {
  await page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Login" }) })
    .evaluate(
      (form, [username, password]) => {
        const fill = (selector: string, value: string) => {
          const input = form.querySelector<HTMLInputElement>(selector);
          if (!input) throw new Error(`no ${selector} in the form`);
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
          input.dispatchEvent(new Event("input", { bubbles: true }));
          input.dispatchEvent(new Event("change", { bubbles: true }));
        };
        fill('input[autocomplete="username"]', username);
        fill('input[autocomplete="current-password"]', password);
      },
      [username, password],
    );
}

test("opens with the team's sign-in: after a wrong password, a password manager's fill and one press of Login, whose Access granted takes the refusal's place; a reload locks it again", async ({
  page,
}) => {
  const signIns: string[] = [];
  page.on("request", (request) => /\/auth\/v1\/token/.test(request.url()) && signIns.push(request.url()));
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(addForm(page)).toHaveCount(0);
  await expectAccessible(page);

  // A form a password manager understands: the team account's e-mail as the username, present but not
  // shown, out of the tab order, and the password field saying it is the current password.
  const password = page.getByLabel("Password", { exact: true });
  const account = page.getByLabel("Team account", { exact: true });
  await expect(password).toHaveAttribute("autocomplete", "current-password");
  await expect(account).toHaveAttribute("autocomplete", "username");
  await expect(account).toHaveValue(builtTeamEmail());
  await expect(account).toHaveAttribute("tabindex", "-1");
  expect((await account.boundingBox())?.width).toBeLessThanOrEqual(1);

  await password.fill("wrong password");
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access denied", "Incorrect password");
  await expect(addForm(page)).toHaveCount(0);

  // The saved credentials, filled in by the browser; then a single press.
  await fillAsPasswordManager(page, builtTeamEmail(), TEAM_PASSWORD);
  await expect(password).toHaveValue(TEAM_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access granted", "You can now edit the contact directory");
  await expect(page.locator("[data-variant]").filter({ hasText: "Access denied" })).toHaveCount(0);
  expect(signIns).toHaveLength(2);
  await expectToast(page, "Contacts loaded", "contacts loaded from the shared database");
  await expect(addForm(page).getByRole("button", { name: "Add Contact" })).toBeVisible();

  // The session lives in memory only.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(addForm(page)).toHaveCount(0);
});

test("adds contacts, finds one by searching, edits it and gets an earlier version back from its history", async ({
  page,
}) => {
  const word = uniqueWord();
  const aoife = { name: `Aoife ${word}`, role: "Booker", email: `aoife@${word}.ie`, phone: "+353 (0)87 123 4567" };
  const brian = { name: `Brian ${word}`, role: "<b>Press</b>" };
  await openContacts(page);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(addForm(page).getByLabel("Email")).toHaveAttribute("type", "email");
  await addContact(page, aoife);
  await expect(addForm(page).getByLabel("Name")).toHaveValue("");
  // Typing a name already in the directory says so before a second card is made (none can be deleted).
  const twice = addForm(page).getByRole("status");
  await addForm(page).getByLabel("Name").fill(`  aoife ${word.toUpperCase()} `);
  await expect(twice).toHaveText(`Already in the directory: ${aoife.name} (Booker). Add Contact makes another card.`);
  // Said under the name, and to a screen reader with it.
  await expect(addForm(page).getByLabel("Name")).toHaveAccessibleDescription(/^Already in the directory: /);
  await addForm(page).getByLabel("Name").fill("");
  await expect(twice).toBeEmpty();
  await addContact(page, brian);
  // Newest first; markup typed into a field is shown as text.
  await expect(page.getByRole("article").first()).toHaveAccessibleName(brian.name);
  await expect(card(page, brian.name).getByText("<b>Press</b>")).toBeVisible();
  // The e-mail is a link to write, the phone a link to call, dialled as a number.
  await expect(card(page, aoife.name).getByRole("link", { name: `Email ${aoife.email}` })).toHaveAttribute(
    "href",
    `mailto:${aoife.email}`,
  );
  await expect(card(page, aoife.name).getByRole("link", { name: `Call ${aoife.phone}` })).toHaveAttribute(
    "href",
    "tel:+353871234567",
  );

  // The search narrows the list as one types, says when nobody matches, and clears on request.
  await searchBox(page).fill(word);
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByText(/^2 of \d+ contacts$/)).toBeVisible();
  const all = await downloadDuring(page, () => page.getByRole("button", { name: "Download all shown (2)" }).click());
  expect(all.filename).toBe("contacts.vcf");
  expect(vcardNames(all.text)).toEqual([brian.name, aoife.name]);
  await searchBox(page).fill(`nobody ${word}`);
  await expect(page.getByText(`No contacts match “nobody ${word}”`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Download all shown (0)" })).toBeDisabled();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(searchBox(page)).toHaveValue("");
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(`booker ${word}`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(card(page, aoife.name)).toBeVisible();
  await searchBox(page).press("Escape");
  await expect(searchBox(page)).toHaveValue("");
  await expect(page.getByText(/^\d+ contacts$/)).toBeVisible();

  // One card is edited at a time: the changes of a card left for another wait for its next Edit, and the card
  // says so; Cancel and Escape discard the draft.
  await searchBox(page).fill(word);
  const edit = card(page, aoife.name).getByRole("button", { name: "Edit contact" });
  await expect(edit).toHaveAttribute("title", "Edit contact");
  await expect(edit).toHaveAccessibleName(`Edit contact: ${aoife.name}`);
  await edit.click();
  await expect(editingCard(page, aoife.name).getByLabel("Name")).toBeFocused();
  // Each filled-in box says what it holds: its placeholder has gone, its label is on screen (as text one can read,
  // not a screen reader's one-pixel label).
  for (const label of ["Name", "Role", "Email", "Phone"]) {
    const shown = await editingCard(page, aoife.name).getByText(label, { exact: true }).boundingBox();
    expect(shown?.height, label).toBeGreaterThan(10);
  }
  await editingCard(page, aoife.name).getByLabel("Role").fill("Something else");
  await card(page, brian.name).getByRole("button", { name: "Edit contact" }).click();
  await expect(page.getByRole("article", { name: /^Editing / })).toHaveCount(1);
  await expect(card(page, aoife.name).getByText("Changes not saved yet", { exact: false })).toBeVisible();
  await editingCard(page, brian.name).getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, brian.name).getByRole("button", { name: "Edit contact" })).toBeFocused();
  await card(page, aoife.name).getByRole("button", { name: "Edit contact" }).click();
  await expect(editingCard(page, aoife.name).getByLabel("Role")).toHaveValue("Something else");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("article", { name: /^Editing / })).toHaveCount(0);
  await expect(card(page, aoife.name).getByText("Changes not saved yet", { exact: false })).toHaveCount(0);
  await card(page, aoife.name).getByRole("button", { name: "Edit contact" }).click();
  await expect(editingCard(page, aoife.name).getByLabel("Role")).toHaveValue("Booker");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("article", { name: /^Editing / })).toHaveCount(0);

  // Save writes the draft. Saved out of the search, the card leaves the list and focus goes back to the search.
  await searchBox(page).fill(`booker ${word}`);
  await card(page, aoife.name).getByRole("button", { name: "Edit contact" }).click();
  const editing = editingCard(page, aoife.name);
  await editing.getByLabel("Role").fill("Agent");
  await editing.getByLabel("Email").fill("");
  await editing.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Contact updated", "Contact has been updated successfully");
  await expect(page.getByText(`No contacts match “booker ${word}”`)).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(word);
  await expect(card(page, aoife.name).getByText("Agent", { exact: true })).toBeVisible();
  await expect(card(page, aoife.name).getByText(aoife.email)).toHaveCount(0);

  // The history keeps the version before, marks what changed, and restores it as a change of its own.
  const history = card(page, aoife.name).getByRole("button", { name: `History of ${aoife.name}` });
  await expect(history).toHaveAttribute("title", "Contact history");
  await history.click();
  await expect(history).toHaveAttribute("aria-expanded", "true");
  const panel = page.getByRole("region", { name: `History of ${aoife.name}` });
  await expect(panel.getByText("Version 1", { exact: true })).toBeVisible();
  await expect(panel.getByText("Changed afterwards: Role and Email")).toBeVisible();
  await expectAccessible(page);
  await panel.getByRole("button", { name: "Restore version 1" }).click();
  await expectToast(page, "Contact restored", `${aoife.name} is back as it was in version 1`);
  await expect(card(page, aoife.name).getByRole("link", { name: `Email ${aoife.email}` })).toBeVisible();
  await expect(panel.getByText("Version 2", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Restore version 1" })).toBeDisabled();
  // Its Restore now off, the focus is on the card restored, not lost to the page.
  await expect(card(page, aoife.name).getByRole("heading", { name: aoife.name })).toBeFocused();

  // One card as a vCard, for an address book.
  const one = await downloadDuring(page, () =>
    card(page, aoife.name)
      .getByRole("button", { name: `Download vCard for ${aoife.name}` })
      .click(),
  );
  expect(one.filename).toBe(`aoife-${word}.vcf`);
  const vcard = new ICAL.Component(ICAL.parse(one.text) as unknown as unknown[]);
  expect(vcard.getFirstPropertyValue("fn")).toBe(aoife.name);
  expect(vcard.getFirstPropertyValue("title")).toBe("Booker");
  expect(vcard.getFirstPropertyValue("email")).toBe(aoife.email);

  // Everything is in the shared table: a reload (and a sign-in) shows it as left.
  await reopen(page);
  await searchBox(page).fill(word);
  await expect(card(page, aoife.name).getByText("Booker", { exact: true })).toBeVisible();
  await expect(card(page, brian.name)).toBeVisible();
});

/**
 * What a card shows of a contact: its name, its role under it, and e-mail and phone links when it
 * has them and none otherwise (an open history's values are neither headings, paragraphs nor links).
 */
async function expectCardShows(page: Page, contact: NewContact) {
  const shown = card(page, contact.name);
  await expect(shown.getByRole("heading", { name: contact.name, exact: true })).toBeVisible();
  await expect(shown.getByRole("paragraph").getByText(contact.role, { exact: true })).toBeVisible();
  const links = [
    ...(contact.email ? [`Email ${contact.email}`] : []),
    ...(contact.phone ? [`Call ${contact.phone}`] : []),
  ];
  await expect(shown.getByRole("link")).toHaveText(links);
}

const FIELDS = [
  ["name", "Name"],
  ["role", "Role"],
  ["email", "Email"],
  ["phone", "Phone"],
] as const;
type Field = (typeof FIELDS)[number][0];

/**
 * An earlier version in a card's history as assistive technology reads it: its number, what the
 * next change replaced, each field's label and value (the replaced ones inside a mark), Restore.
 */
function versionAsRead(version: number, values: NewContact, changed: string, marked: readonly Field[]): string {
  const fields = FIELDS.map(([field, label]) => {
    const value = JSON.stringify(values[field] || "empty");
    return marked.includes(field)
      ? `- term: ${label}\n- definition:\n  - mark: ${value}`
      : `- term: ${label}\n- definition: ${value}`;
  });
  return [
    `- paragraph: Version ${version}`,
    `- paragraph: "Changed afterwards: ${changed}"`,
    ...fields,
    `- button "Restore version ${version}"`,
  ].join("\n");
}

test("puts back every card someone with a leaked password overwrote, one by one from its history, and can undo the restore @own-backend", async ({
  page,
  ownBackend,
}) => {
  const backend = await ownBackend();
  // Each contact, what the vandal writes over it, and the fields that overwrite replaced.
  const cases: { contact: NewContact; junk: Partial<NewContact>; changed: string; marked: Field[] }[] = [
    {
      contact: { name: "Aoife Byrne", role: "Booker", email: "aoife@byrne.ie", phone: "087 123 4567" },
      junk: { name: "PWNED 1", role: "lol", email: "spam@junk.example", phone: "555 0199" },
      changed: "Name, Role, Email and Phone",
      marked: ["name", "role", "email", "phone"],
    },
    {
      // An e-mail and phone the card did not have are marked as having been empty.
      contact: { name: "Brian Kelly", role: "Press" },
      junk: { name: "PWNED 2", role: "lol", email: "spam@junk.example", phone: "555 0199" },
      changed: "Name, Role, Email and Phone",
      marked: ["name", "role", "email", "phone"],
    },
    {
      // The e-mail and phone the vandal left alone are shown unmarked.
      contact: { name: "Cara Walsh", role: "Manager", email: "cara@walsh.ie" },
      junk: { name: "PWNED 3", role: "lol" },
      changed: "Name and Role",
      marked: ["name", "role"],
    },
  ];
  await openContacts(page);
  for (const { contact } of cases) await addContact(page, contact);

  // Only a team session may change contacts: the vandal holds the team password, leaked, and calls the API
  // with it. Overwriting every contact at once is refused, so they go one a request.
  const everyone = JSON.stringify({ name: "PWNED", role: "lol" });
  expect((await backend.asTeam("/rest/v1/contacts?id=neq.x", { method: "PATCH", body: everyone })).status).toBe(400);
  const rows = (await (await backend.asTeam("/rest/v1/contacts?select=id,name")).json()) as {
    id: string;
    name: string;
  }[];
  expect(rows.map((row) => row.name).sort()).toEqual(cases.map(({ contact }) => contact.name));
  for (const { contact, junk } of cases) {
    const { id } = rows.find((row) => row.name === contact.name)!;
    const overwrite = await backend.asTeam(`/rest/v1/contacts?id=eq.${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: JSON.stringify(junk),
    });
    expect(overwrite.status, `overwriting ${contact.name}`).toBe(204);
  }
  await reopen(page, "3 contacts loaded from the shared database");
  for (const { contact, junk } of cases) {
    await expectCardShows(page, { ...contact, ...junk });
    await expect(card(page, contact.name)).toHaveCount(0);
  }

  // Card by card: the version before the overwrite, with what the overwrite replaced marked, restored.
  for (const { contact, junk, changed, marked } of cases) {
    const vandalised = { ...contact, ...junk };
    await card(page, vandalised.name)
      .getByRole("button", { name: `History of ${vandalised.name}` })
      .click();
    const before = page
      .getByRole("region", { name: `History of ${vandalised.name}` })
      .getByRole("listitem")
      .filter({ hasText: "Version 1" });
    await expect(before).toMatchAriaSnapshot(versionAsRead(1, contact, changed, marked));
    await before.getByRole("button", { name: "Restore version 1" }).click();
    await expectToast(page, "Contact restored", `${contact.name} is back as it was in version 1`);
    await expectCardShows(page, contact);
    await expect(card(page, vandalised.name)).toHaveCount(0);

    // The restore is a change like any other: the outsider's version is now in the history, restorable in turn.
    const history = page.getByRole("region", { name: `History of ${contact.name}` });
    const overwritten = history.getByRole("listitem").filter({ hasText: "Version 2" });
    await expect(overwritten).toMatchAriaSnapshot(versionAsRead(2, vandalised, changed, marked));
    await expect(overwritten.getByRole("button", { name: "Restore version 2" })).toBeEnabled();
    await expect(history.getByRole("listitem").filter({ hasText: "Version 1" })).toContainText("Same as the card now");
    await expect(history.getByRole("button", { name: "Restore version 1" })).toBeDisabled();
  }

  // It was the shared table that was put back, not only this page.
  await reopen(page, "3 contacts loaded from the shared database");
  for (const { contact, junk } of cases) {
    await expectCardShows(page, contact);
    await expect(card(page, { ...contact, ...junk }.name)).toHaveCount(0);
  }
});

/** Opens the card for editing, fills the fields given by their labels and presses Save. */
async function saveEdit(page: Page, name: string, fields: Record<string, string>) {
  const editing = await editContact(page, name);
  for (const [label, value] of Object.entries(fields)) await editing.getByLabel(label).fill(value);
  await editing.getByRole("button", { name: "Save" }).click();
}

/** The conflict notice in an edited card, and its row for one field: the label, then yours, then theirs. */
const conflictNotice = (page: Page) =>
  page.getByRole("alert").filter({ hasText: "Someone else changed this contact meanwhile." });
const conflictRow = (page: Page, label: string) =>
  conflictNotice(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label }) });

test("two people editing one card lose nothing: other fields merge without asking, a field both changed is asked about side by side", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, three openings of the page and six saves: the work of three journeys, given their time.
  test.setTimeout(patient(90_000));
  const name = `Labhrás ${uniqueWord()}`;
  await openContacts(page);
  await addContact(page, { name, role: "Piper", phone: "01 234" });
  const other = await secondBrowser(browser, baseURL);
  const two = await other.newPage();
  await openContacts(two);

  // Different fields: the second save merges with the first without asking, and both changes stay.
  const mine = await editContact(page, name);
  const theirs = await editContact(two, name);
  await mine.getByLabel("Role").fill("Uilleann piper");
  await mine.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Contact updated");
  await theirs.getByLabel("Phone").fill("087 999");
  await theirs.getByRole("button", { name: "Save" }).click();
  await expectToast(two, "Contact updated", "Contact has been updated successfully");
  await expect(conflictNotice(two)).toHaveCount(0);
  await expect(card(two, name).getByText("Uilleann piper", { exact: true })).toBeVisible();
  await expect(card(two, name).getByText("087 999")).toBeVisible();

  // The same field, changed differently: the notice asks about it alone, yours beside theirs; the draft
  // stays and nothing is saved until a choice. "Keep theirs" keeps their role and still saves my e-mail.
  await saveEdit(page, name, { Role: "Píobaire" });
  await expectToast(page, "Contact updated");
  // Saved (the toast may still be the first save's): the card is closed and shows the new role.
  await expect(card(page, name).getByText("Píobaire", { exact: true })).toBeVisible();
  await saveEdit(two, name, { Role: "Piper and singer", Email: "labhras@example.ie" });
  await expect(conflictRow(two, "Role").getByRole("cell")).toHaveText(["Piper and singer", "Píobaire"]);
  await expect(conflictNotice(two).getByRole("columnheader")).toHaveText(["Field", "Yours", "Theirs"]);
  await expect(conflictNotice(two)).toContainText("Your change to Email is saved either way.");
  await expect(editingCard(two, name).getByLabel("Role")).toHaveValue("Piper and singer");
  await expectAccessible(two);
  await two.getByRole("button", { name: "Keep theirs" }).click();
  await expectToast(two, "Contact updated", "Contact has been updated successfully");
  await expect(card(two, name).getByText("Píobaire", { exact: true })).toBeVisible();
  await expect(card(two, name).getByRole("link", { name: "Email labhras@example.ie" })).toBeVisible();

  // Both change the role again, and each something else: "Save mine over theirs" takes my role,
  // and both people's other changes end on the card.
  await openContacts(page);
  await saveEdit(page, name, { Role: "Fiddler", Phone: "087 111" });
  await expectToast(page, "Contact updated");
  await expect(card(page, name).getByText("Fiddler", { exact: true })).toBeVisible();
  await saveEdit(two, name, { Role: "Piper", Email: "labhras@piper.example" });
  await expect(conflictRow(two, "Role").getByRole("cell")).toHaveText(["Piper", "Fiddler"]);
  await expect(conflictNotice(two)).toContainText("Their change to Phone is kept either way.");
  // The form shows what the save will write: their phone, my e-mail, my role beside theirs.
  const edited = editingCard(two, name);
  await expect(edited.getByLabel("Phone")).toHaveValue("087 111");
  await expect(edited.getByLabel("Email")).toHaveValue("labhras@piper.example");
  await expect(edited.getByLabel("Role")).toHaveValue("Piper");
  await two.getByRole("button", { name: "Save mine over theirs" }).click();
  await expectToast(two, "Contact updated", "Contact has been updated successfully");

  // In the shared table, as anyone opening the page sees it.
  await openContacts(page);
  await searchBox(page).fill(name);
  await expect(card(page, name).getByText("Piper", { exact: true })).toBeVisible();
  await expect(card(page, name).getByRole("link")).toHaveText(["Email labhras@piper.example", "Call 087 111"]);
  await other.close();
});

test("shows the contact a teammate added once the phone's connection comes back, without a reload or a toast", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await page.clock.install();
  await recordToasts(page);
  await openContacts(page);
  const other = await secondBrowser(browser, baseURL);
  const two = await other.newPage();
  await openContacts(two);
  const name = `Siobhán ${uniqueWord()}`;
  await addContact(two, { name, role: "Promoter" });
  await expect(card(page, name)).toHaveCount(0);
  const shown = () => page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown.slice());
  const before = await shown();

  // The manager's phone loses its signal during a call, then finds it again.
  await context.setOffline(true);
  await page.clock.fastForward("00:31");
  await context.setOffline(false);
  await expect(card(page, name)).toBeVisible();
  expect(await shown()).toEqual(before);
  await other.close();
});

test("keeps what was typed when the list, an add or a save fails, and goes through once the server is back", async ({
  page,
  context,
}) => {
  // The first read of the list is held, then refused.
  const held = deferred();
  const requested = deferred();
  const list = /\/rest\/v1\/contacts\?select/;
  await page.route(list, async (route) => {
    requested.resolve();
    await held.promise;
    await route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
  });
  await recordLayoutShifts(page);
  await enterContacts(page);
  await requested.promise;
  await expect(page.getByText("Loading contacts...")).toBeVisible();
  await expect(addForm(page).getByRole("button", { name: "Add Contact" })).toBeVisible();
  held.resolve();
  await expectFailure(page, "Failed to load contacts");
  await expect(page.getByText("Loading contacts...")).toHaveCount(0);
  await page.unroute(list);
  await openContacts(page);

  // The server refuses the new contact: the form keeps it, and the same button adds it later.
  const name = `Eoin ${uniqueWord()}`;
  const inserts = /\/rest\/v1\/contacts/;
  await page.route(inserts, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' })
      : route.fallback(),
  );
  await fillContact(page, { name, role: "Promoter" });
  await addForm(page).getByRole("button", { name: "Add Contact" }).click();
  await expectFailure(page, "Failed to add contact");
  await expect(addForm(page).getByLabel("Name")).toHaveValue(name);
  await expect(addForm(page).getByLabel("Role")).toHaveValue("Promoter");
  await page.unroute(inserts);
  await addForm(page).getByRole("button", { name: "Add Contact" }).click();
  await expectToast(page, "Contact added");
  await expect(card(page, name)).toBeVisible();

  // Offline, a save fails and the draft stays; back online, the same Save goes through.
  await context.setOffline(true);
  await card(page, name).getByRole("button", { name: "Edit contact" }).click();
  await editingCard(page, name).getByLabel("Role").fill("Tour promoter");
  await page.getByRole("button", { name: "Save" }).click();
  await expectFailure(page, "Failed to update contact");
  await expect(editingCard(page, name).getByLabel("Role")).toHaveValue("Tour promoter");
  await context.setOffline(false);
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Contact updated", "Contact has been updated successfully");
  await expect(card(page, name).getByText("Tour promoter")).toBeVisible();

  // A slow save: what is typed while it is on its way stays in the card, which says it is not saved yet.
  const slow = deferred();
  await page.route(inserts, async (route) => {
    if (route.request().method() === "PATCH") await slow.promise;
    await route.fallback();
  });
  await card(page, name).getByRole("button", { name: "Edit contact" }).click();
  await editingCard(page, name).getByLabel("Role").fill("Promoter, Cork");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await editingCard(page, name).getByLabel("Email").fill("eoin@promoter.example");
  slow.resolve();
  await expectToast(page, "Contact updated", "Contact has been updated successfully");
  await expect(editingCard(page, name).getByLabel("Email")).toHaveValue("eoin@promoter.example");
  const note = editingCard(page, name).getByRole("status");
  await expect(note).toHaveText("Saved. What you typed while it was saving is not saved yet: Save again to keep it.");
  // Typed back as it was saved, nothing is left to save, and the note goes.
  await editingCard(page, name).getByLabel("Email").fill("");
  await expect(note).toBeEmpty();
  await editingCard(page, name).getByLabel("Email").fill("eoin@promoter.example");
  await page.unroute(inserts);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(card(page, name).getByRole("link", { name: "Email eoin@promoter.example" })).toBeVisible();
  await expect(card(page, name).getByText("Promoter, Cork")).toBeVisible();
});

test("sends a name of only spaces to the database, which refuses it, and keeps the card in edit mode with the draft", async ({
  page,
}) => {
  const name = `Deirdre ${uniqueWord()}`;
  await openContacts(page);
  await addContact(page, { name, role: "Fiddler", phone: "01 555 0100" });
  await searchBox(page).fill(name);
  await card(page, name).getByRole("button", { name: "Edit contact" }).click();
  const editing = editingCard(page, name);
  await editing.getByLabel("Name").fill("   ");
  await editing.getByLabel("Role").fill("Session fiddler");

  // The form lets the save go: the blank name reaches the server, and the server refuses it.
  const saving = page.waitForRequest(
    (request) => request.method() === "PATCH" && /\/rest\/v1\/contacts\?/.test(request.url()),
  );
  await editing.getByRole("button", { name: "Save" }).click();
  const request = await saving;
  expect(request.postDataJSON()).toMatchObject({ name: "   ", role: "Session fiddler" });
  const response = (await request.response())!;
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ code: "23514" });
  await expectFailure(page, "Failed to update contact");
  await expect(page.locator("[data-variant]").filter({ hasText: "Contact updated" })).toHaveCount(0);
  await expect(editing.getByLabel("Name")).toHaveValue("   ");
  await expect(editing.getByLabel("Role")).toHaveValue("Session fiddler");
  await expect(editing.getByLabel("Phone")).toHaveValue("01 555 0100");
  await expect(editing.getByRole("button", { name: "Save" })).toBeEnabled();

  // Nothing was written: the card and the shared table still hold the contact as it was.
  await editing.getByRole("button", { name: "Cancel" }).click();
  await expectCardShows(page, { name, role: "Fiddler", phone: "01 555 0100" });
  await reopen(page);
  await searchBox(page).fill(name);
  await expectCardShows(page, { name, role: "Fiddler", phone: "01 555 0100" });
});

/** Sets the flood guard's limits on a backend, as the service role may (docs/operations.md, Limits). */
async function setContactsLimits(backend: OwnBackend, limits: Record<string, number>) {
  const response = await backend.asServiceRole("/rest/v1/contacts_limits?id=eq.true", {
    method: "PATCH",
    headers: { Prefer: "return=representation" },
    body: JSON.stringify(limits),
  });
  expect(response.status, "changing the limits").toBe(200);
  expect((await response.json())[0]).toMatchObject(limits);
}

test("locks and says why when the team password is changed elsewhere, keeping the contact being typed @own-backend", async ({
  page,
  context,
  ownBackend,
}) => {
  const backend = await ownBackend();
  await recordToasts(page);
  await openContacts(page);
  const typed = { name: "Gráinne Ní Mháille", role: "Promoter", email: "grainne@example.ie", phone: "091 555 0100" };
  await fillContact(page, typed);

  // A colleague sets a new team password from their own team session, as a hosted project lets any session
  // do; this page's session ends, and it learns of it when it next checks: here, as the network comes back.
  const newPassword = await backend.changeTeamPasswordFromASession();
  await context.setOffline(true);
  await context.setOffline(false);
  const reason = "Your session has ended, for example because the team password was changed. Enter the password again.";
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  await expect(addForm(page)).toHaveCount(0);
  await expect(gateStatus(page)).toHaveText(reason);
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await expectToastShown(page, "Contacts locked", reason);

  // The old password no longer opens it; the new one does, with what was typed still in the form.
  await page.getByLabel("Password", { exact: true }).fill(TEAM_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access denied", "Incorrect password");
  await expect(addForm(page)).toHaveCount(0);
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Access granted", "You can now edit the contact directory");
  for (const [label, value] of [
    ["Name", typed.name],
    ["Role", typed.role],
    ["Email", typed.email],
    ["Phone", typed.phone],
  ]) {
    await expect(addForm(page).getByLabel(label)).toHaveValue(value);
  }
  await addForm(page).getByRole("button", { name: "Add Contact" }).click();
  await expectToast(page, "Contact added", "New contact has been added successfully");
  await expectCardShows(page, typed);
});

/** The line the page shows while an allowance refuses adding or changing. */
const allowanceLine = (page: Page) => page.getByRole("status").filter({ hasText: /^The team has / });

test("refuses a contact beyond the minute's allowance with the promised toast, says why and when it works again, keeps it in the form, and adds it once allowed @own-backend", async ({
  page,
  ownBackend,
}) => {
  const backend = await ownBackend();
  await setContactsLimits(backend, { per_minute: 2 });
  const storedNames = async () =>
    ((await (await backend.asServiceRole("/rest/v1/contacts?select=name")).json()) as { name: string }[])
      .map((row) => row.name)
      .sort();
  await openContacts(page);
  await expect(page.getByText("0 contacts", { exact: true })).toBeVisible();
  await addContact(page, { name: "Aoife Byrne", role: "Booker" });
  await addContact(page, { name: "Brian Kelly", role: "Press" });

  // The third within the minute: the database refuses it (429), the page says so and keeps what was typed.
  const third = { name: "Cara Walsh", role: "Manager", email: "cara@walsh.ie", phone: "087 765 4321" };
  await fillContact(page, third);
  const adding = page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/rest\/v1\/contacts/.test(response.url()),
  );
  await addForm(page).getByRole("button", { name: "Add Contact" }).click();
  const refused = await adding;
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toMatchObject({ code: "PT429", message: "Too many new contacts: at most 2 a minute" });
  await expectFailure(page, "Failed to add contact");
  // In words for the team: what happened, and when adding works again (the time the database sends, or
  // from a database that sends none, its own words that the minute's allowance is spent).
  await expect(allowanceLine(page)).toHaveText(
    /^The team has added as many contacts as the directory takes in a minute\. Adding works again (at \d\d:\d\d|within a minute)\.$/,
  );
  const form = addForm(page);
  await expect(form.getByLabel("Name")).toHaveValue(third.name);
  await expect(form.getByLabel("Role")).toHaveValue(third.role);
  await expect(form.getByLabel("Email")).toHaveValue(third.email);
  await expect(form.getByLabel("Phone")).toHaveValue(third.phone);
  await expect(page.getByRole("list", { name: "Contacts" }).getByRole("heading")).toHaveText([
    "Brian Kelly",
    "Aoife Byrne",
  ]);
  await expect(page.getByText("2 contacts", { exact: true })).toBeVisible();
  expect(await storedNames()).toEqual(["Aoife Byrne", "Brian Kelly"]);

  // With the cap raised, the same button adds what the form kept.
  await setContactsLimits(backend, { per_minute: 60 });
  await addForm(page).getByRole("button", { name: "Add Contact" }).click();
  await expectToast(page, "Contact added", "New contact has been added successfully");
  await expectCardShows(page, third);
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(allowanceLine(page)).toHaveCount(0);
  expect(await storedNames()).toEqual(["Aoife Byrne", "Brian Kelly", third.name]);
});

test("says when saving works again after the day's changes are spent, at the time the database gives", async ({
  page,
}) => {
  const name = `Fionn ${uniqueWord()}`;
  await openContacts(page);
  await addContact(page, { name, role: "Tour manager" });
  // The database refuses the save as it does once the day's changes are spent: 429, with the time in details.
  const resetAt = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 60_000) * 60_000);
  const saves = /\/rest\/v1\/contacts\?/;
  await page.route(saves, (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 429,
          contentType: "application/json",
          body: JSON.stringify({
            code: "PT429",
            details: resetAt.toISOString(),
            hint: null,
            message: "Too many changes to contacts: at most 3000 a day",
          }),
        })
      : route.fallback(),
  );
  await searchBox(page).fill(name);
  await card(page, name).getByRole("button", { name: "Edit contact" }).click();
  await editingCard(page, name).getByLabel("Role").fill("Tour and production manager");
  await page.getByRole("button", { name: "Save" }).click();
  await expectFailure(page, "Failed to update contact");
  await expect(editingCard(page, name).getByLabel("Role")).toHaveValue("Tour and production manager");
  // The time as the team member's clock shows it.
  const clock = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso)),
    resetAt.toISOString(),
  );
  await expect(allowanceLine(page)).toHaveText(
    new RegExp(
      `^The team has changed contacts as often as the directory allows in a day\\. Saving and restoring work again (tomorrow )?at ${clock}\\.$`,
    ),
  );
  await expectAccessible(page);

  // Once a save goes through again, the line has nothing more to say.
  await page.unroute(saves);
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Contact updated", "Contact has been updated successfully");
  await expect(allowanceLine(page)).toHaveCount(0);
});

test("moves nothing as the Enter Password screen replaces its placeholder on a phone, a tablet and a wide screen", async ({
  page,
}) => {
  await recordLayoutShifts(page);
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/contacts");
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    expect(await layoutShifts(page), `${width} px`).toEqual([]);
  }
});

test("moves contacts kept in this browser by an older version to the shared table, keeping any that failed for the next visit", async ({
  page,
}) => {
  const word = uniqueWord();
  const fiona = { id: `legacy-ok-${word}`, name: `Fiona ${word}`, role: "Agent", email: "", phone: "087 000" };
  const gerry = { id: `legacy-bad-${word}`, name: `Gerry ${word}`, role: "Label" };
  await page.addInitScript(
    ({ value, key }) => {
      // Once: a reload must find what the page left.
      if (sessionStorage.getItem("seeded")) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem("seeded", "1");
    },
    { value: JSON.stringify([fiona, gerry]), key: LEGACY_CONTACTS_KEY },
  );
  // The shared table refuses Gerry this time.
  const contacts = /\/rest\/v1\/contacts/;
  await page.route(contacts, (route) =>
    route.request().method() === "POST" && (route.request().postData() ?? "").includes(gerry.name)
      ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"unavailable"}' })
      : route.fallback(),
  );
  // Nothing moves before the sign-in: the contacts kept here wait for the team's session.
  const beforeSignIn: string[] = [];
  const noteContactsCall = (request: Request) => {
    if (/\/rest\/v1\/contacts/.test(request.url())) beforeSignIn.push(`${request.method()} ${request.url()}`);
  };
  page.on("request", noteContactsCall);
  await page.goto("/contacts", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { name: "Enter Password" })).toBeVisible();
  page.off("request", noteContactsCall);
  expect(beforeSignIn).toEqual([]);
  await signIn(page);
  await expectToast(page, "Migration error", `Failed to migrate contact: ${gerry.name}`);
  await expectToast(page, "Contacts migrated", "1 local contacts have been migrated to the shared database");
  await searchBox(page).fill(word);
  await expect(card(page, fiona.name).getByText("087 000")).toBeVisible();
  await expect(card(page, gerry.name)).toHaveCount(0);

  await page.unroute(contacts);
  await page.reload();
  await signIn(page);
  await expectToast(page, "Contacts migrated", "1 local contacts have been migrated to the shared database");
  await searchBox(page).fill(word);
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(card(page, gerry.name)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LEGACY_CONTACTS_KEY)).toBeNull();
});
