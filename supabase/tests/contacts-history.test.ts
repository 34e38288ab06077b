/**
 * The contacts' history, as the team meets it, and what a session in the wrong hands could do: whatever
 * one does to the contacts, the team can get every card back, and the database refuses what would lose
 * or hide a contact. The anon key reads and writes nothing at all.
 */
import { describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import { anotherTeamSession, TARGETS, TEAM, useDatabase } from "./harness/database";

/** The contact a history row keeps: the whole row as it was. */
const kept = (row: Record<string, unknown>) => row.contact as Record<string, unknown>;

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  describe("contact history", () => {
    it("keeps the previous version of every real change, newest first, and nothing for a non-change", async () => {
      const team = db.as(TEAM);
      await team.insert("contacts", contact("h1", { name: "Aoife", email: "a@x.ie" }));
      const [first] = (await team.select("contacts", { where: { id: "h1" } })).rows;
      expect(first).toMatchObject({ version: 1 });
      await team.update("contacts", { name: "Aoife Ní Bhriain" }, { id: "h1" });
      await team.update("contacts", { role: "Manager", email: null }, { id: "h1" });
      // The same values again: no new version, no history.
      await team.update("contacts", { role: "Manager" }, { id: "h1" });

      const [current] = (await team.select("contacts", { where: { id: "h1" } })).rows;
      expect(current).toMatchObject({ name: "Aoife Ní Bhriain", role: "Manager", email: null, version: 3 });
      const { rows: history, error } = await team.select("contacts_history", {
        where: { contact_id: "h1" },
        order: "version desc",
      });
      expect(error).toBeNull();
      expect(history.map((row) => [row.version, kept(row).name, kept(row).role, kept(row).email])).toEqual([
        [2, "Aoife Ní Bhriain", "Booker", "a@x.ie"],
        [1, "Aoife", "Booker", "a@x.ie"],
      ]);
      expect(history[0].replaced_at).toBe(current.updated_at);
      expect(history[1].written_at).toBe(first.updated_at);
      // Whole: every column of the row it replaced, those the database sets included.
      expect(kept(history[1])).toEqual(first);
    });

    it("keeps the version a legacy upsert overwrites, and the upsert still works", async () => {
      const team = db.as(TEAM);
      expect((await team.insert("contacts", contact("legacy", { name: "Old" }), { upsert: "merge" })).status).toBe(201);
      expect((await team.insert("contacts", contact("legacy", { name: "New" }), { upsert: "merge" })).status).toBe(200);
      expect((await team.insert("contacts", contact("legacy", { name: "New" }), { upsert: "merge" })).status).toBe(200);
      const { rows } = await team.select("contacts_history", { where: { contact_id: "legacy" } });
      expect(rows.map((row) => [kept(row).name, row.version])).toEqual([["Old", 1]]);
    });

    it("leaves version and updated_at to the database", async () => {
      const team = db.as(TEAM);
      const insert = await team.insert("contacts", contact("v1", { version: 7 }));
      expect(insert.status).toBe(403);
      await team.insert("contacts", contact("v1"));
      const update = await team.update("contacts", { version: 9 }, { id: "v1" });
      expect(update.status).toBe(403);
      const stamp = await team.update("contacts", { updated_at: "2000-01-01T00:00:00Z" }, { id: "v1" });
      expect(stamp.status).toBe(403);
    });

    it("cannot be written, changed, deleted or emptied, by the team or with the anon key", async () => {
      const row = {
        contact_id: "h1",
        version: 99,
        contact: { id: "h1", name: "Forged", role: "x" },
        written_at: "2025-01-01T00:00:00Z",
        replaced_at: "2025-01-01T00:00:00Z",
      };
      for (const [who, caller, refused] of [
        ["the team", db.as(TEAM), 403],
        ["the anon key", db.as("anon"), 401],
      ] as const) {
        expect((await caller.insert("contacts_history", row)).status, who).toBe(refused);
        expect(
          (await caller.update("contacts_history", { contact: { name: "Forged" } }, { contact_id: "h1" })).status,
          who,
        ).toBe(refused);
        expect((await caller.delete("contacts_history", { contact_id: "h1" })).status, who).toBe(refused);
        expect((await caller.delete("contacts_history", { contact_id: { neq: "" } })).status, who).toBe(refused);
      }
      // TRUNCATE is not in the REST API; the grants refuse it in SQL too, and the trigger function
      // cannot be called on its own.
      const anon = db.as("anon");
      expect((await anon.sql("truncate public.contacts_history")).error).toMatchObject({ code: "42501" });
      expect((await anon.sql("select public.contacts_keep_history()")).error).toMatchObject({ code: "42501" });
      const { rows } = await db
        .as(TEAM)
        .select("contacts_history", { columns: "version", where: { contact_id: "h1" } });
      expect(rows).toHaveLength(2);
    });
  });

  describe("optimistic concurrency", () => {
    it("saves only over the version the draft was taken from", async () => {
      const one = db.as(TEAM);
      const two = db.as(await db.signIn(anotherTeamSession()));
      await one.insert("contacts", contact("race"));
      const [draft] = (await one.select("contacts", { where: { id: "race" } })).rows as { version: number }[];
      const first = await two.update(
        "contacts",
        { role: "Agent" },
        { id: "race", version: draft.version },
        { returning: true },
      );
      expect(first.rows).toHaveLength(1);
      expect(first.rows[0]).toMatchObject({ role: "Agent", version: draft.version + 1 });
      const second = await one.update(
        "contacts",
        { role: "Promoter" },
        { id: "race", version: draft.version },
        { returning: true },
      );
      expect(second.error).toBeNull();
      expect(second.rows).toEqual([]);
      const { rows } = await one.select("contacts", { columns: "role", where: { id: "race" } });
      expect(rows).toEqual([{ role: "Agent" }]);
    });
  });

  describe("ids never change", () => {
    it("refuses to rename a contact's id with a 400, and changes nothing", async () => {
      const team = db.as(TEAM);
      await team.insert("contacts", contact("stay"));
      const { error, status } = await team.update("contacts", { id: "moved" }, { id: "stay" });
      expect(status).toBe(400);
      // The whole error PostgREST answers with: the trigger's code, message, detail and hint.
      expect(error).toEqual({
        code: "PT400",
        message: "A contact's id cannot be changed",
        details: "Contact stay cannot become moved.",
        hint: "Update the contact's name, role, email or phone instead.",
      });
      const { rows } = await team.select("contacts", { columns: "id", where: { id: ["stay", "moved"] } });
      expect(rows).toEqual([{ id: "stay" }]);
    });

    it("accepts an update that sends the same id", async () => {
      const { status } = await db.as(TEAM).update("contacts", { id: "stay", role: "Agent" }, { id: "stay" });
      expect(status).toBe(204);
    });
  });

  describe("no blank cards", () => {
    it.each([
      ["an empty name", { name: "" }],
      ["a name of spaces", { name: "   " }],
      ["a role of spaces and a tab", { role: " \t " }],
    ])("refuses %s on insert and update", async (_label, blank) => {
      const team = db.as(TEAM);
      const id = `blank-${Math.random().toString(36).slice(2)}`;
      const insert = await team.insert("contacts", contact(id, blank));
      expect(insert.status).toBe(400);
      expect(insert.error?.code).toBe("23514");
      await team.insert("contacts", contact(id));
      const update = await team.update("contacts", blank, { id });
      expect(update.status).toBe(400);
      expect(update.error?.code).toBe("23514");
      const { rows } = await team.select("contacts", { columns: "name, role", where: { id } });
      expect(rows).toEqual([{ name: `Name ${id}`, role: "Booker" }]);
    });
  });

  describe("after a mass overwrite", () => {
    it("every contact comes back from its history, with ordinary updates", async () => {
      const team = db.as(TEAM);
      const ids = ["m-a", "m-b", "m-c"];
      await team.insert(
        "contacts",
        ids.map((id) => contact(id, { email: `${id}@x.ie`, phone: `0${ids.indexOf(id)}` })),
      );
      const { rows: before } = await team.select("contacts", { order: "id" });
      // One request may change one contact, so the overwrite is a loop of requests, one a contact.
      const overwrite = { name: "pwned", role: "pwned", email: "pwned", phone: "pwned" };
      expect((await team.update("contacts", overwrite, { id: { neq: "x" } })).status).toBe(400);
      for (const { id } of before) {
        expect((await team.update("contacts", overwrite, { id: String(id) })).status).toBe(204);
      }
      const { rows: after } = await team.select("contacts", { order: "id" });
      expect(after.every((row) => row.name === "pwned")).toBe(true);

      // Each card's newest history entry is how it was before the overwrite.
      for (const row of after) {
        const {
          rows: [previous],
        } = await team.select("contacts_history", {
          where: { contact_id: String(row.id) },
          order: "version desc",
          limit: 1,
        });
        const { name, role, email, phone } = kept(previous);
        const restored = await team.update(
          "contacts",
          { name, role, email, phone },
          { id: String(row.id), version: Number(row.version) },
          { returning: true },
        );
        expect(restored.rows).toHaveLength(1);
      }
      const { rows: back } = await team.select("contacts", { order: "id" });
      const values = (rows: Record<string, unknown>[]) =>
        rows.map(({ id, name, role, email, phone, created_at }) => ({ id, name, role, email, phone, created_at }));
      expect(values(back)).toEqual(values(before));
      // The overwrite itself is in the history too, so the restore can be undone.
      const { rows: history } = await team.select("contacts_history");
      expect(history.filter((row) => kept(row).name === "pwned")).toHaveLength(before.length);
    });
  });
});
