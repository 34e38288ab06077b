/**
 * The team's reads and removals of fan_signups, and how many sign-ups an allowance refused; the client is
 * handed in (the team's signed-in session).
 */
import type { RestClient } from "../../lib/supabase-rest";
import { readAllPages } from "../../lib/read-all-pages";
import { toRefusedCount, toFanSignups, type FanSignup } from "./fans";

/** The parts of the client the list uses: the table, and one function. */
export type FansClient = Pick<RestClient, "from" | "rpc">;

/**
 * Every sign-up, newest first, read in pages so a hosted project's row limit cuts none off (the
 * list and its CSV would otherwise stop at 1,000), each row checked on the way in (toFanSignups).
 * Row-level security gives anyone but the team an empty list.
 */
export async function fetchSignups(client: FansClient): Promise<FanSignup[]> {
  const rows = await readAllPages(() => client.from("fan_signups").select("id, email, interest, created_at"), {
    column: "created_at",
    ascending: false,
  });
  return toFanSignups(rows);
}

/**
 * How many sign-ups an allowance refused in the last 24 hours (public.fan_signups_refused(), the team's
 * only); throws the server's error, or when the answer is not a count.
 */
export async function fetchRefusedSignups(client: Pick<FansClient, "rpc">): Promise<number> {
  const { data, error } = await client.rpc("fan_signups_refused");
  if (error) throw error;
  const count = toRefusedCount(data);
  if (count === null) throw new Error(`fan_signups_refused answered ${JSON.stringify(data)}, not a count`);
  return count;
}

/** Removes one address for good: whether it was still there to remove (a teammate may have removed it first). */
export async function removeSignup(client: FansClient, id: string): Promise<boolean> {
  const { data, error } = await client.from("fan_signups").delete().eq("id", id).select("id");
  if (error) throw error;
  return !Array.isArray(data) || data.length > 0;
}

/**
 * The sign-ups kept aside while too many came at once (fan_signups_held), newest first, each row checked on
 * the way in as the list's are. Row-level security gives anyone but the team an empty list.
 */
export async function fetchHeldSignups(client: FansClient): Promise<FanSignup[]> {
  const rows = await readAllPages(() => client.from("fan_signups_held").select("id, email, interest, created_at"), {
    column: "created_at",
    ascending: false,
  });
  return toFanSignups(rows);
}

/**
 * The team's one action on the held sign-ups: every one onto the list (`accept`), or all cleared away.
 * Answers how many were released; throws the server's error.
 */
export async function releaseHeldSignups(client: Pick<FansClient, "rpc">, accept: boolean): Promise<number> {
  const { data, error } = await client.rpc("fan_signups_release_held", { accept });
  if (error) throw error;
  const count = toRefusedCount(data);
  if (count === null) throw new Error(`fan_signups_release_held answered ${JSON.stringify(data)}, not a count`);
  return count;
}
