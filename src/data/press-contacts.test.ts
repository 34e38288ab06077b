import { describe, expect, it } from "vitest";
import { mailtoHref, pressContacts, telHref } from "./press-contacts";

describe("press contacts", () => {
  it("lists booking, press and management, once each", () => {
    expect(pressContacts.contacts.map((contact) => contact.role)).toEqual(["Booking", "Press", "Management"]);
  });

  it("gives every contact a name, a company and a well-formed e-mail link", () => {
    for (const contact of pressContacts.contacts) {
      expect(contact.name.trim(), contact.role).not.toBe("");
      expect(contact.company.trim(), contact.role).not.toBe("");
      expect(contact.email, contact.role).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i);
      expect(contact.mailto, contact.role).toBe(`mailto:${contact.email}`);
    }
  });

  it("links every phone number given as a tel: href in E.164 form with the same digits", () => {
    const withPhone = pressContacts.contacts.filter((contact) => contact.phone !== undefined);
    expect(withPhone.length).toBeGreaterThan(0);
    for (const contact of withPhone) {
      expect(contact.tel, contact.role).toMatch(/^tel:\+[1-9]\d{6,14}$/);
      expect(contact.tel!.replace(/\D/g, ""), contact.role).toBe(contact.phone!.replace(/\D/g, ""));
    }
    for (const contact of pressContacts.contacts.filter((contact) => contact.phone === undefined)) {
      expect(contact.tel, contact.role).toBeUndefined();
    }
  });
});

describe("tel href", () => {
  it("drops the spaces, brackets and dashes people print", () => {
    expect(telHref("+353 (1) 555-0142")).toBe("tel:+35315550142");
    expect(telHref("+44 20 7946 0312")).toBe("tel:+442079460312");
  });

  it("refuses numbers that are not international, with a clear message", () => {
    for (const phone of ["020 7946 0312", "+0 123 4567", "+44 20 7946 0312 ext 5", "+1234567890123456", ""]) {
      expect(() => telHref(phone), phone).toThrow(/is not an international phone number/);
    }
  });
});

describe("mailto href", () => {
  it("refuses malformed or hostile addresses, with a clear message", () => {
    for (const email of [
      "press",
      "press@",
      "@tidewaterpr.example",
      "a b@c.example",
      "x@y",
      "a@b.example?cc=all@x.example",
    ]) {
      expect(() => mailtoHref(email), email).toThrow(/is not an e-mail address/);
    }
  });
});
