/**
 * The team tools' changes on their way to the database: every REST request that is not a read (an insert, an
 * update, a delete, a database function), counted where both clients of src/lib/supabase.ts send them, so that
 * Sign out can wait for them rather than end the session under a save and forget what its form kept. Loaded with
 * the clients, after the first sign-in.
 */
/** Each change on its way, as whether it went through (an answer of 2xx) once it is answered. */
const onTheirWay = new Set<Promise<boolean>>();

/** How many changes are on their way. */
export const changesOnTheirWay = (): number => onTheirWay.size;

/** `send` (a fetch) counting the changes it sends while they are on their way. */
export function countingChanges(send: typeof fetch): typeof fetch {
  return (input, init) => {
    const reply = send(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (method === "GET" || method === "HEAD") return reply;
    const done = reply.then(
      (response) => response.ok,
      () => false,
    );
    onTheirWay.add(done);
    void done.then(() => onTheirWay.delete(done));
    return reply;
  };
}

/** Resolves once the changes on their way now are answered: to whether every one of them went through. */
export async function changesAnswered(): Promise<boolean> {
  return (await Promise.all(onTheirWay)).every(Boolean);
}
