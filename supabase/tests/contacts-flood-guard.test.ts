/**
 * The flood guard, with only the anon key: at most 60 new contacts a minute and 1,000 a day from
 * all visitors together, refused with 429 and PostgREST's error shape, never a 500.
 */
import { describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import { TARGETS, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  async function setLimits(limits: { per_minute?: number; per_day?: number }) {
    const { error } = await db.as("service_role").update("contacts_limits", limits, { id: true });
    expect(error).toBeNull();
  }

  describe("flood guard", () => {
    it("cuts a burst of 120 inserts at the cap with 429s, never a 500", async () => {
      const anon = db.as("anon");
      const admin = db.as("service_role");
      const counted = async () => (await admin.select("contacts_insert_log")).count;
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, index) => anon.insert("contacts", contact(`flood-${index}`))),
      );
      const statuses = results.map((result) => result.status);
      const created = statuses.filter((status) => status === 201).length;
      const refused = results.filter((result) => result.status === 429);
      expect(created).toBe(60);
      expect(await counted()).toBe(60);
      const { rows: stored } = await anon.select("contacts", {
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
    });

    it("refuses a batch that would pass the cap as a whole", async () => {
      const anon = db.as("anon");
      const { status } = await anon.insert("contacts", [contact("batch-1"), contact("batch-2")]);
      expect(status).toBe(429);
      const { rows } = await anon.select("contacts", { columns: "id", where: { id: ["batch-1", "batch-2"] } });
      expect(rows).toEqual([]);
    });

    it("does not count an upsert that only updates, nor limit the service role", async () => {
      const anon = db.as("anon");
      const admin = db.as("service_role");
      expect((await admin.insert("contacts", contact("imported"))).status).toBe(201);
      expect((await anon.insert("contacts", contact("imported", { name: "Again" }), { upsert: "merge" })).status).toBe(
        200,
      );
    });

    it("holds a day cap too, and the limits can be changed", async () => {
      const anon = db.as("anon");
      await setLimits({ per_minute: 1000, per_day: 61 });
      try {
        expect((await anon.insert("contacts", contact("day-1"))).status).toBe(201);
        const refused = await anon.insert("contacts", contact("day-2"));
        expect(refused.status).toBe(429);
        expect(refused.error?.message).toBe("Too many new contacts: at most 61 a day");
      } finally {
        await setLimits({ per_minute: 60, per_day: 1000 });
      }
    });

    it("keeps the limits out of the anon role's reach", async () => {
      const anon = db.as("anon");
      expect((await anon.update("contacts_limits", { per_minute: 100000 }, { id: true })).status).toBe(401);
      expect((await anon.select("contacts_limits")).status).toBe(401);
      expect((await anon.delete("contacts_insert_log", { id: { gt: 0 } })).status).toBe(401);
    });
  });
});
