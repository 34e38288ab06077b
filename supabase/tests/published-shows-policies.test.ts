/**
 * Published shows: a gig the team puts on the website is read by the anon key (the build's), its public
 * columns only and only while it is published, from public.published_shows (./published-shows-apart.test.ts);
 * public.shows, the team's notes, unpublished shows, the gig behind a show, the history and every other event
 * stay the team's. Every change keeps the version it replaced, and a
 * kept version can be put back; the content file's rules hold in SQL. On both engines, both kinds of
 * project.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { event, show } from "../../server/test-helpers";
import { PUBLIC_SHOW_COLUMNS } from "../../src/lib/published-shows.mjs";
import { session, TARGETS, TEAM, useDatabase } from "./harness/database";

const MIGRATIONS = fileURLToPath(new URL("../migrations/", import.meta.url));

const OUTSIDER = session({ email: "fan@example.com", userMetadata: { team: "stagedoor" } });

const PUBLIC = PUBLIC_SHOW_COLUMNS.join(",");

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  /** Ids of gigs made for the tests, by title. */
  const gigs = new Map<string, string>();

  /** A new gig of the calendar, as the team adds it; its id. */
  async function gig(title: string, type = "gig") {
    const { rows, error } = await db
      .as(TEAM)
      .insert("calendar_events", event(title, "2027-04-23", { event_type: type }), { returning: true });
    if (error) throw new Error(error.message);
    gigs.set(title, rows[0].id as string);
    return rows[0].id as string;
  }

  beforeAll(async () => {
    const team = db.as(TEAM);
    const published = await team.insert("shows", show("galway-2027-04-23", await gig("Galway"), { notes: "Van at 4" }));
    expect(published.error).toBeNull();
    const draft = await team.insert("shows", show("cork-2027-05-01", await gig("Cork"), { published: false }));
    expect(draft.error).toBeNull();
    await gig("Unpublished Sligo");
  });

  describe("the anon key", () => {
    it("reads the public columns of published shows, and only those shows", async () => {
      const { status, rows } = await db.as("anon").select("published_shows", { columns: PUBLIC });
      expect(status).toBe(200);
      expect(rows).toEqual([
        expect.objectContaining({
          id: "galway-2027-04-23",
          venue_town: "Galway",
          time_zone: "Europe/Dublin",
          status: "scheduled",
          ticket_kind: "ticket",
        }),
      ]);
      expect(Object.keys(rows[0]).sort()).toEqual([...PUBLIC_SHOW_COLUMNS].sort());
    });

    it("is refused every column of public.shows, the public ones and the team's notes alike", async () => {
      const anon = db.as("anon");
      for (const columns of ["notes", "event_id", "published", "version", "created_at", "*", PUBLIC, "id"]) {
        const { status, error } = await anon.select("shows", { columns });
        expect(status, columns).toBe(401);
        expect(error).toMatchObject({ code: "42501" });
      }
    });

    it("writes nothing, reads no history, restores nothing, and the calendar stays closed to it", async () => {
      const anon = db.as("anon");
      const calls = [
        anon.insert("shows", show("anon-2027-01-01", gigs.get("Unpublished Sligo")!)),
        anon.update("shows", { venue_name: "Defaced" }, { id: "galway-2027-04-23" }),
        anon.delete("shows", { id: "galway-2027-04-23" }),
        anon.select("shows_history"),
        anon.select("show_changes"),
        anon.select("calendar_events", { columns: "title" }),
        anon.rpc("restore_show", { show_id: "galway-2027-04-23", version: 1, seen: 1 }),
      ];
      for (const { status, error } of await Promise.all(calls)) {
        expect(status).toBe(401);
        expect(error).toMatchObject({ code: "42501" });
      }
      const [kept] = await db.sql<{ venue_name: string }>(
        "select venue_name from public.shows where id = 'galway-2027-04-23'",
      );
      expect(kept.venue_name).toBe("The Salthill Room");
    });
  });

  describe("an account without the team mark", () => {
    it("sees no show and no history, and adds, changes and restores none", async () => {
      const fan = await db.signIn(OUTSIDER);
      const caller = db.as(fan);
      expect((await caller.select("shows", { columns: "id" })).rows).toEqual([]);
      expect((await caller.select("shows_history", { columns: "show_id" })).rows).toEqual([]);
      expect((await caller.select("show_changes", { columns: "show_id" })).rows).toEqual([]);
      expect((await caller.insert("shows", show("fan-2027-01-01", gigs.get("Galway")!))).status).toBeGreaterThanOrEqual(
        400,
      );
      const changed = await caller.update("shows", { status: "cancelled" }, { id: "galway-2027-04-23" });
      expect(changed).toMatchObject({ status: 204, count: 0 });
      expect((await caller.rpc("restore_show", { show_id: "galway-2027-04-23", version: 1, seen: 1 })).status).toBe(
        404,
      );
    });
  });

  describe("the team", () => {
    it("reads every show with its notes, published or not", async () => {
      const { rows } = await db.as(TEAM).select("shows", { columns: "id, published, notes", order: "id" });
      expect(rows).toEqual([
        { id: "cork-2027-05-01", published: false, notes: null },
        { id: "galway-2027-04-23", published: true, notes: "Van at 4" },
      ]);
    });

    it("puts only a gig on the website, once, and never with a version or times of its own", async () => {
      const team = db.as(TEAM);
      const rehearsal = await gig("Rehearsal", "rehearsal");
      const refused = await team.insert("shows", show("rehearsal-2027-04-23", rehearsal));
      expect(refused).toMatchObject({
        status: 400,
        error: { message: "Only a gig of the calendar can be put on the website" },
      });
      const again = await team.insert("shows", show("galway-again-2027-04-23", gigs.get("Galway")!));
      expect(again.status).toBe(409);
      const nowhere = await team.insert("shows", show("nowhere-2027-04-23", crypto.randomUUID()));
      expect(nowhere.status).toBe(400);
      for (const owned of [
        { version: 7 },
        { created_at: "2000-01-01T00:00:00Z" },
        { updated_at: "2000-01-01T00:00:00Z" },
      ]) {
        const answer = await team.insert(
          "shows",
          show("owned-2027-04-23", await gig(`Owned ${Object.keys(owned)[0]}`), owned),
        );
        expect(answer.status).toBe(403);
      }
    });

    it("is held to the content file's rules", async () => {
      const team = db.as(TEAM);
      const id = await gig("Rules");
      const wrong: [string, Record<string, unknown>][] = [
        ["an id with capitals", { id: "Galway-2027" }],
        ["an id with a space", { id: "galway 2027" }],
        ["a blank venue", { venue_name: "   " }],
        ["a venue with a line break", { venue_name: "The\nRoom" }],
        ["a venue that a direction control turns round", { venue_name: "The \u202emooR" }],
        ["a venue name too long", { venue_name: "x".repeat(201) }],
        ["a country in lower case", { venue_country: "ie" }],
        ["a country of three letters", { venue_country: "IRL" }],
        ["an http link", { ticket_url: "http://tickets.example/x" }],
        ["a link that is no address", { ticket_url: "tickets.example" }],
        ["a link with a space", { ticket_url: "https://tickets.example/a b" }],
        ["a javascript link", { ticket_url: "javascript:alert(1)" }],
        ["another kind of link", { ticket_kind: "shop" }],
        ["a time zone abbreviation", { time_zone: "IST" }],
        ["an unknown time zone", { time_zone: "Europe/Atlantis" }],
        ["a price with fractions of a cent", { price: 12.345, currency: "EUR" }],
        ["a negative price", { price: -1, currency: "EUR" }],
        ["a price without a currency", { price: 12 }],
        ["a currency in lower case", { price: 12, currency: "eur" }],
        ["an availability without a price", { availability: "few-left" }],
        ["an on-sale time without a price", { on_sale_at: "2027-01-01T10:00:00Z" }],
        ["an unknown availability", { price: 12, currency: "EUR", availability: "plenty" }],
        ["an unknown status", { status: "moved" }],
        ["notes too long", { notes: "x".repeat(2001) }],
      ];
      for (const [what, values] of wrong) {
        const answer = await team.insert("shows", show("rules-2027-04-23", id, values));
        expect(answer.status, what).toBe(400);
      }
      const right = await team.insert(
        "shows",
        show("rules-2027-04-23", id, {
          time_zone: "Europe/London",
          venue_country: "GB",
          price: 12.5,
          currency: "GBP",
          availability: "on-sale",
          on_sale_at: "2027-01-10T10:00:00Z",
          ticket_url: "https://tickets.example:8443/a?b=c#d",
        }),
      );
      expect(right.error).toBeNull();
      const { rows } = await db
        .as("anon")
        .select("published_shows", { columns: "price,currency", where: { id: "rules-2027-04-23" } });
      expect(rows).toEqual([{ price: 12.5, currency: "GBP" }]);
    });

    it("postpones, reschedules, sells out and cancels a show, each change kept, and never deletes it", async () => {
      const team = db.as(TEAM);
      await team.insert(
        "shows",
        show("dublin-2027-06-01", await gig("Dublin"), { starts_at: "2027-06-01T20:00:00+01:00" }),
      );
      const where = { id: "dublin-2027-06-01" };
      expect((await team.update("shows", { status: "postponed" }, where)).status).toBe(204);
      const moved = {
        status: "rescheduled",
        starts_at: "2027-06-08T20:00:00+01:00",
        previous_starts_at: "2027-06-01T20:00:00+01:00",
      };
      expect((await team.update("shows", moved, where)).status).toBe(204);
      expect((await team.update("shows", { status: "sold-out" }, where)).status).toBe(204);
      expect(
        (await team.update("shows", { ticket_url: "https://venue.example/whats-on", ticket_kind: "venue" }, where))
          .status,
      ).toBe(204);
      expect((await team.update("shows", { status: "cancelled" }, where)).status).toBe(204);
      // The same values again: no new version.
      expect((await team.update("shows", { status: "cancelled" }, where)).status).toBe(204);

      const [now] = (await team.select("shows", { where })).rows;
      expect(now).toMatchObject({ version: 6, status: "cancelled", ticket_kind: "venue" });
      const { rows: history } = await team.select("shows_history", {
        where: { show_id: "dublin-2027-06-01" },
        order: "version",
      });
      const kept = history.map((row) => row.show as Record<string, unknown>);
      expect(kept.map((row) => [row.version, row.status])).toEqual([
        [1, "scheduled"],
        [2, "postponed"],
        [3, "rescheduled"],
        [4, "sold-out"],
        [5, "sold-out"],
      ]);
      expect(Date.parse(kept[2].previous_starts_at as string)).toBe(Date.parse("2027-06-01T19:00:00Z"));

      const removed = await team.delete("shows", where);
      expect(removed.status).toBe(403);
      expect((await team.update("shows", { id: "dublin-2027-06-02" }, where)).status).toBe(403);
      expect(
        (
          await team.insert("shows_history", {
            show_id: "dublin-2027-06-01",
            version: 9,
            show: {},
            written_at: "2027-01-01T00:00:00Z",
          })
        ).status,
      ).toBe(403);
      expect((await team.update("shows_history", { show: {} }, { show_id: "dublin-2027-06-01" })).status).toBe(403);
      expect((await team.delete("shows_history", { show_id: "dublin-2027-06-01" })).status).toBe(403);
      expect((await team.update("calendar_events", { title: "Moved" }, { id: gigs.get("Dublin")! })).status).toBe(403);
      expect((await team.delete("calendar_events", { id: gigs.get("Dublin")! })).status).toBe(403);
    });

    it("puts a kept version back as a new change, which is kept in turn", async () => {
      const team = db.as(TEAM);
      await team.insert("shows", show("sligo-2027-07-01", await gig("Sligo"), { notes: "First" }));
      const where = { id: "sligo-2027-07-01" };
      await team.update("shows", { status: "cancelled", notes: "Called off", venue_name: "Elsewhere" }, where);
      const restored = await team.rpc("restore_show", { show_id: "sligo-2027-07-01", version: 1, seen: 2 });
      expect(restored.status).toBe(200);
      expect(restored.rows).toEqual([
        expect.objectContaining({ status: "scheduled", notes: "First", venue_name: "The Salthill Room", version: 3 }),
      ]);
      const { rows } = await team.select("shows_history", {
        columns: "version",
        where: { show_id: "sligo-2027-07-01" },
        order: "version",
      });
      expect(rows).toEqual([{ version: 1 }, { version: 2 }]);
      const again = await team.rpc("restore_show", { show_id: "sligo-2027-07-01", version: 2, seen: 3 });
      expect(again.rows).toEqual([expect.objectContaining({ status: "cancelled", notes: "Called off", version: 4 })]);
      const missing = await team.rpc("restore_show", { show_id: "sligo-2027-07-01", version: 99, seen: 4 });
      expect(missing).toMatchObject({ status: 404, error: { message: "No such version of this show" } });
    });

    it("restores nothing over a version other than the one the restorer saw, nor without one", async () => {
      const team = db.as(TEAM);
      const where = { id: "wexford-2027-07-02" };
      await team.insert("shows", show(where.id, await gig("Wexford"), { notes: "First" }));
      await team.update("shows", { ticket_url: "https://tickets.example/wexford" }, where);
      // A teammate cancels it (version 3) while the restorer's page still shows version 2.
      await team.update("shows", { status: "cancelled" }, where);
      const stale = await team.rpc("restore_show", { show_id: where.id, version: 1, seen: 2 });
      expect(stale).toMatchObject({ status: 200, rows: [] });
      const blank = await team.rpc("restore_show", { show_id: where.id, version: 1, seen: null });
      expect(blank.status).toBe(400);
      const { rows } = await team.select("shows", { columns: "status, version", where });
      expect(rows).toEqual([{ status: "cancelled", version: 3 }]);
      const { rows: kept } = await team.select("shows_history", { columns: "version", where: { show_id: where.id } });
      expect(kept).toHaveLength(2);
    });

    it("hears of every show made, changed, restored or taken off through show_changes, which nobody writes", async () => {
      const team = db.as(TEAM);
      const id = "kilkenny-2027-08-01";
      const changedAt = async () => {
        const { rows } = await team.select("show_changes", { columns: "changed_at", where: { show_id: id } });
        return Date.parse(rows[0]!.changed_at as string);
      };
      await team.insert("shows", show(id, await gig("Kilkenny"), { notes: "Doors early" }));
      const times = [await changedAt()];
      await team.update("shows", { status: "sold-out" }, { id });
      times.push(await changedAt());
      await team.rpc("restore_show", { show_id: id, version: 1, seen: 2 });
      times.push(await changedAt());
      await team.update("shows", { published: false }, { id });
      times.push(await changedAt());
      expect(times.every((time, index) => index === 0 || time > times[index - 1]!)).toBe(true);
      // An update that changes nothing is no change: nobody is told of one.
      await team.update("shows", { published: false }, { id });
      expect(await changedAt()).toBe(times.at(-1));
      const [{ updated_at }] = await db.sql<{ updated_at: string }>(
        `select updated_at::text from public.shows where id = '${id}'`,
      );
      expect(await changedAt()).toBe(Date.parse(updated_at));
      // One row per show, the show's id and when it changed: nothing of the show itself.
      const { rows } = await team.select("show_changes", { order: "show_id" });
      const ids = await db.sql<{ id: string }>("select id from public.shows order by id");
      expect(rows.map((row) => row.show_id)).toEqual(ids.map((row) => row.id));
      expect(Object.keys(rows[0]!).sort()).toEqual(["changed_at", "show_id"]);
      for (const write of [
        team.insert("show_changes", { show_id: "galway-2027-04-23" }),
        team.update("show_changes", { changed_at: "2000-01-01T00:00:00Z" }, { show_id: id }),
        team.delete("show_changes", { show_id: id }),
      ]) {
        expect((await write).status).toBe(403);
      }
    });

    it("hears of the shows a project held before show_changes, and the migration applies twice unchanged", async () => {
      // As on a project whose shows were made before the migration: no row of show_changes yet.
      await db.sql("delete from public.show_changes");
      const file = readdirSync(MIGRATIONS).find((name) => name.endsWith("_show_changes_heard.sql"))!;
      const sql = readFileSync(join(MIGRATIONS, file), "utf8");
      await db.migrate([{ file: `${file} (again)`, sql, checksum: "again" }]);
      const rows = await db.sql<{ id: string; heard: boolean }>(
        `select s.id, c.changed_at = s.updated_at as heard
           from public.shows s left join public.show_changes c on c.show_id = s.id order by s.id`,
      );
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.filter((row) => !row.heard)).toEqual([]);
      // One trigger still, so a change is told once, not once per time the migration ran.
      const [{ count }] = await db.sql<{ count: number }>(
        `select count(*)::int as count
           from pg_trigger t join pg_proc p on p.oid = t.tgfoid join pg_namespace n on n.oid = p.pronamespace
          where t.tgrelid = 'public.shows'::regclass and not t.tgisinternal
            and n.nspname = 'private' and p.proname = 'show_changed'`,
      );
      expect(count).toBe(1);
      await db.as(TEAM).update("shows", { status: "sold-out" }, { id: "galway-2027-04-23" });
      const [{ heard }] = await db.sql<{ heard: boolean }>(
        `select c.changed_at = s.updated_at as heard
           from public.shows s join public.show_changes c on c.show_id = s.id where s.id = 'galway-2027-04-23'`,
      );
      expect(heard).toBe(true);
    });

    it("takes a show off the website and puts it back", async () => {
      const team = db.as(TEAM);
      const anonIds = async () =>
        (await db.as("anon").select("published_shows", { columns: "id" })).rows.map((row) => row.id);
      expect(await anonIds()).toContain("galway-2027-04-23");
      await team.update("shows", { published: false }, { id: "galway-2027-04-23" });
      expect(await anonIds()).not.toContain("galway-2027-04-23");
      await team.update("shows", { published: true }, { id: "galway-2027-04-23" });
      expect(await anonIds()).toContain("galway-2027-04-23");
    });
  });
});
