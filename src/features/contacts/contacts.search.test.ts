import { describe, expect, it } from "vitest";
import type { Contact } from "./contacts";
import {
  contactCount,
  contactMatches,
  filterContacts,
  namedAlike,
  noMatchMessage,
  phoneSearchKey,
  searchable,
  searchContacts,
  searchText,
  showMoreLabel,
} from "./contacts.search";

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
    expect(names("87 123")).toEqual(["Brian Walsh"]);
    expect(names("(87)1234567")).toEqual(["Brian Walsh"]);
    expect(names("123-45-67")).toEqual(["Brian Walsh"]);
    expect(names("4567")).toEqual(["Brian Walsh"]);
    expect(names("7946 0018")).toEqual(["Zoë Łukasz"]);
  });

  it("finds a number kept with its country code when it is typed as dialled at home, its 0 first", () => {
    expect(names("087")).toEqual(["Brian Walsh"]);
    expect(names("087 123 4567")).toEqual(["Brian Walsh"]);
    expect(names("(087) 123-45")).toEqual(["Brian Walsh"]);
    expect(names("020 7946")).toEqual(["Zoë Łukasz"]);
    expect(names("booker 087")).toEqual(["Brian Walsh"]);
    // Ireland's code has three digits, so 353 is the code and 87 the number: 053 (Wexford) 871 is another line.
    expect(names("053 871")).toEqual([]);
    // Only the start of the number at home: 0123 is not "87 123".
    expect(names("0123")).toEqual([]);
  });

  it("finds a number kept as dialled at home when it is typed with its country code", () => {
    const niamh = person({ name: "Niamh Daly", phone: "087 123 4567" });
    const office = person({ name: "Ceol Office", phone: "(01) 555 0199" });
    const listed = (query: string) => filterContacts([niamh, office], query).map((contact) => contact.name);
    expect(listed("+353 87 123 4567")).toEqual(["Niamh Daly"]);
    expect(listed("+353871234567")).toEqual(["Niamh Daly"]);
    expect(listed("0035387")).toEqual(["Niamh Daly"]);
    expect(listed("+353 1 555 0199")).toEqual(["Ceol Office"]);
    expect(listed("+353 86")).toEqual([]);
  });

  it("compares two numbers that both have a country code whole: the code is part of the number", () => {
    expect(names("+44 87 123")).toEqual([]);
    expect(names("+33 20 7946")).toEqual([]);
    expect(names("+44 20 7946")).toEqual(["Zoë Łukasz"]);
  });

  it("takes a phone's curly apostrophe for a straight one, either way round", () => {
    const declan = person({ name: "Declan O'Rourke" });
    const aine = person({ name: "Áine O’Brien" });
    const listed = (query: string) => filterContacts([declan, aine], query).map((contact) => contact.name);
    expect(listed("O’Rourke")).toEqual(["Declan O'Rourke"]);
    expect(listed("o'brien")).toEqual(["Áine O’Brien"]);
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

describe("a name already in the directory", () => {
  const ciara = person({ name: "Ciara Walsh", role: "Booking agent" });
  const index = [ciara, person({ name: "Ciara Walshe" }), person({ name: "Walsh", role: "Ciara Walsh's manager" })].map(
    searchable,
  );

  it("is found however the name is typed again: case, accents, spaces", () => {
    for (const typed of ["Ciara Walsh", "  ciara   WALSH ", "Cíara Walsh"]) {
      expect(namedAlike(index, typed), typed).toEqual([ciara]);
    }
  });

  it("is not a longer or shorter name, a name in another field, or nothing typed yet", () => {
    for (const typed of ["Ciara", "Ciara Walsh Jr", "", "   "]) expect(namedAlike(index, typed), typed).toEqual([]);
  });
});
