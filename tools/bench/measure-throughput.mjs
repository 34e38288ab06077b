// @ts-check
/**
 * The local backend under a burst of team writes: a backend of its own (in memory, on a free port), 5 team
 * sessions inserting 200 calendar events at once while 3 other sessions listen for the changes over realtime.
 * Timed from the first insert sent to the last insert answered (the rate) and to the last change heard by
 * every listener. That each insert lands and each change reaches every listener is server/load.test.ts's
 * to prove; here it is how fast.
 */
import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { startBackend } from "../../server/backend.mjs";
import { LOCAL_ANON_KEY } from "../../server/local-keys.mjs";
import { DEFAULT_TEAM_EMAIL, DEV_TEAM_PASSWORD } from "../../server/team-account.mjs";

const THROUGHPUT = { inserts: 200, writers: 5, listeners: 3 };
/** How long the listeners are waited for before the measurement fails. */
const PATIENCE_MS = 60_000;

/**
 * Inserts and listens as THROUGHPUT says, on a fresh backend.
 * @returns {Promise<import("./bench-figures.mjs").ThroughputSummary>}
 */
export async function measureThroughput() {
  const team = { email: DEFAULT_TEAM_EMAIL, password: DEV_TEAM_PASSWORD };
  // Every session signs in from this address: a bucket big enough for them, as the backend's tests have.
  const backend = await startBackend({ port: 0, team, authRateLimit: { burst: 1000, refillPerSecond: 100 } });
  /** @type {import("@supabase/supabase-js").SupabaseClient[]} */
  const clients = [];
  const signedIn = async () => {
    const supabase = createClient(backend.url, LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: /** @type {never} */ (WebSocket) },
    });
    clients.push(supabase);
    const { error } = await supabase.auth.signInWithPassword(team);
    if (error) throw error;
    return supabase;
  };
  try {
    const { inserts, writers: writerCount, listeners } = THROUGHPUT;
    const heard = Array.from({ length: listeners }, () => new Set());
    /** @type {() => void} */
    let allHeard = () => {};
    const everyChange = new Promise((resolve) => (allHeard = () => resolve(undefined)));
    await Promise.all(
      heard.map(async (titles) => {
        const supabase = await signedIn();
        await new Promise((resolve, reject) => {
          supabase
            .channel("bench-throughput")
            .on("postgres_changes", { event: "INSERT", schema: "public", table: "calendar_events" }, (payload) => {
              titles.add(payload.new.title);
              if (heard.every((set) => set.size === inserts)) allHeard();
            })
            .subscribe((status) => {
              if (status === "SUBSCRIBED") resolve(undefined);
              else if (status !== "CLOSED") reject(new Error(`a listener's channel answered ${status}`));
            });
        });
      }),
    );
    const writers = await Promise.all(Array.from({ length: writerCount }, signedIn));
    const start = performance.now();
    const results = await Promise.all(
      Array.from({ length: inserts }, (_, index) => {
        const date = "2025-09-01T12:00:00.000Z";
        const event = { title: `Load ${index}`, start_date: date, end_date: date, event_type: "gig" };
        return writers[index % writerCount].from("calendar_events").insert(event);
      }),
    );
    const insertedMs = performance.now() - start;
    const failed = results.find((result) => result.error);
    if (failed) throw new Error(`an insert was refused: ${failed.error?.message}`);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => {
        const counts = heard.map((set) => set.size).join(", ");
        reject(new Error(`after ${PATIENCE_MS / 1000} s the listeners had heard ${counts} of ${inserts} changes`));
      }, PATIENCE_MS);
    });
    await Promise.race([everyChange, late]).finally(() => clearTimeout(timer));
    return {
      inserts,
      writers: writerCount,
      listeners,
      insertsPerSecond: (inserts / insertedMs) * 1000,
      deliveredMs: performance.now() - start,
    };
  } finally {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await backend.close();
  }
}
