/**
 * The one Supabase client. Created lazily, in the browser only: supabase-js
 * is loaded with a dynamic import after an island mounts, which keeps its
 * ~55 KB off the critical path and out of the static build (where Node 20 has
 * no global WebSocket for realtime-js).
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "./database.types";

/** The client typed with the migrated schema (database.types.ts): tables, columns and functions are checked. */
export type DatabaseClient = SupabaseClient<Database>;

let client: Promise<DatabaseClient> | undefined;

/**
 * The browser's shared client, pointed at PUBLIC_SUPABASE_URL with the anon
 * key. A team sign-in (the calendar) lives in memory only, so a reload signs
 * out; its tokens refresh by themselves while the page is open.
 */
export function getSupabase(): Promise<DatabaseClient> {
  if (typeof window === "undefined") {
    return Promise.reject(new Error("The Supabase client is only available in the browser."));
  }
  client ??= import("@supabase/supabase-js").then(({ createClient }) =>
    createClient<Database>(import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: true, detectSessionInUrl: false },
    }),
  );
  return client;
}
