/**
 * The team tools' changes on their way to the database: every REST request that is not a read (an insert, an
 * update, a delete, a database function other than the few that only read), counted where both clients of
 * src/lib/supabase.ts send them, so that Sign out can wait for them rather than end the session under a save and
 * forget what its form kept. Loaded with the clients, after the first sign-in.
 */
/** Each change on its way, as whether it went through (an answer of 2xx) once it is answered. */
const onTheirWay = new Set<Promise<boolean>>();

/**
 * The database functions the tools call that only read (declared STABLE): supabase-js calls every function with a
 * POST, but these change nothing, so Sign out neither waits for them nor, when one fails, says a change did not save.
 */
const READING_FUNCTIONS = new Set(["calendar_feed_made_at", "fan_signups_refused"]);

/** Whether a request with `method` to `url` writes: anything but a read of a table or of a reading function. */
function writes(method: string, url: string): boolean {
  if (method === "GET" || method === "HEAD") return false;
  const name = /\/rest\/v1\/rpc\/([^/?#]+)/.exec(url)?.[1];
  return name === undefined || !READING_FUNCTIONS.has(name);
}

/** How many changes are on their way. */
export const changesOnTheirWay = (): number => onTheirWay.size;

/** `send` (a fetch) counting the changes it sends while they are on their way. */
export function countingChanges(send: typeof fetch): typeof fetch {
  return (input, init) => {
    const reply = send(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (!writes(method, input instanceof Request ? input.url : String(input))) return reply;
    count(
      reply.then(
        (response) => response.ok,
        () => false,
      ),
    );
    return reply;
  };
}

/** Counts `done` (whether a change went through, once it is answered) on its way until it settles. */
function count(done: Promise<boolean>): void {
  onTheirWay.add(done);
  void done.then(() => onTheirWay.delete(done));
}

/**
 * A change made of requests sent one after the other (a gig, then its show): on its way as one from now until
 * the returned call says whether all of it went through, so that nothing is sent after Sign out ended the session.
 */
export function changeOnItsWay(): (wentThrough: boolean) => void {
  let finish!: (wentThrough: boolean) => void;
  count(new Promise<boolean>((resolve) => (finish = resolve)));
  return finish;
}

/**
 * Resolves once no change is on its way: to whether every one of them went through, those sent while waiting
 * (a press made during the wait) included.
 */
export async function changesAnswered(): Promise<boolean> {
  let all = true;
  while (onTheirWay.size > 0) all = (await Promise.all(onTheirWay)).every(Boolean) && all;
  return all;
}
