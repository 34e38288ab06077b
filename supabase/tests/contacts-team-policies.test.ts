/**
 * The team's directory is the team's, in SQL: signed in to any other account, or with only the anon key,
 * no contact, past version or limit can be read or changed, and no allowance the team uses can be spent.
 * The team adds, edits and restores throughout a stranger's flood. (That realtime delivers contact
 * changes to team sessions only is the backend's test, server/contacts-team-only.test.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import { type Claims, session, TARGETS, TEAM, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  /** An account that exists but is not the team's, signed in. */
  let fanClaims: Claims;

  /** How many additions and changes the allowances have counted. */
  async function counted() {
    const [row] = await db.sql<{ added: number; changed: number }>(
      `select (select count(*) from public.contacts_insert_log)::int as added,
              (select count(*) from public.contacts_update_log)::int as changed`,
    );
    return row;
  }

  beforeAll(async () => {
    fanClaims = await db.signIn(session({ email: "fan@example.com" }));
    const team = db.as(TEAM);
    const promoter = contact("promoter", { name: "Pat Promoter", email: "pat@venue.example", phone: "+353 87 000" });
    const { error } = await team.insert("contacts", promoter);
    if (error) throw new Error(error.message);
    await team.update("contacts", { email: null, phone: null }, { id: "promoter" });
  });

  describe("another signed-in account", () => {
    it("reads no contact, past version or limit, erased e-mails included", async () => {
      const fan = db.as(fanClaims);
      for (const table of ["contacts", "contacts_history", "contacts_limits"]) {
        expect(await fan.select(table), table).toMatchObject({ status: 200, rows: [] });
      }
      const { rows: kept } = await db.as(TEAM).select("contacts_history", {
        columns: "contact",
        where: { contact_id: "promoter" },
      });
      expect(kept).toEqual([
        { contact: expect.objectContaining({ email: "pat@venue.example", phone: "+353 87 000" }) },
      ]);
    });

    it("adds, edits and restores nothing, and is refused the functions over the contacts", async () => {
      const fan = db.as(fanClaims);
      const added = await fan.insert("contacts", contact("fan-made"));
      expect(added.status).toBe(403);
      expect(added.error?.message).toMatch(/row-level security/);
      const edited = await fan.update("contacts", { name: "Defaced" }, { id: "promoter" }, { returning: true });
      expect(edited).toMatchObject({ error: null, rows: [] });
      const upsert = await fan.insert("contacts", contact("promoter", { name: "Defaced" }), { upsert: "merge" });
      expect(upsert.status).toBe(403);
      const restore = await fan.rpc("restore_contacts", { at: new Date().toISOString(), dry_run: true });
      expect(restore).toMatchObject({ status: 403, error: { code: "42501" } });
      const { rows } = await db.as(TEAM).select("contacts", { columns: "name", where: { id: "promoter" } });
      expect(rows).toEqual([{ name: "Pat Promoter" }]);
      expect(await counted()).toEqual({ added: 1, changed: 1 });
    });
  });

  describe("a stranger's flood", () => {
    it("spends no allowance, while the team adds, edits and restores throughout", async () => {
      const team = db.as(TEAM);
      const anon = db.as("anon");
      const fan = db.as(fanClaims);
      const before = await counted();
      let flooding = true;
      const statuses = new Set<number>();
      let attempts = 0;
      // 60-row batches of junk and one-card overwrites, as fast as the database answers.
      const flood = (async () => {
        while (flooding) {
          const batch = Array.from({ length: 60 }, (_, i) => contact(`junk-${attempts}-${i}`));
          const answers = await Promise.all([
            anon.insert("contacts", batch),
            anon.update("contacts", { name: `Defaced ${attempts}` }, { id: "promoter" }),
            fan.update("contacts", { name: `Defaced ${attempts}` }, { id: "promoter" }),
          ]);
          for (const answer of answers) statuses.add(answer.status);
          attempts++;
          // PGlite answers in the same thread without waiting on I/O: without a turn of the event loop
          // between rounds, the flood would keep the test's own timers (and the team's turn) from running.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      try {
        while (attempts < 5) await new Promise((resolve) => setTimeout(resolve, 10));
        // The team's day: a new card, an edit, and History → Restore of the previous version.
        expect((await team.insert("contacts", contact("new-agent", { name: "Niamh Agent" }))).status).toBe(201);
        const [opened] = (await team.select("contacts", { where: { id: "new-agent" } })).rows;
        const edit = await team.update(
          "contacts",
          { role: "Agent (Europe)" },
          { id: "new-agent", version: Number(opened.version) },
          { returning: true },
        );
        expect(edit.rows).toHaveLength(1);
        const {
          rows: [previous],
        } = await team.select("contacts_history", {
          columns: "contact, version",
          where: { contact_id: "new-agent" },
          order: "version desc",
          limit: 1,
        });
        if (!previous) throw new Error("the edit left no earlier version in the history");
        const { name, role, email, phone } = previous.contact as Record<string, string | null>;
        const restore = await team.update(
          "contacts",
          { name, role, email, phone },
          { id: "new-agent", version: Number(edit.rows[0].version) },
          { returning: true },
        );
        expect(restore.rows.map((row) => ({ role: row.role }))).toEqual([{ role: "Booker" }]);
        while (attempts < 20) await new Promise((resolve) => setTimeout(resolve, 10));
      } finally {
        flooding = false;
        await flood;
      }
      // Every attempt of the stranger's was refused, and only the team's three writes were counted.
      expect([...statuses].sort()).toEqual([204, 401]); // the other account's update matches no row: 204, no change
      expect(await counted()).toEqual({ added: before.added + 1, changed: before.changed + 2 });
      const { rows: names } = await team.select("contacts", {
        columns: "id, name",
        where: { id: ["new-agent", "promoter"] },
        order: "id",
      });
      expect(names).toEqual([
        { id: "new-agent", name: "Niamh Agent" },
        { id: "promoter", name: "Pat Promoter" },
      ]);
      expect(await db.sql("select count(*)::int as n from public.contacts where id like 'junk-%'")).toEqual([{ n: 0 }]);
    });
  });
});
