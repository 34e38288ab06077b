// A show's lines and ticket link as the form and the tour import check them, agreeing with the database's checks
// of what cannot be seen (supabase/tests/shows-events-text.test.ts): a line that shows nothing is no line, one
// with a line separator is not one line, and a ticket link with an invisible character is named so.
import { describe, expect, it } from "vitest";
import { showFieldProblems } from "./show-rules.mjs";

const row = {
  venue_name: "Tigh Ó Sé",
  venue_street: "Sráid an Droichid",
  venue_town: "Baile Átha Cliath",
  venue_county: "County Dublin",
  venue_postal_code: "D08 V6F3",
  venue_country: "IE",
  starts_at: "2027-07-10T19:00:00.000Z",
  time_zone: "Europe/Dublin",
  ticket_url: "https://tickets.example/ó-sé",
  ticket_kind: "ticket",
};

describe("a show's text that cannot be seen", () => {
  it("takes ordinary names with fadas", () => {
    expect(showFieldProblems(row)).toEqual({});
  });

  it("says a line that shows nothing is required, as an empty one", () => {
    for (const venue_name of [
      "\u200b\u200b",
      "\u00a0",
      "\u2028",
      "\u{E0041}",
      "\u0301",
      "\u2800",
      "\u3164",
      "\u00ad",
    ]) {
      expect(showFieldProblems({ ...row, venue_name }), JSON.stringify(venue_name)).toEqual({ venue_name: "required" });
    }
    expect(showFieldProblems({ ...row, venue_postal_code: "\u200b" })).toEqual({ venue_postal_code: "required" });
  });

  it("says a line with a line separator is not one line of plain text", () => {
    expect(showFieldProblems({ ...row, venue_town: "Baile\u2028Átha Cliath" })).toEqual({
      venue_town: "one line of plain text: this has a line break or a hidden character",
    });
  });

  it("names the invisible characters in a ticket link", () => {
    expect(showFieldProblems({ ...row, ticket_url: "https://tickets.example/\u200b" })).toEqual({
      ticket_url: "has hidden characters in it (U+200B): a web address has none (copy it again from the ticket page)",
    });
    expect(showFieldProblems({ ...row, ticket_url: "https://tickets.example/\u202eabc" }).ticket_url).toMatch(
      /U\+202E/,
    );
    // A space beside them is not all that is wrong: the invisible one is named, not the space alone.
    expect(showFieldProblems({ ...row, ticket_url: "https://tickets.example/a b\u200b" }).ticket_url).toBe(
      "has hidden characters in it (U+200B): a web address has none (copy it again from the ticket page)",
    );
  });
});
