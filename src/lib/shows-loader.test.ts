// The tour's dates as the build reads them from the project: the published shows' rows become the dates
// the pages render (doors in the venue's time, sold out as the tickets' availability, the start a
// rescheduled show had), and a project that cannot be reached or answers something else stops the build
// with one line naming it; a local address with no backend running reads the seed instead.
import type { LoaderContext } from "astro/loaders";
import { describe, expect, it } from "vitest";
import { tourDatesFrom } from "../data/tour-dates";
import { showSchema } from "./content-schemas";
import { readPublishedShows, renderedShowsDigest, showsDigest, tourDateEntryOf } from "./published-shows.mjs";
import { publishedShowsLoader } from "./shows-loader";
import { showRow } from "../test/show-rows";
import { pairedShows, showsRest } from "../test/shows-rest";

const row = showRow({
  id: "belfast-2027-03-12",
  venue_name: "The Lantern",
  venue_street: "1 Main Street",
  venue_town: "Belfast",
  venue_county: "County Antrim",
  venue_postal_code: "BT1 1AA",
  venue_country: "GB",
  starts_at: "2027-03-12T20:00:00+00:00",
  time_zone: "Europe/London",
  ticket_url: "https://tickets.example/belfast",
});

/** Runs the loader on `rows` read from `url` (or the failure `read` throws): the dates stored, or the error. */
async function load({
  url = "https://abc.supabase.co",
  read = async () => [row] as Record<string, unknown>[],
  seeded = async () => [] as Record<string, unknown>[],
  fromSeed = (): boolean => false,
} = {}) {
  const stored = new Map<string, unknown>();
  const marks = new Map<string, unknown>();
  const logged: string[] = [];
  const context = {
    store: {
      clear: () => [stored, marks].forEach((map) => map.clear()),
      has: (id: string) => stored.has(id),
      set: ({ id, data, digest }: { id: string; data: unknown; digest?: unknown }) =>
        stored.set(id, data) && marks.set(id, digest) && true,
    },
    logger: { info: (line: string) => logged.push(line) },
    parseData: async ({ data }: { data: unknown }) => showSchema.parse(data),
  } as unknown as LoaderContext;
  const loader = publishedShowsLoader({ project: () => ({ url, key: "anon" }), read, seeded, fromSeed });
  try {
    await loader.load(context);
    return { stored: Object.fromEntries(stored), marks: [...marks.values()], logged };
  } catch (error) {
    return { error: error as Error, logged };
  }
}

describe("a published show as a tour date", () => {
  it("gives the doors in the venue's time with that day's offset", () => {
    expect(tourDateEntryOf({ ...row, starts_at: "2027-07-01T19:00:00Z" }).startDate).toBe("2027-07-01T20:00:00+01:00");
    expect(tourDateEntryOf({ ...row, time_zone: "Europe/Dublin" }).startDate).toBe("2027-03-12T20:00:00+00:00");
    expect(tourDateEntryOf({ ...row, time_zone: "Europe/Berlin" }).startDate).toBe("2027-03-12T21:00:00+01:00");
  });

  it("says sold out through the tickets, and keeps a rescheduled show's previous start", () => {
    const soldOut = tourDateEntryOf({
      ...row,
      status: "sold-out",
      price: 18.5,
      currency: "GBP",
      availability: "few-left",
    });
    expect(soldOut).toMatchObject({ status: "scheduled", tickets: { price: 18.5, availability: "sold-out" } });
    const moved = tourDateEntryOf({ ...row, status: "rescheduled", previous_starts_at: "2027-03-05T20:00:00Z" });
    expect(moved).toMatchObject({ status: "rescheduled", previousStartDate: "2027-03-05T20:00:00+00:00" });
    expect(showSchema.parse(moved)).toMatchObject({ previousStartDate: "2027-03-05T20:00:00+00:00" });
    // Sold out once moved: fans are still told it moved, and that it is sold out.
    const movedAndSoldOut = tourDateEntryOf({ ...row, status: "sold-out", previous_starts_at: "2027-03-05T20:00:00Z" });
    expect(movedAndSoldOut).toMatchObject({
      status: "rescheduled",
      soldOut: true,
      previousStartDate: "2027-03-05T20:00:00+00:00",
    });
    // Postponed and then marked sold out on /calendar: fans are told both.
    const postponedAndSoldOut = tourDateEntryOf({
      ...row,
      status: "postponed",
      price: 18.5,
      currency: "GBP",
      availability: "sold-out",
    });
    const [date] = tourDatesFrom([showSchema.parse(postponedAndSoldOut)]);
    expect(date).toMatchObject({ status: "EventPostponed", soldOut: true });
  });
});

