/** The feed address calls: a new address (the old one ends at once), and when the current one was made. */
import type { DatabaseClient } from "../../lib/supabase";

/** The part of the client the subscription uses: database functions. */
export type SubscribeClient = Pick<DatabaseClient, "rpc">;

/** A new secret for the feed, shown once; throws the server's error with the HTTP status (0: no answer). */
export async function makeFeedAddress(client: SubscribeClient): Promise<string> {
  const { data, error, status } = await client.rpc("new_calendar_feed_address");
  if (error) throw { ...error, status };
  if (typeof data !== "string" || !/^[0-9a-f]{64}$/.test(data)) {
    throw { message: "The server answered something that is not an address.", status };
  }
  return data;
}

/** When the current address was made, or null when there is none; throws as makeFeedAddress does. */
export async function feedAddressMadeAt(client: SubscribeClient): Promise<string | null> {
  const { data, error, status } = await client.rpc("calendar_feed_made_at");
  if (error) throw { ...error, status };
  return typeof data === "string" ? data : null;
}
