// The rules a show's row is checked by before the database checks it again: what each refusal says, as the
// /calendar forms say it beside a field and `npm run tour:import` in a line.
import { describe, expect, it } from "vitest";
import { showFieldProblems, timeZoneProblem } from "./show-rules.mjs";

/** A row the database takes. */
const row = {
  venue_name: "The Cornmarket Room",
  venue_street: "27 Thomas Street",
  venue_town: "Dublin",
  venue_county: "County Dublin",
  venue_postal_code: "D08 V6F3",
  venue_country: "IE",
  starts_at: "2027-07-10T19:00:00.000Z",
  time_zone: "Europe/Dublin",
  ticket_url: "https://tickets.example/orla-quinlan",
  ticket_kind: "ticket",
};

describe("a show's row, checked as the database checks it", () => {
  it("takes a row the database takes", () => {
    expect(showFieldProblems(row)).toEqual({});
  });

  it("says a ticket link whose site is one word (a paste cut short) needs the site's whole name, as shows_ticket_url_host", () => {
    for (const link of ["https://tickets", "https://x/orla", "https://localhost:8443/a.b"]) {
      expect(showFieldProblems({ ...row, ticket_url: link }), link).toEqual({
        ticket_url: "the site's whole name, with its dot: https://tickets.example.com",
      });
    }
    for (const link of ["https://tickets.example.com", "https://192.0.2.1/orla", "https://a.b.example:8443/x.y?z#w"]) {
      expect(showFieldProblems({ ...row, ticket_url: link }), link).toEqual({});
    }
  });

  it("says tickets on sale at or after the doors must go on sale before them, as shows_on_sale_before_doors", () => {
    const tickets = { price: 18, currency: "EUR" };
    expect(showFieldProblems({ ...row, ...tickets, on_sale_at: "2027-07-10T19:00:00.000Z" })).toEqual({
      on_sale_at: "before the doors",
    });
    expect(showFieldProblems({ ...row, ...tickets, on_sale_at: "2028-07-01T09:00:00.000Z" })).toEqual({
      on_sale_at: "before the doors",
    });
    expect(showFieldProblems({ ...row, ...tickets, on_sale_at: "2027-07-10T18:59:59.000Z" })).toEqual({});
    expect(showFieldProblems({ ...row, ...tickets, on_sale_at: null })).toEqual({});
  });

  it("says how long a line too long is, beside its limit, so a person knows how much to take out", () => {
    expect(
      showFieldProblems({ ...row, venue_name: "v".repeat(236), venue_postal_code: "D08 V6F3 D08 V6F3 D08" }),
    ).toEqual({
      venue_name: "at most 200 characters (this has 236)",
      venue_postal_code: "at most 20 characters (this has 21)",
    });
    expect(showFieldProblems({ ...row, venue_name: "v".repeat(200) })).toEqual({});
  });

  it("says a line with a line break or a hidden character is not plain text on one line", () => {
    expect(showFieldProblems({ ...row, venue_street: "27 Thomas Street\nDublin 8" })).toEqual({
      venue_street: "one line of plain text: this has a line break or a hidden character",
    });
  });

  it("says a ticket link with a space inside it has one, not only that it must start with https://", () => {
    expect(showFieldProblems({ ...row, ticket_url: "https://tickets.example/orla quinlan" })).toEqual({
      ticket_url: "has a space in it: a web address has none (copy it again from the ticket page)",
    });
    expect(showFieldProblems({ ...row, ticket_url: "http://tickets.example/orla" })).toEqual({
      ticket_url: "a whole address starting with https://",
    });
    // Words before the address: the space is not what is wrong, and is not said.
    expect(showFieldProblems({ ...row, ticket_url: "Tickets: https://tickets.example/orla" })).toEqual({
      ticket_url: "a whole address starting with https://",
    });
    expect(showFieldProblems({ ...row, ticket_url: `https://tickets.example/${"a".repeat(1990)}` })).toEqual({
      ticket_url: "at most 2000 characters (this has 2014)",
    });
  });

  it("says a time zone with a space for its underscore has a space in it", () => {
    expect(showFieldProblems({ ...row, time_zone: "America/New York" })).toEqual({
      time_zone: "has a space in it: a time zone's name has none, as America/New_York",
    });
    expect(timeZoneProblem("IST")).toBe("a time zone's name, as Europe/Dublin or Europe/London");
    // Words that are no zone's name with an underscore either: the space is not what is wrong.
    expect(timeZoneProblem("Irish time")).toBe("a time zone's name, as Europe/Dublin or Europe/London");
  });
});
