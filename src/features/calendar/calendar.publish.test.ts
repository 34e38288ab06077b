import { describe, expect, it } from "vitest";
import {
  AVAILABILITIES,
  AVAILABILITY_WORDS,
  emptyShowDraft,
  idStem,
  rescheduleProblem,
  showFromDraft,
  type ShowDraft,
} from "./calendar.publish";

/** The moment the form is sent, in these tests. */
const NOW = new Date("2026-11-26T12:00:00Z");

const filled: ShowDraft = {
  ...emptyShowDraft,
  venueName: " The Cornmarket Room ",
  street: "27 Thomas Street",
  town: "Dún Laoghaire",
  county: "County Dublin",
  postalCode: "A96 X2P4",
  country: "ie",
  doors: "20:00",
  ticketUrl: "https://tickets.example/orla/dun-laoghaire",
};

describe("a show's id", () => {
  it("starts with the town, in plain lower-case letters", () => {
    expect(idStem("Dún Laoghaire")).toBe("dun-laoghaire");
    expect(idStem("  Newcastle-upon-Tyne!! ")).toBe("newcastle-upon-tyne");
    expect(idStem("Москва")).toBe("show");
  });
});

describe("the row a show form puts on the website", () => {
  it("is the venue, the doors as an instant in the venue's zone and the ticket link, trimmed", () => {
    const { row, problems } = showFromDraft(filled, "e1", "2027-07-10", NOW);
    expect(problems).toBeUndefined();
    expect(row).toEqual({
      id: "dun-laoghaire-2027-07-10",
      event_id: "e1",
      venue_name: "The Cornmarket Room",
      venue_street: "27 Thomas Street",
      venue_town: "Dún Laoghaire",
      venue_county: "County Dublin",
      venue_postal_code: "A96 X2P4",
      venue_country: "IE",
      starts_at: "2027-07-10T19:00:00.000Z",
      time_zone: "Europe/Dublin",
      ticket_url: "https://tickets.example/orla/dun-laoghaire",
      ticket_kind: "ticket",
      price: null,
      currency: null,
      availability: null,
      on_sale_at: null,
    });
  });

  it("takes the tickets' price, currency, availability and on-sale time, in the venue's zone", () => {
    const { row } = showFromDraft(
      { ...filled, price: "12,50", currency: "eur", availability: "few-left", onSale: "2027-05-01T10:00" },
      "e1",
      "2027-07-10",
      NOW,
    );
    expect(row).toMatchObject({
      price: 12.5,
      currency: "EUR",
      availability: "few-left",
      on_sale_at: "2027-05-01T09:00:00.000Z",
    });
  });

  it("says each problem beside its field, as the database would refuse it", () => {
    const { problems } = showFromDraft(
      {
        ...filled,
        venueName: "  ",
        street: "x".repeat(201),
        country: "Irlande",
        ticketUrl: "http://tickets.example",
        price: "12.555",
        currency: "",
      },
      "e1",
      "2027-07-10",
      NOW,
    );
    expect(problems).toEqual({
      venueName: "required",
      street: "at most 200 characters (this has 201)",
      country: "a country, by its two letters (IE, GB, FR) or its name in English",
      ticketUrl: "a whole address starting with https://",
      price: "figures alone, with at most two after the point: 3500 or 12.50",
    });
  });

  it("reads a price with a point or a comma before its cents, and refuses figures grouped in thousands", () => {
    const priced = (price: string, currency = "EUR") =>
      showFromDraft({ ...filled, price, currency }, "e1", "2027-07-10", NOW);
    expect(priced("12,50").row?.price).toBe(12.5);
    expect(priced("12,5").row?.price).toBe(12.5);
    expect(priced("12.50").row?.price).toBe(12.5);
    expect(priced("3500", "JPY").row?.price).toBe(3500);
    // ¥3,500 is not put on the website as ¥3.50, nor €1.200 (German for 1200) as €1.20: the team member is asked.
    for (const grouped of ["3,500", "1.200", "1,200.50", "1.200,50", "12.555", "1,000,000"]) {
      expect(priced(grouped, "JPY").problems, grouped).toEqual({
        price: "figures alone, with at most two after the point: 3500 or 12.50",
      });
    }
    expect(priced("100000").problems).toEqual({ price: "from 0 to 99999.99" });
    expect(priced("99999.99").row?.price).toBe(99999.99);
  });

  it("says a doors time the clocks skip that day is not on the clock, not that it is no time", () => {
    const doors = (time: string, date: string) =>
      showFromDraft({ ...filled, doors: time }, "e1", date, NOW).problems?.doors;
    // Ireland's clocks go forward from 01:00 to 02:00 on March 28th 2027.
    expect(doors("01:30", "2027-03-28")).toBe("not on the clock that day in Europe/Dublin: the clocks go forward then");
    expect(doors("01:30", "2027-03-27")).toBeUndefined();
    expect(doors("02:30", "2027-03-28")).toBeUndefined();
    expect(doors("25:00", "2027-03-28")).toBe("a time of that day, as 20:00");
    // Tickets on sale at such a time are said so too.
    const onSale = (at: string) =>
      showFromDraft({ ...filled, price: "12", onSale: at }, "e1", "2027-07-10", NOW).problems?.onSale;
    expect(onSale("2027-03-28T01:30")).toBe("not on the clock that day in Europe/Dublin: the clocks go forward then");
    expect(onSale("2027-03-28T")).toBe("a date and time, or nothing");
  });

  it("refuses to move a show to doors the tickets are not yet on sale by", () => {
    const show = { starts_at: "2027-07-10T19:00:00Z", time_zone: "Europe/Dublin", on_sale_at: "2027-03-01T10:00:00Z" };
    expect(rescheduleProblem(show, "2027-03-01T10:00:00Z", NOW)).toBe("after the tickets go on sale");
    expect(rescheduleProblem(show, "2027-03-01T10:01:00Z", NOW)).toBeNull();
    expect(rescheduleProblem({ ...show, on_sale_at: null }, "2027-03-01T10:00:00Z", NOW)).toBeNull();
  });

  it("refuses tickets on sale from the doors on, a date fans would read after the show", () => {
    const onSale = (at: string) =>
      showFromDraft({ ...filled, price: "12", onSale: at }, "e1", "2027-07-10", NOW).problems?.onSale;
    expect(onSale("2027-02-01T10:00")).toBeUndefined();
    expect(onSale("2027-07-10T19:59")).toBeUndefined();
    expect(onSale("2027-07-10T20:00")).toBe("before the doors");
    expect(onSale("2028-02-01T10:00")).toBe("before the doors");
  });

  it("says a pasted ticket link is too long, not that it does not start with https://", () => {
    const link = `https://tickets.example/${"a".repeat(2000)}`;
    const { problems } = showFromDraft({ ...filled, ticketUrl: link }, "e1", "2027-07-10", NOW);
    expect(problems).toEqual({ ticketUrl: "at most 2000 characters (this has 2024)" });
    expect(showFromDraft({ ...filled, ticketUrl: link.slice(0, 2000) }, "e1", "2027-07-10", NOW).problems).toBe(
      undefined,
    );
  });

  it("puts no show on the website once it is over, and one still on tonight", () => {
    const over = { doors: "a day and time still to come (that one is over)" };
    expect(showFromDraft(filled, "e1", "2026-11-25", NOW).problems).toEqual(over);
    // Doors at 08:00 Dublin time, four hours before: over, as the site counts a show (three hours from doors).
    expect(showFromDraft({ ...filled, doors: "08:00" }, "e1", "2026-11-26", NOW).problems).toEqual(over);
    // Doors at 10:00, two hours before: still on, so it goes on the website.
    expect(showFromDraft({ ...filled, doors: "10:00" }, "e1", "2026-11-26", NOW).row?.starts_at).toBe(
      "2026-11-26T10:00:00.000Z",
    );
  });

  it("offers each availability in words", () => {
    expect(AVAILABILITIES.map((availability) => AVAILABILITY_WORDS[availability])).toEqual([
      "On sale",
      "Few left",
      "Sold out",
      "Pre-sale",
    ]);
  });

  it("wants a currency with a price, a price with availability, a real zone and a doors time", () => {
    // A price alone is in euro, the default country's currency; a currency alone is not sent.
    expect(showFromDraft({ ...filled, price: "10" }, "e1", "2027-07-10", NOW).row).toMatchObject({
      price: 10,
      currency: "EUR",
    });
    expect(showFromDraft({ ...filled, currency: "GBP" }, "e1", "2027-07-10", NOW).row).toMatchObject({
      currency: null,
    });
    expect(showFromDraft({ ...filled, price: "10", currency: "" }, "e1", "2027-07-10", NOW).problems).toEqual({
      price: "a price and its currency, both or neither",
      currency: "the price's currency: EUR, GBP",
    });
    expect(showFromDraft({ ...filled, availability: "sold-out" }, "e1", "2027-07-10", NOW).problems).toEqual({
      price: "availability and on-sale time need a price",
    });
    expect(showFromDraft({ ...filled, timeZone: "GMT+1" }, "e1", "2027-07-10", NOW).problems).toEqual({
      timeZone: "a time zone's name, as Europe/Dublin or Europe/London",
    });
    expect(showFromDraft({ ...filled, doors: "" }, "e1", "2027-07-10", NOW).problems).toEqual({
      doors: "a time of that day, as 20:00",
    });
    expect(showFromDraft({ ...filled, price: "ten" }, "e1", "2027-07-10", NOW).problems?.price).toBe(
      "a price in figures, as 12.50",
    );
    expect(showFromDraft({ ...filled, onSale: "soon" }, "e1", "2027-07-10", NOW).problems).toEqual({
      onSale: "a date and time, or nothing",
    });
  });

  it("refuses a venue's name that bidirectional controls would show as other words", () => {
    expect(showFromDraft({ ...filled, venueName: "The \u202eRoom" }, "e1", "2027-07-10", NOW).problems).toEqual({
      venueName: "one line of plain text: this has a line break or a hidden character",
    });
  });

  it("says a venue pasted too long is, by how much, counting characters as the database does", () => {
    const venue = `The Cornmarket Room, ${"upstairs ".repeat(24)}`;
    expect(showFromDraft({ ...filled, venueName: venue }, "e1", "2027-07-10", NOW).problems).toEqual({
      venueName: "at most 200 characters (this has 236)",
    });
    // An emoji is one character to the database (char_length), two to a browser's maxLength.
    const town = `${"🎸".repeat(100)}`;
    expect(showFromDraft({ ...filled, town }, "e1", "2027-07-10", NOW).problems).toBeUndefined();
    expect(showFromDraft({ ...filled, town: `${town}!` }, "e1", "2027-07-10", NOW).problems).toEqual({
      town: "at most 100 characters (this has 101)",
    });
  });

  it("says a space inside a link, a time zone, a price or a currency is what is wrong", () => {
    const put = (typed: Partial<ShowDraft>) => showFromDraft({ ...filled, ...typed }, "e1", "2027-07-10", NOW).problems;
    expect(put({ ticketUrl: "https://tickets.example/orla quinlan" })).toEqual({
      ticketUrl: "has a space in it: a web address has none (copy it again from the ticket page)",
    });
    expect(put({ timeZone: "America/New York" })).toEqual({
      timeZone: "has a space in it: a time zone's name has none, as America/New_York",
    });
    expect(put({ price: "1 200" })).toEqual({
      price: "has a space in it: a price in figures has none, as 1200 or 12.50",
    });
    expect(put({ price: "12", currency: "GB P" })).toEqual({
      currency: "has a space in it: a currency's three letters go together, as EUR or GBP",
    });
    // A value with more wrong than a space is told what the field takes: the space would be a false lead.
    expect(put({ price: "12 euro", currency: "EUR" })).toEqual({ price: "a price in figures, as 12.50" });
    expect(put({ price: "12", currency: "US dollar" })).toEqual({ currency: "a currency's three letters: EUR, GBP" });
    expect(put({ timeZone: "Irish time" })).toEqual({
      timeZone: "a time zone's name, as Europe/Dublin or Europe/London",
    });
    expect(put({ ticketUrl: "Tickets: https://tickets.example/orla" })).toEqual({
      ticketUrl: "a whole address starting with https://",
    });
    // Spaces around what is typed are trimmed, not refused.
    expect(put({ ticketUrl: " https://tickets.example/orla ", timeZone: " Europe/London ", price: " 12 " })).toBe(
      undefined,
    );
  });
});

