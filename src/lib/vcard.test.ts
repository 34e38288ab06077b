import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { readVCardsStrictly, readVCardStrictly } from "../test/vcard-reader";
import { escapeText, vCard, vCardFileName, vCards, type VCardPerson } from "./vcard";

const octets = (line: string) => new TextEncoder().encode(line).length;

/** Parses one vCard back with ical.js, as an address book would read it. */
function parseOne(text: string) {
  const jcard = ICAL.parse(text);
  const component = new ICAL.Component(jcard as unknown as unknown[]);
  const value = (name: string) => component.getFirstPropertyValue(name);
  return { component, value, type: (name: string) => component.getFirstProperty(name)?.type };
}

const aoife: VCardPerson = {
  uid: "1735689600000AbCdEfGhI",
  formattedName: "Aoife Ní Bhriain",
  title: "Booker",
  email: "aoife@example.ie",
  telUri: "tel:+353871234567",
};

describe("a vCard", () => {
  it("is vCard 4.0 with the name, job title, e-mail, phone and a stable id", () => {
    const text = vCard(aoife);
    expect(text.split("\r\n")).toEqual([
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Aoife Ní Bhriain",
      "N:Ní Bhriain;Aoife;;;",
      "TITLE:Booker",
      "EMAIL:aoife@example.ie",
      "TEL;VALUE=uri:tel:+353871234567",
      "UID;VALUE=text:1735689600000AbCdEfGhI",
      "END:VCARD",
      "",
    ]);
    const card = parseOne(text);
    expect(card.value("version")).toBe("4.0");
    expect(card.value("fn")).toBe("Aoife Ní Bhriain");
    expect(card.value("n")).toEqual(["Ní Bhriain", "Aoife", "", "", ""]);
    expect(card.value("title")).toBe("Booker");
    expect(card.value("email")).toBe("aoife@example.ie");
    expect(card.value("tel")).toBe("tel:+353871234567");
    expect(card.type("tel")).toBe("uri");
    expect(card.value("uid")).toBe("1735689600000AbCdEfGhI");
  });

  it("uses CRLF line breaks only, ending with one", () => {
    const text = vCard(aoife);
    expect(text.endsWith("END:VCARD\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("leaves out e-mail and phone when there are none", () => {
    const text = vCard({ uid: "1", formattedName: "Brian", title: "Press", email: null, telUri: null, telText: " " });
    expect(text).not.toMatch(/EMAIL|TEL/);
    expect(parseOne(text).value("n")).toEqual(["", "Brian", "", "", ""]);
  });

  it("writes further text properties after the phone, escaped, and leaves out empty ones", () => {
    const text = vCard({
      ...aoife,
      more: [
        { property: "NOTE", value: "Books; the Cork shows\nonly" },
        { property: "URL", value: "  " },
      ],
    });
    expect(text.split("\r\n").slice(6, 8)).toEqual([
      "TEL;VALUE=uri:tel:+353871234567",
      "NOTE:Books\\; the Cork shows\\nonly",
    ]);
    expect(text).not.toContain("URL");
    expect(readVCardStrictly(text).get("NOTE")?.fields).toEqual([["Books; the Cork shows\nonly"]]);
  });

  it("keeps a phone that is not just a number as text", () => {
    const card = parseOne(vCard({ ...aoife, telUri: null, telText: "087 123 4567 (after 6pm)" }));
    expect(card.type("tel")).toBe("text");
    expect(card.value("tel")).toBe("087 123 4567 (after 6pm)");
  });

  it("round-trips hostile text: commas, semicolons, backslashes, line breaks and markup", () => {
    const person: VCardPerson = {
      uid: "id;with,odd\\chars",
      formattedName: 'Róisín "Ro" O\'Neill, MBE; \\ the\r\nsecond line',
      title: "Press;\nEND:VCARD\nBEGIN:VCARD\nFN:Injected",
      email: "a@b.c?bcc=x,y;z",
      telText: "javascript:alert(1)",
    };
    const text = vCard(person);
    // One card: the line breaks in values are escaped, never real lines.
    expect(text.match(/^BEGIN:VCARD$/gm)).toHaveLength(1);
    expect(text.match(/^END:VCARD\r$/gm)).toHaveLength(1);
    // Read strictly, every text value is one field of one value, exactly as given.
    const card = readVCardStrictly(text);
    expect(card.get("FN")?.fields).toEqual([['Róisín "Ro" O\'Neill, MBE; \\ the\nsecond line']]);
    expect(card.get("TITLE")?.fields).toEqual([["Press;\nEND:VCARD\nBEGIN:VCARD\nFN:Injected"]]);
    expect(card.get("EMAIL")?.fields).toEqual([["a@b.c?bcc=x,y;z"]]);
    expect(card.get("TEL")?.fields).toEqual([["javascript:alert(1)"]]);
    expect(card.get("UID")?.fields).toEqual([["id;with,odd\\chars"]]);
    expect(parseOne(text).component.getAllProperties("fn")).toHaveLength(1);
  });

  it("escapes semicolons and commas in every text value, so a strict reader never splits one", () => {
    // What a strict reader makes of a bare semicolon: two fields, the name cut in two.
    const bare = readVCardStrictly("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Doe; Jane\\, Jr.\r\nEND:VCARD\r\n");
    expect(bare.get("FN")?.fields).toEqual([["Doe"], [" Jane, Jr."]]);

    const text = vCard({
      uid: "1",
      formattedName: "Doe; Jane, Jr.",
      title: "Agent; EU, UK",
      telText: "ext. 5; ask, Ann",
    });
    const lines = text.split("\r\n");
    expect(lines).toContain("FN:Doe\\; Jane\\, Jr.");
    expect(lines).toContain("TITLE:Agent\\; EU\\, UK");
    expect(lines).toContain("TEL;VALUE=text:ext. 5\\; ask\\, Ann");
    const card = readVCardStrictly(text);
    expect(card.get("FN")?.fields).toEqual([["Doe; Jane, Jr."]]);
    expect(card.get("TITLE")?.fields).toEqual([["Agent; EU, UK"]]);
    expect(card.get("TEL")?.fields).toEqual([["ext. 5; ask, Ann"]]);
  });

  it("escapes the structured name's separators inside its parts", () => {
    const text = vCard({ uid: "1", formattedName: "Anne-Marie Smith;Jones, Jr" });
    expect(text).toContain("\r\nN:Smith\\;Jones;Anne-Marie;;;Jr\r\n");
    expect(readVCardStrictly(text).get("N")?.fields).toEqual([["Smith;Jones"], ["Anne-Marie"], [""], [""], ["Jr"]]);
  });

  it("drops control characters, which a vCard cannot hold", () => {
    const card = parseOne(vCard({ uid: "1", formattedName: "Bell\u0007 and\u0000 tab\there" }));
    expect(card.value("fn")).toBe("Bell and tab\there");
  });

  it("reads Unicode's line and paragraph separators as line breaks, and drops the C1 control characters", () => {
    const text = vCard({ uid: "1", formattedName: "Dara", title: "Piper\u2028Tin whistle\u2029Bodhrán\u0085" });
    expect(text).not.toMatch(/[\u2028\u2029\u0085]/);
    expect(parseOne(text).value("title")).toBe("Piper\nTin whistle\nBodhrán");
  });

  it("folds long accented and emoji lines at 75 octets without splitting a character", () => {
    const name = `${"Seosaimhín Ní Mhaolchatha-Úlfarsdóttir ".repeat(4)}🎻🎶👩🏽‍🎤 Ó Súilleabháin`;
    const title = `${"Fear fuaime agus léiritheoir ⚡ ".repeat(6)}`.trim();
    const text = vCard({ uid: "1", formattedName: name, title, email: "seosaimhin@ceol.ie" });
    const lines = text.split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of lines) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A split UTF-8 sequence would show up as a replacement character when decoded.
      expect(line).not.toContain("\uFFFD");
    }
    const card = parseOne(text);
    expect(card.value("fn")).toBe(name);
    expect(card.value("title")).toBe(title);
    // The emoji are in the name as written, not in the given name an address book sorts by.
    expect(card.value("n")).toEqual(["Ó Súilleabháin", name.replace(/ 🎻🎶👩🏽‍🎤 Ó Súilleabháin$/, ""), "", "", ""]);
  });

  it("folds a line split inside an escape and still reads it back", () => {
    // 70 octets of text, then escapes across the fold.
    const name = `${"x".repeat(70)}\\,\n;`;
    const text = vCard({ uid: "1", formattedName: name });
    expect(text.split("\r\n").every((line) => octets(line) <= 75)).toBe(true);
    expect(readVCardStrictly(text).get("FN")?.fields).toEqual([[name]]);
  });
});

