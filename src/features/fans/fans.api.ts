/** The team's reads and removals of fan_signups; the client is handed in (the team's signed-in session). */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { FanSignup } from "./fans";

/** Every sign-up, newest first. Row-level security gives anyone but the team an empty list. */
export async function fetchSignups(client: SupabaseClient): Promise<FanSignup[]> {
  const { data, error } = await client
    .from("fan_signups")
    .select("id, email, interest, created_at")
    .order("created_at", { ascending: false });
  if (error) throw error;
  return data as FanSignup[];
}

/** Removes one address for good. */
export async function removeSignup(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from("fan_signups").delete().eq("id", id);
  if (error) throw error;
}
