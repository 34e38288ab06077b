/**
 * The outsider's suite, in SQL: with nothing but what every visitor's browser receives (the anon key),
 * every verb PostgREST serves on the team's tables, and every function over the contacts, is refused by
 * the grants, and the team's calendar and contacts stay as they were.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contact, event } from "../../server/test-helpers";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

const teamTitles = ["Studio day", "Away: family wedding"];

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  beforeAll(async () => {
    const team = db.as(TEAM);
    for (const [i, title] of teamTitles.entries()) {
      const { error } = await team.insert("calendar_events", event(title, `2025-06-0${i + 1}`));
      if (error) throw new Error(error.message);
    }
    const agent = contact("agent", { name: "Aoife Agent", email: "aoife@agency.example", phone: "+353 1 234" });
    const { error } = await team.insert("contacts", agent);
    if (error) throw new Error(error.message);
    await team.update("contacts", { email: null }, { id: "agent" }); // its history keeps the old e-mail
  });

  describe("an outsider with the anon key", () => {
    it.each([
      ["calendar_events", event("Outsider was here", "2025-06-09"), "title"],
      ["contacts", contact("outsider"), "name"],
      ["contacts_history", { contact_id: "agent", version: 9, contact: { name: "Forged", role: "x" } }, "contact_id"],
      ["contacts_limits", { per_minute: 100000 }, "per_minute"],
    ] as const)("is refused every REST verb on %s", async (table, row, column) => {
      const anon = db.as("anon");
      const change = { [column]: column === "per_minute" ? 100000 : "Defaced" };
      const others = { [column]: { neq: column === "per_minute" ? 0 : "0" } };
      const attempts = {
        GET: anon.select(table),
        HEAD: anon.select(table, { method: "HEAD" }),
        POST: anon.insert(table, row),
        "POST (merge-duplicates)": anon.insert(table, row, { upsert: "merge" }),
        PATCH: anon.update(table, change, others),
        DELETE: anon.delete(table, others),
        PUT: anon.insert(table, row, { upsert: "merge", method: "PUT" }),
      };
      for (const [verb, attempt] of Object.entries(attempts)) {
        const { status, error } = await attempt;
        expect(status, verb).toBe(401);
        expect(error, verb).toMatchObject({ code: "42501" });
      }
    });

    it("is refused every function over the contacts", async () => {
      const anon = db.as("anon");
      for (const [name, args] of [
        ["restore_contacts", { at: "2025-01-01T00:00:00Z", dry_run: true }],
        ["fan_signups_refused", {}],
      ] as const) {
        const { status, error } = await anon.rpc(name, args);
        expect(status, name).toBe(401);
        expect(error, name).toMatchObject({ code: "42501" });
      }
      // Nor may the anon role execute the trigger functions, called in SQL.
      for (const name of ["contacts_keep_history", "contacts_flood_guard", "contacts_edit_budget"]) {
        const { status, error } = await anon.sql(`select public.${name}()`);
        expect(status, name).toBe(401);
        expect(error, name).toMatchObject({ code: "42501" });
      }
    });

    it("leaves the team's calendar and contacts unchanged, and no allowance spent", async () => {
      const team = db.as(TEAM);
      const { rows: events } = await team.select("calendar_events", { columns: "title", order: "start_date" });
      expect(events.map((row) => row.title)).toEqual(teamTitles);
      const { rows: contacts } = await team.select("contacts", { columns: "id, name, email, phone" });
      expect(contacts).toEqual([{ id: "agent", name: "Aoife Agent", email: null, phone: "+353 1 234" }]);
      const counted = await db.sql(
        "select (select count(*) from public.contacts_insert_log)::int as added, (select count(*) from public.contacts_update_log)::int as changed",
      );
      expect(counted).toEqual([{ added: 1, changed: 1 }]);
    });
  });
});
