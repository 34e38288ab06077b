/**
 * The contact description (src/features/contacts/contacts.fields.mjs) and the contacts table as the
 * migrations make it are one: every column is a described field or one of the keys the database owns, a
 * required field is NOT NULL, the table refuses one character more than the form lets a field hold, the team
 * may write every field, no field takes a control character, and a field whose direction characters the
 * form names is refused them by the table. The type check holds the description to the generated types; this holds it to the SQL behind them.
 */
import { describe, expect, it } from "vitest";
import { contact } from "../../server/test-helpers";
import {
  CONTACT_FIELD_SPECS,
  CONTACT_FIELDS,
  CONTACT_KEY_COLUMNS,
} from "../../src/features/contacts/contacts.fields.mjs";
import { TARGETS, TEAM, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  it("has a column for every described field and the keys, and no other", async () => {
    const columns = await db.sql<{ column_name: string; nullable: boolean; team_writes: boolean }>(
      `select column_name, is_nullable = 'YES' as nullable,
              has_column_privilege('authenticated', 'public.contacts', column_name, 'INSERT')
              and has_column_privilege('authenticated', 'public.contacts', column_name, 'UPDATE') as team_writes
         from information_schema.columns
        where table_schema = 'public' and table_name = 'contacts'`,
    );
    expect(columns.map((column) => column.column_name).sort()).toEqual(
      [...CONTACT_KEY_COLUMNS, ...CONTACT_FIELDS].sort(),
    );
    for (const field of CONTACT_FIELDS) {
      const column = columns.find((candidate) => candidate.column_name === field);
      expect(column, field).toMatchObject({ nullable: !CONTACT_FIELD_SPECS[field].required, team_writes: true });
    }
  });

  it.each(CONTACT_FIELDS)("takes as many characters in %s as the form allows, and refuses one more", async (field) => {
    const team = db.as(TEAM);
    const { maxLength } = CONTACT_FIELD_SPECS[field];
    const longest = await team.insert("contacts", contact(`${field}-longest`, { [field]: "x".repeat(maxLength) }));
    expect(longest.status).toBe(201);
    const over = await team.insert("contacts", contact(`${field}-over`, { [field]: "x".repeat(maxLength + 1) }));
    expect(over.status).toBe(400);
    expect(over.error?.code).toBe("23514");
  });

  it.each(CONTACT_FIELDS)("refuses control characters in %s", async (field) => {
    const { status, error } = await db.as(TEAM).insert("contacts", contact(`${field}-bell`, { [field]: "ab\u0007cd" }));
    expect(status).toBe(400);
    expect(error?.message).toMatch(/contacts_no_control_characters/);
  });

  it.each(CONTACT_FIELDS.filter((field) => CONTACT_FIELD_SPECS[field].directionMarks === "named"))(
    "refuses direction characters in %s, which the form names",
    async (field) => {
      const { status, error } = await db
        .as(TEAM)
        .insert("contacts", contact(`${field}-bidi`, { [field]: "ab\u202ecd" }));
      expect(status).toBe(400);
      expect(error?.message).toMatch(/contacts_no_bidi_controls/);
    },
  );
});