describe("escaping", () => {
  it("escapes backslash, comma, semicolon and newline", () => {
    expect(escapeText("a\\b,c;d\ne\r\nf\rg")).toBe("a\\\\b\\,c\\;d\\ne\\nf\\ng");
  });

  it("replaces a lone surrogate instead of writing broken UTF-8", () => {
    expect(escapeText("a\uD83Cb")).toBe("a\uFFFDb");
    expect(escapeText("🎻")).toBe("🎻");
  });
});

describe("several vCards", () => {
  it("are one file of cards in order, which ical.js reads as a list", () => {
    const people = [aoife, { uid: "2", formattedName: "Brian Ó Dálaigh", title: "Press" }];
    const parsed = ICAL.parse(vCards(people)) as unknown as unknown[][];
    expect(parsed).toHaveLength(2);
    expect(parsed.map((jcard) => new ICAL.Component(jcard).getFirstPropertyValue("fn"))).toEqual([
      "Aoife Ní Bhriain",
      "Brian Ó Dálaigh",
    ]);
  });

  it("are as many cards as people for a strict reader too", () => {
    const cards = readVCardsStrictly(vCards([aoife, { uid: "2", formattedName: "Doe; Jane, Jr." }]));
    expect(cards.map((card) => card.find((property) => property.name === "FN")?.fields)).toEqual([
      [["Aoife Ní Bhriain"]],
      [["Doe; Jane, Jr."]],
    ]);
  });

  it("are an empty file for nobody", () => {
    expect(vCards([])).toBe("");
  });
});

