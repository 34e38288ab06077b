import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  contactCount,
  contactFromDraft,
  contactMatches,
  contactsVCardFile,
  contactVCardFile,
  draftFromContact,
  fieldList,
  filterContacts,
  formatHistoryTime,
  historyEntries,
  mailtoHref,
  mergeLoaded,
  newContactId,
  noMatchMessage,
  parseLegacyContacts,
  phoneSearchKey,
  remainingAfterMigration,
  sameValues,
  searchable,
  searchContacts,
  searchText,
  showMoreLabel,
  telHref,
  toContacts,
  toContactVersions,
  updateFromDraft,
  withNewestHistory,
  withOlderHistory,
  type Contact,
  type ContactVersion,
} from "./contacts";

describe("contact ids", () => {
  it("are the current timestamp plus 9 random alphanumerics", () => {
    expect(newContactId(1735689600000, () => 0)).toBe("1735689600000AAAAAAAAA");
    expect(newContactId()).toMatch(/^\d{13}[A-Za-z0-9]{9}$/);
    expect(newContactId()).not.toBe(newContactId());
  });
});

describe("adding a contact", () => {
  it("requires a name and a role", () => {
    expect(contactFromDraft({ name: "", role: "Booker", email: "", phone: "" }, "1")).toBeNull();
    expect(contactFromDraft({ name: "Aoife", role: "   ", email: "", phone: "" }, "1")).toBeNull();
  });

  it("stores empty e-mail and phone as null", () => {
    expect(contactFromDraft({ name: " Aoife ", role: "Booker", email: " ", phone: "" }, "id1")).toEqual({
      id: "id1",
      name: "Aoife",
      role: "Booker",
      email: null,
      phone: null,
    });
  });
});

describe("editing a contact", () => {
  it("copies the contact into a draft and writes it back with nulls for empty fields", () => {
    const draft = draftFromContact({ id: "1", name: "A", role: "B", email: null, phone: "123" });
    expect(draft).toEqual({ name: "A", role: "B", email: "", phone: "123" });
    expect(updateFromDraft({ ...draft, phone: "" })).toEqual({ name: "A", role: "B", email: null, phone: null });
  });
});

describe("loading the list", () => {
  const row = (id: string) => ({ id, name: id, role: "r", email: null, phone: null });

  it("keeps the table's order, newest first", () => {
    expect(mergeLoaded([row("b"), row("a")], []).map((c) => c.id)).toEqual(["b", "a"]);
  });

  it("keeps a contact added while loading at the top, once", () => {
    expect(mergeLoaded([row("b"), row("a")], [row("new"), row("b")]).map((c) => c.id)).toEqual(["new", "b", "a"]);
  });
});

describe("migrating legacy contacts", () => {
  const raw = JSON.stringify([
    { id: "1", name: "Aoife", role: "Booker", email: "a@b.ie" },
    { id: 2, name: "Brian", role: "Press", phone: "01 234" },
    { name: "No id", role: "x" },
    "garbage",
  ]);

  it("migrates well-formed entries and reports the rest", () => {
    const parse = parseLegacyContacts(raw);
    expect(parse.migratable).toEqual([
      { id: "1", name: "Aoife", role: "Booker", email: "a@b.ie", phone: null },
      { id: "2", name: "Brian", role: "Press", email: null, phone: "01 234" },
    ]);
    expect(parse.unreadable).toHaveLength(2);
  });

  it("keeps failed and unreadable entries in local storage, removes only migrated ones", () => {
    const parse = parseLegacyContacts(raw);
    const kept = JSON.parse(remainingAfterMigration(parse, new Set(["2"]), raw) ?? "null");
    expect(kept.map((entry: { name?: string } | string) => (typeof entry === "string" ? entry : entry.name))).toEqual([
      "Brian",
      "No id",
      "garbage",
    ]);
  });

  it("removes the key once everything is migrated", () => {
    const clean = JSON.stringify([{ id: "1", name: "A", role: "B" }]);
    expect(remainingAfterMigration(parseLegacyContacts(clean), new Set(), clean)).toBeNull();
  });

  it("keeps entries lacking a name or role, and tolerates null and numbers", () => {
    const odd = JSON.stringify([null, 7, { id: "1", role: "Booker" }, { id: "2", name: "  ", role: "x" }]);
    const parse = parseLegacyContacts(odd);
    expect(parse.migratable).toEqual([]);
    expect(remainingAfterMigration(parse, new Set(), odd)).toBe(odd);
  });

  it("does nothing when there is no legacy list", () => {
    expect(parseLegacyContacts(null)).toEqual({ migratable: [], unreadable: [], notAList: false });
  });

  it("leaves a value that is not a list untouched", () => {
    for (const bad of ["{oops", '{"a":1}', "42"]) {
      const parse = parseLegacyContacts(bad);
      expect(parse.notAList).toBe(true);
      expect(remainingAfterMigration(parse, new Set(), bad)).toBe(bad);
    }
  });
});

