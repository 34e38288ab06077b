import { describe, expect, it } from "vitest";
import { lookalikeDomain, lookalikeWarning } from "./contacts.lookalike";

describe("an e-mail whose domain looks like another", () => {
  it("is found when Latin letters are mixed with a Cyrillic one, and shown in punycode", () => {
    // The first "о" is Cyrillic.
    const found = lookalikeDomain("booker@\u043erlaquinlan.example");
    expect(found).toEqual({
      domain: "\u043erlaquinlan.example",
      scripts: ["Latin", "Cyrillic"],
      ascii: new URL("http://\u043erlaquinlan.example").hostname,
    });
    expect(found?.ascii).toMatch(/^xn--rlaquinlan-[a-z0-9]+\.example$/);
    expect(lookalikeWarning(found!)).toBe(
      "The domain mixes Latin and Cyrillic letters, so it may not be the address it looks like.",
    );
  });

  it("is found with Greek look-alikes too, and across the labels of the domain", () => {
    // A Greek omicron; then a label all Cyrillic beside a Latin one.
    expect(lookalikeDomain("press@g\u03bfogle.com")?.scripts).toEqual(["Latin", "Greek"]);
    expect(lookalikeDomain("a@\u0430\u0440\u0440\u04cf\u0435.com")?.ascii).toBe("xn--80ak6aa92e.com");
    expect(lookalikeDomain("a@l\u0430tin.\u03b5\u03bb")?.scripts).toEqual(["Latin", "Cyrillic", "Greek"]);
  });

  it("is not an address in one script, accented Latin, or a look-alike only before the @", () => {
    for (const email of [
      "aoife@orlaquinlan.example",
      "siobhan@ceol.ie",
      "seán@fáilte.ie",
      "\u0438\u0432\u0430\u043d@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444",
      "\u03b1@\u03b5\u03bb\u03bb\u03ac\u03b4\u03b1.\u03b5\u03bb",
      "b\u043eoker@orlaquinlan.example",
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
