/**
 * The outsider's suite, in SQL: with nothing but what every visitor's browser receives (the anon key),
 * every verb PostgREST serves on calendar_events is refused, and the team's calendar stays as it was.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { event } from "../../server/test-helpers";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

const teamTitles = ["Studio day", "Away: family wedding"];

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  beforeAll(async () => {
    for (const [i, title] of teamTitles.entries()) {
      const { error } = await db.as(TEAM).insert("calendar_events", event(title, `2025-06-0${i + 1}`));
      if (error) throw new Error(error.message);
    }
  });

  describe("an outsider with the anon key", () => {
    it("is refused every REST verb on calendar_events", async () => {
      const anon = db.as("anon");
      const newEvent = event("Outsider was here", "2025-06-09");
      const attempts = {
        GET: anon.select("calendar_events"),
        HEAD: anon.select("calendar_events", { method: "HEAD" }),
        POST: anon.insert("calendar_events", newEvent),
        "POST (merge-duplicates)": anon.insert("calendar_events", newEvent, { upsert: "merge" }),
        PATCH: anon.update("calendar_events", { title: "Defaced" }, { title: { neq: "x" } }),
        DELETE: anon.delete("calendar_events", { title: { neq: "x" } }),
        PUT: anon.insert("calendar_events", newEvent, { upsert: "merge", method: "PUT" }),
      };
      for (const [verb, attempt] of Object.entries(attempts)) {
        const { status, error } = await attempt;
        expect(status, verb).toBe(401);
        expect(error, verb).toMatchObject({ code: "42501" });
      }
      const { rows } = await db.as(TEAM).select("calendar_events", { columns: "title", order: "start_date" });
      expect(rows.map((row) => row.title)).toEqual(teamTitles);
    });
  });
});
