/**
 * The flood guard on new contacts, counted for the team (the only one who can add any): at most 60 a
 * minute and 1,000 a day, refused with 429 and PostgREST's error shape, never a 500, with the time the
 * allowance next admits one in `details`.
 */
import { describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  async function setLimits(limits: { per_minute?: number; per_day?: number }) {
    const { error } = await db.as("service_role").update("contacts_limits", limits, { id: true });
    expect(error).toBeNull();
  }

  /**
   * A time the database wrote, in milliseconds, rounded up as the refusals round it: PostgreSQL's clock
   * counts microseconds (PGlite's whole milliseconds), and a client that waits until then is admitted.
   */
  const roundedUp = (time: string) => {
    const micros = Number((time.match(/\.\d+/)?.[0] ?? ".0").padEnd(7, "0").slice(4, 7));
    return Date.parse(time) + (micros > 0 ? 1 : 0);
  };

  /** When each counted contact was added, oldest first. */
  async function counted(): Promise<string[]> {
    const rows = await db.sql<{ at: string }>(
      "select to_json(inserted_at)#>>'{}' as at from public.contacts_insert_log order by inserted_at",
    );
    return rows.map((row) => row.at);
  }

  describe("flood guard", () => {
    it("cuts a burst of 120 inserts at the cap with 429s, never a 500, saying when the minute's allowance admits one again", async () => {
      const team = db.as(TEAM);
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, index) => team.insert("contacts", contact(`flood-${index}`))),
      );
      const statuses = results.map((result) => result.status);
      const created = statuses.filter((status) => status === 201).length;
      const refused = results.filter((result) => result.status === 429);
      expect(created).toBe(60);
      const times = await counted();
      expect(times).toHaveLength(60);
      const { rows: stored } = await team.select("contacts", {
        columns: "id",
        where: { id: results.map((_, index) => `flood-${index}`) },
      });
      expect(stored).toHaveLength(created);
      expect(created + refused.length).toBe(120);
      expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
      expect(refused[0].error).toMatchObject({
        code: "PT429",
        message: "Too many new contacts: at most 60 a minute",
        hint: "Try again in a minute.",
      });
      // A minute after the first counted contact, one of the 60 has left the minute: the next is admitted.
      const resets = refused.map((result) => result.error?.details);
      expect(new Set(resets).size).toBe(1);
      expect(resets[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
      expect(Date.parse(resets[0] ?? "")).toBe(roundedUp(times[0]) + 60_000);
    });

    it("refuses a batch that would pass the cap as a whole", async () => {
      const team = db.as(TEAM);
      const { status } = await team.insert("contacts", [contact("batch-1"), contact("batch-2")]);
      expect(status).toBe(429);
      const { rows } = await team.select("contacts", { columns: "id", where: { id: ["batch-1", "batch-2"] } });
      expect(rows).toEqual([]);
    });

    it("does not count an upsert that only updates, nor limit the service role", async () => {
      expect((await db.as("service_role").insert("contacts", contact("imported"))).status).toBe(201);
      const again = await db.as(TEAM).insert("contacts", contact("imported", { name: "Again" }), { upsert: "merge" });
      expect(again.status).toBe(200);
    });

    it("holds a day cap too, and the limits can be changed", async () => {
      const team = db.as(TEAM);
      await setLimits({ per_minute: 1000, per_day: 61 });
      try {
        expect((await team.insert("contacts", contact("day-1"))).status).toBe(201);
        const refused = await team.insert("contacts", contact("day-2"));
        expect(refused.status).toBe(429);
        expect(refused.error).toMatchObject({
          message: "Too many new contacts: at most 61 a day",
          hint: "Try again tomorrow.",
        });
        // The day's allowance admits one again a day after the first of the 61 counted.
        const [first] = await counted();
        expect(Date.parse(refused.error?.details ?? "")).toBe(roundedUp(first) + 86_400_000);
      } finally {
        await setLimits({ per_minute: 60, per_day: 1000 });
      }
    });

    it("names no time when an allowance is set to nothing, which never admits one", async () => {
      await setLimits({ per_minute: 0 });
      try {
        const refused = await db.as(TEAM).insert("contacts", contact("none-at-all"));
        expect(refused.status).toBe(429);
        expect(refused.error).toMatchObject({ message: "Too many new contacts: at most 0 a minute", details: null });
      } finally {
        await setLimits({ per_minute: 60 });
      }
    });

    it("lets the team read the limits but change neither them nor the log, and gives the anon role nothing", async () => {
      const team = db.as(TEAM);
      const { rows } = await team.select("contacts_limits", { columns: "per_minute, per_day" });
      expect(rows).toEqual([{ per_minute: 60, per_day: 1000 }]);
      expect((await team.update("contacts_limits", { per_minute: 100000 }, { id: true })).status).toBe(403);
      expect((await team.delete("contacts_insert_log", { id: { gt: 0 } })).status).toBe(403);
      const anon = db.as("anon");
      expect((await anon.update("contacts_limits", { per_minute: 100000 }, { id: true })).status).toBe(401);
      expect((await anon.select("contacts_limits")).status).toBe(401);
      expect((await anon.delete("contacts_insert_log", { id: { gt: 0 } })).status).toBe(401);
      expect(await db.sql("select per_minute from public.contacts_limits")).toEqual([{ per_minute: 60 }]);
    });
  });
});
