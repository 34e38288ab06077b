/**
 * Published shows apart: the anon key reads the shows on the website from public.published_shows, a table that
 * holds their public columns and nothing else, kept in step with public.shows by the database alone. So its
 * statistics, and the planner's estimates made from them (which row-level security does not hide: comparisons
 * are leakproof), know nothing of a show not on the website, and the anon key reads nothing of public.shows
 * itself, not even a plan. On both engines, both kinds of project.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { event, show } from "../../server/test-helpers";
import { PUBLIC_SHOW_COLUMNS } from "../../src/lib/show-columns.mjs";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

const MIGRATIONS = fileURLToPath(new URL("../migrations/", import.meta.url));
const PUBLIC = PUBLIC_SHOW_COLUMNS.join(", ");

/** The planner's estimate of the rows a plan (EXPLAIN (FORMAT JSON)'s answer) returns. */
const estimate = (rows: Record<string, unknown>[]) =>
  (rows[0]!["QUERY PLAN"] as { Plan: { "Plan Rows": number } }[])[0]!.Plan["Plan Rows"];

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  /** Puts a gig on the calendar and its show on the website (or not), as the team does. */
  async function add(id: string, values: Record<string, unknown> = {}) {
    const team = db.as(TEAM);
    const gig = await team.insert("calendar_events", event(id, "2027-04-23"), { returning: true });
    if (gig.error) throw new Error(gig.error.message);
    const made = await team.insert("shows", show(id, gig.rows[0]!.id as string, values));
    if (made.error) throw new Error(made.error.message);
  }

  /** What the anon key reads of published_shows, by id. */
  const anonReads = async () =>
    (await db.as("anon").select("published_shows", { order: "id" })).rows as Record<string, unknown>[];

  /** The public columns of the published rows of public.shows, as the team reads them, by id. */
  const publishedInShows = async () =>
    (await db.as(TEAM).select("shows", { columns: PUBLIC, where: { published: true }, order: "id" })).rows;

  beforeAll(async () => {
    await add("galway-2027-04-23", { notes: "Van at 4" });
    await add("cork-2027-05-01", { venue_town: "Cork", published: false, notes: "Not announced" });
  });

  describe("the anon key", () => {
    it("reads the public columns of the published shows, and nothing else", async () => {
      const { status, rows } = await db.as("anon").select("published_shows");
      expect(status).toBe(200);
      expect(rows.map((row) => row.id)).toEqual(["galway-2027-04-23"]);
      expect(Object.keys(rows[0]!).sort()).toEqual([...PUBLIC_SHOW_COLUMNS].sort());
      // The same values, with the same types, as the team's own read of the show.
      const { rows: shows } = await db
        .as(TEAM)
        .select("shows", { columns: PUBLIC, where: { id: "galway-2027-04-23" } });
      expect(rows).toEqual(shows);
    });

    it("reads nothing of public.shows, a published show's id included, and gets no plan of it", async () => {
      const anon = db.as("anon");
      for (const columns of ["id", "venue_town", "starts_at", PUBLIC, "*"]) {
        for (const method of ["GET", "HEAD"] as const) {
          const { status, error } = await anon.select("shows", { columns, method });
          expect(status, `${method} ${columns}`).toBe(401);
          expect(error).toMatchObject({ code: "42501" });
        }
      }
      const plan = await anon.sql("explain (format json) select id from public.shows where venue_town = 'Cork'");
      expect(plan).toMatchObject({ status: 401, error: { code: "42501" } });
    });

    it("writes nothing to published_shows, nor does the team: the database keeps it", async () => {
      const anon = db.as("anon");
      const team = db.as(TEAM);
      const row = { id: "fake-2027-01-01", venue_name: "Fake", starts_at: "2027-01-01T20:00:00Z" };
      for (const [caller, status] of [
        [anon, 401],
        [team, 403],
      ] as const) {
        for (const write of [
          caller.insert("published_shows", row),
          caller.update("published_shows", { venue_name: "Defaced" }, { id: "galway-2027-04-23" }),
          caller.delete("published_shows", { id: "galway-2027-04-23" }),
          caller.sql("truncate public.published_shows"),
        ]) {
          expect(await write).toMatchObject({ status, error: { code: "42501" } });
        }
      }
      expect(await anonReads()).toEqual(await publishedInShows());
    });
  });

  describe("published_shows follows public.shows", () => {
    it("through a change, a show taken off, changed while off, put back, and restored either way", async () => {
      const id = "dublin-2027-06-01";
      const team = db.as(TEAM);
      const where = { id };
      const ids = async () => (await anonReads()).map((row) => row.id);
      const venueOf = async () => (await anonReads()).find((row) => row.id === id);

      await add(id, { venue_town: "Dublin" });
      expect(await ids()).toContain(id);
      await team.update("shows", { status: "sold-out" }, where); // version 2
      expect(await venueOf()).toMatchObject({ status: "sold-out" });
      await team.update("shows", { published: false }, where); // version 3
      expect(await ids()).not.toContain(id);
      await team.update("shows", { venue_name: "Vicar Street" }, where); // version 4, still off
      expect(await ids()).not.toContain(id);
      await team.update("shows", { published: true }, where); // version 5
      expect(await venueOf()).toMatchObject({ venue_name: "Vicar Street", status: "sold-out" });
      // Restored to version 3, which was off the website: off again.
      expect((await team.rpc("restore_show", { show_id: id, version: 3, seen: 5 })).rows).toHaveLength(1);
      expect(await ids()).not.toContain(id);
      // Restored to version 5, on the website with its venue: back, as it is now.
      expect((await team.rpc("restore_show", { show_id: id, version: 5, seen: 6 })).rows).toHaveLength(1);
      expect(await venueOf()).toMatchObject({ venue_name: "Vicar Street", status: "sold-out" });
      expect(await anonReads()).toEqual(await publishedInShows());
    });

    it("loses a show deleted (by the service role, for an erasure), and never holds a show twice", async () => {
      const id = "kerry-2027-06-02";
      await add(id, { venue_town: "Tralee" });
      expect((await anonReads()).map((row) => row.id)).toContain(id);
      await db.sql(`delete from public.shows where id = '${id}'`);
      expect((await anonReads()).map((row) => row.id)).not.toContain(id);
      expect(await anonReads()).toEqual(await publishedInShows());
    });

    it("is filled from the shows published before it, and its migration applies twice unchanged", async () => {
      // As on a project whose shows were published before the migration: nothing in published_shows yet.
      await db.sql("delete from public.published_shows");
      const file = readdirSync(MIGRATIONS).find((name) => name.endsWith("_published_shows_apart.sql"))!;
      const sql = readFileSync(join(MIGRATIONS, file), "utf8");
      await db.migrate([{ file: `${file} (again)`, sql, checksum: "again" }]);
      const published = await publishedInShows();
      expect(published.length).toBeGreaterThan(1);
      expect(await anonReads()).toEqual(published);
      // One trigger still, so a change is copied once.
      const [{ count }] = await db.sql<{ count: number }>(
        `select count(*)::int as count from pg_trigger
          where tgrelid = 'public.shows'::regclass and not tgisinternal and tgname = 'shows_published_copy'`,
      );
      expect(count).toBe(1);
      await db.as(TEAM).update("shows", { status: "postponed" }, { id: "galway-2027-04-23" });
      expect((await anonReads()).find((row) => row.id === "galway-2027-04-23")).toMatchObject({ status: "postponed" });
    });
  });

  describe("the planner's estimates, as the anon key gets them", () => {
    it("know nothing of shows not on the website: twenty unannounced in Cork estimate as none", async () => {
      // Twenty gigs of a tour not yet announced, all in Cork in January 2028, beside a few published elsewhere.
      await db.sql(`
        with gigs as (
          insert into public.calendar_events (title, start_date, end_date, event_type)
          select 'Cork ' || n, timestamptz '2028-01-01 20:00+00' + n * interval '1 day',
                 timestamptz '2028-01-01 20:00+00' + n * interval '1 day', 'gig'
          from generate_series(1, 20) n
          returning id, title, start_date
        )
        insert into public.shows (id, event_id, published, venue_name, venue_street, venue_town, venue_county,
          venue_postal_code, venue_country, starts_at, ticket_url, ticket_kind)
        select 'cork-' || to_char(start_date, 'YYYY-MM-DD'), id, false, 'Cyprus Avenue', 'Caroline Street', 'Cork',
               'County Cork', 'T12 X7K2', 'IE', start_date, 'https://tickets.example/cork', 'ticket'
        from gigs`);
      await add("sligo-2027-07-01", { venue_town: "Sligo" });
      await add("derry-2027-07-02", { venue_town: "Derry", venue_country: "GB" });
      await db.sql("analyze public.shows; analyze public.published_shows");

      // The data would tell: the estimate over every show, as their owner plans it, counts the hidden ones.
      const owner = await db.sql("explain (format json) select id from public.shows where venue_town = 'Cork'");
      expect(estimate(owner)).toBeGreaterThanOrEqual(10);

      const anon = db.as("anon");
      for (const condition of [
        "venue_town = 'Cork'",
        "venue_name = 'Cyprus Avenue'",
        "starts_at >= '2028-01-01' and starts_at < '2028-01-21'",
      ]) {
        const plan = await anon.sql(`explain (format json) select id from public.published_shows where ${condition}`);
        expect(plan.error, condition).toBeNull();
        expect(estimate(plan.rows), condition).toBeLessThanOrEqual(1);
      }
      expect(
        await anon.sql("explain (format json) select id from public.shows where venue_town = 'Cork'"),
      ).toMatchObject({ status: 401, error: { code: "42501" } });
    });
  });
});
