/** The team's reads and removals of fan_signups; the client is handed in (the team's signed-in session). */
import type { SupabaseClient } from "@supabase/supabase-js";
import { readAllPages } from "../../lib/read-all-pages";
import { toFanSignups, type FanSignup } from "./fans";

/** The part of the client the list uses. */
export type FansClient = Pick<SupabaseClient, "from">;

/**
 * Every sign-up, newest first, read in pages so a hosted project's row limit cuts none off (the
 * list and its CSV would otherwise stop at 1,000), each row checked on the way in (toFanSignups).
 * Row-level security gives anyone but the team an empty list.
 */
export async function fetchSignups(client: FansClient): Promise<FanSignup[]> {
  const rows = await readAllPages((from, to) =>
    client
      .from("fan_signups")
      .select("id, email, interest, created_at")
      .order("created_at", { ascending: false })
      .order("id")
      .range(from, to),
  );
  return toFanSignups(rows);
}

/** Removes one address for good. */
export async function removeSignup(client: FansClient, id: string): Promise<void> {
  const { error } = await client.from("fan_signups").delete().eq("id", id);
  if (error) throw error;
}
