/**
 * Input that looks like something else, as the team meets it in the directory: an e-mail whose
 * domain mixes scripts, flagged on its card and in its history; invisible text-direction
 * characters, named in the form before anything is sent; and the vCard an address book gets,
 * read back line by line. What the table refuses is the server's (its own tests).
 */
import type { Page } from "@playwright/test";
import { LOCAL_SERVICE_ROLE_KEY } from "../server/local-keys.mjs";
import { readVCardStrictly } from "../src/test/vcard-reader";
import { addContact, addForm, card, editContact, openContacts, searchBox } from "./contacts-page";
import { expect, expectAccessible, expectToast, test } from "./fixtures";
import { downloadDuring, uniqueWord } from "./team";

/** "booker@оrlaquinlan.example" with a Cyrillic "о": how it reads, and where mail to it goes. */
const LOOKALIKE = "booker@\u043erlaquinlan.example";
const LOOKALIKE_ASCII = "xn--rlaquinlan-dvi.example";

test("an e-mail whose domain mixes Latin and Cyrillic letters is flagged on its card and in its history", async ({
  page,
  supabaseUrl,
}) => {
  const name = `Orla's booker ${uniqueWord()}`;
  await openContacts(page);
  await addContact(page, { name, role: "Booker", email: "booker@orlaquinlan.example" });
  await expect(card(page, name).getByText("Look-alike letters.")).toHaveCount(0);

  // The address changed where this page did not change it (a browser's e-mail field would have sent
  // the punycode): straight to the table, as the service role may.
  const asServiceRole = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
  const changed = await fetch(`${supabaseUrl}/rest/v1/contacts?name=eq.${encodeURIComponent(name)}`, {
    method: "PATCH",
    headers: { ...asServiceRole, "Content-Type": "application/json" },
    body: JSON.stringify({ email: LOOKALIKE }),
  });
  expect(changed.status).toBe(204);

  await openContacts(page);
  await searchBox(page).fill(name);
  const shown = card(page, name);
  await expect(shown.getByRole("link", { name: `Email ${LOOKALIKE}` })).toBeVisible();
  await expect(shown).toContainText(
    "Look-alike letters. The domain mixes Latin and Cyrillic letters, so it may not be the address it looks like. " +
      `Its domain is really ${LOOKALIKE_ASCII}.`,
  );

  // The history shows the address before it, unflagged, and once restored, the look-alike version flagged.
  await shown.getByRole("button", { name: `History of ${name}` }).click();
  const history = page.getByRole("region", { name: `History of ${name}` });
  const first = history.getByRole("listitem").filter({ hasText: "Version 1" });
  await expect(first).toContainText("booker@orlaquinlan.example");
  await expect(first.getByText("Look-alike letters.")).toHaveCount(0);
  // Its times are written as every team page writes dates.
  await expect(first.locator("time").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d:\d\d$/);
  await first.getByRole("button", { name: "Restore version 1" }).click();
  await expectToast(page, "Contact restored", `${name} is back as it was in version 1`);
  await expect(card(page, name).getByRole("link", { name: "Email booker@orlaquinlan.example" })).toBeVisible();
  // The one warning left on the card is the history's, on the version that held the look-alike.
  await expect(card(page, name).getByText("Look-alike letters.")).toHaveCount(1);
  await expect(history.getByText("Look-alike letters.")).toHaveCount(1);
  const lookalike = history.getByRole("listitem").filter({ hasText: "Version 2" });
  await expect(lookalike.getByRole("definition").filter({ hasText: LOOKALIKE })).toContainText(
    `Look-alike letters. The domain mixes Latin and Cyrillic letters, so it may not be the address it looks like. Its domain is really ${LOOKALIKE_ASCII}.`,
  );
  await expectAccessible(page);
});

test("a look-alike e-mail typed into the add form, which the browser sends in punycode, is flagged on its card", async ({
  page,
}) => {
  const name = `Donal ${uniqueWord()}`;
  await openContacts(page);
  await addContact(page, { name, role: "Promoter", email: "donal@\u043erlaquinlan.example" });
  const shown = card(page, name);
  // The e-mail field sent the domain as mail travels to it; the card decodes it and shows both forms.
  await expect(shown.getByRole("link", { name: `Email donal@${LOOKALIKE_ASCII}` })).toBeVisible();
  await expect(shown).toContainText(
    "Look-alike letters. The domain mixes Latin and Cyrillic letters once decoded, so a mail app may show it as an " +
      `address it is not. ${LOOKALIKE_ASCII} is punycode for \u043erlaquinlan.example.`,
  );
  await expectAccessible(page);
});

/** Every request that would write a contact, from now on. */
function contactWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on("request", (request) => {
    if (/\/rest\/v1\/contacts/.test(request.url()) && ["POST", "PATCH"].includes(request.method())) {
      writes.push(`${request.method()} ${request.postData()}`);
    }
  });
  return writes;
}

