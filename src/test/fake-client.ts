/**
 * The one stand-in for the team's Supabase client in unit tests (never shipped: only tests import it).
 * Auth answers as the test says and emits events as auth-js would; realtime channels report what the
 * test tells them to. Every table request goes through supabase-js's query-builder chain and is kept in
 * `requests`; `tables` may answer it at once (an in-memory table, or a failure), and any request it
 * leaves, and every function called, waits until the test answers it. A read is answered a page at a time
 * as PostgREST pages it (src/lib/pages-by-key.mjs): the rows given are the table's, in the read's order, and
 * a read after a row (or for a range) gets those after it, as many as its limit and the project's max-rows
 * allow; the next pages of rows the test gave are answered from them without waiting.
 */
import { deferred } from "./deferred";
import { afterId, pageOf } from "./fake-pages";

type AuthListener = (event: string, session: unknown) => void;

/** One table request as the query builder put it together. */
export type FakeRequest = {
  table: string;
  method: "select" | "insert" | "update" | "upsert" | "delete";
  values?: Record<string, unknown>;
  filters: { column: string; op: "eq" | "lt"; value: unknown }[];
  /** The rows after a row, as a logic tree (supabase-js .or(), as src/lib/pages-by-key.mjs writes it). */
  after?: string;
  /** The rows asked for (supabase-js .range(), inclusive). */
  range?: [number, number];
  limit?: number;
};

/** A PostgREST reply to a table request: supabase-js resolves with the error rather than throwing. */
export type FakeReply = { data: unknown[] | null; error: unknown; status: number };

/** Answers a table request itself (a reply, or a promise of one), or returns undefined to leave it to the test. */
export type TableAnswer = (request: FakeRequest) => FakeReply | Promise<FakeReply> | undefined;

const ok = <T>(data: T) => ({ data, error: null, status: 200 });

/** The server's refusal, as supabase-js hands it back. */
export const failure = (status = 500, message = "unavailable"): FakeReply => ({
  data: null,
  error: { message },
  status,
});

/** A read of a table, waiting for its reply. */
type PendingRead = {
  table: string;
  /** The rows after a row (supabase-js .or()), when this is not the first page. */
  after?: string;
  /** Replies with these rows: the table's, in the read's order, of which the page asked for is sent. */
  answer: (rows: unknown[]) => void;
  /** Replies with the server's error and HTTP status (0: no answer). */
  fail: (error: object, status: number) => void;
  answered: boolean;
};

/** A write (insert, update, upsert or delete), waiting for its reply. */
type PendingWrite = {
  table: string;
  kind: Exclude<FakeRequest["method"], "select">;
  /** The row written, or the id deleted. */
  value: unknown;
  /** Replies, with the rows written when the write asked for them back (none: nothing matched). */
  answer: (rows?: unknown[]) => void;
  fail: (error: object, status: number) => void;
  answered: boolean;
};

/** A database function called (supabase-js .rpc()), waiting for its reply. */
type PendingCall = {
  name: string;
  args: unknown;
  /** Replies with this value. */
  answer: (value: unknown) => void;
  fail: (error: object, status: number) => void;
};

/** A realtime channel as the page subscribed it. */
type FakeChannel = {
  topic: string;
  /** The postgres_changes filters it listens to, in the order given. */
  filters: unknown[];
  removed: boolean;
  /** The library reports a state of the channel (SUBSCRIBED, CLOSED…). */
  report: (status: string) => void;
  /** A change arrives on the table of its filter at `index` (the first by default). */
  change: (index?: number) => void;
};

/**
 * supabase-js's query builder for one table: each call adds to the request, and awaiting it sends the
 * request to `send`.
 */
function queryBuilder(table: string, send: (request: FakeRequest) => Promise<FakeReply>) {
  const request: FakeRequest = { table, method: "select", filters: [] };
  const write = (method: FakeRequest["method"], values?: Record<string, unknown>) => {
    Object.assign(request, { method, values });
    return chain;
  };
  const filter = (op: "eq" | "lt") => (column: string, value: unknown) => {
    request.filters.push({ column, op, value });
    return chain;
  };
  const chain = {
    // After a write it asks for the written rows back; the request stays that write.
    select: () => chain,
    insert: (values: Record<string, unknown>) => write("insert", values),
    update: (values: Record<string, unknown>) => write("update", values),
    upsert: (values: Record<string, unknown>) => write("upsert", values),
    delete: () => write("delete"),
    eq: filter("eq"),
    lt: filter("lt"),
    order: () => chain,
    or(filters: string) {
      request.after = filters;
      return chain;
    },
    range(from: number, to: number) {
      request.range = [from, to];
      return chain;
    },
    limit(count: number) {
      request.limit = count;
      return chain;
    },
    then<T1 = FakeReply, T2 = never>(
      onFulfilled?: ((reply: FakeReply) => T1 | PromiseLike<T1>) | null,
      onRejected?: ((error: unknown) => T2 | PromiseLike<T2>) | null,
    ): Promise<T1 | T2> {
      return send(request).then(onFulfilled, onRejected);
    },
  };
  return chain;
}

/**
 * `maxRows`: the most rows the project answers a read (a hosted project's max-rows; 1,000 by default).
 */
