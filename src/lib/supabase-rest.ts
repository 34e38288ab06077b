/**
 * A Supabase client of two parts, Auth and the REST API, for the team pages that
 * only read and write tables (/contacts, /fans): about half the size of
 * supabase-js, which also carries realtime, storage and functions. It is put
 * together as supabase-js puts its own: the same Auth settings and storage key,
 * the project's key as `apikey` on every request, and the session's access token
 * (the key itself when signed out) as the bearer of every REST request, read
 * afresh each time so that a refreshed token is used at once and a signed-out
 * tab goes back to the key.
 */
import { GoTrueClient } from "@supabase/auth-js";
import { PostgrestClient } from "@supabase/postgrest-js";
import { countingChanges } from "./changes-on-their-way";
import type { Database } from "./database.types";

/** What a team page that only reads and writes tables uses: the session, the tables and the functions. */
export type RestClient = {
  auth: GoTrueClient;
  from: PostgrestClient<Database>["from"];
  rpc: PostgrestClient<Database>["rpc"];
};

export type RestClientOptions = {
  /** Where requests go; the browser's fetch unless a test hands in its own. */
  fetch?: typeof fetch;
};

/**
 * The client for the project at `url` with its public `key`: the session refreshes itself while the
 * page is open, and nothing is read from the address bar.
 */
export function createRestClient(url: string, key: string, options: RestClientOptions = {}): RestClient {
  const base = new URL(url.endsWith("/") ? url : `${url}/`);
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const auth = new GoTrueClient({
    url: new URL("auth/v1", base).href,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    // supabase-js' storage key (the first label of the host), as the full client names it.
    storageKey: `sb-${base.hostname.split(".")[0]}-auth-token`,
    // The team pages keep the session in memory only: a reload signs out.
    persistSession: false,
    autoRefreshToken: true,
    detectSessionInUrl: false,
    flowType: "implicit",
    fetch: send,
  });
  /** The REST API's fetch: the key and the current session's token, unless the request names its own. */
  const sendWithSession = async (input: RequestInfo | URL, init?: RequestInit) => {
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has("apikey")) headers.set("apikey", key);
    if (!headers.has("Authorization")) headers.set("Authorization", `Bearer ${data.session?.access_token ?? key}`);
    return send(input, { ...init, headers });
  };
  const rest = new PostgrestClient<Database>(new URL("rest/v1", base).href, {
    schema: "public",
    // Changes counted on their way: Sign out waits for them (changes-on-their-way.ts).
    fetch: countingChanges(sendWithSession),
  });
  return { auth, from: rest.from.bind(rest), rpc: rest.rpc.bind(rest) };
}
