/**
 * The contacts migrations applied to a database that already holds contacts, as a hosted project
 * does: existing rows get a version and a time, and a value saved before a rule that would now refuse
 * it is mended, never a failed migration, with the old value kept in the history, and the history's versions
 * become whole rows.
 */
import { describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import { migrationsBefore, migrationsUpTo, TARGETS, TEAM, type TestDatabase, useDatabase } from "./harness/database";

const HISTORY_MIGRATION = "20250104000000_contacts_history.sql";
const EDITS_MIGRATION = "20250104100000_contacts_limits_for_edits.sql";
const MARKS_MIGRATION = "20250107000000_contacts_visible_names_plain_ids.sql";
const TEAM_ONLY_MIGRATION = "20250108000000_team_only_contacts_fair_signups.sql";
const SHOWN_NAMES_MIGRATION = "20250109000000_live_team_sessions_names_that_show.sql";
const WHOLE_ROWS_MIGRATION = "20250110000000_contacts_history_whole_rows.sql";
const SEQUENCES = ["contacts_history_history_id_seq", "contacts_insert_log_id_seq", "contacts_update_log_id_seq"];

describe.each(TARGETS)("$name", (target) => {
  /**
   * A database brought up to just before `migration`, for the describe block this is called in: the test
   * gives it rows as a hosted project would hold them, then applies `migration` with `across()`.
   */
  const before = (migration: string) => {
    const db = useDatabase(target, { migrations: migrationsBefore(migration) });
    return { db, across: () => db.migrate(migrationsUpTo(migration)) };
  };

  /**
   * Inserts rows as a project holds them when one of their ids was saved before the plain-id rule
   * (20250107000000), which comes back NOT VALID, as it stands: it still holds for every row an update writes.
   */
  async function insertUnderAnOldId(db: TestDatabase, insert: string, params: unknown[]) {
    await db.sql("alter table public.contacts drop constraint contacts_id_plain");
    await db.sql(insert, params);
    await db.sql(
      String.raw`alter table public.contacts add constraint contacts_id_plain check (
        id !~ '[\u0001-\u001f\u007f-\u009f]' and private.visible_text(id) = id) not valid`,
    );
  }

  describe("the contacts history migration on existing contacts", () => {
    const { db, across } = before(HISTORY_MIGRATION);

    it("versions every contact, and replaces a blank name or role, keeping the blank one in the history", async () => {
      await db.sql(`
      insert into public.contacts (id, name, role, created_at) values
        ('ok', 'Aoife', 'Booker', '2025-01-01T09:00:00Z'),
        ('blank', '   ', 'Agent', '2025-01-02T09:00:00Z');
    `);
      await across();
      const rows = await db.sql(
        "select id, name, role, version, updated_at = created_at as unchanged_since_created from public.contacts order by id",
      );
      expect(rows).toEqual([
        { id: "blank", name: "(no name)", role: "Agent", version: 2, unchanged_since_created: false },
        { id: "ok", name: "Aoife", role: "Booker", version: 1, unchanged_since_created: true },
      ]);
      const history = await db.sql("select contact_id, version, name from public.contacts_history");
      expect(history).toEqual([{ contact_id: "blank", version: 1, name: "   " }]);
    });
  });

  describe("the edit limits migration on existing contacts", () => {
    const { db, across } = before(EDITS_MIGRATION);

    it("mends control characters and invisible names instead of failing, keeping each old value in the history", async () => {
      await db.sql(
        `insert into public.contacts (id, name, role, email, phone) values
        ('ok', 'Aoife', 'Booker', null, null),
        ('invisible', $1, 'Agent', null, null),
        ('controls', $2, 'Fiddler', $3, $4)`,
        ["\u200b\u3000", "Ciarán\u001b[2J", "c@x.ie\n", "01\t234"],
      );
      await across();
      const rows = await db.sql("select id, name, role, email, phone, version from public.contacts order by id");
      expect(rows).toEqual([
        { id: "controls", name: "Ciarán\ufffd[2J", role: "Fiddler", email: "c@x.ie ", phone: "01 234", version: 2 },
        { id: "invisible", name: "(no name)", role: "Agent", email: null, phone: null, version: 2 },
        { id: "ok", name: "Aoife", role: "Booker", email: null, phone: null, version: 1 },
      ]);
      const history = await db.sql(
        "select contact_id, name, email, phone from public.contacts_history order by contact_id",
      );
      expect(history).toEqual([
        { contact_id: "controls", name: "Ciarán\u001b[2J", email: "c@x.ie\n", phone: "01\t234" },
        { contact_id: "invisible", name: "\u200b\u3000", email: null, phone: null },
      ]);
    });
  });

  describe("the visible names and plain ids migration on existing contacts", () => {
    const { db, across } = before(MARKS_MIGRATION);

    it("mends a name of only combining marks, keeps an odd id saved before, and refuses a new one", async () => {
      await db.sql(
        `insert into public.contacts (id, name, role, email, phone) values
        ('accent', $1, 'Agent', null, null),
        ($2, 'Old odd id', 'Booker', null, null),
        ('fine', 'Zoe\u0308', 'Fiddler', null, null)`,
        ["\u0301\u0302", "odd id"],
      );
      await across();
      const rows = await db.sql("select id, name from public.contacts order by id");
      expect(rows).toEqual([
        { id: "accent", name: "(no name)" },
        { id: "fine", name: "Zoe\u0308" },
        { id: "odd id", name: "Old odd id" },
      ]);
      const history = await db.sql("select contact_id, name from public.contacts_history");
      expect(history).toEqual([{ contact_id: "accent", name: "\u0301\u0302" }]);
      await expect(
        db.sql("insert into public.contacts (id, name, role) values ('new odd', 'New', 'Booker')"),
      ).rejects.toThrow(/contacts_id_plain/);
    });
  });

  describe("the team-only contacts migration on a project that already holds contacts", () => {
    const { db, across } = before(TEAM_ONLY_MIGRATION);

    it("mends bidirectional controls and names of marks alone, even under an id saved before its rule, keeping the old values in the history", async () => {
      await insertUnderAnOldId(
        db,
        `insert into public.contacts (id, name, role, email, phone) values
          ('reversed', $1, 'Booker', $2, null),
          ('marks', $3, $4, null, null),
          ('odd id', $5, 'Agent', null, null),
          ('fine', 'Zoe\u0308', 'Fiddler', null, null)`,
        ["\u202eTNEMYAP-KNAB", "booker@\u2066x.ie", "\u064b", "\u0e31", "\u200fOld"],
      );
      await across();
      const rows = await db.sql("select id, name, role, email, version from public.contacts order by id");
      expect(rows).toEqual([
        { id: "fine", name: "Zoe\u0308", role: "Fiddler", email: null, version: 1 },
        { id: "marks", name: "(no name)", role: "(no role)", email: null, version: 2 },
        { id: "odd id", name: "Old", role: "Agent", email: null, version: 2 },
        { id: "reversed", name: "TNEMYAP-KNAB", role: "Booker", email: "booker@x.ie", version: 2 },
      ]);
      const history = await db.sql(
        "select contact_id, name, role, email from public.contacts_history order by contact_id",
      );
      expect(history).toEqual([
        { contact_id: "marks", name: "\u064b", role: "\u0e31", email: null },
        { contact_id: "odd id", name: "\u200fOld", role: "Agent", email: null },
        { contact_id: "reversed", name: "\u202eTNEMYAP-KNAB", role: "Booker", email: "booker@\u2066x.ie" },
      ]);
      await expect(
        db.sql("insert into public.contacts (id, name, role) values ('new odd', 'New', 'Booker')"),
      ).rejects.toThrow(/contacts_id_plain/);
      await expect(
        db.sql("insert into public.contacts (id, name, role) values ('new', $1, 'Booker')", ["\u2067Name"]),
      ).rejects.toThrow(/contacts_no_bidi_controls/);
    });
  });

  describe("the team-only contacts migration on a project whose API roles hold the identity sequences", () => {
    const { db, across } = before(TEAM_ONLY_MIGRATION);
    const privileges = async () =>
      db.sql(
        `select bool_or(has_sequence_privilege(role, 'public.' || sequence, privilege)) as held
           from unnest(array['anon', 'authenticated']) role,
                unnest($1::text[]) sequence,
                unnest(array['USAGE', 'SELECT', 'UPDATE']) privilege`,
        [SEQUENCES],
      );

    it("takes back what older projects' default privileges gave the API roles on the identity sequences", async () => {
      // What a project created while the default privileges granted every sequence in public holds.
      await db.sql("grant usage, select, update on all sequences in schema public to anon, authenticated");
      expect(await privileges()).toEqual([{ held: true }]);
      await db.sql("update public.fan_signups_limits set per_minute = 60");
      await across();
      expect(await privileges()).toEqual([{ held: false }]);
      // The shared sign-up allowance, left at its old default, becomes the high backstop beside the per-client one.
      const rows = await db.sql("select per_minute, per_client_per_minute from public.fan_signups_limits");
      expect(rows).toEqual([{ per_minute: 600, per_client_per_minute: 10 }]);
    });
  });

  describe("the names-that-show migration on a project that already holds contacts", () => {
    const { db, across } = before(SHOWN_NAMES_MIGRATION);

    it("mends names and roles of only unassigned, private-use or replacement characters, even under an id saved before its rule, keeping the old values in the history", async () => {
      // A name that an earlier migration's mend of control characters left as U+FFFD alone, among others.
      await insertUnderAnOldId(
        db,
        `insert into public.contacts (id, name, role, email, phone) values
          ('replaced', $1, 'Booker', null, null),
          ('private', $2, $3, null, null),
          ('odd id', $4, 'Agent', null, null),
          ('fine', $5, 'Fiddler', null, null)`,
        ["\ufffd", "\ue000\u{f0000}", "\u0378\u{1fffe}", "\ufffc \u0301", "Aoife \ue000"],
      );
      await across();
      const rows = await db.sql("select id, name, role, version from public.contacts order by id");
      expect(rows).toEqual([
        { id: "fine", name: "Aoife \ue000", role: "Fiddler", version: 1 },
        { id: "odd id", name: "(no name)", role: "Agent", version: 2 },
        { id: "private", name: "(no name)", role: "(no role)", version: 2 },
        { id: "replaced", name: "(no name)", role: "Booker", version: 2 },
      ]);
      const history = await db.sql("select contact_id, name, role from public.contacts_history order by contact_id");
      expect(history).toEqual([
        { contact_id: "odd id", name: "\ufffc \u0301", role: "Agent" },
        { contact_id: "private", name: "\ue000\u{f0000}", role: "\u0378\u{1fffe}" },
        { contact_id: "replaced", name: "\ufffd", role: "Booker" },
      ]);
      await expect(
        db.sql("insert into public.contacts (id, name, role) values ('new odd', 'New', 'Booker')"),
      ).rejects.toThrow(/contacts_id_plain/);
      await expect(
        db.sql("insert into public.contacts (id, name, role) values ('new', $1, 'Booker')", ["\u{10fffd}"]),
      ).rejects.toThrow(/contacts_name_not_blank/);
    });
  });

  describe("the whole-row history migration on a project whose contacts have a history", () => {
    const { db, across } = before(WHOLE_ROWS_MIGRATION);

    it("brings every kept version across as the whole contact it was, an erased contact's too, and restores from them", async () => {
      // Each change a moment after the last, as the team makes them: a version is written, then replaced.
      const later = () => new Promise((resolve) => setTimeout(resolve, 5));
      await db.sql(`
        insert into public.contacts (id, name, role, email, phone, created_at) values
          ('kept', 'Aoife', 'Booker', 'a@x.ie', null, '2025-01-01T09:00:00Z'),
          ('erased', 'Brian', 'Press', null, '01 234', '2025-01-02T09:00:00Z')`);
      await later();
      await db.sql("update public.contacts set role = 'Manager', email = null where id = 'kept'");
      await db.sql("update public.contacts set name = 'Brian Óg' where id = 'erased'");
      await db.sql("delete from public.contacts where id = 'erased'");
      const versions = await db.sql<{ contact_id: string; written_at: Date; replaced_at: Date }>(
        "select contact_id, written_at, replaced_at from public.contacts_history order by contact_id",
      );
      await across();

      const history = await db.sql(`
        select contact_id, version, contact - 'created_at' - 'updated_at' as kept,
               (contact ->> 'updated_at')::timestamptz = written_at as stamped_when_written,
               (contact ->> 'created_at')::timestamptz as created_at, written_at, replaced_at
          from public.contacts_history order by contact_id`);
      expect(history).toEqual([
        {
          contact_id: "erased",
          version: 1,
          kept: { id: "erased", name: "Brian", role: "Press", email: null, phone: "01 234", version: 1 },
          stamped_when_written: true,
          // Its contact is gone, and with it the time it was made: the version's own time stands in.
          created_at: versions[0].written_at,
          written_at: versions[0].written_at,
          replaced_at: versions[0].replaced_at,
        },
        {
          contact_id: "kept",
          version: 1,
          kept: { id: "kept", name: "Aoife", role: "Booker", email: "a@x.ie", phone: null, version: 1 },
          stamped_when_written: true,
          created_at: new Date("2025-01-01T09:00:00Z"),
          written_at: versions[1].written_at,
          replaced_at: versions[1].replaced_at,
        },
      ]);
      const columns = await db.sql<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'contacts_history' order by column_name`,
      );
      expect(columns.map((row) => row.column_name)).toEqual([
        "contact",
        "contact_id",
        "history_id",
        "replaced_at",
        "version",
        "written_at",
      ]);

      // A version brought across restores as any other; the change it undoes is kept whole in its turn.
      // A millisecond after the version was written (PostgreSQL keeps microseconds, a Date milliseconds).
      const at = new Date(versions[1].written_at.getTime() + 1).toISOString();
      const restored = await db.as("service_role").rpc("restore_contacts", { at });
      expect(restored.error).toBeNull();
      expect(restored.rows).toEqual([
        expect.objectContaining({
          contact: "kept",
          outcome: "restored",
          from_version: 1,
          now_values: { name: "Aoife", role: "Manager", email: null, phone: null },
          then_values: { name: "Aoife", role: "Booker", email: "a@x.ie", phone: null },
        }),
      ]);
      const { rows } = await db
        .as(TEAM)
        .select("contacts_history", { where: { contact_id: "kept" }, order: "version" });
      expect(rows.map((row) => row.contact)).toEqual([
        expect.objectContaining({ role: "Booker", version: 1 }),
        expect.objectContaining({ role: "Manager", email: null, version: 2 }),
      ]);
      await db.as(TEAM).insert("contacts", contact("after", { name: "Cáit" }));
      await db.as(TEAM).update("contacts", { name: "Cáit Ní Riada" }, { id: "after" });
      const [latest] = (await db.as(TEAM).select("contacts_history", { where: { contact_id: "after" } })).rows;
      expect(latest.contact).toMatchObject({ id: "after", name: "Cáit", version: 1 });
    });
  });
});
