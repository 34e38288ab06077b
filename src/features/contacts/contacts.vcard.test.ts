import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { readVCardStrictly } from "../../test/vcard-reader";
import type { Contact } from "./contacts";
import { contactsVCardFile, contactVCardFile } from "./contacts.vcard";

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
    // Read strictly: ical.js would keep the backslash of the escaped semicolon.
    const card = readVCardStrictly(text);
    expect(card.get("FN")?.fields).toEqual([['Brian; "The Fixer", Walsh']]);
    expect(card.get("TITLE")?.fields).toEqual([["Press\nand radio"]]);
    expect(card.get("TEL")?.fields).toEqual([["ring the office"]]);
    expect(card.has("EMAIL")).toBe(false);
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
