/**
 * The two tables' own rules, as the app's calls meet them through PostgREST: contacts that anyone may
 * add and edit but nobody may delete or back-date, with lengths and required fields; calendar events the
 * team adds, typed, with ids and history the server's. (server/rest.test.ts makes the same calls through
 * the local backend's HTTP.)
 */
import { describe, expect, it } from "vitest";
import { contact, event } from "../../server/test-helpers";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  describe("contacts, with the anon key", () => {
    it("rejects a duplicate id with 409", async () => {
      const anon = db.as("anon");
      await anon.insert("contacts", contact("dup"));
      const { error, status } = await anon.insert("contacts", contact("dup"));
      expect(status).toBe(409);
      expect(error).toMatchObject({ code: "23505" });
    });

    it("refuses to delete contacts for the anon role, and nothing is deleted", async () => {
      const anon = db.as("anon");
      await anon.insert("contacts", contact("keep"));
      const { error, status } = await anon.delete("contacts", { id: "keep" });
      expect(status).toBe(401);
      expect(error).toMatchObject({ code: "42501", message: "permission denied for table contacts" });
      expect((await anon.select("contacts", { columns: "id", where: { id: "keep" } })).rows).toEqual([{ id: "keep" }]);
    });

    it("refuses over-long text instead of storing megabytes", async () => {
      const { error, status } = await db.as("anon").insert("contacts", contact("long", { name: "x".repeat(5000) }));
      expect(status).toBe(400);
      expect(error?.code).toBe("23514");
    });

    it("leaves created_at to the server: the anon role may not back-date a contact", async () => {
      const anon = db.as("anon");
      const { error, status } = await anon.insert(
        "contacts",
        contact("backdated", { created_at: "2000-01-01T00:00:00Z" }),
      );
      expect(status).toBe(401);
      expect(error).toMatchObject({ code: "42501", message: "permission denied for table contacts" });
      const edit = await anon.update("contacts", { created_at: "2000-01-01T00:00:00Z" }, { id: "keep" });
      expect(edit.status).toBe(401);
    });

    it("requires name and role", async () => {
      const { error, status } = await db.as("anon").insert("contacts", { id: "nameless", name: null, role: "x" });
      expect(status).toBe(400);
      expect(error?.code).toBe("23502");
    });
  });

  describe("calendar events, signed in as the team", () => {
    it("defaults the event type to gig, and refuses an unknown one with the server's message", async () => {
      const team = db.as(TEAM);
      const { event_type: _ignored, ...withoutType } = event("Untyped", "2025-06-01");
      await team.insert("calendar_events", withoutType);
      const { rows } = await team.select("calendar_events", { columns: "event_type", where: { title: "Untyped" } });
      expect(rows).toEqual([{ event_type: "gig" }]);
      const bad = await team.insert("calendar_events", event("Bad", "2025-06-02", { event_type: "party" }));
      expect(bad.status).toBe(400);
      expect(bad.error?.message).toContain("calendar_events_event_type_check");
    });

    it("leaves an event's id to the server", async () => {
      const { error, status } = await db
        .as(TEAM)
        .insert("calendar_events", event("Chosen id", "2025-06-03", { id: "00000000-0000-4000-8000-000000000000" }));
      expect(status).toBe(403);
      expect(error?.code).toBe("42501");
    });

    it("refuses to update or delete events, even for the team", async () => {
      const team = db.as(TEAM);
      await team.insert("calendar_events", event("Fixed", "2025-07-01"));
      const update = await team.update("calendar_events", { title: "Changed" }, { title: "Fixed" });
      expect(update.status).toBe(403);
      expect(update.error?.code).toBe("42501");
      const remove = await team.delete("calendar_events", { title: "Fixed" });
      expect(remove.status).toBe(403);
      const { rows } = await team.select("calendar_events", { columns: "title", where: { title: "Fixed" } });
      expect(rows).toEqual([{ title: "Fixed" }]);
    });

    it("lets the service role do what the team may not (the grants decide)", async () => {
      const admin = db.as("service_role");
      await admin.insert("calendar_events", event("Admin", "2025-08-01"));
      const { status, count } = await admin.delete("calendar_events", { title: "Admin" });
      expect({ status, count }).toEqual({ status: 204, count: 1 });
    });
  });
});