const person = (fields: Partial<Contact> & { name: string }): Contact => ({
  id: fields.name,
  role: "Crew",
  email: null,
  phone: null,
  ...fields,
});

describe("searching contacts", () => {
  const siobhan = person({ name: "Siobhán Ní Bhriain", role: "Tour manager", email: "siobhan@ceol.ie" });
  const brian = person({ name: "Brian Walsh", role: "Booker, Galway", phone: "+353 (87) 123-4567" });
  const zoe = person({
    name: "Zoë Łukasz",
    role: "Sound engineer",
    email: "Zoe.Sound@Example.com",
    phone: "0044 20 7946 0018",
  });
  const all = [siobhan, brian, zoe];
  const names = (query: string) => filterContacts(all, query).map((contact) => contact.name);

  it("finds part of a name, role or e-mail, ignoring case and accents both ways", () => {
    expect(names("siobhan")).toEqual(["Siobhán Ní Bhriain"]);
    expect(names("SIOBHÁN")).toEqual(["Siobhán Ní Bhriain"]);
    expect(names("ni bh")).toEqual(["Siobhán Ní Bhriain"]);
    expect(names("zoe luk")).toEqual(["Zoë Łukasz"]);
    expect(names("manager")).toEqual(["Siobhán Ní Bhriain"]);
    expect(names("example.COM")).toEqual(["Zoë Łukasz"]);
    expect(names("@ceol")).toEqual(["Siobhán Ní Bhriain"]);
  });

  it("shows everyone for an empty or blank search", () => {
    expect(names("")).toHaveLength(3);
    expect(names("   ")).toHaveLength(3);
  });

  it("matches every word of a query anywhere in the contact", () => {
    expect(names("booker galway")).toEqual(["Brian Walsh"]);
    expect(names("galway  brian")).toEqual(["Brian Walsh"]);
    expect(names("booker dublin")).toEqual([]);
  });

  it("finds a phone number however it is punctuated", () => {
    expect(names("087")).toEqual([]); // stored with the country code, without the 0
    expect(names("87 123")).toEqual(["Brian Walsh"]);
    expect(names("(87)1234567")).toEqual(["Brian Walsh"]);
    expect(names("123-45-67")).toEqual(["Brian Walsh"]);
    expect(names("4567")).toEqual(["Brian Walsh"]);
    expect(names("7946 0018")).toEqual(["Zoë Łukasz"]);
  });

  it("treats a leading + and a leading 00 as the same international prefix", () => {
    expect(names("00353 87")).toEqual(["Brian Walsh"]);
    expect(names("+353")).toEqual(["Brian Walsh"]);
    expect(names("+44 20")).toEqual(["Zoë Łukasz"]);
    expect(phoneSearchKey("+353 (87) 123-4567")).toBe(phoneSearchKey("00353871234567"));
  });

  it("does not let punctuation alone match every phone", () => {
    // A query without digits is plain text: "()" is in no contact, though every phone has digits.
    expect(names("()")).toEqual([]);
    expect(names("--")).toEqual([]);
  });

  it("keeps the list order", () => {
    expect(names("e")).toEqual(["Siobhán Ní Bhriain", "Brian Walsh", "Zoë Łukasz"]);
  });

  it("copes with hostile and huge input", () => {
    expect(names(".*[(")).toEqual([]);
    expect(names("x".repeat(100_000))).toEqual([]);
    expect(contactMatches(person({ name: "Ánna\u0000" }), "anna")).toBe(true);
  });

  it("folds text the way people type it", () => {
    expect(searchText("  Straße   ÆSIR Øyvind  ")).toBe("strasse aesir oyvind");
    expect(searchText("İstanbul")).toBe("istanbul");
  });

  it("counts the contacts shown, politely worded", () => {
    expect(contactCount(3, 12, true)).toBe("3 of 12 contacts");
    expect(contactCount(0, 1, true)).toBe("0 of 1 contact");
    expect(contactCount(12, 12, false)).toBe("12 contacts");
    expect(contactCount(1, 1, false)).toBe("1 contact");
  });

  it("says which search found nobody", () => {
    expect(noMatchMessage("  zebra ")).toBe("No contacts match “zebra”");
  });
});