describe("moving a show", () => {
  const show = { starts_at: "2027-07-10T19:00:00+00:00", time_zone: "Europe/Dublin" };

  it("takes a day and time still to come, other than the show's own", () => {
    expect(rescheduleProblem(show, "2027-08-01T19:00:00.000Z", NOW)).toBeNull();
    // Doors two hours before: still on tonight, as a show is put on the website.
    expect(rescheduleProblem(show, "2026-11-26T10:00:00.000Z", NOW)).toBeNull();
  });

  it("refuses a day and time that are over, as a new show is refused, and the time the show has", () => {
    expect(rescheduleProblem(show, "2026-11-01T19:00:00.000Z", NOW)).toBe(
      "a day and time still to come (that one is over)",
    );
    expect(rescheduleProblem(show, "2026-11-26T08:00:00.000Z", NOW)).toBe(
      "a day and time still to come (that one is over)",
    );
    expect(rescheduleProblem(show, "2027-07-10T19:00:00.000Z", NOW)).toBe("another day or time than the show has now");
  });

  it("refuses the time the show has as the venue's clock reads it, in the hour the clocks go back too", () => {
    // 01:30 in Dublin on 31 October 2027 is 00:30 UTC (summer time), and again 01:30 UTC (winter time).
    const firstOneThirty = { starts_at: "2027-10-31T00:30:00+00:00", time_zone: "Europe/Dublin" };
    expect(rescheduleProblem(firstOneThirty, "2027-10-31T01:30:00.000Z", NOW)).toBe(
      "another day or time than the show has now",
    );
    // An hour later on the clock is another time.
    expect(rescheduleProblem(firstOneThirty, "2027-10-31T02:30:00.000Z", NOW)).toBeNull();
  });
});
