/**
 * The team's calendar feed, in SQL: one secret address at a time, kept only as its SHA-256 and made by
 * the team alone; the feed read with the anon key and the secret (nothing for any other secret); every
 * change to an event raising its sequence; and guesses refused per client without slowing the team,
 * the client read from the headers a hosted project's gateway sets (harness/database.ts, fromClient).
 */
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { event, show, until } from "../../server/test-helpers";
import { fromClient, session, TARGETS, TEAM, useDatabase } from "./harness/database";

const STRANGER = "198.51.100.66";
const PHONE = "203.0.113.10";
/** The address a relay (the feed's own function) calls from, for each of its visitors. */
const RELAY = "192.0.2.200";

/** What a new address asked for in vain answers: the address it was to end is no longer the current one. */
const changedMeanwhile = {
  status: 409,
  error: { code: "PT409", message: "The calendar's address changed meanwhile" },
};

type Entry = { id: string; kind: string; title: string; sequence: number; start_day: string; end_day: string };

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  /** The feed as the anon key asks for it from `address`, naming `client` when a relay asks. */
  const feed = (secret: string, address = PHONE, client?: string) =>
    db
      .as("anon", { headers: fromClient(address) })
      .rpc("team_calendar_feed", client === undefined ? { secret } : { secret, client });

  /** When the current address was made, as the team's page reads it; null when there is none. */
  const madeAt = async () => ((await db.as(TEAM).rpc("calendar_feed_made_at")).rows as unknown[])[0] as string | null;

  /** A new address, ending the current one as a team member who was shown it does; its secret. */
  async function newAddress(): Promise<string> {
    const { status, rows, error } = await db.as(TEAM).rpc("new_calendar_feed_address", { ending: await madeAt() });
    if (status !== 200) throw new Error(`new address: ${status} ${JSON.stringify(error)}`);
    return (rows[0] as { secret: string }).secret;
  }

  const titles = (rows: unknown[]) => (rows[0] as { entries: Entry[] }).entries.map((entry) => entry.title);

  beforeEach(async () => {
    await db.sql(`
      delete from public.shows_history; delete from public.shows; delete from public.calendar_events;
      delete from private.calendar_feed; delete from private.calendar_feed_misses;
      update private.calendar_feed_limits set per_client_per_minute = 10, per_caller_per_minute = 300;
    `);
    const team = db.as(TEAM);
    for (const row of [
      event("Rehearsal", "2025-05-02"),
      event("Tour", "2025-05-01", { end_date: "2025-05-03T12:00:00Z" }),
    ]) {
      const { error } = await team.insert("calendar_events", row);
      if (error) throw new Error(error.message);
    }
  });

  describe("the address", () => {
    it("is made by the team alone, returned once and kept only as its SHA-256", async () => {
      const secret = await newAddress();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      const stored = await db.sql<{ hash: string; made: boolean }>(
        "select encode(secret_sha256, 'hex') as hash, made_at is not null as made from private.calendar_feed",
      );
      expect(stored).toEqual([{ hash: createHash("sha256").update(secret).digest("hex"), made: true }]);
      expect((await db.as(TEAM).rpc("calendar_feed_made_at")).rows[0]).toEqual(expect.any(String));

      expect(await db.as("anon").rpc("new_calendar_feed_address")).toMatchObject({
        status: 401,
        error: { code: "42501" },
      });
      expect(await db.as("anon").rpc("calendar_feed_made_at")).toMatchObject({ status: 401, error: { code: "42501" } });
      const outsider = db.as(
        await db.signIn(session({ email: "fan@example.com", userMetadata: { team: "stagedoor" } })),
      );
      for (const name of ["new_calendar_feed_address", "calendar_feed_made_at"]) {
        expect(await outsider.rpc(name), name).toMatchObject({ status: 403, error: { code: "42501" } });
      }
      // Nobody reads the hash, the allowances or the entries through the API, the team included.
      for (const caller of [db.as("anon"), outsider, db.as(TEAM)]) {
        for (const relation of ["calendar_feed", "calendar_feed_misses", "calendar_feed_limits", "team_feed_entries"]) {
          expect((await caller.sql(`select * from private.${relation}`)).error, relation).toMatchObject({
            code: "42501",
          });
        }
      }
      // The outsider's refused attempt left the address as it was.
      expect((await feed(secret)).status).toBe(200);
    });

    it("gives the anon key every team event for the current secret, by start, and nothing for any other", async () => {
      const secret = await newAddress();
      const { status, rows } = await feed(secret);
      expect(status).toBe(200);
      const { entries } = rows[0] as { entries: Entry[] };
      expect(
        entries.map(({ title, kind, start_day, end_day, sequence }) => ({ title, kind, start_day, end_day, sequence })),
      ).toEqual([
        { title: "Tour", kind: "event", start_day: "2025-05-01", end_day: "2025-05-03", sequence: 0 },
        { title: "Rehearsal", kind: "event", start_day: "2025-05-02", end_day: "2025-05-02", sequence: 0 },
      ]);
      for (const wrong of [
        secret.toUpperCase(),
        `${secret}0`,
        secret.slice(1),
        "",
        "x".repeat(100_000),
        "' or true --",
      ]) {
        expect(await feed(wrong, `192.0.2.${wrong.length % 250}`)).toMatchObject({ status: 200, rows: [null] });
      }
    });

    it("ends the old address at once when the team makes a new one", async () => {
      const first = await newAddress();
      const second = await newAddress();
      expect(second).not.toBe(first);
      expect(await feed(first)).toMatchObject({ status: 200, rows: [null] });
      expect(titles((await feed(second)).rows)).toEqual(["Tour", "Rehearsal"]);
      expect(await db.sql("select count(*)::int as n from private.calendar_feed")).toEqual([{ n: 1 }]);
    });

    it("ends only the address the team member was shown, and says when it changed meanwhile", async () => {
      const team = db.as(TEAM);
      const made = await team.rpc("new_calendar_feed_address", { ending: null });
      const first = made.rows[0] as { secret: string; made_at: string };
      expect(first.made_at).toBe(await madeAt());
      // A page that read "none" before it was made ends nothing, nor does one that was shown an older address.
      expect(await team.rpc("new_calendar_feed_address", { ending: null })).toMatchObject(changedMeanwhile);
      expect(await team.rpc("new_calendar_feed_address")).toMatchObject(changedMeanwhile);
      expect(titles((await feed(first.secret)).rows)).toEqual(["Tour", "Rehearsal"]);
      const next = await team.rpc("new_calendar_feed_address", { ending: first.made_at });
      const second = next.rows[0] as { secret: string; made_at: string };
      expect(await feed(first.secret)).toMatchObject({ status: 200, rows: [null] });
      expect(await team.rpc("new_calendar_feed_address", { ending: first.made_at })).toMatchObject(changedMeanwhile);
      expect(titles((await feed(second.secret)).rows)).toEqual(["Tour", "Rehearsal"]);
    });

    it("makes every new address later than the one it ends, even on a clock that reads earlier", async () => {
      await newAddress();
      // As after a clock stepping back, or two addresses within one tick of a coarse clock.
      await db.sql("update private.calendar_feed set made_at = now() + interval '1 day'");
      const ending = await madeAt();
      const { rows } = await db.as(TEAM).rpc("new_calendar_feed_address", { ending });
      expect(Date.parse((rows[0] as { made_at: string }).made_at)).toBeGreaterThan(Date.parse(ending!));
      expect(await db.as(TEAM).rpc("new_calendar_feed_address", { ending })).toMatchObject({ status: 409 });
    });

    it("of two new addresses asked at once, makes one and tells the other", async () => {
      const team = db.as(TEAM);
      const answers = await Promise.all([0, 1].map(() => team.rpc("new_calendar_feed_address", { ending: null })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const { secret } = answers.find((answer) => answer.status === 200)!.rows[0] as { secret: string };
      expect(titles((await feed(secret)).rows)).toEqual(["Tour", "Rehearsal"]);
    });

    // On PGlite, with its one connection, a request waits for the one before it to end: only on PostgreSQL
    // can one call's transaction stay open while another meets its locks.
    if (target.engine === "PostgreSQL 15") {
      describe("asked by two teammates shown the same address, at once", () => {
        type Made = { secret: string; made_at: string };

        /**
         * Two calls ending the address the team has now: the first one's transaction held open once it has
         * made its address, the second one sent then and waiting for it, then the first one's ended as `how`.
         */
        async function overlapping(how: "commit" | "rollback") {
          const old = await newAddress();
          const ending = await madeAt();
          let holding!: () => void;
          let end!: (as: "commit" | "rollback") => void;
          const held = new Promise<"held">((resolve) => (holding = () => resolve("held")));
          const ended = new Promise<"commit" | "rollback">((resolve) => (end = resolve));
          const heldOpen = db.as(TEAM, {
            held: () => {
              holding();
              return ended;
            },
          });
          const first = heldOpen.rpc("new_calendar_feed_address", { ending });
          // Made, and not ended yet (a first call that answered instead shows here what it answered).
          expect(await Promise.race([held, first])).toBe("held");
          const second = db.as(TEAM).rpc("new_calendar_feed_address", { ending });
          try {
            await until(async () => {
              const [{ waiting }] = await db.sql<{ waiting: number }>(`
                select count(*)::int as waiting from pg_stat_activity call
                 where call.datname = current_database() and call.pid <> pg_backend_pid()
                   and call.wait_event_type = 'Lock' and call.query like '%new_calendar_feed_address%'
                   and exists (select from pg_stat_activity holder
                                where holder.pid = any(pg_blocking_pids(call.pid)) and holder.state = 'idle in transaction')`);
              return waiting === 1;
            }, "the second call to wait for the first one's transaction");
          } finally {
            // Ended even when the wait failed, so the database closes after the test.
            end(how);
          }
          return { old, first: await first, second: await second };
        }

        it("makes the first one's address, and tells the second, which waited for it, that it changed meanwhile", async () => {
          const { old, first, second } = await overlapping("commit");
          expect(first.status).toBe(200);
          expect(second).toMatchObject(changedMeanwhile);
          const made = first.rows[0] as Made;
          expect(titles((await feed(made.secret)).rows)).toEqual(["Tour", "Rehearsal"]);
          expect(await feed(old)).toMatchObject({ status: 200, rows: [null] });
          expect(await madeAt()).toBe(made.made_at);
          expect(await db.sql("select count(*)::int as n from private.calendar_feed")).toEqual([{ n: 1 }]);
        });

        it("makes the second one's address when the first one's is rolled back, and keeps nothing of the first", async () => {
          const { old, first, second } = await overlapping("rollback");
          expect([first.status, second.status]).toEqual([200, 200]);
          const made = second.rows[0] as Made;
          const undone = first.rows[0] as Made;
          expect(titles((await feed(made.secret)).rows)).toEqual(["Tour", "Rehearsal"]);
          for (const secret of [undone.secret, old]) {
            expect(await feed(secret)).toMatchObject({ status: 200, rows: [null] });
          }
          expect(await madeAt()).toBe(made.made_at);
          expect(await db.sql("select count(*)::int as n from private.calendar_feed")).toEqual([{ n: 1 }]);
        });
      });
    }

    it("has none until the team makes one", async () => {
      expect((await db.as(TEAM).rpc("calendar_feed_made_at")).rows).toEqual([null]);
      expect(await feed("0".repeat(64))).toMatchObject({ status: 200, rows: [null] });
    });
  });

  describe("versions", () => {
    it("starts every event at sequence 0 and raises it with every change", async () => {
      const secret = await newAddress();
      // A caller cannot choose the version: the column is not granted.
      const forged = await db.as(TEAM).insert("calendar_events", event("Forged", "2025-06-01", { sequence: 9 }));
      expect(forged.status).toBe(403);
      await db.sql("update public.calendar_events set title = 'Rehearsal (moved)' where title = 'Rehearsal'");
      await db.sql("update public.calendar_events set description = 'Room 2' where title = 'Rehearsal (moved)'");
      const entries = ((await feed(secret)).rows[0] as { entries: (Entry & { updated_at: string })[] }).entries;
      expect(entries.map((entry) => [entry.title, entry.sequence])).toEqual([
        ["Tour", 0],
        ["Rehearsal (moved)", 2],
      ]);
      expect(Date.parse(entries[1].updated_at)).toBeGreaterThanOrEqual(Date.parse(entries[0].updated_at));
    });
  });

  describe("shows", () => {
    type ShowEntry = Entry & {
      all_day: boolean;
      starts_at: string | null;
      ends_at: string | null;
      time_zone: string | null;
      location: string | null;
      description: string | null;
      status: string;
      updated_at: string;
    };
    const where = { id: "galway-2027-04-23" };

    /** The feed's entry of the gig titled `title`. */
    async function entryOf(secret: string, title: string): Promise<ShowEntry> {
      const { entries } = (await feed(secret)).rows[0] as { entries: ShowEntry[] };
      const found = entries.find((entry) => entry.title === title);
      if (!found) throw new Error(`no entry titled ${title} in ${JSON.stringify(entries)}`);
      return found;
    }

    /** A gig the team adds, then puts on the website (or keeps to itself) with Galway's venue and doors. */
    async function gigWithShow(title: string, id: string, overrides: Record<string, unknown> = {}) {
      const team = db.as(TEAM);
      const gig = await team.insert("calendar_events", event(title, "2027-04-23", { description: "Soundcheck at 6" }), {
        returning: true,
      });
      if (gig.error) throw new Error(gig.error.message);
      const made = await team.insert("shows", show(id, gig.rows[0].id as string, { notes: "Van at 4", ...overrides }));
      if (made.error) throw new Error(made.error.message);
      return gig.rows[0].id as string;
    }

    it("lists a gig with a show as a timed entry at the doors, in the venue's zone, at the venue, under the gig's id", async () => {
      const secret = await newAddress();
      const before = await entryOf(secret, "Rehearsal");
      const gigId = await gigWithShow("Galway", "galway-2027-04-23");
      await gigWithShow("Cork", "cork-2027-05-01", {
        published: false,
        starts_at: "2027-05-01T19:30:00-04:00",
        time_zone: "America/New_York",
      });

      const galway = await entryOf(secret, "Galway");
      expect(galway).toMatchObject({
        id: gigId,
        kind: "show",
        all_day: false,
        start_day: null,
        end_day: null,
        time_zone: "Europe/Dublin",
        location: "The Salthill Room, 14 Seapoint Promenade, Galway, County Galway, H91 X2P4, IE",
        description: "Soundcheck at 6\n\nVan at 4",
        status: "CONFIRMED",
        // The gig's first version, raised once by putting it on the website.
        sequence: 1,
      });
      expect(new Date(galway.starts_at!).toISOString()).toBe("2027-04-23T19:00:00.000Z");
      expect(new Date(galway.ends_at!).toISOString()).toBe("2027-04-23T22:00:00.000Z");
      // A show kept off the website is still the team's: in its own zone.
      const cork = await entryOf(secret, "Cork");
      expect(cork).toMatchObject({ kind: "show", all_day: false, time_zone: "America/New_York", status: "CONFIRMED" });
      expect(new Date(cork.starts_at!).toISOString()).toBe("2027-05-01T23:30:00.000Z");
      // Every other event is the all-day entry it was.
      expect(await entryOf(secret, "Rehearsal")).toEqual(before);
      const { entries } = (await feed(secret)).rows[0] as { entries: Entry[] };
      expect(entries.map((entry) => [entry.title, entry.kind])).toEqual([
        ["Tour", "event"],
        ["Rehearsal", "event"],
        ["Galway", "show"],
        ["Cork", "show"],
      ]);
    });

    it("says CANCELLED after a cancellation, TENTATIVE while postponed, with a higher sequence after every change and restore", async () => {
      const secret = await newAddress();
      await gigWithShow("Galway", "galway-2027-04-23");
      const team = db.as(TEAM);
      const seen = [await entryOf(secret, "Galway")];
      const change = async (values: Record<string, unknown>) => {
        expect((await team.update("shows", values, where)).status).toBe(204);
        seen.push(await entryOf(secret, "Galway"));
      };
      await change({ status: "postponed" });
      await change({
        status: "rescheduled",
        starts_at: "2027-04-30T20:00:00+01:00",
        previous_starts_at: "2027-04-23T20:00:00+01:00",
      });
      await change({ status: "sold-out" });
      await change({ status: "cancelled" });
      // The gig itself changing raises it too.
      await db.sql("update public.calendar_events set description = 'Soundcheck at 5' where title = 'Galway'");
      seen.push(await entryOf(secret, "Galway"));
      // Putting the rescheduled version (3) back is a change of its own.
      expect((await team.rpc("restore_show", { show_id: where.id, version: 3, seen: 5 })).status).toBe(200);
      seen.push(await entryOf(secret, "Galway"));

      expect(seen.map((entry) => entry.status)).toEqual([
        "CONFIRMED",
        "TENTATIVE",
        "CONFIRMED",
        "CONFIRMED",
        "CANCELLED",
        "CANCELLED",
        "CONFIRMED",
      ]);
      expect(seen.map((entry) => entry.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(seen.map((entry) => new Date(entry.starts_at!).toISOString())).toEqual([
        ...Array(2).fill("2027-04-23T19:00:00.000Z"),
        ...Array(5).fill("2027-04-30T19:00:00.000Z"),
      ]);
      expect(new Set(seen.map((entry) => entry.id)).size).toBe(1);
      for (const [index, entry] of seen.entries()) {
        if (index > 0)
          expect(Date.parse(entry.updated_at)).toBeGreaterThanOrEqual(Date.parse(seen[index - 1].updated_at));
      }
      // The same values again are no change: the sequence stays.
      expect((await team.update("shows", { status: "rescheduled" }, where)).status).toBe(204);
      expect((await entryOf(secret, "Galway")).sequence).toBe(7);
    });
  });

  describe("guesses", () => {
    it("refuses a client's flood of wrong secrets with 429 and Retry-After, while the team's phone is served", async () => {
      const secret = await newAddress();
      const answers = [];
      for (let i = 0; i < 14; i++) answers.push((await feed(`${i}`.padStart(64, "f"), STRANGER)).status);
      expect(answers).toEqual([...Array(10).fill(200), 429, 429, 429, 429]);
      // Past its allowance, the stranger's requests are not checked at all: even the right secret is refused.
      const refused = await feed(secret, STRANGER);
      expect(refused).toMatchObject({ status: 429, rows: [null] });
      // Until the stranger's oldest miss leaves the minute: at most 60 s, however long the flood took.
      expect(Number(refused.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers["Retry-After"])).toBeLessThanOrEqual(60);
      for (let i = 0; i < 20; i++) expect(titles((await feed(secret, PHONE)).rows)).toEqual(["Tour", "Rehearsal"]);
      // Right secrets cost nothing; only the stranger's ten misses are kept (the refused ones are not).
      expect(
        await db.sql("select client, count(*)::int as n from private.calendar_feed_misses group by client"),
      ).toEqual([{ client: STRANGER, n: 10 }]);
    });

    it("counts the address the gateway saw, not what the client claims in forwarding headers", async () => {
      const answers = [];
      for (let i = 0; i < 12; i++) {
        const claimed = { "x-forwarded-for": `${PHONE}, 198.51.100.${i}`, "x-real-ip": PHONE };
        answers.push(
          (
            await db
              .as("anon", { headers: fromClient(STRANGER, claimed) })
              .rpc("team_calendar_feed", { secret: "guess" })
          ).status,
        );
      }
      expect(answers).toEqual([...Array(10).fill(200), 429, 429]);
      expect((await feed("guess", PHONE)).status).toBe(200);
    });

    it("gives each visitor of a relay an allowance of its own, and holds a relay that names a new visitor each time", async () => {
      const secret = await newAddress();
      await db.sql("update private.calendar_feed_limits set per_caller_per_minute = 25");
      const flood = [];
      for (let i = 0; i < 12; i++) flood.push((await feed("guess", RELAY, STRANGER)).status);
      expect(flood).toEqual([...Array(10).fill(200), 429, 429]);
      // Another visitor through the same relay is served, and an IPv6 visitor counts by its /64.
      expect(titles((await feed(secret, RELAY, PHONE)).rows)).toEqual(["Tour", "Rehearsal"]);
      for (let i = 1; i <= 10; i++) expect((await feed("guess", RELAY, `2001:db8:1:2::${i}`)).status).toBe(200);
      expect((await feed("guess", RELAY, "2001:db8:1:2::ff")).status).toBe(429);
      // A relay naming a new visitor on every request: 20 misses so far, 5 more, then its misses are refused...
      const named = [];
      for (let i = 0; i < 8; i++) named.push((await feed("guess", RELAY, `198.51.100.${i}`)).status);
      expect(named).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      // ...while the team's phone behind it is still served, and a malformed visitor counts as the relay itself.
      expect(titles((await feed(secret, RELAY, PHONE)).rows)).toEqual(["Tour", "Rehearsal"]);
      expect(titles((await feed(secret, RELAY, "not an address")).rows)).toEqual(["Tour", "Rehearsal"]);
      expect((await feed("guess", "192.0.2.201", STRANGER)).status).toBe(200);
    });
  });
});
