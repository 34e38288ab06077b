/**
 * The page's Supabase client. Created lazily, in the browser only: it is
 * loaded with a dynamic import after an island mounts, which keeps it off the
 * critical path and out of the static build (where Node 20 has no global
 * WebSocket for realtime-js). A page takes one of two: all of supabase-js
 * (~55 KB gzip) where it hears changes as they happen (the calendar), or Auth
 * and the REST API alone (~28 KB, src/lib/supabase-rest.ts) where it only reads
 * and writes tables.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "./database.types";
import type { RestClient } from "./supabase-rest";

/** The client typed with the migrated schema (database.types.ts): tables, columns and functions are checked. */
export type DatabaseClient = SupabaseClient<Database>;

let client: Promise<DatabaseClient> | undefined;
let restClient: Promise<RestClient> | undefined;

function inBrowser(): Error | null {
  return typeof window === "undefined" ? new Error("The Supabase client is only available in the browser.") : null;
}

/**
 * The browser's shared client with realtime, pointed at PUBLIC_SUPABASE_URL with the anon
 * key. A team sign-in lives in memory only, so a reload signs out; its tokens refresh by
 * themselves while the page is open.
 */
export function getSupabase(): Promise<DatabaseClient> {
  const outside = inBrowser();
  if (outside) return Promise.reject(outside);
  client ??= import("@supabase/supabase-js").then(({ createClient }) =>
    createClient<Database>(import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: true, detectSessionInUrl: false },
    }),
  );
  return client;
}

/** The browser's shared client without realtime, storage or functions, set up to sign in as getSupabase's does. */
export function getSupabaseRest(): Promise<RestClient> {
  const outside = inBrowser();
  if (outside) return Promise.reject(outside);
  restClient ??= import("./supabase-rest").then(({ createRestClient }) =>
    createRestClient(import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_ANON_KEY),
  );
  return restClient;
}
