/**
 * `npm run tour:import`: a tour file's dates become published gigs once, by id, as the team's session,
 * and what the anon key (the build) then reads is those dates; a date the database refuses is named with
 * the reason, the others go in; `npm start`'s seed holds the tour's three dates.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { readSeed } from "../../server/database.mjs";
import { LOCAL_ANON_KEY } from "../../server/local-keys.mjs";
import { type Backend, freshBackend, sessionHeaders, signedIn, TEAM, withBackend } from "../../server/test-helpers";
import { PUBLIC_SHOW_COLUMNS, type TourFileDate } from "../../src/lib/published-shows.mjs";
import { datesOfTourFile, describeImport, gigTitleOf, importTourDates } from "./tour-import.mjs";

let backend: Backend;
withBackend((started) => (backend = started));

const folder = mkdtempSync(join(tmpdir(), "stagedoor-tour-import-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A date as a tour file lists it. */
function date(id: string, overrides: Partial<TourFileDate> = {}): TourFileDate {
  return {
    id,
    startDate: "2027-03-12T20:00:00+00:00",
    venue: {
      name: "The Lantern",
      street: "1 Main Street",
      town: "Belfast",
      county: "County Antrim",
      postalCode: "BT1 1AA",
      country: "GB",
    },
    link: `https://tickets.example/${id}`,
    kind: "ticket",
    ...overrides,
  };
}

/** The published shows the anon key reads, as the build does. */
async function publishedShows(url = backend.url) {
  const response = await fetch(
    `${url}/rest/v1/published_shows?select=${PUBLIC_SHOW_COLUMNS.join(",")}&order=starts_at,id`,
    {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
}

async function teamToken() {
  return (await sessionHeaders(await signedIn(backend.url))).Authorization.replace("Bearer ", "");
}

describe("importing a tour file's dates", () => {
  it("makes each date a published gig once, by id, and a second run imports nothing", async () => {
    const dates = [
      date("belfast-2027-03-12", { tickets: { price: 18.5, currency: "GBP", availability: "few-left" } }),
      date("derry-2027-03-14", { startDate: "2027-03-14T19:30:00+00:00", kind: "venue", status: "postponed" }),
    ];
    const options = { url: backend.url, key: LOCAL_ANON_KEY, accessToken: await teamToken(), dates };
    expect(await importTourDates(options)).toEqual({
      imported: ["belfast-2027-03-12", "derry-2027-03-14"],
      kept: [],
      refused: [],
    });
    expect(await importTourDates(options)).toEqual({
      imported: [],
      kept: ["belfast-2027-03-12", "derry-2027-03-14"],
      refused: [],
    });
    const shows = await publishedShows();
    expect(shows).toEqual([
      expect.objectContaining({
        id: "belfast-2027-03-12",
        starts_at: "2027-03-12T20:00:00+00:00",
        time_zone: "Europe/Dublin",
        price: 18.5,
        currency: "GBP",
        availability: "few-left",
        status: "scheduled",
        venue_country: "GB",
      }),
      expect.objectContaining({ id: "derry-2027-03-14", ticket_kind: "venue", status: "postponed", price: null }),
    ]);
    const team = await signedIn(backend.url);
    const { data: gigs } = await team.from("calendar_events").select("title, event_type").like("title", "Gig: %");
    expect(gigs).toEqual([
      { title: "Gig: The Lantern, Belfast", event_type: "gig" },
      { title: "Gig: The Lantern, Belfast", event_type: "gig" },
    ]);
  });

  it("names a date the database refuses with its reason, imports the others, and reuses a gig left without its show", async () => {
    const accessToken = await teamToken();
    const left = date("newry-2027-04-01", { startDate: "2027-04-01T20:00:00+01:00" });
    const team = await signedIn(backend.url);
    await team.from("calendar_events").insert({
      title: gigTitleOf(left),
      start_date: "2027-04-01T19:00:00.000Z",
      end_date: "2027-04-01T19:00:00.000Z",
      event_type: "gig",
    });
    const dates = [
      date("armagh-2027-03-20", { startDate: "2027-03-20T20:00:00+00:00", link: "http://tickets.example/armagh" }),
      left,
      { id: "no-venue" },
      date("Omagh 2027", { startDate: "2027-03-21T20:00:00+00:00" }),
    ];
    const result = await importTourDates({ url: backend.url, key: LOCAL_ANON_KEY, accessToken, dates });
    expect(result.imported).toEqual(["newry-2027-04-01"]);
    expect(result.refused.map(({ id }) => id)).toEqual(["armagh-2027-03-20", "no-venue", "Omagh 2027"]);
    expect(result.refused[0].reason).toBe("link: a whole address starting with https://");
    expect(result.refused[2].reason).toMatch(/^id: /);
    expect(result.refused[1].reason).toBe("it needs an id and a venue");
    // One gig for the date imported, none for those refused.
    const { data: gigs } = await team.from("calendar_events").select("id").gte("start_date", "2027-03-15");
    expect(gigs).toHaveLength(1);
    expect(describeImport(result, { file: "tour.yaml", url: backend.url })).toContain(
      "Not imported: armagh-2027-03-20: ",
    );
  });

  it("refuses a file whose dates are no list, and reads a file without dates as none", () => {
    expect(() => datesOfTourFile({ dates: "galway" })).toThrow("its dates are not a list");
    expect(() => datesOfTourFile("title: x")).toThrow("the file holds no tour");
    expect(datesOfTourFile({ title: "Ireland Tour" })).toEqual([]);
  });

  it("runs as `npm run tour:import -- --file`, and says so when every date is in", async () => {
    const file = join(folder, "tour.yaml");
    writeFileSync(
      file,
      `title: A tour\ndates:\n  - id: lisburn-2027-05-01\n    startDate: 2027-05-01T20:00:00+01:00\n    venue:\n      name: The Hall\n      street: 2 Bow Street\n      town: Lisburn\n      county: County Antrim\n      postalCode: BT28 1AA\n      country: GB\n    link: https://tickets.example/lisburn\n    kind: ticket\n`,
    );
    const run = () =>
      promisify(execFile)(process.execPath, ["scripts/tour-import.mjs", "--file", file], {
        env: { ...process.env, SUPABASE_URL: backend.url, PUBLIC_SUPABASE_URL: "", TEAM_PASSWORD: TEAM.password },
      });
    const first = await run();
    expect(first.stdout).toContain("Put 1 date(s)");
    expect(first.stdout).toContain("remove the dates from the file; the build no longer reads them.");
    const second = await run();
    expect(second.stdout).toContain("Already in the calendar, left as they are: lisburn-2027-05-01.");
    expect((await publishedShows()).filter((show) => show.id === "lisburn-2027-05-01")).toHaveLength(1);
  });
});

describe("the local backend's seed", () => {
  it("puts the tour's three dates on the website, as published gigs", async () => {
    const seeded = await freshBackend({ seed: readSeed() });
    try {
      const shows = await publishedShows(seeded.url);
      expect(shows.map((show) => [show.id, show.venue_town, show.ticket_kind, show.starts_at])).toEqual([
        ["galway-2025-04-23", "Galway", "ticket", "2025-04-23T19:00:00+00:00"],
        ["donegal-2025-04-26", "Donegal Town", "venue", "2025-04-26T19:00:00+00:00"],
        ["dublin-2025-05-02", "Dublin", "ticket", "2025-05-02T19:00:00+00:00"],
      ]);
    } finally {
      await seeded.close();
    }
  });
});
