// @ts-check
/**
 * What a Realtime phx_join may ask for, decided from the frame alone: its channel, its postgres_changes
 * bindings' shape, filters and number, and what the socket would then hold. A join over any cap is refused
 * here, before any token is verified or table looked up, so a refused join costs the database nothing and
 * a flood of them costs what reading the frames costs. What needs the database (the table, its columns, the
 * columns the role may select) is asked afterwards, of joins that are within every cap.
 */
import { isJsonObject } from "./http.mjs";

/** @typedef {Record<string, unknown>} JsonObject */

/**
 * A postgres_changes binding as a join asks for it, once its fields have been checked.
 * @typedef {{ event?: string, schema?: string, table?: string, filter?: string | null }} RequestedBinding
 */

/** Channels one socket may join (hosted Realtime's default max_channels_per_client). */
export const MAX_CHANNELS_PER_SOCKET = 100;

/**
 * postgres_changes bindings one join may ask for (hosted Realtime states none; a real page asks for one or
 * two), and bindings one socket may hold across its channels.
 */
export const MAX_BINDINGS_PER_CHANNEL = 100;
export const MAX_BINDINGS_PER_SOCKET = 1_000;

/** Filter text (characters) one socket may hold across its bindings. */
const MAX_FILTER_CHARS_PER_SOCKET = 64 * 1024;

/** What hosted Realtime answers a join over its channel cap. */
export const TOO_MANY_CHANNELS = "ChannelRateLimitReached: Too many channels";

/** A join refused for one of its bindings, as hosted Realtime words it. */
export const unableToSubscribe = (/** @type {string} */ problem) => `Unable to subscribe to changes: ${problem}`;

const MAX_NAME_LENGTH = 63; // a Postgres identifier
const MAX_FILTER_LENGTH = 4096;

const BINDING_EVENTS = new Set(["*", "INSERT", "UPDATE", "DELETE"]);

/** A filter the local backend serves: `column=eq.value`, `neq`, `in.(a,b)`. */
export const FILTER = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|in)\.(.*)$/s;

/** The filters hosted Realtime serves that the local backend does not: comparing needs the column's type. */
const FILTERS_NOT_SERVED = /^[A-Za-z_][A-Za-z0-9_]*=(lt|lte|gt|gte)\./;

/**
 * @param {unknown} value
 * @param {number} max
 * @returns {value is string}
 */
const shortString = (value, max) => typeof value === "string" && value.length <= max;

/**
 * Why a postgres_changes binding's own fields are refused, before any table is looked up; or null.
 * @param {unknown} binding
 */
function bindingShapeProblem(binding) {
  if (!isJsonObject(binding)) {
    return "each postgres_changes binding must be an object";
  }
  const { event } = binding;
  if (event !== undefined && !(shortString(event, 16) && BINDING_EVENTS.has(event.toUpperCase()))) {
    return "event must be one of *, INSERT, UPDATE, DELETE";
  }
  if (binding.schema !== undefined && !shortString(binding.schema, MAX_NAME_LENGTH)) return "schema must be a name";
  if (binding.table !== undefined && !shortString(binding.table, MAX_NAME_LENGTH)) return "table must be a name";
  if (binding.filter !== undefined && binding.filter !== null && !shortString(binding.filter, MAX_FILTER_LENGTH)) {
    return `filter must be a string of at most ${MAX_FILTER_LENGTH} characters`;
  }
  return null;
}

/**
 * The table a binding names, or null for every table (none named, or `*`).
 * @param {RequestedBinding} binding
 */
export const tableNamed = (binding) => (binding.table && binding.table !== "*" ? binding.table : null);

/**
 * Why a binding whose shape is sound is refused, as far as its text tells (its schema, its filter's form);
 * or null. The table and the filter's column are checked against the database later.
 * @param {RequestedBinding} binding
 */
function bindingTextProblem(binding) {
  if ((binding.schema ?? "public") !== "public") {
    return `schema ${binding.schema} is not served by the local backend (only public)`;
  }
  const { filter } = binding;
  if (!filter) return null;
  const match = filter.match(FILTER);
  if (!match && FILTERS_NOT_SERVED.test(filter)) {
    return `filter ${JSON.stringify(filter)} is not served by the local backend (it serves column=eq.value, neq and in.(a,b))`;
  }
  if (!match) return `filter ${JSON.stringify(filter)} is not one Realtime serves (eq, neq, lt, lte, gt, gte, in)`;
  if (match[2] === "in" && !/^\(.*\)$/s.test(match[3])) return `filter ${filter} needs a list: in.(a,b)`;
  if (!tableNamed(binding)) return "a filter needs a table";
  return null;
}

/**
 * The column a binding's filter compares (one bindingTextProblem accepted), or null when it has no filter.
 * @param {RequestedBinding} binding
 */
export const filterColumn = (binding) => (binding.filter ? (binding.filter.match(FILTER)?.[1] ?? null) : null);

/**
 * A binding's filter text, as the socket's filter allowance counts it.
 * @param {{ filter?: string | null }} binding
 */
const filterLength = (binding) => binding.filter?.length ?? 0;

/**
 * Decides a join from its frame alone: either why it is refused (the reason hosted Realtime's client is
 * sent), or the bindings it asks for, every one of sound shape and within every cap of the socket.
 * @param {Map<string, { bindings: { filter?: string | null }[] }>} channels what the socket holds, by topic
 * @param {string} topic the channel joined (a rejoin replaces what it holds)
 * @param {JsonObject} payload the join's payload
 * @returns {{ refused: string } | { refused: null, asked: RequestedBinding[] }}
 */
export function joinDecision(channels, topic, payload) {
  const config = isJsonObject(payload.config) ? payload.config : {};
  if (!channels.has(topic) && channels.size >= MAX_CHANNELS_PER_SOCKET) return { refused: TOO_MANY_CHANNELS };
  if (config.private === true) return { refused: "Private channels are not served by the local backend" };
  const unable = (/** @type {string} */ problem) => ({ refused: unableToSubscribe(problem) });
  const requested = config.postgres_changes === undefined ? [] : config.postgres_changes;
  if (!Array.isArray(requested)) return unable("postgres_changes must be a list");
  if (requested.length > MAX_BINDINGS_PER_CHANNEL) {
    return unable(`at most ${MAX_BINDINGS_PER_CHANNEL} postgres_changes bindings a channel`);
  }
  for (const binding of requested) {
    const problem = bindingShapeProblem(binding) ?? bindingTextProblem(binding);
    if (problem) return unable(problem);
  }
  const asked = /** @type {RequestedBinding[]} */ (requested);
  // What the socket's other channels hold (a rejoin replaces this topic's bindings), plus this join's.
  let bindingCount = asked.length;
  let filterChars = asked.reduce((sum, binding) => sum + filterLength(binding), 0);
  for (const [other, channel] of channels) {
    if (other === topic) continue;
    bindingCount += channel.bindings.length;
    filterChars += channel.bindings.reduce((sum, binding) => sum + filterLength(binding), 0);
  }
  if (bindingCount > MAX_BINDINGS_PER_SOCKET || filterChars > MAX_FILTER_CHARS_PER_SOCKET) {
    return unable(
      `a connection holds at most ${MAX_BINDINGS_PER_SOCKET} postgres_changes bindings and ${MAX_FILTER_CHARS_PER_SOCKET} characters of filters`,
    );
  }
  return { refused: null, asked };
}
