import ICAL from "ical.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "../server/local-keys.mjs";
import { inject } from "vitest";
import { axeViolations, baseURL, downloadDuring, expectToast, expectToFitWidth, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();
const supabaseUrl = inject("supabaseUrl");
const unique = () => Math.random().toString(36).slice(2, 8);

async function addContact(page: Page, contact: { name: string; role: string; email?: string; phone?: string }) {
  const form = page.getByRole("form", { name: "Add contact" });
  await form.getByLabel("Name").fill(contact.name);
  await form.getByLabel("Role").fill(contact.role);
  await form.getByLabel("Email").fill(contact.email ?? "");
  await form.getByLabel("Phone").fill(contact.phone ?? "");
  await form.getByRole("button", { name: "Add Contact" }).click();
}

async function storedContact(name: string) {
  const response = await fetch(`${supabaseUrl}/rest/v1/contacts?select=*&name=eq.${encodeURIComponent(name)}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  return ((await response.json()) as Record<string, string | null>[])[0];
}

type Seed = { name: string; role: string; email?: string | null; phone?: string | null };

/** Puts contacts straight into the shared table, one by one so the newest is last. */
async function seedContacts(contacts: Seed[]) {
  for (const [index, contact] of contacts.entries()) {
    const response = await fetch(`${supabaseUrl}/rest/v1/contacts`, {
      method: "POST",
      headers: {
        apikey: LOCAL_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
        "Content-Type": "application/json",
        Prefer: "return=minimal",
      },
      body: JSON.stringify({ id: `seed-${unique()}-${index}`, email: null, phone: null, ...contact }),
    });
    expect(response.status).toBe(201);
  }
}

/** Letters only, so a search for it never matches a phone number. */
const uniqueWord = () =>
  Array.from({ length: 6 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("");
const randomDigits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join("");

const cardNames = (page: Page) => page.getByRole("article").evaluateAll((cards) => cards.map((c) => c.ariaLabel));
const contactCount = (page: Page) => page.getByText(/^(\d+ of )?\d+ contacts?$/);
const searchBox = (page: Page) => page.getByLabel("Search contacts");

/** Waits until every contact the count names has its card (the list draws a screenful first), and returns the count. */
async function allCardsShown(page: Page): Promise<number> {
  const total = Number((await contactCount(page).textContent())?.match(/^(\d+) contacts?$/)?.[1]);
  await expect.poll(() => page.getByRole("article").count()).toBe(total);
  return total;
}

/** Reads a downloaded .vcf back as an address book would: the FN of every card. */
function vcardNames(text: string): string[] {
  const parsed = ICAL.parse(text) as unknown as unknown[];
  const jcards = (parsed[0] === "vcard" ? [parsed] : parsed) as unknown[][];
  return jcards.map((jcard) => String(new ICAL.Component(jcard).getFirstPropertyValue("fn")));
}

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const editingCard = (page: Page, name: string) => page.getByRole("article", { name: `Editing ${name}`, exact: true });

/** Failures are destructive toasts announced as alerts. */
async function expectErrorToast(page: Page, description: string) {
  await expectToast(page, "Error", description);
  const alert = page.getByRole("alert").filter({ hasText: description });
  expect(await alert.count()).toBe(1);
  expect(await alert.getAttribute("data-variant")).toBe("destructive");
}

describe("contacts", () => {
  it("shows the form and a loading state, then the loaded toast", async () => {
    const context = await getBrowser().newContext({ baseURL });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/rest\/v1\/contacts\?select/, async (route) => {
      await held;
      await route.continue();
    });
    const { page, errors } = await openPage(getBrowser, "/contacts", { context });
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" }).isVisible()).resolves.toBe(true);
    await page.getByText("Loading contacts...").waitFor();
    const form = page.getByRole("form", { name: "Add contact" });
    expect(await form.getByLabel("Email").getAttribute("type")).toBe("email");
    for (const label of ["Name", "Role", "Email", "Phone"]) {
      await expect(form.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
      expect(await form.getByLabel(label).getAttribute("placeholder")).toBe(label);
    }
    await expect(form.getByRole("button", { name: "Add Contact" }).isVisible()).resolves.toBe(true);
    release();
    await expectToast(page, "Contacts loaded");
    await expect(page.getByText(/^\d+ contacts loaded from the shared database$/).isVisible()).resolves.toBe(true);
    expect(await page.getByText("Loading contacts...").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("adds a contact to the shared table, newest first, with empty fields stored as null", async () => {
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const name = `Aoife ${unique()}`;
    await addContact(page, { name, role: "Booker", email: "aoife@example.ie" });
    await expectToast(page, "Contact added", "New contact has been added successfully");
    const added = card(page, name);
    await expect(added.getByText("Booker").isVisible()).resolves.toBe(true);
    await expect(added.getByText("aoife@example.ie").isVisible()).resolves.toBe(true);
    expect(await page.getByRole("article").first().getAttribute("aria-label")).toBe(name);
    expect(await page.getByRole("form", { name: "Add contact" }).getByLabel("Name").inputValue()).toBe("");
    const row = await storedContact(name);
    expect(row).toMatchObject({ role: "Booker", email: "aoife@example.ie", phone: null });
    expect(row.id).toMatch(/^\d{13}[A-Za-z0-9]{9}$/);
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await expectToast(page, "Contacts loaded");
    expect(await page.getByRole("article").first().getAttribute("aria-label")).toBe(name);
    await page.context().close();
  });

  it("does nothing without a name or a role", async () => {
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const requests: string[] = [];
    page.on("request", (request) => request.method() === "POST" && requests.push(request.url()));
    await addContact(page, { name: "Only a name", role: "  " });
    await addContact(page, { name: "", role: "Only a role" });
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    expect(await page.getByRole("form", { name: "Add contact" }).getByLabel("Role").inputValue()).toBe("Only a role");
    await page.context().close();
  });

  it("shows markup typed into a name as plain text", async () => {
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const name = `<img src=x onerror="window.hacked=1">${unique()}`;
    await addContact(page, { name, role: "<b>Press</b>" });
    await card(page, name).waitFor();
    await expect(card(page, name).getByText("<b>Press</b>").isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await page.context().close();
  });

  it("edits one card at a time: Save writes the draft, Cancel discards it", async () => {
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const first = `Brian ${unique()}`;
    const second = `Ciara ${unique()}`;
    await addContact(page, { name: first, role: "Press", phone: "01 555" });
    await card(page, first).waitFor();
    await expect(card(page, first).getByText("01 555").isVisible()).resolves.toBe(true);
    await addContact(page, { name: second, role: "Manager" });
    await card(page, second).waitFor();

    const edit = card(page, first).getByRole("button", { name: "Edit contact" });
    expect(await edit.getAttribute("title")).toBe("Edit contact");
    await edit.click();
    const editing = editingCard(page, first);
    // Four inputs: three text boxes and the e-mail box share the textbox role; phone is a tel box.
    expect(await editing.locator("input").count()).toBe(4);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("placeholder"))).toBe("Name");
    expect(await editing.getByLabel("Name").inputValue()).toBe(first);
    expect(await editing.getByLabel("Phone").inputValue()).toBe("01 555");
    await editing.getByLabel("Role").fill("Press officer");
    await card(page, second).getByRole("button", { name: "Edit contact" }).click();
    expect(await page.getByRole("article", { name: /^Editing / }).count()).toBe(1);
    await editingCard(page, second).getByRole("button", { name: "Cancel" }).click();
    await expect(card(page, first).getByText("Press", { exact: true }).isVisible()).resolves.toBe(true);
    // Focus returns to the card's Edit button.
    expect(
      await card(page, second)
        .getByRole("button", { name: "Edit contact" })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);

    // Cancel discards the draft: editing again starts from the saved contact.
    await card(page, first).getByRole("button", { name: "Edit contact" }).click();
    await editingCard(page, first).getByLabel("Role").fill("Something else");
    await editingCard(page, first).getByRole("button", { name: "Cancel" }).click();
    await expect(card(page, first).getByText("Press", { exact: true }).isVisible()).resolves.toBe(true);
    await card(page, first).getByRole("button", { name: "Edit contact" }).click();
    expect(await editingCard(page, first).getByLabel("Role").inputValue()).toBe("Press");
    await page.keyboard.press("Escape");
    expect(await page.getByRole("article", { name: /^Editing / }).count()).toBe(0);

    await card(page, first).getByRole("button", { name: "Edit contact" }).click();
    await page
      .getByRole("article", { name: `Editing ${first}` })
      .getByLabel("Role")
      .fill("Press officer");
    await page
      .getByRole("article", { name: `Editing ${first}` })
      .getByLabel("Phone")
      .fill("");
    // Editing has no validation, not even the browser's e-mail check.
    await page
      .getByRole("article", { name: `Editing ${first}` })
      .getByLabel("Email")
      .fill("brian at the label");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Contact updated", "Contact has been updated successfully");
    await expect(card(page, first).getByText("Press officer").isVisible()).resolves.toBe(true);
    await expect(card(page, first).getByText("01 555").count()).resolves.toBe(0);
    expect(await storedContact(first)).toMatchObject({
      role: "Press officer",
      email: "brian at the label",
      phone: null,
    });

    await page.reload();
    await card(page, first).waitFor();
    await expect(card(page, first).getByText("Press officer").isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("shows a contact added in one browser to another", async () => {
    const { page: one } = await openPage(getBrowser, "/contacts");
    await expectToast(one, "Contacts loaded");
    const name = `Dara ${unique()}`;
    await addContact(one, { name, role: "Sound engineer" });
    await expectToast(one, "Contact added");
    const { page: two } = await openPage(getBrowser, "/contacts");
    await card(two, name).waitFor();
    await one.context().close();
    await two.context().close();
  });

  it("keeps the input on screen and says so when adding or saving fails", async () => {
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const name = `Eoin ${unique()}`;
    await page.route(/\/rest\/v1\/contacts/, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, body: '{"message":"boom"}' })
        : route.continue(),
    );
    await addContact(page, { name, role: "Promoter" });
    await expectErrorToast(page, "Failed to add contact");
    expect(await page.getByRole("form", { name: "Add contact" }).getByLabel("Name").inputValue()).toBe(name);
    await page.unroute(/\/rest\/v1\/contacts/);
    await page.getByRole("button", { name: "Add Contact" }).click();
    await card(page, name).waitFor();

    await page.route(/\/rest\/v1\/contacts/, (route) =>
      route.request().method() === "PATCH" ? route.abort() : route.continue(),
    );
    await card(page, name).getByRole("button", { name: "Edit contact" }).click();
    await page
      .getByRole("article", { name: `Editing ${name}` })
      .getByLabel("Role")
      .fill("Tour promoter");
    await page.getByRole("button", { name: "Save" }).click();
    await expectErrorToast(page, "Failed to update contact");
    expect(
      await page
        .getByRole("article", { name: `Editing ${name}` })
        .getByLabel("Role")
        .inputValue(),
    ).toBe("Tour promoter");
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("says when the contacts cannot be loaded", async () => {
    const context = await getBrowser().newContext({ baseURL });
    await context.route(/\/rest\/v1\/contacts\?select/, (route) => route.fulfill({ status: 500, body: "{}" }));
    const { page } = await openPage(getBrowser, "/contacts", { context });
    await expectErrorToast(page, "Failed to load contacts");
    expect(await page.getByText("Loading contacts...").count()).toBe(0);
    await context.close();
  });

  it("lays the cards out in one column on a phone and three on a wide screen", async () => {
    const columns = async (width: number) => {
      const { page } = await openPage(getBrowser, "/contacts", { viewport: { width, height: 900 } });
      await expectToast(page, "Contacts loaded");
      const count = await page
        .getByRole("list", { name: "Contacts" })
        .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);
      await page.context().close();
      return count;
    };
    expect(await columns(375)).toBe(1);
    expect(await columns(800)).toBe(2);
    expect(await columns(1280)).toBe(3);
  });

  it("wraps a name or number with no spaces inside its card on a phone", async () => {
    const word = uniqueWord();
    const name = `${word}${"x".repeat(150)}`;
    await seedContacts([{ name, role: "Agent", phone: "0".repeat(50) }]);
    const { page } = await openPage(getBrowser, "/contacts", { viewport: { width: 375, height: 800 } });
    await searchBox(page).fill(word);
    const heading = page.getByRole("heading", { name });
    await heading.waitFor();
    await expectToFitWidth(page, heading, 375);
    await page.context().close();
  });

  it.each([375, 800, 1280])("keeps the page still as the tool replaces its placeholder (%i px)", async (width) => {
    const viewport = { width, height: 900 };
    const noScript = await getBrowser().newContext({ baseURL, viewport, javaScriptEnabled: false });
    const placeholder = await noScript.newPage();
    await placeholder.goto("/contacts");
    const loadingTop = (page: Page) =>
      page.getByText("Loading contacts...").evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const before = await loadingTop(placeholder);
    await noScript.close();

    const context = await getBrowser().newContext({ baseURL, viewport });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/rest\/v1\/contacts\?select/, async (route) => {
      await held;
      await route.continue();
    });
    const { page } = await openPage(getBrowser, "/contacts", { context });
    await page.getByRole("form", { name: "Add contact" }).waitFor();
    // Layout of the loaded form differs by a few px between runs (3-5 px seen); a mis-sized skeleton is off by hundreds.
    expect(Math.abs((await loadingTop(page)) - before)).toBeLessThanOrEqual(8);
    release();
    await context.close();
  });

  it("migrates legacy local contacts once, keeping the ones that failed for the next try", async () => {
    const id = unique();
    const legacy = [
      { id: `legacy-ok-${id}`, name: `Fiona ${id}`, role: "Agent", email: "", phone: "087 000" },
      { id: `legacy-bad-${id}`, name: `Gerry ${id}`, role: "Label" },
      { name: "No id at all", role: "Mystery" },
    ];
    const context = await getBrowser().newContext({ baseURL });
    await context.addInitScript((value) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("contacts", value);
        sessionStorage.setItem("seeded", "1");
      }
    }, JSON.stringify(legacy));
    // The shared table refuses Gerry this time.
    await context.route(/\/rest\/v1\/contacts/, (route) =>
      route.request().method() === "POST" && (route.request().postData() ?? "").includes("Gerry")
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"unavailable"}' })
        : route.continue(),
    );
    const { page } = await openPage(getBrowser, "/contacts", { context });
    await expectToast(page, "Migration error", `Failed to migrate contact: Gerry ${id}`);
    await expectToast(page, "Contacts migrated", "1 local contacts have been migrated to the shared database");
    await card(page, `Fiona ${id}`).waitFor();
    expect(await storedContact(`Fiona ${id}`)).toMatchObject({ email: null, phone: "087 000" });
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: `Failed to migrate contact: Gerry ${id}` })
        .count(),
    ).resolves.toBe(1);
    const left = JSON.parse((await page.evaluate(() => localStorage.getItem("contacts"))) ?? "[]");
    expect(left.map((entry: { name: string }) => entry.name)).toEqual([`Gerry ${id}`, "No id at all"]);

    await context.unroute(/\/rest\/v1\/contacts/);
    await page.reload();
    await expectToast(page, "Contacts migrated", "1 local contacts have been migrated to the shared database");
    await card(page, `Gerry ${id}`).waitFor();
    const after = JSON.parse((await page.evaluate(() => localStorage.getItem("contacts"))) ?? "[]");
    expect(after.map((entry: { name: string }) => entry.name)).toEqual(["No id at all"]);
    await context.close();
  });
});

describe("legacy contacts that are not a list", () => {
  it("are left untouched and the screen still loads", async () => {
    const context = await getBrowser().newContext({ baseURL });
    await context.addInitScript(() => localStorage.setItem("contacts", '{"not": "a list"'));
    const { page, errors } = await openPage(getBrowser, "/contacts", { context });
    await expectToast(page, "Contacts loaded");
    expect(await page.evaluate(() => localStorage.getItem("contacts"))).toBe('{"not": "a list"');
    await expect(page.getByText("Contacts migrated").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("contacts on the road", () => {
  it("finds contacts by part of a name, role, e-mail or phone as you type", async () => {
    const word = uniqueWord();
    const phone = randomDigits(6);
    const siobhan = `Siobhán Ní ${word}`;
    const padraig = `Pádraig ${word}`;
    const roisin = `Róisín ${word}`;
    await seedContacts([
      {
        name: siobhan,
        role: "Fiddler",
        email: `siobhan.${word}@ceol.ie`,
        phone: `+353 (87) ${phone.slice(0, 3)}-${phone.slice(3)}`,
      },
      { name: padraig, role: "Tour manager", email: `padraig@${word}.ie`, phone: "0044 20 7946 0018" },
      { name: roisin, role: "Uilleann piper" },
    ]);
    const { page, errors } = await openPage(getBrowser, "/contacts");
    await card(page, roisin).waitFor();
    const total = await allCardsShown(page);
    const search = searchBox(page);
    expect(await search.getAttribute("type")).toBe("search");

    const shows = async (query: string, names: string[]) => {
      await search.fill(query);
      await expect.poll(() => cardNames(page)).toEqual(names);
      expect(await contactCount(page).textContent()).toBe(`${names.length} of ${total} contacts`);
    };
    // Without the accents, in any case; part of a role; part of an e-mail address.
    await shows("SIOBHAN", [siobhan]);
    await shows("tour mana", [padraig]);
    await shows(`@${word}.ie`, [padraig]);
    await shows(word, [roisin, padraig, siobhan]);
    await shows(`piper ${word}`, [roisin]);
    // A phone number typed another way: 00 for +, no brackets, no dash.
    await shows(`0035387 ${phone}`, [siobhan]);
    await shows(`+44 20 7946`, [padraig]);
    expect(await axeViolations(page)).toEqual([]);

    // Clearing the search brings everyone back.
    await search.fill("");
    await expect.poll(() => page.getByRole("article").count()).toBe(total);
    expect(await contactCount(page).textContent()).toBe(`${total} contacts`);

    // Escape clears it too.
    await search.fill("fiddler");
    await expect.poll(() => cardNames(page)).toEqual([siobhan]);
    await search.press("Escape");
    await expect.poll(() => page.getByRole("article").count()).toBe(total);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("says when nobody matches, and clears the search on request", async () => {
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const total = await allCardsShown(page);
    const query = `nobody ${uniqueWord()}`;
    await searchBox(page).fill(query);
    await page.getByText(`No contacts match “${query}”`).waitFor();
    expect(await page.getByRole("article").count()).toBe(0);
    expect(await contactCount(page).textContent()).toBe(`0 of ${total} contacts`);
    await expect(page.getByRole("button", { name: "Download all shown (0)" }).isDisabled()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => page.getByRole("article").count()).toBe(total);
    expect(await searchBox(page).inputValue()).toBe("");
    expect(await searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("drops a contact saved out of the search from the list, and returns focus to the search", async () => {
    const word = uniqueWord();
    const eimear = `Eimear ${word}`;
    await seedContacts([
      { name: eimear, role: "Drummer" },
      { name: `Fionn ${word}`, role: "Drummer" },
    ]);
    const { page } = await openPage(getBrowser, "/contacts");
    await searchBox(page).fill(`drummer ${word}`);
    await expect.poll(() => cardNames(page)).toEqual([`Fionn ${word}`, eimear]);
    await card(page, eimear).getByRole("button", { name: "Edit contact" }).click();
    await editingCard(page, eimear).getByLabel("Role").fill("Bodhrán player");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Contact updated");
    await expect.poll(() => cardNames(page)).toEqual([`Fionn ${word}`]);
    expect(await searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await searchBox(page).fill(`bodhran ${word}`);
    await expect.poll(() => cardNames(page)).toEqual([eimear]);
    await page.context().close();
  });

  it("links e-mail addresses to write and phone numbers to call, and nothing hostile", async () => {
    const word = uniqueWord();
    const safe = `Máire ${word}`;
    const hostile = `Tadhg ${word}`;
    await seedContacts([
      { name: safe, role: "Promoter", email: `maire+gigs.${word}@example.ie`, phone: "+353 (0)87 123 4567" },
      { name: hostile, role: "Unknown", email: "a@b.c?bcc=x@evil.example", phone: "javascript:alert(1)" },
    ]);
    const { page } = await openPage(getBrowser, "/contacts");
    await searchBox(page).fill(word);
    await expect.poll(() => cardNames(page)).toEqual([hostile, safe]);

    const write = card(page, safe).getByRole("link", { name: `Email maire+gigs.${word}@example.ie` });
    expect(await write.getAttribute("href")).toBe(`mailto:maire+gigs.${word}@example.ie`);
    const call = card(page, safe).getByRole("link", { name: "Call +353 (0)87 123 4567" });
    expect(await call.getAttribute("href")).toBe("tel:+353871234567");

    // Shown as typed, but no link that could add a recipient or run a script.
    await expect(card(page, hostile).getByText("a@b.c?bcc=x@evil.example").isVisible()).resolves.toBe(true);
    await expect(card(page, hostile).getByText("javascript:alert(1)").isVisible()).resolves.toBe(true);
    expect(await card(page, hostile).getByRole("link").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("downloads one contact's vCard, and exactly the contacts shown as one file", async () => {
    const word = uniqueWord();
    const niamh = `Niamh Ó Súilleabháin ${word}`;
    const brian = `Brian; "The Fixer", ${word}`;
    const cathal = `Cathal ${word}`;
    await seedContacts([
      { name: niamh, role: "Lighting designer", email: `niamh@${word}.ie`, phone: "087 765 4321" },
      // The table refuses line breaks (control characters) now; commas and semicolons still need escaping.
      { name: brian, role: "Fixer; and, something else", email: null, phone: null },
      { name: cathal, role: "Lighting tech" },
    ]);
    const { page } = await openPage(getBrowser, "/contacts");
    await searchBox(page).fill(word);
    await expect.poll(() => cardNames(page)).toEqual([cathal, brian, niamh]);

    const one = await downloadDuring(page, () =>
      card(page, niamh)
        .getByRole("button", { name: `Download vCard for ${niamh}` })
        .click(),
    );
    expect(one.filename).toBe(`niamh-o-suilleabhain-${word}.vcf`);
    const parsed = new ICAL.Component(ICAL.parse(one.text) as unknown as unknown[]);
    expect(parsed.getFirstPropertyValue("fn")).toBe(niamh);
    expect(parsed.getFirstPropertyValue("title")).toBe("Lighting designer");
    expect(parsed.getFirstPropertyValue("email")).toBe(`niamh@${word}.ie`);
    // A local number goes in as written: a tel: URI would need its country.
    expect(parsed.getFirstPropertyValue("tel")).toBe("087 765 4321");

    const all = await downloadDuring(page, () => page.getByRole("button", { name: "Download all shown (3)" }).click());
    expect(all.filename).toBe("contacts.vcf");
    expect(vcardNames(all.text)).toEqual([cathal, brian, niamh]);
    expect(all.text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    // Narrowed to the lighting people, the file holds exactly them.
    await searchBox(page).fill(`lighting ${word}`);
    await expect.poll(() => cardNames(page)).toEqual([cathal, niamh]);
    const lighting = await downloadDuring(page, () =>
      page.getByRole("button", { name: "Download all shown (2)" }).click(),
    );
    expect(vcardNames(lighting.text)).toEqual([cathal, niamh]);
    await page.context().close();
  });
});

const serviceHeaders = {
  apikey: LOCAL_SERVICE_ROLE_KEY,
  Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
  "Content-Type": "application/json",
};

/** Changes the flood guard's limits, as the service role may. */
async function setContactLimits(limits: { per_minute?: number; per_day?: number }) {
  const response = await fetch(`${supabaseUrl}/rest/v1/contacts_limits?id=eq.true`, {
    method: "PATCH",
    headers: serviceHeaders,
    body: JSON.stringify(limits),
  });
  expect(response.status).toBe(204);
}

/**
 * Overwrites the values of every contact a filter matches with the public anon key: one request
 * a contact, as one request may change only one.
 */
async function overwriteContacts(filter: string, values: Record<string, string>) {
  const anonHeaders = { ...serviceHeaders, apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` };
  const matched = await fetch(`${supabaseUrl}/rest/v1/contacts?select=id&${filter}`, { headers: anonHeaders });
  for (const { id } of (await matched.json()) as { id: string }[]) {
    const response = await fetch(`${supabaseUrl}/rest/v1/contacts?id=eq.${encodeURIComponent(id)}`, {
      method: "PATCH",
      headers: anonHeaders,
      body: JSON.stringify(values),
    });
    expect(response.status).toBe(204);
  }
}

const historyOf = (page: Page, name: string) => page.getByRole("region", { name: `History of ${name}` });

describe("contacts lose nothing", () => {
  it("keeps every earlier version of a card, and restores one as an undoable change", async () => {
    const { page, errors } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const name = `Gráinne ${uniqueWord()}`;
    await addContact(page, { name, role: "Booker", email: "grainne@example.ie" });
    await card(page, name).waitFor();
    await card(page, name).getByRole("button", { name: "Edit contact" }).click();
    await editingCard(page, name).getByLabel("Role").fill("Agent");
    await editingCard(page, name).getByLabel("Email").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Contact updated", "Contact has been updated successfully");

    const history = card(page, name).getByRole("button", { name: `History of ${name}` });
    expect(await history.getAttribute("title")).toBe("Contact history");
    expect(await history.getAttribute("aria-expanded")).toBe("false");
    await history.click();
    expect(await history.getAttribute("aria-expanded")).toBe("true");
    const panel = historyOf(page, name);
    await panel.getByText("Version 1", { exact: true }).waitFor();
    await expect(panel.getByText("Changed afterwards: Role and Email").isVisible()).resolves.toBe(true);
    // What changed is marked, in words as well as colour.
    expect(await panel.locator("mark").allTextContents()).toEqual(["Booker", "grainne@example.ie"]);
    expect(await panel.getByText(/^Saved .+, replaced .+$/).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole("button", { name: "Restore version 1" }).click();
    await expectToast(page, "Contact restored", `${name} is back as it was in version 1`);
    // The card's role line comes before the history's own copy of it.
    await expect(card(page, name).getByText("Booker", { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(await storedContact(name)).toMatchObject({ role: "Booker", email: "grainne@example.ie", version: 3 });
    // The restore is a change like any other: the version it replaced can be restored in turn.
    await panel.getByText("Version 2", { exact: true }).waitFor();
    expect(await panel.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Version 2.*Agent/),
      expect.stringMatching(/^Version 1.*Booker/),
    ]);
    await expect(panel.getByRole("button", { name: "Restore version 1" }).isDisabled()).resolves.toBe(true);
    await expect(panel.getByText("Same as the card now").isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("never overwrites someone else's change unseen: the draft stays, theirs is shown, and the choice is the user's", async () => {
    const name = `Labhrás ${uniqueWord()}`;
    await seedContacts([{ name, role: "Piper", phone: "01 234" }]);
    const { page: one } = await openPage(getBrowser, "/contacts");
    const { page: two } = await openPage(getBrowser, "/contacts");
    for (const page of [one, two]) {
      await searchBox(page).fill(name);
      await card(page, name).getByRole("button", { name: "Edit contact" }).click();
    }
    await editingCard(one, name).getByLabel("Role").fill("Uilleann piper");
    await one.getByRole("button", { name: "Save" }).click();
    await expectToast(one, "Contact updated");

    await editingCard(two, name).getByLabel("Phone").fill("087 999");
    await two.getByRole("button", { name: "Save" }).click();
    const conflict = two.getByRole("alert").filter({ hasText: "Someone else changed this contact meanwhile." });
    await conflict.waitFor();
    await expect(conflict.getByText("Uilleann piper").isVisible()).resolves.toBe(true);
    // Still editing, with the draft as typed; nothing of it was saved.
    expect(await editingCard(two, name).getByLabel("Phone").inputValue()).toBe("087 999");
    expect(await editingCard(two, name).getByLabel("Role").inputValue()).toBe("Piper");
    expect(await two.getByText("Contact updated").count()).toBe(0);
    expect(await storedContact(name)).toMatchObject({ role: "Uilleann piper", phone: "01 234" });
    expect(await axeViolations(two)).toEqual([]);

    // Keep theirs: the card shows their values.
    await two.getByRole("button", { name: "Keep theirs" }).click();
    await expect(card(two, name).getByText("Uilleann piper").isVisible()).resolves.toBe(true);
    await expect(card(two, name).getByText("01 234").isVisible()).resolves.toBe(true);

    // Again, and this time save over them: conditional on the version just seen.
    await card(two, name).getByRole("button", { name: "Edit contact" }).click();
    await editingCard(two, name).getByLabel("Phone").fill("087 999");
    await card(one, name).getByRole("button", { name: "Edit contact" }).click();
    await editingCard(one, name).getByLabel("Email").fill("labhras@example.ie");
    await one.getByRole("button", { name: "Save" }).click();
    await expectToast(one, "Contact updated");
    await two.getByRole("button", { name: "Save" }).click();
    await two.getByText("Someone else changed this contact meanwhile.").waitFor();
    await two.getByRole("button", { name: "Save mine over theirs" }).click();
    await expectToast(two, "Contact updated", "Contact has been updated successfully");
    expect(await storedContact(name)).toMatchObject({ role: "Uilleann piper", phone: "087 999", email: null });
    await one.context().close();
    await two.context().close();
  });

  it("fails a save that changed no row, and a blank name, with the spec's toast, keeping the draft", async () => {
    const name = `Muireann ${uniqueWord()}`;
    await seedContacts([{ name, role: "Singer" }]);
    const { page } = await openPage(getBrowser, "/contacts");
    await searchBox(page).fill(name);
    await card(page, name).getByRole("button", { name: "Edit contact" }).click();
    // The edit form has no validation; the database refuses a blank name.
    await editingCard(page, name).getByLabel("Name").fill("   ");
    await page.getByRole("button", { name: "Save" }).click();
    await expectErrorToast(page, "Failed to update contact");
    expect(await editingCard(page, name).getByLabel("Name").inputValue()).toBe("   ");
    expect(await storedContact(name)).toMatchObject({ role: "Singer" });

    // The contact is gone (removed by the team as the service role): the save changes no row.
    const id = (await storedContact(name)).id ?? "";
    const removed = await fetch(`${supabaseUrl}/rest/v1/contacts?id=eq.${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: serviceHeaders,
    });
    expect(removed.status).toBe(204);
    await editingCard(page, name).getByLabel("Name").fill(`${name} II`);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Error", "Failed to update contact");
    expect(await page.getByText("Contact has been updated successfully").count()).toBe(0);
    expect(await editingCard(page, name).getByLabel("Name").inputValue()).toBe(`${name} II`);
    await page.context().close();
  });

  it("refuses new contacts beyond the flood guard's limit with the spec's toast, keeping the form", async () => {
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    const name = `Flood ${uniqueWord()}`;
    // A limit of none makes the guard bite at once; it is put back whatever happens.
    await setContactLimits({ per_minute: 0 });
    try {
      let status = 0;
      page.on("response", (response) => {
        if (response.request().method() === "POST" && response.url().includes("/rest/v1/contacts")) {
          status = response.status();
        }
      });
      await addContact(page, { name, role: "Spammer" });
      await expectErrorToast(page, "Failed to add contact");
      expect(status).toBe(429);
      expect(await page.getByRole("form", { name: "Add contact" }).getByLabel("Name").inputValue()).toBe(name);
      expect(await storedContact(name)).toBeUndefined();
    } finally {
      await setContactLimits({ per_minute: 60 });
    }
    await page.getByRole("button", { name: "Add Contact" }).click();
    await expectToast(page, "Contact added");
    await page.context().close();
  });

  it("gets every card back after a mass overwrite, from each card's history", async () => {
    const word = uniqueWord();
    const role = `Fiddler ${word}`;
    const names = [`Oisín ${word}`, `Peadar ${word}`, `Ríona ${word}`];
    await seedContacts(names.map((name) => ({ name, role, email: `${name.split(" ")[0]}@x.ie` })));
    const { page } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    // Requests with the public anon key overwrite many cards (here: this test's own).
    const vandalised = `pwned ${word}`;
    await overwriteContacts(`role=eq.${encodeURIComponent(role)}`, {
      name: vandalised,
      role: "pwned",
      email: "pwned",
      phone: "pwned",
    });
    await page.reload();
    await searchBox(page).fill(vandalised);
    await expect.poll(() => page.getByRole("article", { name: vandalised }).count()).toBe(names.length);
    // Each card: History, then Restore the version before the overwrite.
    for (let left = names.length; left > 0; left -= 1) {
      await card(page, vandalised)
        .first()
        .getByRole("button", { name: `History of ${vandalised}` })
        .click();
      const restore = historyOf(page, vandalised).first().getByRole("button", { name: "Restore version 1" });
      await restore.click();
      await expectToast(page, "Contact restored");
      await expect.poll(() => page.getByRole("article", { name: vandalised }).count()).toBe(left - 1);
    }
    await searchBox(page).fill(word);
    await expect.poll(() => cardNames(page)).toEqual([...names].reverse());
    expect(await storedContact(names[0])).toMatchObject({ role, email: "Oisín@x.ie", phone: null });
    await page.context().close();
  });
});

describe("a card's long history", () => {
  it("shows the newest 50 versions first and reaches the real one under a flood of later ones", async () => {
    const name = `Caoimhe ${uniqueWord()}`;
    await seedContacts([{ name, role: "Harper", email: "caoimhe@example.ie" }]);
    const { id } = (await storedContact(name)) as { id: string };
    // 120 later versions, written as the service role (visitors could write them within a day's budget).
    for (let i = 1; i <= 120; i += 1) {
      const response = await fetch(`${supabaseUrl}/rest/v1/contacts?id=eq.${encodeURIComponent(id)}`, {
        method: "PATCH",
        headers: serviceHeaders,
        body: JSON.stringify({ role: `spam ${i}`, email: null }),
      });
      expect(response.status).toBe(204);
    }
    const { page, errors } = await openPage(getBrowser, "/contacts");
    await expectToast(page, "Contacts loaded");
    await searchBox(page).fill(name);
    await card(page, name)
      .getByRole("button", { name: `History of ${name}` })
      .click();
    const panel = historyOf(page, name);
    await panel.getByText("Version 120", { exact: true }).waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(50);
    await expect(panel.getByText("Version 1", { exact: true }).count()).resolves.toBe(0);

    const older = panel.getByRole("button", { name: `Show older versions of ${name}` });
    await older.click();
    await panel.getByText("Version 21", { exact: true }).waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(100);
    await older.click();
    await panel.getByText("Version 1", { exact: true }).waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(120);
    await expect(older.count()).resolves.toBe(0);

    await panel.getByRole("button", { name: "Restore version 1", exact: true }).click();
    await expectToast(page, "Contact restored", `${name} is back as it was in version 1`);
    expect(await storedContact(name)).toMatchObject({ role: "Harper", email: "caoimhe@example.ie", version: 122 });
    // The versions already shown stay after the restore, with the replaced one on top.
    await panel.getByText("Version 121", { exact: true }).waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(121);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("contacts at scale", () => {
  it("shows 5,000 contacts within 1 s of their arrival and follows each keystroke within 100 ms", async () => {
    const word = uniqueWord();
    const role = `Seeded ${word}`;
    const seeded = Array.from({ length: 5000 }, (_, i) => ({
      id: `scale-${word}-${i}`,
      name: `${word} Person ${i}`,
      role,
      email: i % 3 === 0 ? `person${i}@${word}.ie` : null,
      phone: null,
    }));
    // As the service role, in batches of 1,000: the flood guard limits visitors, not the team's imports.
    for (let from = 0; from < seeded.length; from += 1000) {
      const response = await fetch(`${supabaseUrl}/rest/v1/contacts`, {
        method: "POST",
        headers: { ...serviceHeaders, Prefer: "return=minimal" },
        body: JSON.stringify(seeded.slice(from, from + 1000)),
      });
      expect(response.status).toBe(201);
    }
    try {
      const context = await getBrowser().newContext({ baseURL });
      // Note when the list first shows the full count, as the page sees it.
      await context.addInitScript(() => {
        const observer = new MutationObserver(() => {
          const count = [...document.querySelectorAll('[role="status"]')].find((node) =>
            /^\d{4,} contacts$/.test(node.textContent ?? ""),
          );
          if (count && document.querySelector('ul[aria-label="Contacts"] article')) {
            (window as { listShownAt?: number }).listShownAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
      const { page, errors } = await openPage(getBrowser, "/contacts", { context });
      await expectToast(page, "Contacts loaded");
      const renderMs = await page.evaluate(() => {
        const arrived = performance
          .getEntriesByType("resource")
          .filter((entry) => /\/rest\/v1\/contacts\?select/.test(entry.name))
          .reduce((latest, entry) => Math.max(latest, (entry as PerformanceResourceTiming).responseEnd), 0);
        return (window as { listShownAt?: number }).listShownAt! - arrived;
      });
      const total = Number((await contactCount(page).textContent())?.match(/^(\d+) contacts$/)?.[1]);
      expect(total).toBeGreaterThanOrEqual(5000);

      // Every contact stays findable: the list draws a page at a time and says how many wait.
      await expect.poll(() => page.getByRole("article").count()).toBe(100);
      await page
        .getByRole("button", { name: `Show 100 more (${(total - 100).toLocaleString("en")} not shown yet)` })
        .click();
      await expect.poll(() => page.getByRole("article").count()).toBe(200);

      // Each keystroke narrows the list; time it from the key press to the next frame after the update.
      const search = searchBox(page);
      await search.fill(`${word} person `);
      await expect.poll(() => contactCount(page).textContent()).toBe(`5000 of ${total} contacts`);
      // Three rounds of typing and deleting: on a busy machine one keystroke can wait for the CPU,
      // so the figure held to 100 ms is the median, and every figure is reported.
      const keystrokeMs: number[] = [];
      const keys = ["4", "9", "9", "9", "Backspace", "Backspace", "Backspace"];
      for (const key of [...keys, "Backspace", " ", ...keys, "Backspace", " ", ...keys]) {
        // A space leaves the search (and the count) as it was: typed, not timed.
        if (key === " ") {
          await search.press(key);
          continue;
        }
        const timing = page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let start = 0;
              document.addEventListener("keydown", () => (start = performance.now()), { capture: true, once: true });
              const status = [...document.querySelectorAll('[role="status"]')].find((node) =>
                / contacts$/.test(node.textContent ?? ""),
              )!;
              const observer = new MutationObserver(() => {
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - start));
              });
              observer.observe(status, { childList: true, subtree: true, characterData: true });
            }),
        );
        await search.press(key);
        keystrokeMs.push(await timing);
      }
      const withFour = seeded.filter((_, i) => String(i).includes("4")).length;
      await expect.poll(() => contactCount(page).textContent()).toBe(`${withFour} of ${total} contacts`);
      await search.fill(`${word} 4999`);
      await expect.poll(() => cardNames(page)).toEqual([`${word} Person 4999`]);
      const sorted = [...keystrokeMs].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      console.info(
        `5,000 contacts: list shown ${renderMs.toFixed(0)} ms after the data arrived; ` +
          `keystrokes median ${median.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms ` +
          `(${keystrokeMs.map((ms) => ms.toFixed(0)).join(", ")})`,
      );
      expect(renderMs).toBeLessThan(1000);
      expect(median).toBeLessThan(100);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      const removed = await fetch(`${supabaseUrl}/rest/v1/contacts?role=eq.${encodeURIComponent(role)}`, {
        method: "DELETE",
        headers: serviceHeaders,
      });
      expect(removed.status).toBe(204);
    }
  }, 60_000);
});