describe("vCard file names", () => {
  it("are the name in lower case with dashes, accents dropped", () => {
    expect(vCardFileName("Aoife Ní Bhriain")).toBe("aoife-ni-bhriain.vcf");
    expect(vCardFileName("  Róisín O'Neill & the Band!  ")).toBe("roisin-o-neill-the-band.vcf");
  });

  it("never hold a path, a dot file or a character a file system refuses", () => {
    for (const hostile of ["../../etc/passwd", ".bashrc", 'a<b>c:d"e/f\\g|h?i*j', "name\u0000.vcf\r\n"]) {
      const name = vCardFileName(hostile);
      expect(name).toMatch(/^[\p{L}\p{N}][\p{L}\p{N}-]*\.vcf$/u);
    }
  });

  it("keep letters of any script and fall back to a plain name when nothing is left", () => {
    expect(vCardFileName("王芳")).toBe("王芳.vcf");
    expect(vCardFileName("🎻🎶")).toBe("contact.vcf");
    expect(vCardFileName("", "contacts")).toBe("contacts.vcf");
  });

  it("avoid the names Windows reserves, and stay short", () => {
    expect(vCardFileName("Con")).toBe("con-contact.vcf");
    expect(vCardFileName("NUL")).toBe("nul-contact.vcf");
    const long = vCardFileName("Seosaimhín ".repeat(20));
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^seosaimhin(-seosaimhin)*\.vcf$/);
  });
});
