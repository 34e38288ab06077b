import { describe, expect, it } from "vitest";
import {
  addressPieces,
  csvField,
  csvFilename,
  formatSignupDate,
  interestShort,
  refusedSignupsText,
  heldSignupsText,
  signupCount,
  signupsCsv,
  toFanSignups,
  toRefusedCount,
  type FanSignup,
} from "./fans";

const signup = (email: string, overrides: Partial<FanSignup> = {}): FanSignup => ({
  id: email,
  email,
  interest: "all",
  created_at: "2025-03-07T09:05:00+00:00",
  ...overrides,
});

describe("the sign-ups as CSV", () => {
  it("has a header row, one quoted row per sign-up in the order shown, and CRLF line ends", () => {
    expect(
      signupsCsv([
        signup("new@example.com", { interest: "tshirts", created_at: "2025-03-08T10:00:00+00:00" }),
        signup("old@example.com"),
      ]),
    ).toBe(
      '"email","wants","signed_up"\r\n' +
        '"new@example.com","T-shirts","2025-03-08T10:00:00+00:00"\r\n' +
        '"old@example.com","All news","2025-03-07T09:05:00+00:00"\r\n',
    );
  });

  it("doubles quotes and keeps commas and line breaks inside the field", () => {
    expect(csvField('say "hi", then\nbye')).toBe('"say ""hi"", then\nbye"');
  });

  it("never lets a spreadsheet read a field as a formula", () => {
    for (const dangerous of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvField(dangerous).startsWith(`"'`), JSON.stringify(dangerous)).toBe(true);
    }
    // An address that starts with one of those characters is kept whole, behind the apostrophe.
    expect(signupsCsv([signup("=cmd|'/c calc'!A1@example.com")])).toContain(`"'=cmd|'/c calc'!A1@example.com"`);
    expect(csvField("fan@example.com")).toBe('"fan@example.com"');
  });

  it("is named for the day it was downloaded, on the list's clock", () => {
    expect(csvFilename(new Date("2025-03-07T23:30:00Z"))).toBe("fan-signups-2025-03-07.csv");
    // Half past midnight in Dublin on 1 July, as the sign-ups beside it say, while it is still June in UTC.
    expect(csvFilename(new Date("2025-06-30T23:30:00Z"))).toBe("fan-signups-2025-07-01.csv");
  });
});

describe("the list's words", () => {
  it("counts sign-ups", () => {
    expect(signupCount(0)).toBe("0 sign-ups");
    expect(signupCount(1)).toBe("1 sign-up");
    expect(signupCount(12)).toBe("12 sign-ups");
  });

  it("says how many sign-ups an allowance refused in the last day, and none plainly", () => {
    expect(refusedSignupsText(0)).toBe("No sign-ups were refused in the last 24 hours.");
    expect(refusedSignupsText(1)).toBe(
      "1 sign-up was refused in the last 24 hours because too many came at once. Each was asked to try again in a minute.",
    );
    expect(refusedSignupsText(3)).toBe(
      "3 sign-ups were refused in the last 24 hours because too many came at once. Each was asked to try again in a minute.",
    );
    expect(refusedSignupsText(4213)).toMatch(/^4,213 sign-ups were refused /);
  });

  it("says why held sign-ups wait and what the team may do, for one and for many", () => {
    expect(heldSignupsText(1)).toBe(
      "1 sign-up came while too many arrived at once, so it was kept aside. Add it to the list if it looks real, or clear it.",
    );
    expect(heldSignupsText(1200)).toBe(
      "1,200 sign-ups came while too many arrived at once, so they were kept aside. Add them to the list if they look real, or clear them.",
    );
  });

  it("reads the refused count only as a whole number from 0 up", () => {
    expect(toRefusedCount(3)).toBe(3);
    expect(toRefusedCount(0)).toBe(0);
    expect(toRefusedCount("12")).toBe(12);
    for (const odd of [-1, 1.5, "3 sign-ups", null, undefined, [3], { count: 3 }])
      expect(toRefusedCount(odd)).toBeNull();
  });

  it("names the choice and dates it in Irish time", () => {
    expect(interestShort("tshirts")).toBe("T-shirts");
    expect(interestShort("all")).toBe("All news");
    expect(formatSignupDate("2025-07-01T08:05:00Z")).toBe("Jul 1, 2025, 09:05");
  });
});

describe("reading sign-ups from the server", () => {
  it("keeps good rows and drops ones that would break the list", () => {
    const good = { id: "a1", email: "fan@example.com", interest: "tshirts", created_at: "2025-03-07T09:05:00+00:00" };
    expect(
      toFanSignups([
        good,
        { ...good, id: 7, interest: "vinyl" },
        { ...good, id: "no-date", created_at: "soon" },
        { ...good, id: "no-address", email: "" },
        { ...good, id: null },
        { ...good, id: "no-choice", interest: null },
        "a string",
        null,
      ]),
    ).toEqual([
      good,
      // A choice this version does not know still shows, as stored.
      { ...good, id: "7", interest: "vinyl" },
      { ...good, id: "no-choice", interest: "all" },
    ]);
  });

  it("reads anything but a list of rows as no sign-ups", () => {
    expect(toFanSignups(null)).toEqual([]);
    expect(toFanSignups({ email: "fan@example.com" })).toEqual([]);
  });
});

describe("an address on a narrow screen", () => {
  it("breaks after the @ and before each dot, never inside a word, and loses nothing", () => {
    expect(addressPieces("fan.three@example.com")).toEqual(["fan", ".three@", "example", ".com"]);
    expect(addressPieces("FAN@EXAMPLE.CO.UK").join("")).toBe("FAN@EXAMPLE.CO.UK");
    expect(addressPieces("noatsign")).toEqual(["noatsign"]);
  });
});
