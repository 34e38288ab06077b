/**
 * The contacts table's calls, and its history's: every row that comes back is checked on the
 * way in (a malformed one is dropped, never shown half-read or allowed to break the list), and a
 * save is conditional on the version the draft was taken from.
 */
import type { RestClient } from "../../lib/supabase-rest";
import { readAllPages } from "../../lib/read-all-pages";
import { knownOffline } from "../../lib/offline";
import { taken } from "../../lib/unique-violation";
import { isNetworkFailure } from "../team/team";
import { valuesFrom, valuesOf, type Contact, type ContactValues } from "./contacts";
import type { ContactVersion, LoadedHistory } from "./contacts.history";

/** The part of the client the directory uses: its tables. */
export type ContactsClient = Pick<RestClient, "from">;

const isVersion = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

/** One row of a contacts select, checked: without an id, a name, a role or a version it is dropped. */
function toContact(row: unknown): Contact | null {
  if (!row || typeof row !== "object") return null;
  const record = row as Record<string, unknown>;
  const { id, created_at, version, updated_at } = record;
  const values = valuesFrom(record);
  if (typeof id !== "string" || !values || !isVersion(version)) return null;
  return {
    id,
    ...values,
    version,
    ...(typeof created_at === "string" ? { created_at } : {}),
    ...(typeof updated_at === "string" ? { updated_at } : {}),
  };
}

/** The rows of a contacts select, checked: a malformed row is left out rather than break the list. */
export function toContacts(rows: unknown): Contact[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => toContact(row) ?? []);
}

/**
 * One row of a history select, checked: the contact as it was (the whole row, kept as JSON) with its
 * version and times; without its contact, version, name, role or times it is dropped.
 */
function toContactVersion(row: unknown): ContactVersion | null {
  if (!row || typeof row !== "object") return null;
  const { contact_id, version, contact, written_at, replaced_at } = row as Record<string, unknown>;
  if (typeof contact_id !== "string" || !isVersion(version) || !contact || typeof contact !== "object") return null;
  const values = valuesFrom(contact as Record<string, unknown>);
  if (!values || typeof written_at !== "string" || typeof replaced_at !== "string") return null;
  return { contactId: contact_id, version, ...values, writtenAt: written_at, replacedAt: replaced_at };
}

/** The rows of a history select, checked, newest first. */
export function toContactVersions(rows: unknown): ContactVersion[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => toContactVersion(row) ?? []).sort((a, b) => b.version - a.version);
}

/** Every contact, newest first (read in pages, so a hosted project's row limit cuts nothing off). */
export async function fetchContacts(client: ContactsClient): Promise<Contact[]> {
  const rows = await readAllPages(() => client.from("contacts").select("*"), {
    column: "created_at",
    ascending: false,
  });
  return toContacts(rows);
}

/**
 * Adds a contact under its id and returns it as stored (with its version). An add whose answer was lost may have
 * gone in all the same: the contact is read back by its id, and counts as added when it is there. A contact with
 * that id in already is this one, added by a try whose answer was lost (every try of one add goes with one id:
 * contacts.store.ts): read back as stored, it counts as added too.
 */
export async function insertContact(client: ContactsClient, contact: Contact): Promise<Contact> {
  const { data, error, status } = await client
    .from("contacts")
    .insert({ id: contact.id, ...valuesOf(contact) })
    .select();
  // Read back, the contact is this one if its first version is what was sent (a later one: edited since).
  const readBack = async () => {
    const stored = await fetchContact(client, contact.id).catch(() => null);
    const asSent = stored && JSON.stringify(valuesOf(stored)) === JSON.stringify(valuesOf(contact));
    return stored && (stored.version !== 1 || asSent) ? stored : null;
  };
  if (taken(error, "contacts_pkey") || (error && isNetworkFailure({ ...error, status }) && !knownOffline())) {
    const stored = await readBack();
    if (stored) return stored;
  }
  if (error) throw error;
  return toContact(data?.[0]) ?? contact;
}

/** Writes a legacy contact under its own id (a second run overwrites rather than duplicates it). */
export async function upsertContact(client: ContactsClient, contact: Contact): Promise<void> {
  const { error } = await client.from("contacts").upsert({ id: contact.id, ...valuesOf(contact) });
  if (error) throw error;
}

export type SaveResult =
  | { outcome: "saved"; contact: Contact }
  /** Someone else changed the contact since `version`: their values, not overwritten. */
  | { outcome: "changed"; theirs: Contact }
  /** No such contact any more. */
  | { outcome: "gone" }
  /** The contact is still at `version`, yet no row was written (the server refused it quietly). */
  | { outcome: "unchanged" };

/** Reads one contact, or null when there is none with that id. */
async function fetchContact(client: ContactsClient, id: string): Promise<Contact | null> {
  const { data, error } = await client.from("contacts").select("*").eq("id", id);
  if (error) throw error;
  return toContact(data?.[0]);
}

/**
 * Writes the contact's fields only if the contact is still at `version`. Zero rows back
 * means no row changed: the contact was changed meanwhile, is gone, or was refused; which of the
 * three is read back, so that only a real change by someone else is offered as theirs.
 */
export async function updateContact(
  client: ContactsClient,
  id: string,
  version: number,
  update: ContactValues,
): Promise<SaveResult> {
  const { data, error } = await client
    .from("contacts")
    .update(valuesOf(update))
    .eq("id", id)
    .eq("version", version)
    .select();
  if (error) throw error;
  const saved = toContact(data?.[0]);
  if (saved) return { outcome: "saved", contact: saved };
  const theirs = await fetchContact(client, id);
  if (!theirs) return { outcome: "gone" };
  return theirs.version === version ? { outcome: "unchanged" } : { outcome: "changed", theirs };
}

/** Earlier versions a history page holds: the newest first, then more on request. */
export const HISTORY_PAGE = 50;

/**
 * A contact's earlier versions, newest first, a page at a time: the newest `HISTORY_PAGE`, or
 * those older than `olderThan`. A hosted project answers at most 1,000 rows a request, so a
 * contact changed thousands of times still shows its oldest versions, one page further each.
 * Pages follow the version numbers rather than an offset, so versions written meanwhile shift nothing.
 */
export async function fetchContactHistory(
  client: ContactsClient,
  id: string,
  olderThan?: number,
): Promise<LoadedHistory> {
  let query = client.from("contacts_history").select("*").eq("contact_id", id);
  if (olderThan !== undefined) query = query.lt("version", olderThan);
  // One row more than a page says whether there are older ones.
  const { data, error } = await query.order("version", { ascending: false }).limit(HISTORY_PAGE + 1);
  if (error) throw error;
  const rows = data ?? [];
  return { versions: toContactVersions(rows.slice(0, HISTORY_PAGE)), more: rows.length > HISTORY_PAGE };
}
