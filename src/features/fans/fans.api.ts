/** The team's reads and removals of fan_signups; the client is handed in (the team's signed-in session). */
import type { SupabaseClient } from "@supabase/supabase-js";
import { readAllPages } from "../../lib/read-all-pages";
import type { FanSignup } from "./fans";

/**
 * Every sign-up, newest first, read in pages so a hosted project's row limit cuts none off (the
 * list and its CSV would otherwise stop at 1,000). Row-level security gives anyone but the team
 * an empty list.
 */
export async function fetchSignups(client: SupabaseClient): Promise<FanSignup[]> {
  const rows = await readAllPages((from, to) =>
    client
      .from("fan_signups")
      .select("id, email, interest, created_at")
      .order("created_at", { ascending: false })
      .order("id")
      .range(from, to),
  );
  return rows as FanSignup[];
}

/** Removes one address for good. */
export async function removeSignup(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from("fan_signups").delete().eq("id", id);
  if (error) throw error;
}