export function fakeClient(
  answers: { signIn?: unknown; getUser?: unknown; tables?: TableAnswer; maxRows?: number } = {},
) {
  const maxRows = answers.maxRows ?? 1000;
  /** A reply with only the page of its rows that `request` asks for (a failure, or a write's reply, as it is). */
  const paged = (reply: FakeReply, request: FakeRequest): FakeReply =>
    request.method === "select" && Array.isArray(reply.data)
      ? { ...reply, data: pageOf(reply.data, request, maxRows) }
      : reply;
  const listeners = new Set<AuthListener>();
  const calls: string[] = [];
  const requests: FakeRequest[] = [];
  const reads: PendingRead[] = [];
  const writes: PendingWrite[] = [];
  const functionCalls: PendingCall[] = [];
  const channels: FakeChannel[] = [];
  const emit = (event: string, session: unknown = null) => listeners.forEach((listener) => listener(event, session));

  const auth = {
    onAuthStateChange(listener: AuthListener) {
      listeners.add(listener);
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    },
    async signInWithPassword(credentials: { email: string; password: string }) {
      calls.push(`signIn ${credentials.email} ${credentials.password}`);
      const answer = answers.signIn ?? { data: { session: { access_token: "t" }, user: {} }, error: null };
      if (answer instanceof Error) throw answer;
      if (answer instanceof Promise) return answer;
      if ((answer as { data: { session: unknown } }).data.session) emit("SIGNED_IN", { access_token: "t" });
      return answer;
    },
    async getUser() {
      calls.push("getUser");
      const answer = answers.getUser ?? { data: { user: {} }, error: null };
      // auth-js drops a session the server no longer knows, and says so.
      if ((answer as { error?: { name?: string } }).error?.name === "AuthSessionMissingError") emit("SIGNED_OUT");
      return answer;
    },
    async signOut(options: { scope: string }) {
      calls.push(`signOut ${options.scope}`);
      emit("SIGNED_OUT");
      return { error: null };
    },
  };

  /** A request the test answers: listed with the reads or the writes until it does. */
  function waitForTest(request: FakeRequest): Promise<FakeReply> {
    const reply = deferred<FakeReply>();
    const settled = (entry: { answered: boolean }, answer: FakeReply) => {
      entry.answered = true;
      reply.resolve(answer);
    };
    if (request.method === "select") {
      const read: PendingRead = {
        table: request.table,
        after: request.after,
        answered: false,
        answer: (rows) => {
          given.set(request.table, rows);
          settled(read, ok(pageOf(rows, request, maxRows)));
        },
        fail: (error, status) => settled(read, { data: null, error, status }),
      };
      reads.push(read);
    } else {
      const write: PendingWrite = {
        table: request.table,
        kind: request.method,
        value: request.method === "delete" ? request.filters[0]?.value : request.values,
        answered: false,
        answer: (rows) => settled(write, ok(rows ?? null)),
        fail: (error, status) => settled(write, { data: null, error, status }),
      };
      writes.push(write);
    }
    return reply.promise;
  }

  /** The rows the test last gave a read of each table: the next pages of that read are answered from them. */
  const given = new Map<string, unknown[]>();

  const from = (table: string) =>
    queryBuilder(table, async (request) => {
      requests.push(request);
      const answer = answers.tables?.(request);
      if (answer !== undefined) return paged(await answer, request);
      const rows = given.get(table);
      const id = afterId(request);
      if (rows && id !== undefined && rows.some((row) => String((row as { id?: unknown }).id) === id)) {
        return ok(pageOf(rows, request, maxRows));
      }
      return waitForTest(request);
    });

  function rpc(name: string, args: unknown = {}) {
    const reply = deferred<{ data: unknown; error: unknown; status: number }>();
    functionCalls.push({
      name,
      args,
      answer: (value) => reply.resolve(ok(value)),
      fail: (error, status) => reply.resolve({ data: null, error, status }),
    });
    return reply.promise;
  }

  function channel(topic: string) {
    const onChange: (() => void)[] = [];
    let onStatus: (status: string) => void = () => {};
    const entry: FakeChannel = {
      topic,
      filters: [],
      removed: false,
      report: (status) => onStatus(status),
      change: (index = 0) => onChange[index]!(),
    };
    const subscribable = {
      on(_type: string, filter: unknown, callback: () => void) {
        entry.filters.push(filter);
        onChange.push(callback);
        return subscribable;
      },
      subscribe(callback: (status: string) => void = () => {}) {
        onStatus = callback;
        channels.push(entry);
        return entry;
      },
    };
    return subscribable;
  }

  /** As realtime-js does, a removed channel reports CLOSED to its own callback as it goes. */
  async function removeChannel(removed: FakeChannel) {
    removed.removed = true;
    removed.report("CLOSED");
    return "ok";
  }

  return {
    client: { auth, from, rpc, channel, removeChannel },
    emit,
    calls,
    listeners,
    /** Every table request sent, oldest first. */
    requests,
    reads,
    writes,
    functionCalls,
    channels,
    /** The reads not yet answered, oldest first. */
    waitingReads: () => reads.filter((read) => !read.answered),
    /** The channels still subscribed. */
    openChannels: () => channels.filter((entry) => !entry.removed),
  };
}
