// @ts-check
/**
 * Restores every contact to how it was at a given time, from contacts_history, for when the
 * whole table was vandalised. Each restore is an ordinary update, so it is itself kept in the
 * history (and can be undone the same way).
 *
 * With the service role key, the database's restore_contacts() does it in one transaction with
 * every contact locked, so nobody writing meanwhile can outrun it. Without it, the tool signs in to
 * the team account (contacts are the team's: the anon key alone reads none) and makes one conditional
 * update per contact, within the team's allowance for changes: a contact someone changes meanwhile is
 * left alone and reported, and a spent allowance stops the run, saying when to run it again.
 */

import { CONTACT_FIELDS, fieldValuesOf } from "../../src/features/contacts/contacts.fields.mjs";

/** @typedef {import("../../src/features/contacts/contacts.fields.mjs").ContactField} Field */
/** @typedef {Record<Field, string | null>} ContactValues a contact's fields (every one of them), which a restore sets */
/** @typedef {ContactValues & { id: string }} ListedContact */

/**
 * A contact as the table holds it.
 * @typedef {ContactValues & { id: string, version: number, created_at: string, updated_at: string }} ContactRow
 */

/**
 * One replaced version of a contact (contacts_history): the whole row as it was from written_at until
 * replaced_at.
 * @typedef {{ contact_id: string, version: number, contact: Record<string, unknown>, written_at: string, replaced_at: string }} HistoryRow
 */

/**
 * A contact whose values at the time differ from its values now.
 * @typedef {object} Change
 * @property {string} id
 * @property {number} [version] its version now, which the anon key's update is conditional on
 * @property {number} fromVersion the version restored
 * @property {Field[]} fields the fields that differ
 * @property {ContactValues} now
 * @property {ContactValues} then
 */

/**
 * What a restore did, or would do in a dry run.
 * @typedef {object} RestoreResult
 * @property {string} at the time restored to, ISO in UTC
 * @property {Change[]} changes
 * @property {ListedContact[]} addedLater contacts created after that time, left as they are
 * @property {ListedContact[]} unknown contacts with no version from that time in the history
 * @property {Change[]} restored
 * @property {Change[]} skipped changed by someone while the restore ran
 * @property {(Change & { problem: string })[]} refused
 */

/**
 * One row of restore_contacts(): a contact, what happened to it, why it was refused, and its values
 * now and then.
 * @typedef {object} RestoreRow
 * @property {string} contact
 * @property {"added later" | "unknown" | "would restore" | "restored" | "refused"} outcome
 * @property {number} from_version
 * @property {string} problem
 * @property {Record<string, unknown> | null} now_values
 * @property {Record<string, unknown> | null} then_values
 */

/** @typedef {(path: string, init?: RequestInit) => Promise<unknown>} RestCall */

/** Rows per request: a hosted project answers at most 1,000 rows a request by default. */
const PAGE = 1000;

/** @param {string} iso */
const time = (iso) => new Date(iso).getTime();

/** ISO 8601 with a date, hours and minutes, optional seconds and fraction, and Z or an offset. */
const STRICT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The time to restore to, as an ISO string in UTC; anything but a full ISO 8601 time with `Z` or
 * an offset is refused, so "0", "Jan 4" or a time without a zone never picks a moment by guess.
 * @param {string} at
 */