describe("the phone link", () => {
  it("is digits with a leading + at most", () => {
    expect(telHref("087 123 4567")).toBe("tel:0871234567");
    expect(telHref("(01) 234-5678")).toBe("tel:012345678");
    expect(telHref("+353 87.123.4567")).toBe("tel:+353871234567");
    expect(telHref("0171/1234567")).toBe("tel:01711234567");
  });

  it("turns a leading 00 into + and drops the (0) not dialled from abroad", () => {
    expect(telHref("00353 87 123 4567")).toBe("tel:+353871234567");
    expect(telHref("+353 (0)87 123 4567")).toBe("tel:+353871234567");
    expect(telHref("+44 (0) 20 7946 0018")).toBe("tel:+442079460018");
  });

  it("calls the number and leaves notes out", () => {
    expect(telHref("087 123 4567 (after 6pm)")).toBe("tel:0871234567");
    expect(telHref("Mobile: 087 123 4567")).toBe("tel:0871234567");
    expect(telHref("０８７ １２３ ４５６７")).toBe("tel:0871234567");
  });

  it("is no link without a number to call", () => {
    expect(telHref(null)).toBeNull();
    expect(telHref("")).toBeNull();
    expect(telHref("ask at the desk")).toBeNull();
    expect(telHref("12")).toBeNull();
    expect(telHref("+00")).toBeNull();
  });

  it("never carries anything but digits and +, whatever was typed", () => {
    for (const hostile of [
      "javascript:alert(1)//0871234567",
      "087;phone-context=evil",
      "0871234567?body=x",
      '087"><script>alert(1)</script>',
      "+1 555 0100\n\r%0a",
    ]) {
      const href = telHref(hostile);
      if (href !== null) expect(href).toMatch(/^tel:\+?\d+$/);
    }
  });
});

