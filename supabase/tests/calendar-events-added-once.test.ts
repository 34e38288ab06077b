/**
 * An event added with an id of the page's choosing is added once: the same add sent again (its answer lost on the
 * way) is refused as a duplicate of that id, which the page reads as added, and no second event is made. Only
 * the team adds, with or without an id; an id taken is never a way to change or replace an event. On both
 * engines, both kinds of project.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { event } from "../../server/test-helpers";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  it("adds an event with the id the page chose, once: the same add again is refused as a duplicate of it", async () => {
    const id = randomUUID();
    const row = { ...event("Rehearsal at the hall", "2027-03-01"), id };
    const first = await db.as(TEAM).insert("calendar_events", row);
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const again = await db.as(TEAM).insert("calendar_events", row);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: "23505" });
    expect(again.error?.message).toContain('"calendar_events_pkey"');
    // Another title with that id replaces nothing, nor does an upsert (events stay add-only).
    const other = await db.as(TEAM).insert("calendar_events", { ...row, title: "Something else" });
    expect(other.status).toBe(409);
    const merged = await db.as(TEAM).insert("calendar_events", { ...row, title: "Merged" }, { upsert: "merge" });
    expect(merged.status).toBeGreaterThanOrEqual(401);
    await db.as(TEAM).insert("calendar_events", { ...row, title: "Ignored" }, { upsert: "ignore" });
    const { rows } = await db.as(TEAM).select("calendar_events", { where: { id } });
    expect(rows.map((kept) => kept.title)).toEqual(["Rehearsal at the hall"]);
  });

  it("lets no one but the team add an event, with an id or without", async () => {
    const refused = await db.as("anon").insert("calendar_events", { ...event("Anon", "2027-03-02"), id: randomUUID() });
    expect(refused.status).toBe(401);
    expect((await db.as(TEAM).select("calendar_events", { where: { title: "Anon" } })).rows).toEqual([]);
  });
});
