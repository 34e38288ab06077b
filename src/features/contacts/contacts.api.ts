/**
 * The contacts table calls of spec section 7, and their history: every read is checked on the
 * way in, and a save is conditional on the version the draft was taken from.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { readAllPages } from "../../lib/read-all-pages";
import { toContact, toContacts, toContactVersions, type Contact, type ContactVersion } from "./contacts";

/** Every contact, newest first (read in pages, so a hosted project's row limit cuts nothing off). */
export async function fetchContacts(client: SupabaseClient): Promise<Contact[]> {
  const rows = await readAllPages((from, to) =>
    client.from("contacts").select("*").order("created_at", { ascending: false }).order("id").range(from, to),
  );
  return toContacts(rows);
}

/** Adds a contact and returns it as stored (with its version). */
export async function insertContact(client: SupabaseClient, contact: Contact): Promise<Contact> {
  const { id, name, role, email, phone } = contact;
  const { data, error } = await client.from("contacts").insert({ id, name, role, email, phone }).select();
  if (error) throw error;
  return toContact(data?.[0]) ?? contact;
}

export type SaveResult =
  | { outcome: "saved"; contact: Contact }
  /** Someone else changed the contact since `version`: their values, not overwritten. */
  | { outcome: "changed"; theirs: Contact }
  /** No such contact any more. */
  | { outcome: "gone" };

/** Reads one contact, or null when there is none with that id. */
export async function fetchContact(client: SupabaseClient, id: string): Promise<Contact | null> {
  const { data, error } = await client.from("contacts").select("*").eq("id", id);
  if (error) throw error;
  return toContact(data?.[0]);
}

/**
 * Writes name, role, e-mail and phone only if the contact is still at `version`. Zero rows
 * back means it was changed meanwhile (or is gone); which of the two is read back.
 */
export async function updateContact(
  client: SupabaseClient,
  id: string,
  version: number,
  update: Pick<Contact, "name" | "role" | "email" | "phone">,
): Promise<SaveResult> {
  const { name, role, email, phone } = update;
  const { data, error } = await client
    .from("contacts")
    .update({ name, role, email, phone })
    .eq("id", id)
    .eq("version", version)
    .select();
  if (error) throw error;
  const saved = toContact(data?.[0]);
  if (saved) return { outcome: "saved", contact: saved };
  const theirs = await fetchContact(client, id);
  return theirs ? { outcome: "changed", theirs } : { outcome: "gone" };
}

export async function upsertContact(client: SupabaseClient, contact: Contact): Promise<void> {
  const { id, name, role, email, phone } = contact;
  const { error } = await client.from("contacts").upsert({ id, name, role, email, phone });
  if (error) throw error;
}

/** Earlier versions a history page holds: the newest first, then more on request. */
export const HISTORY_PAGE = 50;

/** A page of a contact's earlier versions, newest first, and whether older ones remain. */
export type HistoryPage = { versions: ContactVersion[]; more: boolean };

/**
 * A contact's earlier versions, newest first, a page at a time: the newest `HISTORY_PAGE`, or
 * those older than `olderThan`. A hosted project answers at most 1,000 rows a request, so a
 * contact changed thousands of times still shows its oldest versions, one page further each.
 * Pages follow the version numbers rather than an offset, so versions written meanwhile shift nothing.
 */
export async function fetchContactHistory(
  client: SupabaseClient,
  id: string,
  olderThan?: number,
): Promise<HistoryPage> {
  let query = client.from("contacts_history").select("*").eq("contact_id", id);
  if (olderThan !== undefined) query = query.lt("version", olderThan);
  // One row more than a page says whether there are older ones.
  const { data, error } = await query.order("version", { ascending: false }).limit(HISTORY_PAGE + 1);
  if (error) throw error;
  const rows = data ?? [];
  return { versions: toContactVersions(rows.slice(0, HISTORY_PAGE)), more: rows.length > HISTORY_PAGE };
}