describe("the build's tour loader", () => {
  it("stores each published show by id as the tour file's dates were", async () => {
    const { stored } = await load();
    expect(stored).toEqual({
      "belfast-2027-03-12": expect.objectContaining({
        startDate: "2027-03-12T20:00:00+00:00",
        venue: expect.objectContaining({ town: "Belfast", postalCode: "BT1 1AA" }),
        link: "https://tickets.example/belfast",
        kind: "ticket",
        status: "scheduled",
      }),
    });
  });

  it("marks every show with the digest of the whole read, which the build's record takes from what the pages read", async () => {
    const other = { ...row, id: "derry-2027-03-14", venue_town: "Derry" };
    const { marks = [] } = await load({ read: async () => [row, other] as Record<string, unknown>[] });
    const digest = showsDigest([other, row]);
    expect(marks).toEqual([digest, digest]);
    expect(renderedShowsDigest(marks.map((mark) => ({ digest: mark })))).toBe(digest);
    // A store the pages read still holding an older read's shows (saved over by the last build's), or shows of two
    // reads, is said so: the record then differs from the database and the site is built again.
    const older = showsDigest([row]);
    expect(renderedShowsDigest([{ digest: older }])).toBe(older);
    expect(renderedShowsDigest([{ digest: older }, { digest }])).toBeNull();
    expect(renderedShowsDigest([{ digest }, {}])).toBeNull();
    // No show at all is a state of the shows too: none published.
    expect(renderedShowsDigest([])).toBe(showsDigest([]));
    expect((await load({ read: async () => [] })).marks).toEqual([]);
  });

  it("stops the build in one line naming the project when it cannot be read", async () => {
    const { error } = await load({
      read: async () => {
        throw new Error("it could not be reached (ENOTFOUND)");
      },
    });
    expect(error?.message).toBe(
      "The tour could not be read from the project https://abc.supabase.co: it could not be reached (ENOTFOUND). The site was not built.",
    );
    expect(error?.stack).toBe("");
  });

  it("stops the build naming the show the project answers malformed", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { ...row, ticket_url: "http://tickets.example" },
        /show belfast-2027-03-12 is not one the site can show \(.*https/,
      ],
      [{ ...row, starts_at: "soon" }, /show belfast-2027-03-12 is not one the site can show \(not a time: soon\)/],
      [{ ...row, time_zone: "Mars/Olympus" }, /show belfast-2027-03-12 is not one the site can show/],
      [{ ...row, venue_name: undefined }, /show belfast-2027-03-12 is not one the site can show/],
    ];
    for (const [answered, message] of cases) {
      const { error } = await load({ read: async () => [answered] });
      expect(error?.message).toMatch(message);
      expect(error?.message.split("\n")).toHaveLength(1);
    }
    const twice = await load({ read: async () => [row, row] as Record<string, unknown>[] });
    expect(twice.error?.message).toContain("show belfast-2027-03-12 is listed twice");
  });

  it("reads the seed when a local address has no backend running, and only then", async () => {
    const refused = async () => {
      throw new Error("it could not be reached (ECONNREFUSED)");
    };
    const seeded = async () => [{ ...row, id: "seeded-2027-01-01" }] as Record<string, unknown>[];
    const local = await load({ url: "http://127.0.0.1:54321", read: refused, seeded });
    expect(Object.keys(local.stored ?? {})).toEqual(["seeded-2027-01-01"]);
    expect(local.logged.join("\n")).toContain("No local backend answers at http://127.0.0.1:54321");
    const hosted = await load({ url: "https://abc.supabase.co", read: refused, seeded });
    expect(hosted.error?.message).toContain("could not be reached (ECONNREFUSED)");
    const answering = await load({ url: "http://127.0.0.1:54321", seeded });
    expect(Object.keys(answering.stored ?? {})).toEqual(["belfast-2027-03-12"]);
    const forced = await load({ url: "http://127.0.0.1:54321", seeded, fromSeed: () => true });
    expect(Object.keys(forced.stored ?? {})).toEqual(["seeded-2027-01-01"]);
  });
});

