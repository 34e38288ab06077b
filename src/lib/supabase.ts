/**
 * The page's Supabase client. Created lazily, in the browser only: it is
 * loaded with a dynamic import after an island mounts, which keeps it off the
 * critical path and out of the static build (where Node 20 has no global
 * WebSocket for realtime-js). A page takes one of two: all of supabase-js
 * (~55 KB gzip) where it hears changes as they happen (the calendar), or Auth
 * and the REST API alone (~28 KB, src/lib/supabase-rest.ts) where it only reads
 * and writes tables. Both share one sign-in: the client of Auth and REST holds the
 * session, and the one with realtime takes its token from it, so a team member who
 * signed in on /contacts opens /calendar signed in (the team pages move between
 * themselves without a reload) and the session's refresh token has one owner.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "./database.types";
import { lazyCode, retriedOnFailure } from "./retried";
import type { RestClient } from "./supabase-rest";

/** The client typed with the migrated schema (database.types.ts): tables, columns and functions are checked. */
export type DatabaseClient = SupabaseClient<Database>;

/** The clients' code, fetched on first use (lazyCode: asked for only while online). */
const supabaseJs = lazyCode(() => import("@supabase/supabase-js"));
const changesCounter = lazyCode(() => import("./changes-on-their-way"));
const restCode = lazyCode(() => import("./supabase-rest"));

let client: Promise<DatabaseClient> | undefined;
let restClient: Promise<RestClient> | undefined;

function inBrowser(): Error | null {
  return typeof window === "undefined" ? new Error("The Supabase client is only available in the browser.") : null;
}

/**
 * The browser's shared client with realtime, pointed at PUBLIC_SUPABASE_URL with the anon
 * key, on getSupabaseRest's session: its requests and its realtime channels carry that
 * session's token (the key when signed out), and it follows the session's events as
 * supabase-js follows its own Auth's. It has no Auth of its own: sign in with getSupabaseRest.
 */
export function getSupabase(): Promise<DatabaseClient> {
  const outside = inBrowser();
  if (outside) return Promise.reject(outside);
  client ??= retriedOnFailure(
    Promise.all([supabaseJs(), getSupabaseRest(), changesCounter()]).then(
      async ([{ createClient }, rest, { countingChanges }]) => {
        const key = import.meta.env.PUBLIC_SUPABASE_ANON_KEY;
        const accessToken = async () => (await rest.auth.getSession()).data.session?.access_token ?? key;
        const full = createClient<Database>(import.meta.env.PUBLIC_SUPABASE_URL, key, {
          accessToken,
          // Changes counted on their way, as the other client's are: Sign out waits for them.
          global: { fetch: countingChanges((input, init) => fetch(input, init)) },
        });
        // The session there is already (the client is made once the page opens): a channel joins with its token.
        let token = (await rest.auth.getSession()).data.session?.access_token;
        await full.realtime.setAuth(token ?? null);
        // What supabase-js does on its own Auth's events: a new token goes to realtime at once, a sign-out takes it back.
        rest.auth.onAuthStateChange((event, session) => {
          if ((event === "SIGNED_IN" || event === "TOKEN_REFRESHED") && session && session.access_token !== token) {
            token = session.access_token;
            void full.realtime.setAuth(token);
          } else if (event === "SIGNED_OUT") {
            token = undefined;
            void full.realtime.setAuth();
          }
        });
        return full;
      },
    ),
    () => (client = undefined),
  );
  return client;
}

/** The browser's shared client without realtime, storage or functions, set up to sign in as getSupabase's does. */
export function getSupabaseRest(): Promise<RestClient> {
  const outside = inBrowser();
  if (outside) return Promise.reject(outside);
  restClient ??= retriedOnFailure(
    restCode().then(({ createRestClient }) =>
      createRestClient(import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_ANON_KEY),
    ),
    () => (restClient = undefined),
  );
  return restClient;
}
