/**
 * Restores every contact to how it was at a given time, from contacts_history, for when the
 * whole table was vandalised. Each restore is an ordinary update, conditional on the version
 * just read, so it is itself kept in the history (and can be undone the same way), and a
 * contact someone changes meanwhile is left alone and reported. The public anon key is enough.
 */

const FIELDS = ["name", "role", "email", "phone"];
/** Rows per request: a hosted project answers at most 1,000 rows a request by default. */
const PAGE = 1000;

const time = (iso) => new Date(iso).getTime();

/**
 * What a restore to `at` would change: for each contact, the version it had at that time
 * (the newest version written at or before it), when that differs from the contact now.
 * Contacts added after `at` are listed apart: a restore leaves them (the anon role cannot delete).
 * @param {Array<Record<string, any>>} contacts the table as it is now
 * @param {Array<Record<string, any>>} history contacts_history rows (those replaced after `at` suffice)
 * @param {string} at an ISO time
 */
export function planRestore(contacts, history, at) {
  const atTime = time(at);
  const byContact = new Map();
  for (const row of history) {
    if (time(row.written_at) > atTime || time(row.replaced_at) <= atTime) continue;
    const best = byContact.get(row.contact_id);
    if (!best || row.version > best.version) byContact.set(row.contact_id, row);
  }
  const changes = [];
  const addedLater = [];
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
    const fields = FIELDS.filter((field) => (then[field] ?? null) !== (contact[field] ?? null));
    if (fields.length === 0) continue;
    changes.push({
      id: contact.id,
      version: contact.version,
      fromVersion: then.version,
      fields,
      now: Object.fromEntries(FIELDS.map((field) => [field, contact[field] ?? null])),
      then: Object.fromEntries(FIELDS.map((field) => [field, then[field] ?? null])),
    });
  }
  return { changes, addedLater, unknown };
}

/** Reads every row of a REST query, a page at a time. */
async function readAll(rest, path) {
  const rows = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await rest(`${path}&limit=${PAGE}&offset=${offset}`);
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}

/**
 * Reads the table and its history, and (unless `dryRun`) writes the restore.
 * @param {{ url: string, key: string, at: string, dryRun?: boolean, fetch?: typeof fetch }} options
 */
export async function restoreContacts({ url, key, at, dryRun = false, fetch: fetchImpl = fetch }) {
  if (Number.isNaN(time(at))) throw new Error(`--at must be an ISO time such as 2025-01-04T09:30:00Z, not "${at}"`);
  const atIso = new Date(at).toISOString();
  const rest = async (path, init = {}) => {
    const response = await fetchImpl(`${url.replace(/\/$/, "")}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
        ...(init.headers ?? {}),
      },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path.split("?")[0]}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const contacts = await readAll(rest, "contacts?select=*&order=created_at.desc,id.asc");
  const history = await readAll(
    rest,
    `contacts_history?select=*&replaced_at=gt.${encodeURIComponent(atIso)}&order=history_id.asc`,
  );
  const plan = planRestore(contacts, history, atIso);
  const restored = [];
  const skipped = [];
  if (!dryRun) {
    for (const change of plan.changes) {
      const rows = await rest(
        `contacts?id=eq.${encodeURIComponent(change.id)}&version=eq.${change.version}&select=id,version`,
        { method: "PATCH", body: JSON.stringify(change.then), headers: { Prefer: "return=representation" } },
      );
      (rows.length === 1 ? restored : skipped).push(change);
    }
  }
  return { at: atIso, ...plan, restored, skipped };
}

/** A readable report of a plan or a run. */
export function describeRestore(result, { dryRun }) {
  const lines = [];
  const show = (values) => FIELDS.map((field) => `${field}: ${values[field] ?? "(empty)"}`).join(", ");
  lines.push(
    dryRun
      ? `Dry run: ${result.changes.length} contact(s) would be restored to how they were at ${result.at}.`
      : `Restored ${result.restored.length} of ${result.changes.length} contact(s) to how they were at ${result.at}.`,
  );
  for (const change of result.changes) {
    lines.push(`- ${change.id} (${change.fields.join(", ")} changed)`);
    lines.push(`    now:  ${show(change.now)}`);
    lines.push(`    then: ${show(change.then)} (version ${change.fromVersion})`);
  }
  for (const change of result.skipped) {
    lines.push(`Skipped ${change.id}: someone changed it while the restore ran; run the command again.`);
  }
  if (result.addedLater.length > 0) {
    lines.push(`${result.addedLater.length} contact(s) were added after that time and are left as they are:`);
    for (const contact of result.addedLater) lines.push(`- ${contact.id} (${contact.name})`);
  }
  for (const contact of result.unknown) {
    lines.push(`No version of ${contact.id} (${contact.name}) from that time is in the history; left as it is.`);
  }
  if (!dryRun && result.restored.length > 0) {
    lines.push("Every restore is in the history too: to undo it, restore to a time just before this run.");
  }
  return lines.join("\n");
}
