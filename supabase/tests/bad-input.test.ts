/**
 * What the database itself answers to bad input, as PostgREST passes it on: a value of the wrong type for
 * its column or argument is refused as a data exception (HTTP 400), never a 500, and a hostile string is
 * only data.
 * How the local backend parses a request and shapes its errors is the backend's own test
 * (server/bad-input.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import { TARGETS, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  beforeAll(async () => {
    await db.as("anon").insert("contacts", contact("survivor"));
  });

  describe("bad input gets a clear error and loses nothing", () => {
    it("answers a value of the wrong type in a filter or a function's argument with 400 and a data exception, never a 500", async () => {
      const attempts = {
        "a boolean filter, as the service role": db
          .as("service_role")
          .select("contacts_limits", { where: { id: "maybe" } }),
        "a boolean filter, as anon": db.as("anon").select("contacts_limits", { where: { id: "maybe" } }),
        "a time filter": db.as("anon").select("contacts", { where: { created_at: { gt: "someday" } } }),
        "an update's boolean filter": db
          .as("service_role")
          .update("fan_signups_limits", { per_minute: 1 }, { id: "maybe" }),
        "a function's boolean argument": db
          .as("service_role")
          .rpc("restore_contacts", { at: "2025-01-01T00:00:00Z", dry_run: "maybe" }),
        "a uuid filter": db.as("anon").select("calendar_events", { where: { id: "not-a-uuid" } }),
      };
      for (const [what, attempt] of Object.entries(attempts)) {
        const { status, error } = await attempt;
        expect(status, what).toBe(400);
        // Class 22, data exception: 22P02 for a boolean or a uuid, 22007 for a time.
        expect(error?.code, what).toMatch(/^22(P02|007)$/);
      }
      const typed = await db.as("service_role").select("contacts_limits", { where: { id: "maybe" } });
      expect(typed.error).toMatchObject({ code: "22P02", message: expect.stringMatching(/boolean/) });
      const right = await db.as("service_role").select("contacts_limits", { columns: "id", where: { id: "true" } });
      expect(right.rows).toEqual([{ id: true }]);
    });

    it("treats hostile values as data, not SQL", async () => {
      const { status, rows } = await db.as("anon").select("contacts", { where: { id: "x' or '1'='1" } });
      expect({ status, rows }).toEqual({ status: 200, rows: [] });
      const quoted = await db
        .as("anon")
        .select("contacts", { where: { name: 'Name survivor"; drop table contacts; --' } });
      expect(quoted.rows).toEqual([]);
    });

    it("keeps serving after all of that, with nothing lost", async () => {
      const { rows, error } = await db.as("anon").select("contacts", { columns: "id", order: "created_at desc" });
      expect(error).toBeNull();
      expect(rows.map((row) => row.id)).toEqual(["survivor"]);
    });
  });
});