test("a name or role with invisible text-direction characters says so before anything is sent, and can be mended", async ({
  page,
}) => {
  const word = uniqueWord();
  const reversed = `\u202E${word} TNEMYAP-KNAB`;
  await openContacts(page);
  const writes = contactWrites(page);

  const form = addForm(page);
  await form.getByLabel("Name").fill(reversed);
  await form.getByLabel("Role").fill("Accounts");
  const message =
    "Name holds invisible text-direction characters (U+202E), which can make it read as something else. A contact cannot hold them.";
  await expect(form.getByRole("alert")).toContainText(message);
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription(/^Name holds invisible text-direction/);
  await form.getByLabel("Phone").focus();
  await form.getByRole("button", { name: "Add Contact" }).click();
  // Nothing sent, no failure toast: the name takes the focus, and its message says why.
  await expect(form.getByLabel("Name")).toBeFocused();
  expect(writes).toEqual([]);
  await expect(page.locator("[data-variant]").filter({ hasText: "Failed to add contact" })).toHaveCount(0);
  await expectAccessible(page);
  await form.getByRole("button", { name: "Remove them from Name" }).click();
  await expect(form.getByLabel("Name")).toHaveValue(`${word} TNEMYAP-KNAB`);
  await expect(form.getByRole("alert")).toHaveCount(0);
  // The button went with them: the focus is back in the field, not lost to the page.
  await expect(form.getByLabel("Name")).toBeFocused();
  await addContact(page, { name: `${word} TNEMYAP-KNAB`, role: "Accounts" });
  expect(writes).toHaveLength(1);

  // The same in an edited card: Save sends nothing until the characters are out.
  const editing = await editContact(page, `${word} TNEMYAP-KNAB`);
  await editing.getByLabel("Role").fill("Accounts \u2066payable\u2069");
  await expect(editing.getByRole("alert")).toContainText(
    "Role holds invisible text-direction characters (U+2066, U+2069)",
  );
  await editing.getByRole("button", { name: "Save" }).click();
  await expect(editing.getByLabel("Role")).toBeFocused();
  expect(writes).toHaveLength(1);
  await editing.getByRole("button", { name: "Remove them from Role" }).click();
  await editing.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Contact updated", "Contact has been updated successfully");
  await expect(card(page, `${word} TNEMYAP-KNAB`).getByText("Accounts payable", { exact: true })).toBeVisible();
});

test("a phone number pasted from an address book, wrapped in direction characters, is added as it shows", async ({
  page,
  context,
  baseURL,
}) => {
  const name = `Dara ${uniqueWord()}`;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await openContacts(page);
  const writes = contactWrites(page);
  const form = addForm(page);
  await form.getByLabel("Name").fill(name);
  // An Arabic letter mark, which the table refuses as it does the others: named, and taken out on request.
  await form.getByLabel("Role").fill("Sound\u061C engineer");
  await expect(form.getByRole("alert")).toContainText("Role holds invisible text-direction characters (U+061C)");
  await form.getByRole("button", { name: "Remove them from Role" }).click();
  await expect(form.getByLabel("Role")).toHaveValue("Sound engineer");

  // As an address book copies a number: inside a left-to-right embedding (U+202A … U+202C).
  await page.evaluate((number) => navigator.clipboard.writeText(number), "\u202A+353 87 123 4567\u202C");
  await form.getByLabel("Phone").focus();
  await page.keyboard.press("ControlOrMeta+V");
  // What the field shows is all it holds, and nothing asks the person to mend what they cannot see.
  await expect(form.getByLabel("Phone")).toHaveValue("+353 87 123 4567");
  await expect(form.getByRole("alert")).toHaveCount(0);
  await form.getByRole("button", { name: "Add Contact" }).click();
  await expectToast(page, "Contact added", "New contact has been added successfully");
  await expect(page.locator("[data-variant]").filter({ hasText: "Failed to add contact" })).toHaveCount(0);
  await expect(card(page, name).getByRole("link", { name: "Call +353 87 123 4567", exact: true })).toBeVisible();
  expect(writes).toHaveLength(1);
  expect(JSON.parse(writes[0].replace(/^POST /, ""))).toMatchObject({ phone: "+353 87 123 4567" });
});

test("a downloaded vCard escapes every ; and , and files a name under its family name, never a suffix or an emoji", async ({
  page,
}) => {
  const word = uniqueWord();
  const jane = { name: `Jane ${word}, Jr.`, role: "Agent; EU, UK", email: `jane@${word}.example` };
  const aoife = { name: `Aoife ${word} 🎻`, role: "Fiddle" };
  await openContacts(page);
  await addContact(page, jane);
  await addContact(page, aoife);
  await searchBox(page).fill(word);

  const one = await downloadDuring(page, () =>
    card(page, jane.name)
      .getByRole("button", { name: `Download vCard for ${jane.name}` })
      .click(),
  );
  expect(one.filename).toBe(`jane-${word}-jr.vcf`);
  const lines = one.text.split("\r\n");
  expect(lines).toEqual(
    expect.arrayContaining([
      `FN:Jane ${word}\\, Jr.`,
      `N:${word};Jane;;;Jr.`,
      "TITLE:Agent\\; EU\\, UK",
      `EMAIL:jane@${word}.example`,
    ]),
  );
  // Read as strictly as the format allows, each value is whole.
  const strict = readVCardStrictly(one.text);
  expect(strict.get("FN")?.fields).toEqual([[jane.name]]);
  expect(strict.get("TITLE")?.fields).toEqual([[jane.role]]);

  const all = await downloadDuring(page, () => page.getByRole("button", { name: "Download all shown (2)" }).click());
  expect(all.text.split("\r\n").filter((line) => /^(FN|N):/.test(line))).toEqual([
    `FN:${aoife.name}`,
    `N:${word};Aoife;;;`,
    `FN:Jane ${word}\\, Jr.`,
    `N:${word};Jane;;;Jr.`,
  ]);
});