describe("reading the published shows over REST", () => {
  const answer = (status: number, body: string) => async () => new Response(body, { status });

  it("names what went wrong in a line", async () => {
    const read = (fetch: () => Promise<Response>) =>
      readPublishedShows({ url: "https://abc.supabase.co", key: "k", fetch });
    await expect(read(answer(401, '{"message":"Invalid API key"}'))).rejects.toThrow(
      "it answered HTTP 401: Invalid API key",
    );
    await expect(read(answer(200, "<html>"))).rejects.toThrow("it answered something that is not JSON");
    await expect(read(answer(200, '{"id":"x"}'))).rejects.toThrow("it answered something that is not a list of shows");
    await expect(read(answer(200, "[1]"))).rejects.toThrow("it answered something that is not a list of shows");
    expect(await read(answer(200, "[]"))).toEqual([]);
  });

  it("asks published_shows for the public columns only, earliest first, with the anon key", async () => {
    let asked: [string, RequestInit | undefined] | undefined;
    await readPublishedShows({
      url: "https://abc.supabase.co/",
      key: "anon-key",
      fetch: async (input, init) => {
        asked = [String(input), init];
        return new Response("[]");
      },
    });
    expect(asked?.[0]).toMatch(
      /^https:\/\/abc\.supabase\.co\/rest\/v1\/published_shows\?select=id,venue_name,.*&order=starts_at\.asc,id\.asc&limit=1000$/,
    );
    expect(asked?.[0]).not.toContain("notes");
    expect(asked?.[1]?.headers).toMatchObject({ apikey: "anon-key", Authorization: "Bearer anon-key" });
  });

  const project = { url: "https://abc.supabase.co", key: "k" };
  const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row.id);

  it("reads a thousand shows at a time, each page after the last show read, until a page comes back empty", async () => {
    const shows = pairedShows(2345);
    const rest = showsRest(shows);
    expect(ids(await readPublishedShows({ ...project, fetch: rest.fetch }))).toEqual(ids(shows));
    expect(rest.asked.map((query) => [query.get("limit"), query.get("offset"), query.get("or")])).toEqual([
      ["1000", null, null],
      [
        "1000",
        null,
        '(starts_at.gt."2027-01-21T20:00:00+00:00",and(starts_at.eq."2027-01-21T20:00:00+00:00",id.gt."s0999"))',
      ],
      [
        "1000",
        null,
        '(starts_at.gt."2027-02-11T16:00:00+00:00",and(starts_at.eq."2027-02-11T16:00:00+00:00",id.gt."s1999"))',
      ],
      [
        "1000",
        null,
        '(starts_at.gt."2027-02-18T20:00:00+00:00",and(starts_at.eq."2027-02-18T20:00:00+00:00",id.gt."s2344"))',
      ],
    ]);
  });

  it("reads every published show once when one is unpublished between two pages", async () => {
    const shows = pairedShows(1500);
    // Once the first page is read, a show of the first thousand (long past, say) is taken off the website.
    const rest = showsRest(shows, { afterPage: (page) => page === 1 && (shows[10]!.published = false) });
    // s0010 was read while still published; each other show once, s1000 too (the removal moved it up a page).
    const read = ids(await readPublishedShows({ ...project, fetch: rest.fetch }));
    expect(read).toEqual(ids(shows));
    expect(read).toContain("s1000");
  });

  it("reads every show from a project that answers at most 500 rows a request", async () => {
    const shows = pairedShows(1234);
    const rest = showsRest(shows, { maxRows: 500 });
    expect(ids(await readPublishedShows({ ...project, fetch: rest.fetch }))).toEqual(ids(shows));
    expect(rest.asked).toHaveLength(4);
  });

  it("names the page that fails past the first", async () => {
    const rest = showsRest(pairedShows(1500));
    const fetch = async (input: RequestInfo | URL) =>
      rest.asked.length === 1
        ? new Response('{"message":"canceling statement due to statement timeout"}', { status: 500 })
        : rest.fetch(input);
    await expect(readPublishedShows({ ...project, fetch })).rejects.toThrow(
      "it answered HTTP 500: canceling statement due to statement timeout (page 2, the shows after the first 1,000)",
    );
  });

  it("gives the whole read one timeout, however many pages it takes", async () => {
    const rest = showsRest(pairedShows(4500));
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      init?.signal?.throwIfAborted();
      return rest.fetch(input);
    };
    await expect(readPublishedShows({ ...project, fetch, timeoutMs: 150 })).rejects.toThrow(/could not be reached/);
    expect(rest.asked.length).toBeLessThan(5);
  });
});
