/**
 * A show's text and a calendar event's text, as the team's token writes them: a line a fan or a teammate reads
 * (a venue's name, street, town, county and postal code, an event's title) shows something and holds no control
 * character, line break or direction control; an event's description and a show's notes may hold line breaks
 * but nothing else of the kind; a ticket link nothing invisible. Each refused with the name of its check, and
 * ordinary text (fadas, emoji, a description of several lines) taken. Rows saved before the rule are mended
 * by the migration, never a failed migration, and stay changeable. On both engines, both kinds of project.
 */
import { describe, expect, it } from "vitest";
import { event, show } from "../../server/test-helpers";
import { migrationsBefore, migrationsUpTo, TARGETS, TEAM, type TestDatabase, useDatabase } from "./harness/database";

const MIGRATION = "20250123000000_shows_and_events_text_that_shows.sql";

/** Lines that show nothing: zero-width spaces, a no-break space, a line separator, a tag letter, a combining
 * mark alone, the blank Braille pattern, the Hangul filler, a soft hyphen. */
const SHOWS_NOTHING = ["\u200b\u200b", "\u00a0", "\u2028", "\u{E0041}", "\u0301", "\u2800", "\u3164", "\u00ad"];

/** Lines that break or turn: CRLF, LF, the right-to-left override, NEL, a tab, an isolate, a line separator. */
const BREAKS_OR_TURNS = [
  "Gig\r\nLater",
  "Gig\nLater",
  "Gig \u202eretaL",
  "a\u0085b",
  "a\tb",
  "a\u2067b\u2069",
  "a\u2028b",
];

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  let made = 0;

  /** A new gig of the calendar, as the team adds it; its id. */
  async function gig() {
    const { rows, error } = await db
      .as(TEAM)
      .insert("calendar_events", event(`Gig ${++made}`, "2027-04-23"), { returning: true });
    if (error) throw new Error(error.message);
    return rows[0].id as string;
  }

  /** Inserts a show with these values in place of the usual ones: its status and error. */
  async function addShow(values: Record<string, unknown>) {
    return db.as(TEAM).insert("shows", show(`show-${++made}`, await gig(), values));
  }

  describe("a show", () => {
    it.each(["venue_name", "venue_street", "venue_town", "venue_county", "venue_postal_code"])(
      "refuses a %s that shows nothing, or breaks or turns, naming its check",
      async (column) => {
        for (const value of [...SHOWS_NOTHING, ...BREAKS_OR_TURNS]) {
          const { status, error } = await addShow({ [column]: value });
          expect(status, JSON.stringify(value)).toBe(400);
          expect(error?.message, JSON.stringify(value)).toMatch(new RegExp(`shows_${column}_shown`));
        }
      },
    );

    it("refuses direction and control characters in the notes, naming the check, and takes line breaks", async () => {
      for (const notes of ["Van \u202eat 4", "a\u2066b\u2069", "Van\tat 4", "Van\r\nat 4", "a\u0085b", "a\u0007b"]) {
        const { status, error } = await addShow({ notes });
        expect(status, JSON.stringify(notes)).toBe(400);
        expect(error?.message, JSON.stringify(notes)).toMatch(/shows_notes_plain/);
      }
      expect((await addShow({ notes: "Van at 4\nLoad in by the side door\n\nCash only at the bar" })).status).toBe(201);
    });

    it("refuses a ticket link with an invisible or direction character after the slash, naming the check", async () => {
      for (const tail of ["\u200b", "\u202e", "tickets\u00ad", "a\u2066"]) {
        const { status, error } = await addShow({ ticket_url: `https://tickets.example/${tail}` });
        expect(status, JSON.stringify(tail)).toBe(400);
        expect(error?.message, JSON.stringify(tail)).toMatch(/shows_ticket_url_visible/);
      }
    });

    it("is refused such text in a change as well", async () => {
      const added = await db.as(TEAM).insert("shows", show("changed", await gig()));
      expect(added.status).toBe(201);
      const changed = await db.as(TEAM).update("shows", { venue_town: "\u200b\u200b" }, { id: "changed" });
      expect(changed.status).toBe(400);
      expect(changed.error?.message).toMatch(/shows_venue_town_shown/);
    });

    it("takes ordinary names: fadas, apostrophes, emoji, other scripts", async () => {
      const values = {
        venue_name: "Tigh Ó Sé 🎸",
        venue_street: "Sráid an Droichid",
        venue_town: "Baile Átha Cliath",
        venue_county: "Contae Chiarraí",
        venue_postal_code: "V92 ÉÁ12",
        ticket_url: "https://tickets.example/ó-sé?dáta=2027",
      };
      const { status, error } = await addShow(values);
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect((await addShow({ venue_name: "Bar Fidel (ビル)", venue_town: "Köln" })).status).toBe(201);
    });
  });

  describe("a calendar event", () => {
    it("refuses a title that shows nothing, or breaks or turns, naming the check", async () => {
      for (const title of [...SHOWS_NOTHING, ...BREAKS_OR_TURNS]) {
        const { status, error } = await db.as(TEAM).insert("calendar_events", event(title));
        expect(status, JSON.stringify(title)).toBe(400);
        expect(error?.message, JSON.stringify(title)).toMatch(/calendar_events_title_shown/);
      }
    });

    it("refuses direction and control characters in a description, naming the check", async () => {
      for (const description of ["Load in \u202e5pm", "a\u200fb", "Load in\r\n5pm", "a\tb", "a\u0085b", "a\u2029b"]) {
        const { status, error } = await db
          .as(TEAM)
          .insert("calendar_events", event("Rehearsal", undefined, { description }));
        expect(status, JSON.stringify(description)).toBe(400);
        expect(error?.message, JSON.stringify(description)).toMatch(/calendar_events_description_plain/);
      }
    });

    it("takes ordinary titles and a description of several lines", async () => {
      for (const [title, description] of [
        ["🎸 Gig", "Load in 5pm\nSoundcheck 6pm\n\nDoors 8pm"],
        ["Ó Sé and Ní Bhriain, Dún Laoghaire", null],
        ["Rehearsal: café-bar set", "Bring the capo ☺"],
      ]) {
        const { status, error } = await db
          .as(TEAM)
          .insert("calendar_events", event(title!, undefined, { description }));
        expect(error, title!).toBeNull();
        expect(status).toBe(201);
      }
    });
  });
});

