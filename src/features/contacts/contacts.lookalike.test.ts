import { describe, expect, it } from "vitest";
import { decodePunycode, lookalikeDomain, lookalikeWarning } from "./contacts.lookalike";

const WARNING = "The domain mixes Latin and Cyrillic letters, so it may not be the address it looks like.";
const DECODED_WARNING =
  "The domain mixes Latin and Cyrillic letters once decoded, so a mail app may show it as an address it is not.";

describe("an e-mail whose domain looks like another", () => {
  it("is found when Latin letters are mixed with a Cyrillic one, and shown in punycode", () => {
    // The first "о" is Cyrillic.
    const found = lookalikeDomain("booker@\u043erlaquinlan.example");
    expect(found).toEqual({
      domain: "\u043erlaquinlan.example",
      unicode: "\u043erlaquinlan.example",
      scripts: ["Latin", "Cyrillic"],
      ascii: new URL("http://\u043erlaquinlan.example").hostname,
      writtenInPunycode: false,
    });
    expect(found?.ascii).toMatch(/^xn--rlaquinlan-[a-z0-9]+\.example$/);
    expect(lookalikeWarning(found!)).toBe(WARNING);
  });

  it("is found when the domain is already in punycode, as a browser's e-mail field sends it, and decoded", () => {
    const found = lookalikeDomain("donal@xn--rlaquinlan-dvi.example");
    expect(found).toEqual({
      domain: "xn--rlaquinlan-dvi.example",
      unicode: "\u043erlaquinlan.example",
      scripts: ["Latin", "Cyrillic"],
      ascii: "xn--rlaquinlan-dvi.example",
      writtenInPunycode: true,
    });
    expect(lookalikeWarning(found!)).toBe(DECODED_WARNING);
    // Written in capitals, or with one label in punycode and a look-alike in another.
    expect(lookalikeDomain("a@XN--RLAQUINLAN-DVI.EXAMPLE")).toMatchObject({ unicode: "\u043eRLAQUINLAN.EXAMPLE" });
    expect(lookalikeDomain("a@mail.xn--80ak6aa92e.com")?.scripts).toEqual(["Latin", "Cyrillic"]);
    expect(lookalikeDomain("a@xn--hxakic4aa.ie")?.scripts).toEqual(["Latin", "Greek"]);
  });

  it("is found with Greek look-alikes too, and across the labels of the domain", () => {
    // A Greek omicron; then a label all Cyrillic beside a Latin one.
    expect(lookalikeDomain("press@g\u03bfogle.com")?.scripts).toEqual(["Latin", "Greek"]);
    expect(lookalikeDomain("a@\u0430\u0440\u0440\u04cf\u0435.com")?.ascii).toBe("xn--80ak6aa92e.com");
    expect(lookalikeDomain("a@l\u0430tin.\u03b5\u03bb")?.scripts).toEqual(["Latin", "Cyrillic", "Greek"]);
  });

  it("is not an address in one script, accented Latin, or a look-alike only before the @, written either way", () => {
    for (const email of [
      "aoife@orlaquinlan.example",
      "siobhan@ceol.ie",
      "seán@fáilte.ie",
      "sean@xn--filte-sra.ie",
      "\u0438\u0432\u0430\u043d@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444",
      "ivan@xn--e1afmkfd.xn--p1ai",
      "\u03b1@\u03b5\u03bb\u03bb\u03ac\u03b4\u03b1.\u03b5\u03bb",
      "b\u043eoker@orlaquinlan.example",
      // Not punycode at all: left as written, so nothing to warn about.
      "a@xn--!!.example",
      "not an address",
      "",
      null,
    ]) {
      expect(lookalikeDomain(email), String(email)).toBeNull();
    }
  });

  it("still warns when the domain is no domain at all, with no punycode to show", () => {
    expect(lookalikeDomain("a@\u043erla quinlan.example")).toMatchObject({ ascii: null });
  });
});

describe("decoding punycode (RFC 3492)", () => {
  it("decodes the RFC's own samples, upper-case letters kept", () => {
    // Section 7.1, (B) Chinese (simplified), (L) and (M) Japanese.
    expect(decodePunycode("ihqwcrb4cv8a8dqg056pqjye")).toBe("\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587");
    expect(decodePunycode("3B-ww4c5e180e575a65lsy2b")).toBe("3\u5e74B\u7d44\u91d1\u516b\u5148\u751f");
    expect(decodePunycode("-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n")).toBe(
      "\u5b89\u5ba4\u5948\u7f8e\u6075-with-SUPER-MONKEYS",
    );
  });

  it("undoes what the browser's own encoder writes, letters beyond the first plane included", () => {
    for (const label of [
      "bücher",
      "\u043erlaquinlan",
      "\u0430\u0440\u0440\u04cf\u0435",
      "ελλάδα",
      "😀",
      "a😀b\u00e9c",
    ]) {
      const ascii = new URL(`http://${label}.example`).hostname.split(".")[0];
      expect(ascii.startsWith("xn--"), ascii).toBe(true);
      expect(decodePunycode(ascii.slice(4)), ascii).toBe(label.toLowerCase());
    }
  });

  it("refuses what is not punycode: a character that is no digit, a cut-off number, one too large", () => {
    for (const bad of ["!!", "a-b_c", "rlaquinlan-d", "99999999999", "-", "é-dvi"]) {
      expect(decodePunycode(bad), bad).toBeNull();
    }
  });
});
