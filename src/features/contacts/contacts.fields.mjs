// @ts-check
/**
 * A contact's fields, described once. The row mappers, the draft and the merge of two edits, the history
 * and its restore (on the card and in `npm run contacts:restore`), the test fakes, the vCard, the card and
 * the forms all take their fields from here; contacts.ts holds this list to the table's columns as the
 * migrations make them (src/lib/database.types.ts), so the type check fails on a field without a column or
 * a column without a field. Plain JavaScript, so that the admin tools Node runs as they are read it too.
 *
 * A new optional field is one entry here and a migration (its column, its check, its grant to the team).
 */

/**
 * @typedef {object} FieldSpec
 * @property {string} label what the card, the form and the history call it
 * @property {boolean} required a contact always has it (name and role); an empty optional field is null
 * @property {number} maxLength the table's limit (its check constraint)
 * @property {"text" | "email" | "tel" | "url"} input the form's input type
 * @property {string} autoComplete the form's autocomplete token, for password managers and address books
 * @property {"named" | "removed"} directionMarks invisible text-direction characters, which the table
 *   refuses: named by the form, which offers to take them out (text that could read as something else),
 *   or taken out as they are typed (a phone number, where they never mean anything)
 * @property {string | null} vCard the vCard property the field is written as, or null for none
 */

/** The fields, in the order a card and the forms show them. */
export const CONTACT_FIELD_SPECS = /** @type {const} @satisfies {Record<string, FieldSpec>} */ ({
  name: {
    label: "Name",
    required: true,
    maxLength: 200,
    input: "text",
    autoComplete: "name",
    directionMarks: "named",
    vCard: "FN",
  },
  role: {
    label: "Role",
    required: true,
    maxLength: 200,
    input: "text",
    autoComplete: "organization-title",
    directionMarks: "named",
    vCard: "TITLE",
  },
  email: {
    label: "Email",
    required: false,
    maxLength: 320,
    input: "email",
    autoComplete: "email",
    directionMarks: "named",
    vCard: "EMAIL",
  },
  phone: {
    label: "Phone",
    required: false,
    maxLength: 50,
    input: "tel",
    autoComplete: "tel",
    directionMarks: "removed",
    vCard: "TEL",
  },
});

/** @typedef {keyof typeof CONTACT_FIELD_SPECS} ContactField */

/** The field names, in card order. */
export const CONTACT_FIELDS = /** @type {ContactField[]} */ (Object.keys(CONTACT_FIELD_SPECS));

/**
 * The contacts table's columns that are not fields: the id (made by the app, never changed) and what the
 * database sets (version, created_at, updated_at). The same list as private.contact_values() in
 * 20250110000000_contacts_history_whole_rows.sql.
 */
export const CONTACT_KEY_COLUMNS = /** @type {const} */ (["id", "version", "created_at", "updated_at"]);

/**
 * A contact's field values out of any record (a row, a history version, a JSON object): each described
 * field, an absent or non-text one as null.
 * @param {Record<string, unknown> | null | undefined} source
 * @returns {Record<ContactField, string | null>}
 */
export function fieldValuesOf(source) {
  return /** @type {Record<ContactField, string | null>} */ (
    Object.fromEntries(
      CONTACT_FIELDS.map((field) => {
        const value = source?.[field];
        return [field, typeof value === "string" ? value : null];
      }),
    )
  );
}