export function parseRestoreTime(at) {
  const match = STRICT_TIME.exec(at);
  const [, year, month, day, hour, minute, second = "0", zone, offsetHours, offsetMinutes] = match ?? [];
  const date = match ? new Date(at) : null;
  const valid =
    date !== null &&
    !Number.isNaN(date.getTime()) &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate() &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    (zone === "Z" || (Number(offsetHours) <= 23 && Number(offsetMinutes) <= 59));
  if (!date || !valid) {
    throw new Error(
      `--at must be an ISO 8601 time with Z or an offset, such as 2025-01-04T09:30:00Z or 2025-01-04T10:30:00+01:00; "${printable(at)}" is not one`,
    );
  }
  return date.toISOString();
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are escaped.
const TERMINAL_UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text as it is safe to print in a terminal: control characters (C0, DEL, C1), line and paragraph
 * separators and bidirectional controls are written as escapes (a backslash too), so a stored
 * name can neither fake lines in the report nor move the cursor.
 * @param {unknown} value
 */
export function printable(value) {
  /** @type {Record<string, string>} */
  const names = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
  return String(value).replace(TERMINAL_UNSAFE, (char) => {
    const named = names[char];
    return named ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * What a restore to `at` would change: for each contact, the version it had at that time
 * (the newest version written at or before it), when that differs from the contact now.
 * Contacts added after `at` are listed apart: a restore leaves them (the anon role cannot delete).
 * @param {ContactRow[]} contacts the table as it is now
 * @param {HistoryRow[]} history contacts_history rows (those replaced after `at` suffice)
 * @param {string} at an ISO time
 */
export function planRestore(contacts, history, at) {
  const atTime = time(at);
  /** @type {Map<string, HistoryRow>} */
  const byContact = new Map();
  for (const row of history) {
    if (time(row.written_at) > atTime || time(row.replaced_at) <= atTime) continue;
    const best = byContact.get(row.contact_id);
    if (!best || row.version > best.version) byContact.set(row.contact_id, row);
  }
  /** @type {Change[]} */
  const changes = [];
  /** @type {ContactRow[]} */
  const addedLater = [];
  /** @type {ContactRow[]} */
  const unknown = [];
  for (const contact of contacts) {
    if (time(contact.created_at) > atTime) {
      addedLater.push(contact);
      continue;
    }
    if (time(contact.updated_at) <= atTime) continue;
    const then = byContact.get(contact.id);
    if (!then) {
      unknown.push(contact);
      continue;
    }
    // The version's values laid over the contact's now: a field the version predates keeps its value.
    const now = fieldValuesOf(contact);
    const thenValues = fieldValuesOf({ ...contact, ...then.contact });
    const fields = CONTACT_FIELDS.filter((field) => thenValues[field] !== now[field]);
    if (fields.length === 0) continue;
    changes.push({
      id: contact.id,
      version: contact.version,
      fromVersion: then.version,
      fields,
      now,
      then: thenValues,
    });
  }
  return { changes, addedLater, unknown };
}

/**
 * Reads every row of a REST query, a page at a time.
 * @param {RestCall} rest
 * @param {string} path
 */
async function readAll(rest, path) {
  /** @type {unknown[]} */
  const rows = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = /** @type {unknown[]} */ (await rest(`${path}&limit=${PAGE}&offset=${offset}`));
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}

/** A REST answer outside 2xx: its status and PostgREST's error body (when it sent one). */
class RestCallError extends Error {
  /**
   * @param {string} message
   * @param {number} status
   * @param {{ details?: string | null } | null} body
   */
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * Calls /rest/v1 with a key, as the session `accessToken` when given; a non-2xx answer throws a
 * RestCallError with its status and body.
 * @param {string} url
 * @param {string} key
 * @param {typeof fetch} fetchImpl
 * @param {string} [accessToken]
 * @returns {RestCall}
 */
function restClient(url, key, fetchImpl, accessToken = key) {
  return async (path, init = {}) => {
    const response = await fetchImpl(`${url.replace(/\/$/, "")}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: key,
        Authorization: `Bearer ${accessToken}`,
        "Content-Type": "application/json",
        ...(init.headers ?? {}),
      },
    });
    const text = await response.text();
    if (!response.ok) {
      /** @type {{ details?: string | null } | null} */
      let body = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      throw new RestCallError(
        `${init.method ?? "GET"} ${path.split("?")[0]}: ${response.status} ${text}`,
        response.status,
        body,
      );
    }
    return text ? JSON.parse(text) : null;
  };
}

/**
 * Signs in to the team account with its password, as the team's pages do, and returns the session's
 * access token: contacts and their history are readable and writable by the team only.
 * @param {{ url: string, key: string, email: string, password: string, fetch?: typeof fetch }} options
 */
export async function signInTeam({ url, key, email, password, fetch: fetchImpl = fetch }) {
  const response = await fetchImpl(`${url.replace(/\/$/, "")}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key, Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok || typeof body?.access_token !== "string") {
    const reason = body?.msg ?? body?.message ?? body?.error_description ?? `HTTP ${response.status}`;
    throw new Error(`the team account ${email} could not sign in: ${reason}`);
  }
  return /** @type {string} */ (body.access_token);
}

/**
 * As the team (`accessToken`, a session of the team account; `key`, the project's anon key): reads the
 * table and its history, and (unless `dryRun`) writes the restore, one conditional update per contact.
 * Each update spends the team's allowance for changes; when it is spent, the run stops with when it
 * admits changes again (running the command again then goes on: restored contacts no longer differ).
 * @param {{ url: string, key: string, accessToken: string, at: string, dryRun?: boolean, fetch?: typeof fetch }} options
 * @returns {Promise<RestoreResult>}
 */
export async function restoreContacts({ url, key, accessToken, at, dryRun = false, fetch: fetchImpl = fetch }) {
  const atIso = parseRestoreTime(at);
  const rest = restClient(url, key, fetchImpl, accessToken);
  const contacts = /** @type {ContactRow[]} */ (await readAll(rest, "contacts?select=*&order=created_at.desc,id.asc"));
  const history = /** @type {HistoryRow[]} */ (
    await readAll(rest, `contacts_history?select=*&replaced_at=gt.${encodeURIComponent(atIso)}&order=history_id.asc`)
  );
  const plan = planRestore(contacts, history, atIso);
  /** @type {Change[]} */
  const restored = [];
  /** @type {Change[]} */
  const skipped = [];
  if (!dryRun) {
    for (const change of plan.changes) {
      let rows;
      try {
        rows = /** @type {unknown[]} */ (
          await rest(`contacts?id=eq.${encodeURIComponent(change.id)}&version=eq.${change.version}&select=id,version`, {
            method: "PATCH",
            body: JSON.stringify(change.then),
            headers: { Prefer: "return=representation" },
          })
        );
      } catch (error) {
        if (!(error instanceof RestCallError) || error.status !== 429) throw error;
        const until = error.body?.details ? ` until ${error.body.details}` : "";
        throw new Error(
          `the team's allowance for changes to contacts is spent${until}: ${restored.length} of ${plan.changes.length} contact(s) restored. ` +
            "Run the same command again then to restore the rest (or with SUPABASE_SERVICE_ROLE_KEY, which has no allowance).",
        );
      }
      (rows.length === 1 ? restored : skipped).push(change);
    }
  }
  return { at: atIso, ...plan, restored, skipped, refused: [] };
}

/**
 * With the service role key: the database's restore_contacts() restores every contact in one
 * transaction with the table's rows locked, so writes made meanwhile wait and nothing is skipped.
 * @param {{ url: string, key: string, at: string, dryRun?: boolean, fetch?: typeof fetch }} options
 * @returns {Promise<RestoreResult>}
 */
export async function restoreContactsAtOnce({ url, key, at, dryRun = false, fetch: fetchImpl = fetch }) {
  const atIso = parseRestoreTime(at);
  const rest = restClient(url, key, fetchImpl);
  const rows = /** @type {RestoreRow[]} */ (
    await rest("rpc/restore_contacts", {
      method: "POST",
      body: JSON.stringify({ at: atIso, dry_run: dryRun }),
    })
  );
  /** @type {Change[]} */
  const changes = [];
  /** @type {ListedContact[]} */
  const addedLater = [];
  /** @type {ListedContact[]} */
  const unknown = [];
  /** @type {Change[]} */
  const restored = [];
  /** @type {RestoreResult["refused"]} */
  const refused = [];
  for (const row of rows) {
    const now = fieldValuesOf(row.now_values);
    if (row.outcome === "added later") addedLater.push({ id: row.contact, ...now });
    else if (row.outcome === "unknown") unknown.push({ id: row.contact, ...now });
    else {
      const then = fieldValuesOf(row.then_values);
      const change = {
        id: row.contact,
        fromVersion: row.from_version,
        fields: CONTACT_FIELDS.filter((field) => now[field] !== then[field]),
        now,
        then,
      };
      changes.push(change);
      if (row.outcome === "restored") restored.push(change);
      if (row.outcome === "refused") refused.push({ ...change, problem: row.problem });
    }
  }
  return { at: atIso, changes, addedLater, unknown, restored, skipped: [], refused };
}

/**
 * A readable report of a plan or a run.
 * @param {RestoreResult} result
 * @param {{ dryRun: boolean }} options
 */
export function describeRestore(result, { dryRun }) {
  const lines = [];
  /** @param {ContactValues} values */
  const show = (values) =>
    CONTACT_FIELDS.map((field) => `${field}: ${values[field] === null ? "(empty)" : printable(values[field])}`).join(
      ", ",
    );
  lines.push(
    dryRun
      ? `Dry run: ${result.changes.length} contact(s) would be restored to how they were at ${result.at}.`
      : `Restored ${result.restored.length} of ${result.changes.length} contact(s) to how they were at ${result.at}.`,
  );
  for (const change of result.changes) {
    lines.push(`- ${printable(change.id)} (${change.fields.join(", ")} changed)`);
    lines.push(`    now:  ${show(change.now)}`);
    lines.push(`    then: ${show(change.then)} (version ${change.fromVersion})`);
  }
  for (const change of result.skipped) {
    lines.push(
      `Skipped ${printable(change.id)}: someone changed it while the restore ran; run the command again, or with SUPABASE_SERVICE_ROLE_KEY set, which locks the contacts while it restores.`,
    );
  }
  for (const change of result.refused ?? []) {
    lines.push(
      `Not restored ${printable(change.id)}: the database refused that version (${printable(change.problem)}).`,
    );
  }
  if (result.addedLater.length > 0) {
    lines.push(`${result.addedLater.length} contact(s) were added after that time and are left as they are:`);
    for (const contact of result.addedLater) lines.push(`- ${printable(contact.id)} (${printable(contact.name)})`);
  }
  for (const contact of result.unknown) {
    lines.push(
      `No version of ${printable(contact.id)} (${printable(contact.name)}) from that time is in the history; left as it is.`,
    );
  }
  if (!dryRun && result.restored.length > 0) {
    lines.push("Every restore is in the history too: to undo it, restore to a time just before this run.");
  }
  return lines.join("\n");
}