describe("the e-mail link", () => {
  it("is a mailto: link for an ordinary address", () => {
    expect(mailtoHref("aoife@example.ie")).toBe("mailto:aoife@example.ie");
    expect(mailtoHref("  orla+press@label.co.uk ")).toBe("mailto:orla+press@label.co.uk");
    expect(mailtoHref("seán@ceol.ie")).toBe("mailto:se%C3%A1n@ceol.ie");
    expect(mailtoHref("info@fleadh.éire")).toBe("mailto:info@fleadh.éire");
  });

  it("adds no header, recipient or body however the address is written", () => {
    expect(mailtoHref("a@b.c?bcc=x")).toBeNull();
    expect(mailtoHref("a@b.c?bcc=evil@x.y&body=hi")).toBeNull();
    expect(mailtoHref("a@b.c#frag")).toBeNull();
    expect(mailtoHref("a@b.c%3Fbcc=x")).toBeNull();
    expect(mailtoHref("a@b.c\nbcc: x@y.z")).toBeNull();
    // A ? or & in the local part is legal but is percent-encoded, never a query.
    expect(mailtoHref("what?&x=1@b.ie")).toBe("mailto:what%3F%26x%3D1@b.ie");
  });

  it("is no link for other schemes, markup or text that is not an address", () => {
    for (const hostile of [
      "javascript:alert(1)",
      "javascript:alert(1)//@x.ie",
      "data:text/html,<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>@x.ie',
      "brian at the label",
      "@example.ie",
      "aoife@",
      "aoife@localhost",
      "a@b..c",
      "a@-b.c",
      "a b@c.ie",
      "a\u200b@c.ie",
      null,
      "",
    ]) {
      const href = mailtoHref(hostile);
      if (href !== null) {
        expect(href).toMatch(/^mailto:[A-Za-z0-9%._~!*'()+-]+@[\p{L}\p{N}.-]+$/u);
      }
    }
    expect(mailtoHref("javascript:alert(1)")).toBeNull();
    expect(mailtoHref("brian at the label")).toBeNull();
  });
});

describe("contacts as vCards", () => {
  const contacts: Contact[] = [
    {
      id: "1735689600000AbCdEfGhI",
      name: "Aoife Ní Bhriain",
      role: "Booker",
      email: "aoife@example.ie",
      phone: "+353 (0)87 123 4567",
    },
    {
      id: "1735689600001JkLmNoPqR",
      name: 'Brian; "The Fixer", Walsh',
      role: "Press\nand radio",
      email: null,
      phone: "ring the office",
    },
  ];

  it("writes one contact with its name, role as job title, e-mail, a tel: URI and its id", () => {
    const { filename, text } = contactVCardFile(contacts[0]);
    expect(filename).toBe("aoife-ni-bhriain.vcf");
    const card = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
    expect(card.getFirstPropertyValue("fn")).toBe("Aoife Ní Bhriain");
    expect(card.getFirstPropertyValue("title")).toBe("Booker");
    expect(card.getFirstPropertyValue("email")).toBe("aoife@example.ie");
    expect(card.getFirstPropertyValue("tel")).toBe("tel:+353871234567");
    expect(card.getFirstPropertyValue("uid")).toBe("1735689600000AbCdEfGhI");
  });

  it("keeps a phone note as text and reads hostile text back unchanged", () => {
    const { filename, text } = contactVCardFile(contacts[1]);
    expect(filename).toBe("brian-the-fixer-walsh.vcf");
    const card = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
    expect(card.getFirstPropertyValue("fn")).toBe('Brian; "The Fixer", Walsh');
    expect(card.getFirstPropertyValue("title")).toBe("Press\nand radio");
    expect(card.getFirstPropertyValue("tel")).toBe("ring the office");
    expect(card.getFirstProperty("email")).toBeNull();
  });

  it("keeps a local number as text, since a tel: URI would need a country", () => {
    const local = { ...contacts[0], phone: "087 123 4567" };
    const { text } = contactVCardFile(local);
    expect(text).toContain("\r\nTEL;VALUE=text:087 123 4567\r\n");
    const card = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
    expect(card.getFirstPropertyValue("tel")).toBe("087 123 4567");
  });

  it("writes the contacts shown into contacts.vcf, in list order", () => {
    const { filename, text } = contactsVCardFile(contacts);
    expect(filename).toBe("contacts.vcf");
    const cards = (ICAL.parse(text) as unknown as unknown[][]).map((jcard) => new ICAL.Component(jcard));
    expect(cards.map((card) => card.getFirstPropertyValue("uid"))).toEqual(contacts.map((contact) => contact.id));
  });
});

describe("rows from the server", () => {
  const row = {
    id: "c1",
    name: "Aoife",
    role: "Booker",
    email: null,
    phone: "087",
    created_at: "2025-01-02T09:00:00+00:00",
    version: 2,
    updated_at: "2025-01-03T09:00:00+00:00",
  };

  it("are kept with their version when well formed", () => {
    expect(toContacts([row])).toEqual([row]);
  });

  it("drop a row without an id, a name, a role or a version, instead of breaking the list", () => {
    expect(
      toContacts([
        row,
        null,
        "text",
        { ...row, id: 7 },
        { ...row, name: null },
        { ...row, role: undefined },
        { ...row, version: "2" },
        { ...row, version: 0 },
      ]),
    ).toEqual([row]);
    expect(toContacts({ rows: [row] })).toEqual([]);
  });

  it("read a non-text e-mail or phone as empty", () => {
    expect(toContacts([{ ...row, email: 5, phone: { x: 1 } }])[0]).toMatchObject({ email: null, phone: null });
  });
});

describe("a contact's history", () => {
  const version = (n: number, values: Partial<ContactVersion> = {}): ContactVersion => ({
    contactId: "c1",
    version: n,
    name: "Aoife",
    role: "Booker",
    email: null,
    phone: null,
    writtenAt: `2025-01-0${n}T09:00:00+00:00`,
    replacedAt: `2025-01-0${n + 1}T09:00:00+00:00`,
    ...values,
  });
  const current: Contact = { id: "c1", name: "Aoife", role: "Manager", email: "a@x.ie", phone: null, version: 3 };

  it("reads history rows newest first and drops malformed ones", () => {
    const rows = [1, 2].map((n) => ({
      contact_id: "c1",
      version: n,
      name: "Aoife",
      role: "Booker",
      email: null,
      phone: null,
      written_at: `2025-01-0${n}T09:00:00+00:00`,
      replaced_at: `2025-01-0${n + 1}T09:00:00+00:00`,
    }));
    expect(toContactVersions([...rows, { ...rows[0], version: null }, { ...rows[0], replaced_at: 1 }])).toEqual([
      version(2),
      version(1),
    ]);
  });

  it("says which fields the change after each version replaced", () => {
    const older = version(1, { name: "Aoife N" });
    const newer = version(2, { email: null });
    expect(historyEntries(current, [older, newer])).toEqual([
      { version: newer, changed: ["role", "email"] },
      { version: older, changed: ["name"] },
    ]);
  });

  it("names the changed fields in words", () => {
    expect(fieldList(["role"])).toBe("Role");
    expect(fieldList(["role", "email"])).toBe("Role and Email");
    expect(fieldList(["name", "role", "phone"])).toBe("Name, Role and Phone");
  });

  it("knows when a version holds the values the card has now", () => {
    expect(sameValues(version(1, { role: "Manager", email: "a@x.ie" }), current)).toBe(true);
    expect(sameValues(version(1), current)).toBe(false);
  });

  it("adds older pages below the versions shown, and knows when none are left", () => {
    const page = (from: number, to: number, more: boolean) => ({
      versions: Array.from({ length: from - to + 1 }, (_, i) => version(from - i)),
      more,
    });
    const shown = withOlderHistory(page(120, 71, true), page(70, 21, true));
    expect(shown.versions.map((v) => v.version)).toEqual(Array.from({ length: 100 }, (_, i) => 120 - i));
    expect(shown.more).toBe(true);
    expect(withOlderHistory(shown, page(20, 1, false)).more).toBe(false);
  });

  it("keeps the older versions shown when the contact changes, unless more than a page came meanwhile", () => {
    const page = (from: number, to: number, more: boolean) => ({
      versions: Array.from({ length: from - to + 1 }, (_, i) => version(from - i)),
      more,
    });
    const shown = { versions: page(100, 1, false).versions, more: false };
    const after = withNewestHistory(shown, page(101, 52, true));
    expect(after.versions.map((v) => v.version)).toEqual(Array.from({ length: 101 }, (_, i) => 101 - i));
    expect(after.more).toBe(false);
    // 200 new versions meanwhile: the pages no longer meet, so the newest page starts again.
    expect(withNewestHistory(shown, page(300, 251, true))).toEqual(page(300, 251, true));
    expect(withNewestHistory(null, page(5, 1, false))).toEqual(page(5, 1, false));
  });

  it("shows times to the second, and an unreadable time as it is", () => {
    expect(formatHistoryTime("2025-01-04T09:30:05Z")).toMatch(/^Jan \d, 2025, \d\d:30:05$/);
    expect(formatHistoryTime("soon")).toBe("soon");
  });
});

describe("searching many contacts", () => {
  it("finds the same contacts from precomputed keys as one by one", () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      person({ name: `Person ${i}`, role: i % 7 === 0 ? "Booker, Galway" : "Fiddler", phone: `+353 87 ${i}` }),
    );
    const index = many.map(searchable);
    for (const query of ["", "booker galway", "person 12", "0035387 49", "fiddler", "nobody"]) {
      expect(searchContacts(index, query)).toEqual(many.filter((contact) => contactMatches(contact, query)));
    }
  });

  it("offers the next page of a long list and says how many are not shown", () => {
    expect(showMoreLabel(4900)).toBe("Show 100 more (4,900 not shown yet)");
    expect(showMoreLabel(12)).toBe("Show 12 more (12 not shown yet)");
  });
});
