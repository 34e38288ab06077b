/**
 * Test doubles for the team pages' unit tests (the calendar, /fans; never shipped: only
 * tests import this). fakeTeamClient stands in for the team's Supabase client:
 * auth answers as the test says and emits events as auth-js would; every read
 * or write of a table, and every function called, waits until the test answers it; realtime channels
 * report what the test tells them to. fakePage and fakeNetwork stand in for
 * the document and the window.
 */
import { $toasts } from "../toasts/toasts.store";

type AuthListener = (event: string, session: unknown) => void;

type Settle = { answer: (value: unknown) => void; fail: (error: unknown) => void };

function pending(): Settle & { promise: Promise<unknown> } {
  let answer: (value: unknown) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

/** A read of a table, waiting for its reply. */
type PendingRead = {
  table: string;
  /** The rows asked for (supabase-js .range(), inclusive). */
  range: [number, number];
  /** Replies with these rows. */
  answer: (rows: unknown[]) => void;
  /** Replies with the server's error and HTTP status (0: no answer). */
  fail: (error: object, status: number) => void;
  answered: boolean;
};

/** Lets every promise and I/O callback already due run (fake timers leave setImmediate real). */
export const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The toasts queued so far, as "Title: description" lines. */
export const toastLines = () => $toasts.get().map((toast) => `${toast.title}: ${toast.description}`);

/** An insert or delete, waiting for its reply. */
export type PendingWrite = {
  table: string;
  kind: "insert" | "delete";
  /** The row inserted, or the id deleted. */
  value: unknown;
  answer: () => void;
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
export type FakeChannel = {
  topic: string;
  /** The postgres_changes filter it listens to. */
  filter: unknown;
  removed: boolean;
  /** The library reports a state of the channel (SUBSCRIBED, CLOSED…). */
  report: (status: string) => void;
  /** A change arrives on the table. */
  change: () => void;
};

export function fakeTeamClient(answers: { signIn?: unknown; getUser?: unknown } = {}) {
  const listeners = new Set<AuthListener>();
  const calls: string[] = [];
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

  /** A PostgREST reply: supabase-js resolves with the error rather than throwing. */
  const reply = (settle: Settle) => ({
    ok: (data: unknown) => settle.answer({ data, error: null, status: 200 }),
    error: (error: object, status: number) => settle.answer({ data: null, error, status }),
  });

  function write(table: string, kind: PendingWrite["kind"], value: unknown) {
    const settle = pending();
    const entry: PendingWrite = {
      table,
      kind,
      value,
      answered: false,
      answer: () => {
        entry.answered = true;
        reply(settle).ok(null);
      },
      fail: (error, status) => {
        entry.answered = true;
        reply(settle).error(error, status);
      },
    };
    writes.push(entry);
    return settle.promise;
  }

  function from(table: string) {
    const query = {
      select: () => query,
      order: () => query,
      range(fromRow: number, toRow: number) {
        const settle = pending();
        const read: PendingRead = {
          table,
          range: [fromRow, toRow],
          answered: false,
          answer: (rows) => {
            read.answered = true;
            reply(settle).ok(rows);
          },
          fail: (error, status) => {
            read.answered = true;
            reply(settle).error(error, status);
          },
        };
        reads.push(read);
        return settle.promise;
      },
      insert: (row: unknown) => write(table, "insert", row),
      delete: () => ({ eq: (_column: string, value: unknown) => write(table, "delete", value) }),
    };
    return query;
  }

  function rpc(name: string, args: unknown = {}) {
    const settle = pending();
    functionCalls.push({ name, args, answer: (value) => reply(settle).ok(value), fail: reply(settle).error });
    return settle.promise;
  }

  function channel(topic: string) {
    let onChange: () => void = () => {};
    let onStatus: (status: string) => void = () => {};
    const entry: FakeChannel = {
      topic,
      filter: null,
      removed: false,
      report: (status) => onStatus(status),
      change: () => onChange(),
    };
    const subscribable = {
      on(_type: string, filter: unknown, callback: () => void) {
        entry.filter = filter;
        onChange = callback;
        return subscribable;
      },
      subscribe(callback: (status: string) => void) {
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

/** A stand-in for the document: visible unless the test hides it. */
export function fakePage() {
  const target = new EventTarget();
  const page = {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: (type: string, listener: () => void) => target.addEventListener(type, listener),
    removeEventListener: (type: string, listener: () => void) => target.removeEventListener(type, listener),
    /** The tab goes to the background or comes back. */
    set(state: DocumentVisibilityState) {
      page.visibilityState = state;
      target.dispatchEvent(new Event("visibilitychange"));
    },
  };
  return page;
}

/** A stand-in for the window's online and offline events. */
export function fakeNetwork() {
  const target = new EventTarget();
  return {
    addEventListener: (type: string, listener: () => void) => target.addEventListener(type, listener),
    removeEventListener: (type: string, listener: () => void) => target.removeEventListener(type, listener),
    /** The network goes ("offline") or comes back ("online"). */
    fire: (type: "online" | "offline") => target.dispatchEvent(new Event(type)),
  };
}
