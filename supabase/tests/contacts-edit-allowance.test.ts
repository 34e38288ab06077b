/**
 * Edits are budgeted like new contacts, for the team (the only one who can edit): a loop of mass
 * overwrites, as a leaked password would allow, is cut at the budget with 429s and cannot grow the
 * history past it; the service role is not limited, may erase a contact's history, and alone may
 * restore the whole table in one go. Names and roles made of invisible characters, and control or
 * bidirectional control characters anywhere, are refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  async function setLimits(limits: Record<string, number>) {
    const { error } = await db.as("service_role").update("contacts_limits", limits, { id: true });
    expect(error).toBeNull();
  }

  async function historyRows(): Promise<number> {
    return (await db.as("service_role").select("contacts_history")).count;
  }

  beforeAll(async () => {
    // Seeded as the service role, so the flood guard for new contacts plays no part here.
    const { error } = await db.as("service_role").insert(
      "contacts",
      Array.from({ length: 50 }, (_, i) => contact(`b${i}`)),
    );
    expect(error).toBeNull();
  });

  describe("edit budget", () => {
    it("refuses a request that would change more than one contact, and writes nothing for it", async () => {
      const team = db.as(TEAM);
      const admin = db.as("service_role");
      const before = await historyRows();
      const { count: logged } = await admin.select("contacts_update_log");
      const mass = await team.update("contacts", { name: "pwned" }, { version: { gte: 0 } });
      expect(mass.status).toBe(400);
      expect(mass.error).toMatchObject({
        code: "PT400",
        message: "One request may change at most 1 contact(s)",
        hint: "Update contacts one at a time, by id.",
      });
      // Values that change nothing count too: every row an update touches is written.
      const same = await team.update("contacts", { role: "Booker" }, { id: ["b1", "b2"] });
      expect(same.status).toBe(400);
      const upsert = await team.insert("contacts", [contact("b1", { name: "x" }), contact("b2", { name: "y" })], {
        upsert: "merge",
      });
      expect(upsert.status).toBe(400);
      expect(await historyRows()).toBe(before);
      expect((await admin.select("contacts_update_log")).count).toBe(logged);
      const { rows } = await team.select("contacts", { columns: "name", where: { id: "b1" } });
      expect(rows).toEqual([{ name: "Name b1" }]);
      // One contact a request, as the app saves, is fine.
      const save = (role: string) => team.update("contacts", { role }, { id: "b1" }, { returning: true });
      expect((await save("Agent")).rows).toHaveLength(1);
      expect((await save("Booker")).rows).toHaveLength(1);
    });

    it("cuts a loop of one-contact overwrites at 120 changed versions a minute, with 429s", async () => {
      const team = db.as(TEAM);
      const before = await historyRows();
      const statuses: number[] = [];
      let refusal: unknown = null;
      // Two changes are already counted this minute (the test above).
      for (let i = 0; i < 125; i++) {
        const { status, error } = await team.update(
          "contacts",
          { name: `${i}`.padEnd(200, "x") },
          { id: `b${i % 50}` },
        );
        statuses.push(status);
        if (error) refusal = error;
      }
      expect(statuses.filter((status) => status === 204)).toHaveLength(118);
      expect(statuses.slice(118).every((status) => status === 429)).toBe(true);
      expect(refusal).toMatchObject({
        code: "PT429",
        message: "Too many changes to contacts: at most 120 a minute",
        hint: "Try again in a minute.",
      });
      expect(await historyRows()).toBe(before + 118);
    });

    it("counts a request that may change many contacts whole, and refuses it whole past the budget", async () => {
      await setLimits({ updates_per_request: 1000, updates_per_minute: 102 });
      try {
        await mass();
      } finally {
        await setLimits({ updates_per_request: 1, updates_per_minute: 120 });
      }
    });

    async function mass() {
      // 120 changes are counted this minute: 102 a minute means none are left; lift it to 222.
      await setLimits({ updates_per_minute: 222 });
      const team = db.as(TEAM);
      const before = await historyRows();
      const long = (flip: number) => `${flip}`.padEnd(200, "x");
      const statuses: number[] = [];
      let refusal: unknown = null;
      for (let flip = 0; flip < 6; flip++) {
        // Every request changes all 50 contacts: two fit in the 102 left, the third would not.
        const { status, error } = await team.update(
          "contacts",
          { name: long(flip), role: long(flip) },
          { version: { gte: 0 } },
        );
        statuses.push(status);
        if (error) refusal = error;
      }
      expect(statuses).toEqual([204, 204, 429, 429, 429, 429]);
      expect(refusal).toMatchObject({ code: "PT429", message: "Too many changes to contacts: at most 222 a minute" });
      expect(await historyRows()).toBe(before + 100);
      // A refused request changed nothing: every contact is at the second overwrite.
      const { rows } = await team.select("contacts", { columns: "name" });
      expect(rows.every((row) => row.name === long(1))).toBe(true);

      // One more contact a request still fits (2 left this minute), as the app's saves do.
      const save = await team.update("contacts", { role: "Agent" }, { id: "b0" }, { returning: true });
      expect(save.rows).toHaveLength(1);
    }

    it("counts an upsert that overwrites, not one that changes nothing, and never limits the service role", async () => {
      await setLimits({ updates_per_minute: 1 });
      try {
        const team = db.as(TEAM);
        const admin = db.as("service_role");
        await admin.insert("contacts", contact("u1"));
        // Nothing changes: no version, nothing counted, allowed even with the budget spent.
        expect((await team.insert("contacts", contact("u1"), { upsert: "merge" })).status).toBe(200);
        const overwrite = await team.insert("contacts", contact("u1", { name: "Changed" }), { upsert: "merge" });
        expect(overwrite.status).toBe(429);
        const mass = await admin.update("contacts", { phone: "01 234" }, { version: { gte: 0 } });
        expect(mass.status).toBe(204);
      } finally {
        await setLimits({ updates_per_minute: 120 });
      }
    });

    it("holds a day budget too, and keeps the limits and the log out of the team's and the anon role's reach", async () => {
      const team = db.as(TEAM);
      await setLimits({ updates_per_minute: 100000, updates_per_day: 0 });
      try {
        const { status, error } = await team.update("contacts", { role: "Day" }, { id: "b1" });
        expect(status).toBe(429);
        expect(error).toMatchObject({
          message: "Too many changes to contacts: at most 0 a day",
          hint: "Try again tomorrow.",
        });
      } finally {
        await setLimits({ updates_per_minute: 120, updates_per_day: 3000 });
      }
      expect((await team.update("contacts_limits", { updates_per_day: 1e6 }, { id: true })).status).toBe(403);
      expect((await team.select("contacts_update_log")).status).toBe(403);
      const anon = db.as("anon");
      expect((await anon.update("contacts_limits", { updates_per_day: 1e6 }, { id: true })).status).toBe(401);
      expect((await anon.select("contacts_update_log")).status).toBe(401);
    });
  });

  describe("restoring the whole table", () => {
    it("is for the service role only: the anon role gets 401, the team 403", async () => {
      const args = { at: new Date().toISOString(), dry_run: true };
      const { status, error } = await db.as("anon").rpc("restore_contacts", args);
      expect(status).toBe(401);
      expect(error?.code).toBe("42501");
      const asTeam = await db.as(TEAM).rpc("restore_contacts", args);
      expect(asTeam.status).toBe(403);
      expect(asTeam.error?.code).toBe("42501");
    });

    it("restores every contact in one transaction, recorded in the history, and says what it did", async () => {
      const admin = db.as("service_role");
      await admin.insert("contacts", [contact("r1", { email: "r1@x.ie" }), contact("r2")]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const at = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await admin.update("contacts", { name: "pwned" }, { id: ["r1", "r2"] });

      const dry = await admin.rpc("restore_contacts", { at, dry_run: true });
      expect(dry.error).toBeNull();
      const mine = (rows: Record<string, unknown>[]) =>
        rows.filter((row) => ["r1", "r2"].includes(String(row.contact)));
      expect(mine(dry.rows)).toEqual([
        expect.objectContaining({
          contact: "r1",
          outcome: "would restore",
          then_values: expect.objectContaining({ name: "Name r1" }),
        }),
        expect.objectContaining({
          contact: "r2",
          outcome: "would restore",
          now_values: expect.objectContaining({ name: "pwned" }),
        }),
      ]);
      const { rows: untouched } = await admin.select("contacts", { columns: "name", where: { id: ["r1", "r2"] } });
      expect(untouched.every((row) => row.name === "pwned")).toBe(true);

      const run = await admin.rpc("restore_contacts", { at });
      expect(run.error).toBeNull();
      expect(mine(run.rows).map((row) => row.outcome)).toEqual(["restored", "restored"]);
      const { rows } = await admin.select("contacts", {
        columns: "id, name, email",
        where: { id: ["r1", "r2"] },
        order: "id",
      });
      expect(rows).toEqual([
        { id: "r1", name: "Name r1", email: "r1@x.ie" },
        { id: "r2", name: "Name r2", email: null },
      ]);
      const { rows: kept } = await admin.select("contacts_history", { where: { contact_id: "r1" } });
      expect(kept.filter((row) => (row.contact as { name: string }).name === "pwned")).toHaveLength(1);
    });
  });

  describe("erasure", () => {
    it("lets the service role delete a contact's history, and nobody else", async () => {
      const team = db.as(TEAM);
      const admin = db.as("service_role");
      await admin.insert("contacts", contact("gone", { email: "private@x.ie" }));
      await admin.update("contacts", { email: "still-private@x.ie" }, { id: "gone" });
      expect((await team.delete("contacts_history", { contact_id: "gone" })).status).toBe(403);
      expect((await db.as("anon").delete("contacts_history", { contact_id: "gone" })).status).toBe(401);
      expect((await admin.delete("contacts_history", { contact_id: "gone" })).status).toBe(204);
      expect((await admin.delete("contacts", { id: "gone" })).status).toBe(204);
      const { rows } = await team.select("contacts_history", { where: { contact_id: "gone" } });
      expect(rows).toEqual([]);
    });
  });

  describe("names that are really there", () => {
    // The budget is spent by the tests above; these refusals come from the checks.
    beforeAll(() => setLimits({ updates_per_minute: 100000 }));
    const invisible = [
      "\u200b",
      "\u3000",
      "\u2002\u2003",
      "\ufeff",
      "\u000b",
      "\u000c",
      "\u0085",
      "\u2028",
      "\u180e",
      "\u2800",
      "\u3164",
      "\u00ad",
      "\u2060",
      "\u202e",
      "\u{e0041}\u{e0042}",
      " \u200d\ufe0f ",
      "\u0300",
      "\u0301\u0302",
      " \u20dd ",
      "\u{1d159}",
      "\u{16fe4}",
      "\uffff",
      "\ufdd0",
      // Combining marks of any script, alone: Arabic, Hebrew, Thai, Devanagari (Mn and Mc), kana, Cyrillic
      // (Me), Znamenny musical notation.
      "\u064b",
      "\u05b0",
      "\u0e31",
      "\u093c",
      "\u093e",
      "\u3099",
      "\u0489",
      "\u{1cf00}",
      " \u0e31\u0e48 ",
      // Characters that show nothing, or nothing that is a name: code points Unicode has not assigned
      // (noncharacters among them), private use, and the object replacement and replacement characters.
      "\u0378",
      "\u{2fffd}",
      "\u{10ffff}",
      "\ue000",
      "\uf8ff",
      "\u{f0000}",
      "\u{10fffd}",
      "\ufffc",
      "\ufffd",
      " \ufffd\u0301\u200b\ue000 ",
    ];
    it.each(invisible.map((value) => [JSON.stringify(value), value]))(
      "refuses a name or role of only %s",
      async (_label, value) => {
        const team = db.as(TEAM);
        expect((await team.insert("contacts", contact(`i-${Math.random()}`, { name: value }))).status).toBe(400);
        const role = await team.update("contacts", { role: value }, { id: "b2" });
        expect(role.status).toBe(400);
        expect(role.error?.code).toBe("23514");
      },
    );

    it("refuses control characters in every field, and keeps names with joiners and accents", async () => {
      const team = db.as(TEAM);
      for (const field of ["name", "role", "email", "phone"]) {
        for (const control of ["\u0007", "\u001b[2J", "\n", "\t", "\u007f", "\u009b"]) {
          const { status } = await team.update("contacts", { [field]: `Real${control}text` }, { id: "b3" });
          expect(status, `${field} with ${JSON.stringify(control)}`).toBe(400);
        }
      }
      for (const name of [
        "Siobhán Ní Bhriain",
        "👩‍👩‍👧 Family band",
        "Zoë\u00a0Ó",
        "Zoe\u0308 (decomposed)",
        "\u0e2a\u0e31\u0e19\u0e15\u0e34", // สันติ: Thai letters keep their vowel marks
        "\u0645\u064e\u0631\u0652\u064a\u064e\u0645", // مَرْيَم: Arabic with its vowel signs
        "\u0939\u093f\u0928\u094d\u0926\u0940", // हिन्दी
        "\u304b\u3099", // が, decomposed
        "Ciarán \ufffd", // letters beside a replacement character
        "Aoife \ue000", // and beside a private-use one
      ]) {
        const saved = await team.update("contacts", { name }, { id: "b3" }, { returning: true });
        expect(saved.rows.map((row) => ({ name: row.name }))).toEqual([{ name }]);
      }
    });
  });

  describe("no bidirectional controls", () => {
    const controls = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
    controls.push("\u200e", "\u200f", "\u061c");

    it("refuses every bidirectional control in every field, as control characters are", async () => {
      await setLimits({ updates_per_minute: 100000 });
      const team = db.as(TEAM);
      for (const field of ["name", "role", "email", "phone"]) {
        for (const control of controls) {
          const { status, error } = await team.update("contacts", { [field]: `${control}TNEMYAP-KNAB` }, { id: "b4" });
          expect(status, `${field} with ${JSON.stringify(control)}`).toBe(400);
          expect(error).toMatchObject({ code: "23514" });
          expect(error?.message).toContain("contacts_no_bidi_controls");
        }
      }
      const added = await team.insert("contacts", contact("bidi", { name: "booker\u202e@\u2066evil" }));
      expect(added.status).toBe(400);
      const { rows } = await team.select("contacts", { columns: "name, role, email, phone", where: { id: "b4" } });
      expect(JSON.stringify(rows)).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    });

    it("keeps right-to-left names, which need no control to show", async () => {
      const team = db.as(TEAM);
      for (const name of ["\u05e9\u05e8\u05d4 \u05dc\u05d5\u05d9", "\u0644\u064a\u0644\u0649 (Layla)"]) {
        const saved = await team.update("contacts", { name }, { id: "b4" }, { returning: true });
        expect(saved.rows.map((row) => ({ name: row.name }))).toEqual([{ name }]);
      }
    });
  });

  describe("ids that are plain text", () => {
    it("refuses a new contact whose id holds a control, white space or invisible character", async () => {
      const team = db.as(TEAM);
      for (const id of [
        "\n",
        "a\r\nEND:VCARD",
        "a b",
        " ",
        "a\u200bb",
        "\u202eevil",
        "a\u0000b".replace("\u0000", "\u0007"),
      ]) {
        const { status, error } = await team.insert("contacts", contact(id));
        expect(status, JSON.stringify(id)).toBe(400);
        expect(error?.code, JSON.stringify(id)).toBe("23514");
      }
    });

    it("takes the ids the app makes, and any other printable text", async () => {
      const team = db.as(TEAM);
      for (const id of ["1732000000000a1B2c3D4e", "legacy-id_7", "Órla.1"]) {
        expect((await team.insert("contacts", contact(id))).status, id).toBe(201);
      }
    });
  });
});
