// How a vCard files a person's name (the N property): which word is the family name, in the names an
// Irish, European or East Asian address book holds, read back by a strict reader.
import { describe, expect, it } from "vitest";
import { readVCardStrictly } from "../test/vcard-reader";
import { structuredName, vCard } from "./vcard";

/** The N line of one person's card as a strict reader splits it: family, given, additional, prefixes, suffixes. */
const nameParts = (formattedName: string) =>
  readVCardStrictly(vCard({ uid: "1", formattedName }))
    .get("N")
    ?.fields.map((values) => values.join("|"));

/** Each name's N parts as expected (several values of a part joined by "|"). */
function expectNameParts(table: Record<string, string[]>) {
  expect(Object.fromEntries(Object.keys(table).map((name) => [name, nameParts(name)]))).toEqual(table);
}

describe("the structured name", () => {
  it("splits the last word off as the family name, with Irish and European particles", () => {
    const plain = { prefixes: [], suffixes: [] };
    expect(structuredName("Orla Quinlan")).toEqual({ family: "Quinlan", given: "Orla", ...plain });
    expect(structuredName("Seán Ó Riada")).toEqual({ family: "Ó Riada", given: "Seán", ...plain });
    expect(structuredName("Mary Anne Mac an tSaoi")).toEqual({ family: "Mac an tSaoi", given: "Mary Anne", ...plain });
    expect(structuredName("Ludwig van der Rohe")).toEqual({ family: "van der Rohe", given: "Ludwig", ...plain });
    expect(structuredName("Gabriel García de la Torre")).toEqual({
      family: "de la Torre",
      given: "Gabriel García",
      ...plain,
    });
    expect(structuredName("De Niro")).toEqual({ family: "Niro", given: "De", ...plain });
  });

  it("gives a one-word name as the given name only", () => {
    expectNameParts({ "  Cher  ": ["", "Cher", "", "", ""], "Bono.": ["", "Bono.", "", "", ""] });
  });

  it("never files a name under its suffix: the suffix has its own part", () => {
    expectNameParts({
      "Jane Doe, Jr.": ["Doe", "Jane", "", "", "Jr."],
      "Martin Luther King Jr.": ["King", "Martin Luther", "", "", "Jr."],
      "John Smith III": ["Smith", "John", "", "", "III"],
      "Siobhán Ní Dhuinn, PhD, MBE": ["Ní Dhuinn", "Siobhán", "", "", "PhD|MBE"],
      "Dr. Aoife Byrne": ["Byrne", "Aoife", "", "Dr.", ""],
    });
  });

  it("never files a name under an emoji or other decoration", () => {
    expectNameParts({
      "Aoife Byrne 🎻": ["Byrne", "Aoife", "", "", ""],
      "Aoife Byrne🎻": ["Byrne", "Aoife", "", "", ""],
      "🎤 Orla Quinlan ❤️": ["Quinlan", "Orla", "", "", ""],
      "Dara 👩🏽‍🎤": ["", "Dara", "", "", ""],
      "🎻🎶": ["", "", "", "", ""],
    });
  });

  it("reads 'Family, Given' when one family name comes before the comma", () => {
    expectNameParts({
      "Doe, Jane": ["Doe", "Jane", "", "", ""],
      "Ní Bhriain, Aoife": ["Ní Bhriain", "Aoife", "", "", ""],
      "Doe, Jane, Jr.": ["Doe", "Jane", "", "", "Jr."],
    });
  });

  it("guesses no family name where a comma says nothing it knows", () => {
    expectNameParts({
      "Brian Walsh, the Fixer": ["", "Brian Walsh, the Fixer", "", "", ""],
      'Brian; "The Fixer", Walsh': ["", 'Brian; "The Fixer", Walsh', "", "", ""],
    });
  });

  it("writes Chinese, Japanese and Korean names family name first, and splits none it cannot tell", () => {
    expectNameParts({
      "山田 太郎": ["山田", "太郎", "", "", ""],
      "김 민준": ["김", "민준", "", "", ""],
      // Written without a space, the family name may be one character or two (欧阳): no guess.
      王芳: ["", "王芳", "", "", ""],
      欧阳娜娜: ["", "欧阳娜娜", "", "", ""],
    });
  });
});
