/** The contacts table calls, exactly as spec section 7 lists them. */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Contact } from "./contacts";

export async function fetchContacts(client: SupabaseClient): Promise<Contact[]> {
  const { data, error } = await client.from("contacts").select("*").order("created_at", { ascending: false });
  if (error) throw error;
  return (data ?? []) as Contact[];
}

export async function insertContact(client: SupabaseClient, contact: Contact): Promise<void> {
  const { id, name, role, email, phone } = contact;
  const { error } = await client.from("contacts").insert({ id, name, role, email, phone });
  if (error) throw error;
}

export async function updateContact(client: SupabaseClient, id: string, update: Omit<Contact, "id">): Promise<void> {
  const { name, role, email, phone } = update;
  const { error } = await client.from("contacts").update({ name, role, email, phone }).eq("id", id);
  if (error) throw error;
}

export async function upsertContact(client: SupabaseClient, contact: Contact): Promise<void> {
  const { id, name, role, email, phone } = contact;
  const { error } = await client.from("contacts").upsert({ id, name, role, email, phone });
  if (error) throw error;
}