describe.each(TARGETS)("$name, rows saved before the rule", (target) => {
  const db: TestDatabase = useDatabase(target, { migrations: migrationsBefore(MIGRATION) });

  it("mends them in the migration, keeping a show's old values in its history, and they stay changeable", async () => {
    const [{ id: eventId }] = await db.sql<{ id: string }>(
      `insert into public.calendar_events (title, description, start_date, end_date) values
         ($1, $2, '2027-04-23T12:00:00Z', '2027-04-23T12:00:00Z'), ($3, null, '2027-04-24T12:00:00Z', '2027-04-24T12:00:00Z')
       returning id`,
      ["Gig\r\n\u202eyawlaG", "Load in\r\n5pm\tsharp \u202e", "\u200b\u200b"],
    );
    const ticket = "https://tickets.example/\u200bgalway\u202e";
    await db.sql(
      `insert into public.shows (id, event_id, venue_name, venue_street, venue_town, venue_county, venue_postal_code,
         venue_country, starts_at, ticket_url, ticket_kind, notes)
       values ('galway', $1, 'The Salthill Room', $2, $3, 'County Galway', $4, 'IE',
         '2027-04-23T20:00:00+01:00', $5, 'ticket', $6)`,
      [eventId, "14 Seapoint\u2028Promenade", "\u200b\u200b", "\u00a0", ticket, "Van \u202eat 4\r\nCash only"],
    );
    await db.migrate(migrationsUpTo(MIGRATION));
    const events = await db.sql("select title, description, sequence from public.calendar_events order by start_date");
    expect(events).toEqual([
      { title: "Gig yawlaG", description: "Load in\n5pm sharp ", sequence: 1 },
      { title: "(no title)", description: null, sequence: 1 },
    ]);
    const [mended] = await db.sql(
      "select venue_street, venue_town, venue_postal_code, ticket_url, notes, version from public.shows",
    );
    expect(mended).toEqual({
      venue_street: "14 Seapoint Promenade",
      venue_town: "(no town)",
      venue_postal_code: "(no postal code)",
      ticket_url: "https://tickets.example/galway",
      notes: "Van at 4\nCash only",
      version: 2,
    });
    const [kept] = await db.sql<{ town: string; ticket: string }>(
      "select show ->> 'venue_town' as town, show ->> 'ticket_url' as ticket from public.shows_history",
    );
    expect(kept).toEqual({ town: "\u200b\u200b", ticket });
    const cancelled = await db.as(TEAM).update("shows", { status: "cancelled" }, { id: "galway" });
    expect(cancelled.error).toBeNull();
  });
});
