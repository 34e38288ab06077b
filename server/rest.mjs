// @ts-check
/**
 * The PostgREST subset the app uses, on /rest/v1/<table>: select (columns, aliases) with filters (eq, neq,
 * gt, gte, lt, lte, like, ilike, match, imatch, is, isdistinct, in, each negated with not., and or=/and=
 * trees of them), order, limit, offset and exact counts; insert (with `columns`); upsert on the primary key
 * (or `on_conflict`); update and delete with filters; `return=representation` and single-object
 * responses; functions on /rest/v1/rpc/<name>. At most MAX_ROWS rows a read, as a hosted project's
 * max-rows. Every request runs in one transaction as the caller's role, so grants and row-level security
 * decide, as on a hosted project. Filter values are bound as parameters, never spliced into the SQL.
 *
 * What PostgREST serves and this subset does not (embedding, aggregates, casts, JSON paths, full-text
 * search, array and range operators, quantifiers, GET on functions, PUT, the Range header, CSV) is answered
 * with code PGRST_LOCAL naming the feature as not served by the local backend, never guessed at.
 */
import { isJsonObject, parseJsonBody } from "./http.mjs";
import { regexRefusal } from "./regex-refusal.mjs";

/** @typedef {import("./database.mjs").Table} Table */
/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */

/**
 * A row a write changed, as realtime streams it: the row after the change (before, for a delete) and,
 * for updates and deletes, the row before.
 * @typedef {{ type: "INSERT" | "UPDATE" | "DELETE", record: Record<string, unknown>, old: Record<string, unknown> | null }} RowChange
 */

/**
 * An answer to a REST request; `changes` (writes only) feed realtime.
 * @typedef {{ status: number, body: string, headers: Record<string, string>, changes?: RowChange[] }} RestResult
 */

/** An error PostgREST answers with: HTTP status, its error code, and the body's details and hint. */
export class RestError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {{ details?: string | null, hint?: string | null }} [extra]
   */
  constructor(status, code, message, { details = null, hint = null } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }
}

const RESERVED = new Set(["select", "order", "limit", "offset", "on_conflict", "columns"]);
/** The operators served, as SQL: each compares the column with one bound value. */
/** @type {Record<string, string>} */
const OPERATORS = {
  eq: "=",
  neq: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
  isdistinct: "is distinct from",
};
/** @type {Record<string, string>} */
const IS_LITERALS = { null: "null", true: "true", false: "false", unknown: "unknown" };
/** PostgREST's operators that the local backend does not serve, by what they are for. */
/** @type {Record<string, string>} */
const OPERATORS_NOT_SERVED = {
  fts: "Full-text search (fts)",
  plfts: "Full-text search (plfts)",
  phfts: "Full-text search (phfts)",
  wfts: "Full-text search (wfts)",
  cs: "The contains operator (cs)",
  cd: "The contained-in operator (cd)",
  ov: "The overlap operator (ov)",
  sl: "Range operators (sl)",
  sr: "Range operators (sr)",
  nxr: "Range operators (nxr)",
  nxl: "Range operators (nxl)",
  adj: "Range operators (adj)",
};
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A SQL identifier, double-quoted.
 * @param {string} name
 */
export const quote = (name) => `"${String(name).replaceAll('"', '""')}"`;

/**
 * The answer to a PostgREST feature the local backend does not serve (a hosted project does): code
 * PGRST_LOCAL, the feature named, never a guess. 400 unless a media type is at issue (406, 415).
 * @param {string} feature what was asked for, in words
 * @param {{ status?: number, hint?: string }} [options]
 */
export function notServed(feature, { status = 400, hint } = {}) {
  return new RestError(status, "PGRST_LOCAL", `${feature} is not served by the local backend`, {
    details: "A hosted Supabase project serves it; docs/local-backend.md lists what is not served locally.",
    hint: hint ?? null,
  });
}

/**
 * A column of `table` as SQL, after checking the name is one.
 * @param {Table} table
 * @param {string} name
 */
function columnOf(table, name) {
  if (!IDENTIFIER.test(name)) throw new RestError(400, "PGRST100", `"${name}" is not a valid column name`);
  if (!table.columns.some((column) => column.name === name)) {
    throw new RestError(400, "42703", `column ${table.name}.${name} does not exist`);
  }
  return quote(name);
}

/** Rows a read answers at most, like a hosted project's max-rows: a larger `limit` is reduced to it. */
const MAX_ROWS = 1000;

/**
 * Names what a `select=` item asks for that is not served, or null for a plain column (or `alias:column`).
 * @param {string} item
 */
function selectItemNotServed(item) {
  if (item.startsWith("...")) return "Spreading an embedded resource (select=...table(...))";
  if (/^(count\(\)|.*\.(count|sum|avg|min|max)\(\))/.test(item)) return "Aggregate functions in select";
  if (item.includes("(") || item.includes("!")) return "Embedding related tables (select=table(...))";
  if (item.includes("::")) return "Casting a column (select=column::type)";
  if (item.includes("->")) return "JSON paths (select=column->key)";
  if (item.includes('"')) return "Quoted column names";
  return null;
}

/** The most columns a query may return (Postgres's target list limit). */
const MAX_SELECTED = 1664;

/**
 * Parses `select=` into a SQL column list (`*` spelled out, in table order; `alias:column` as an alias).
 * As PostgREST does, a column may be named more than once.
 * @param {Table} table
 * @param {string | null} raw
 */
function selectList(table, raw) {
  const all = table.columns.map((column) => quote(column.name));
  if (raw === null || raw.trim() === "") return all.join(", ");
  const items = raw
    .split(",")
    .map((part) => part.trim())
    .flatMap((part) => {
      if (part === "*") return all;
      const feature = selectItemNotServed(part);
      if (feature) throw notServed(feature, { hint: "Select the table's own columns, or * alone." });
      const aliased = part.match(/^([A-Za-z_][A-Za-z0-9_]*):([^:].*)$/);
      if (aliased) return [`${columnOf(table, aliased[2])} as ${quote(aliased[1])}`];
      return [columnOf(table, part)];
    });
  // Postgres answers more with an internal error (54011); the asker made the mistake, and is told so.
  if (items.length > MAX_SELECTED) {
    throw new RestError(400, "PGRST100", `select names ${items.length} columns; at most ${MAX_SELECTED} are returned`, {
      hint: "Name each column once, or select=* for all of them.",
    });
  }
  return items.join(", ");
}

/**
 * `order=` as an ORDER BY clause ("" without one).
 * @param {Table} table
 * @param {string | null} raw
 */
function orderClause(table, raw) {
  if (!raw) return "";
  if (/[()]|->/.test(raw)) throw notServed("Ordering by an embedded resource or a JSON path");
  const terms = raw.split(",").map((term) => {
    const [name, ...modifiers] = term.trim().split(".");
    let sql = columnOf(table, name);
    for (const modifier of modifiers) {
      if (modifier === "asc") sql += " asc";
      else if (modifier === "desc") sql += " desc";
      else if (modifier === "nullsfirst") sql += " nulls first";
      else if (modifier === "nullslast") sql += " nulls last";
      else throw new RestError(400, "PGRST100", `failed to parse order (${raw})`);
    }
    return sql;
  });
  return ` order by ${terms.join(", ")}`;
}

/**
 * Splits a logic tree's or an `in` list's items at the commas outside double quotes and parentheses, as
 * PostgREST reads them; returns null when the quotes or parentheses do not close.
 * @param {string} text the items, without the enclosing parentheses
 */
function splitItems(text) {
  /** @type {string[]} */
  const items = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === "\\") i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return null;
  }
  if (quoted || depth !== 0) return null;
  items.push(text.slice(start));
  return items;
}

/**
 * A value as written in a filter: a double-quoted one loses its quotes and backslash escapes.
 * @param {string} text
 */
function unquote(text) {
  const quoted = text.match(/^"((?:[^"\\]|\\.)*)"$/s);
  return quoted ? quoted[1].replace(/\\(.)/gs, "$1") : text;
}

/**
 * One filter, `[not.]operator.value` on `column`, as SQL with its value bound.
 * @param {Table} table
 * @param {string} name the column
 * @param {string} expression what follows `column=` (or `column.` in a logic tree)
 * @param {unknown[]} values the query's bound values so far; the filter's are appended
 * @param {{ inTree: boolean, regexSpent: import("./regex-refusal.mjs").RegexSpent }} where a value in a logic tree
 *   may be quoted, a top-level one is taken as it is; what the request's regular expressions so far compile to
 */
function filterCondition(table, name, expression, values, { inTree, regexSpent }) {
  if (name.includes("->")) throw notServed("Filtering on a JSON path (column->key)");
  const column = columnOf(table, name);
  const match = expression.match(/^(not\.)?([a-z]+)(\((?:any|all)\))?\.([\s\S]*)$/);
  if (!match) {
    throw new RestError(400, "PGRST100", `failed to parse filter (${expression})`, {
      details: `unexpected "${expression}"`,
    });
  }
  const [, negate, operator, quantifier, raw] = match;
  if (OPERATORS_NOT_SERVED[operator]) throw notServed(OPERATORS_NOT_SERVED[operator]);
  if (quantifier) throw notServed(`The ${quantifier.slice(1, -1)} quantifier (${operator}${quantifier})`);
  /** @param {string} value */
  const bind = (value) => (values.push(value), `$${values.length}`);
  const value = inTree && operator !== "in" ? unquote(raw) : raw;
  let condition;
  if (operator in OPERATORS) {
    const refusal =
      operator === "match" || operator === "imatch"
        ? regexRefusal(value, regexSpent, { caseless: operator === "imatch" })
        : null;
    if (refusal) throw new RestError(400, "2201B", refusal);
    // PostgREST's like patterns take * for SQL's %.
    const operand = operator === "like" || operator === "ilike" ? value.replaceAll("*", "%") : value;
    condition = `${column} ${OPERATORS[operator]} ${bind(operand)}`;
  } else if (operator === "is") {
    const literal = IS_LITERALS[value.toLowerCase()];
    if (!literal) throw new RestError(400, "PGRST100", `failed to parse filter (${expression})`);
    condition = `${column} is ${literal}`;
  } else if (operator === "in") {
    const list = value.match(/^\(([\s\S]*)\)$/)?.[1];
    const items = list === undefined ? null : list === "" ? [] : splitItems(list);
    if (items === null) throw new RestError(400, "PGRST100", `failed to parse filter (${expression})`);
    condition =
      items.length === 0 ? "false" : `${column} in (${items.map((item) => bind(unquote(item.trim()))).join(", ")})`;
  } else {
    throw new RestError(400, "PGRST100", `failed to parse filter (${expression})`, {
      details: `unknown operator "${operator}"`,
    });
  }
  return negate ? `not (${condition})` : condition;
}

/** Deepest nesting of parentheses a logic tree may have: far beyond any real query, far short of a stack's end. */
const MAX_LOGIC_TREE_DEPTH = 50;

/**
 * The deepest nesting of parentheses outside double quotes in `text`; counting stops past `limit`.
 * @param {string} text
 * @param {number} limit
 */
function parenthesesDepth(text, limit) {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < text.length && deepest <= limit; i++) {
    const char = text[i];
    if (quoted) {
      if (char === "\\") i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === "(") deepest = Math.max(deepest, ++depth);
    else if (char === ")") depth--;
  }
  return deepest;
}

/**
 * A logic tree, `or=(…)` or `and=(…)` (negated with `not.`), as SQL: its items are filters
 * (`column.operator.value`) or nested trees (`or(…)`, `and(…)`, `not.and(…)`).
 * @param {Table} table
 * @param {string} operator "or" or "and"
 * @param {string} raw the tree, in parentheses
 * @param {unknown[]} values
 * @param {import("./regex-refusal.mjs").RegexSpent} regexSpent what the request's regular expressions compile to
 * @returns {string}
 */
function logicTree(table, operator, raw, values, regexSpent) {
  const parseError = () => new RestError(400, "PGRST100", `failed to parse logic tree (${raw})`);
  const inner = raw.match(/^\(([\s\S]*)\)$/)?.[1];
  const items = inner === undefined || inner === "" ? null : splitItems(inner);
  if (items === null) throw parseError();
  const conditions = items.map((/** @type {string} */ item) => {
    const nested = item.match(/^(not\.)?(or|and)(\([\s\S]*\))$/);
    if (nested) {
      const tree = logicTree(table, nested[2], nested[3], values, regexSpent);
      return nested[1] ? `not ${tree}` : tree;
    }
    const dot = item.indexOf(".");
    if (dot <= 0) throw parseError();
    return filterCondition(table, item.slice(0, dot), item.slice(dot + 1), values, { inTree: true, regexSpent });
  });
  return `(${conditions.join(` ${operator} `)})`;
}

/**
 * Turns the query's filters (`column=op.value`, `or=(…)`, `and=(…)`, `not.or=(…)`) into a where clause with
 * bound values.
 * @param {Table} table
 * @param {URLSearchParams} params
 * @param {unknown[]} values the query's bound values so far; the filters' are appended
 */
function whereClause(table, params, values) {
  /** @type {string[]} */
  const conditions = [];
  // The request's regular expressions are counted together: each compiles on the thread every request waits on.
  const regexSpent = { copies: 0, unbounded: 0 };
  for (const [key, raw] of params) {
    if (RESERVED.has(key)) continue;
    const tree = key.match(/^(not\.)?(or|and)$/);
    if (tree) {
      // Checked before any of it is read: a tree 2,000 deep would exhaust the stack that reads it.
      if (parenthesesDepth(raw, MAX_LOGIC_TREE_DEPTH) > MAX_LOGIC_TREE_DEPTH) {
        throw new RestError(
          400,
          "PGRST100",
          `failed to parse logic tree: nested deeper than ${MAX_LOGIC_TREE_DEPTH} levels`,
        );
      }
      const sql = logicTree(table, tree[2], raw, values, regexSpent);
      conditions.push(tree[1] ? `not ${sql}` : sql);
    } else if (key.includes(".")) {
      throw notServed(`Filters, order and limits on an embedded resource (${key}=)`);
    } else {
      conditions.push(filterCondition(table, key, raw, values, { inTree: false, regexSpent }));
    }
  }
  return conditions.length > 0 ? ` where ${conditions.join(" and ")}` : "";
}

/**
 * @param {string} name
 * @param {string | null} raw
 */
function nonNegativeInteger(name, raw) {
  if (raw === null) return null;
  if (!/^\d+$/.test(raw)) throw new RestError(400, "PGRST100", `"${name}=${raw}" must be a non-negative integer`);
  return BigInt(raw); // any size, as PostgREST reads it; one beyond Postgres' bigint is the database's 400
}

/**
 * The Prefer header's `key=value` parts.
 * @param {string} [header]
 */
function parsePrefer(header = "") {
  /** @type {Record<string, string | undefined>} */
  const prefer = {};
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=");
    if (key) prefer[key] = value;
  }
  return prefer;
}

/**
 * The reason a body is not JSON, for PostgREST's `details`.
 * @param {unknown} error what parseJsonBody threw
 */
function jsonProblem(error) {
  const { details, message } = /** @type {import("./http.mjs").BodyError} */ (error);
  return details ?? message;
}

/**
 * Parses and checks a JSON write body against the table's columns.
 * @param {Table} table
 * @param {string} body
 * @param {{ allowArray: boolean, columns: string | null }} options the `columns` parameter, if any
 * @returns {{ rows: Record<string, unknown>[], keys: string[] }}
 */
function writeRows(table, body, { allowArray, columns }) {
  let parsed;
  try {
    parsed = parseJsonBody(body);
  } catch (error) {
    throw new RestError(400, "PGRST102", "Empty or invalid json", { details: jsonProblem(error) });
  }
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  if ((Array.isArray(parsed) && !allowArray) || rows.length === 0) {
    throw new RestError(400, "PGRST102", "Empty or invalid json");
  }
  if (!rows.every(isJsonObject)) {
    throw new RestError(400, "PGRST102", "Empty or invalid json", { details: "every row must be a JSON object" });
  }
  // As PostgREST: `columns=a,b` names the columns written (supabase-js quotes them), and the body's other
  // keys are ignored.
  const keys =
    columns === null
      ? [...new Set(rows.flatMap((row) => Object.keys(row)))]
      : [...new Set(columns.split(",").map((column) => unquote(column.trim())))].filter(Boolean);
  if (keys.length === 0) throw new RestError(400, "PGRST102", "Empty or invalid json", { details: "no columns given" });
  for (const key of keys) {
    if (!table.columns.some((column) => column.name === key)) {
      throw new RestError(400, "PGRST204", `Could not find the '${key}' column of '${table.name}' in the schema cache`);
    }
  }
  return { rows, keys };
}

const OBJECT_MEDIA_TYPE = "application/vnd.pgrst.object+json";

/** Answers PostgREST gives besides JSON, which the local backend does not. */
/** @type {Record<string, string>} */
const MEDIA_TYPES_NOT_SERVED = {
  "text/csv": "A CSV answer (Accept: text/csv)",
  "application/geo+json": "A GeoJSON answer",
  "application/vnd.pgrst.plan": "An execution plan (Accept: application/vnd.pgrst.plan)",
  "application/vnd.pgrst.plan+json": "An execution plan (Accept: application/vnd.pgrst.plan)",
  "application/vnd.pgrst.plan+text": "An execution plan (Accept: application/vnd.pgrst.plan)",
  "application/octet-stream": "A binary answer (Accept: application/octet-stream)",
  "text/plain": "A plain-text answer (Accept: text/plain)",
};

/**
 * Which representation the client accepts: a JSON array, or one object (`.single()`).
 * @param {string} [accept]
 * @returns {"array" | "object"}
 */
function acceptedShape(accept = "") {
  if (accept.trim() === "") return "array";
  const types = accept.split(",").map((part) => part.split(";")[0].trim().toLowerCase());
  if (types.includes(OBJECT_MEDIA_TYPE)) return "object";
  if (types.some((type) => ["application/json", "application/*", "*/*"].includes(type))) return "array";
  const other = types.find((type) => MEDIA_TYPES_NOT_SERVED[type]);
  if (other) throw notServed(MEDIA_TYPES_NOT_SERVED[other], { status: 406, hint: "Ask for application/json." });
  throw new RestError(406, "PGRST107", `None of these media types are available: ${types.join(", ")}`, {
    hint: "The local backend answers application/json and application/vnd.pgrst.object+json.",
  });
}

/**
 * Turns a JSON array text into the response body the client asked for.
 * @param {string} json
 * @param {"array" | "object"} shape
 */
function shaped(json, shape) {
  if (shape === "array") return json;
  const rows = JSON.parse(json);
  if (rows.length !== 1) {
    throw new RestError(406, "PGRST116", "JSON object requested, multiple (or no) rows returned", {
      details: `The result contains ${rows.length} rows`,
    });
  }
  return JSON.stringify(rows[0]);
}

/**
 * Guards an UPDATE or DELETE without filters, as hosted projects do (pg-safeupdate).
 * @param {string} where
 * @param {string} verb
 */
function requireWhere(where, verb) {
  if (where === "") throw new RestError(400, "21000", `${verb} requires a WHERE clause`);
}

/**
 * Runs one REST request inside `tx` (already switched to the caller's role).
 * A RestError thrown here rolls the transaction back.
 * @param {Transaction} tx
 * @param {Table} table
 * @param {{ method: string, params: URLSearchParams, body: string, prefer?: string, accept?: string }} request
 * @returns {Promise<RestResult>}
 */
export async function handleRest(tx, table, { method, params, body, prefer: preferHeader, accept }) {
  const prefer = parsePrefer(preferHeader);
  const shape = acceptedShape(accept);
  const representation = prefer.return === "representation";
  if (prefer.missing === "default") throw notServed("Prefer: missing=default (columns left out take their defaults)");
  const target = `public.${quote(table.name)}`;
  const columns = selectList(table, params.get("select"));
  /** @type {unknown[]} */
  const values = [];

  if (method === "GET" || method === "HEAD") {
    const where = whereClause(table, params, values);
    const asked = nonNegativeInteger("limit", params.get("limit"));
    const limit = asked === null || asked > BigInt(MAX_ROWS) ? MAX_ROWS : Number(asked);
    const offset = nonNegativeInteger("offset", params.get("offset"));
    const paging = ` limit ${limit}${offset === null ? "" : ` offset ${offset}`}`;
    const counted = ["exact", "planned", "estimated"].includes(prefer.count ?? "");
    const sql = `select coalesce(json_agg(r), '[]'::json)::text as body, count(*)::int as returned
        ${counted ? `, (select count(*)::int from ${target}${where}) as total` : ""}
      from (select ${columns} from ${target}${where}${orderClause(table, params.get("order"))}${paging}) r`;
    /** @type {{ rows: { body: string, returned: number, total: number }[] }} */
    const { rows } = await tx.query(sql, values);
    const { body: json, returned, total } = rows[0];
    const start = offset ?? 0n;
    const range = `${returned === 0 ? "*" : `${start}-${start + BigInt(returned) - 1n}`}/${counted ? total : "*"}`;
    const status = counted && BigInt(returned) < BigInt(total) - start ? 206 : 200;
    return { status, body: method === "HEAD" ? "" : shaped(json, shape), headers: { "Content-Range": range } };
  }

  // Every write returns the changed rows (old and new, PostgreSQL 18's RETURNING old) to feed realtime;
  // the client sees them only when it asked. As PostgREST, an insert's Content-Range is always */*,
  // an update's or delete's the range of the rows it changed.
  /**
   * @param {WriteResult} result
   * @param {number} status
   * @returns {RestResult}
   */
  const answer = (result, status) => ({
    status: representation ? (status === 204 ? 200 : status) : status,
    body: representation ? shaped(result.body, shape) : "",
    headers: {
      "Content-Range": method === "POST" || result.count === 0 ? "*/*" : `0-${result.count - 1}/*`,
      ...(prefer.return ? { "Preference-Applied": `return=${prefer.return}` } : {}),
    },
    changes: result.changes,
  });
  /** @param {string} changedRows */
  const collect = (changedRows) =>
    `select coalesce((select json_agg(r) from (select ${columns} from w) r), '[]'::json)::text as body,
            coalesce(json_agg(json_build_object('record', to_jsonb(w) - '__inserted' - '__old',
                                                'old', w.__old, 'inserted', w.__inserted)), '[]'::json)::text as changes,
            count(*) filter (where w.__inserted)::int as inserted,
            count(*)::int as count
     from ${changedRows}`;
  /**
   * The changed rows of a write, with whether each was inserted.
   * @typedef {{ body: string, changes: RowChange[], inserted: number, count: number }} WriteResult
   */
  /**
   * @param {string} sql
   * @param {RowChange["type"]} [type] every row's change; else INSERT or UPDATE as the row says
   * @returns {Promise<WriteResult>}
   */
  const run = async (sql, type) => {
    /** @type {{ rows: { body: string, changes: string, inserted: number, count: number }[] }} */
    const { rows } = await tx.query(sql, values);
    const [row] = rows;
    /** @type {{ record: Record<string, unknown>, old: Record<string, unknown> | null, inserted: boolean }[]} */
    const changed = JSON.parse(row.changes);
    const result = {
      ...row,
      changes: changed.map((change) => ({
        type: type ?? (change.inserted ? /** @type {const} */ ("INSERT") : /** @type {const} */ ("UPDATE")),
        record: change.record,
        old: change.old,
      })),
    };
    if (representation && shape === "object") shaped(result.body, shape); // refusing one object rolls the write back
    return result;
  };

  if (method === "POST") {
    const { rows, keys } = writeRows(table, body, { allowArray: true, columns: params.get("columns") });
    const columnList = keys.map(quote).join(", ");
    values.push(JSON.stringify(rows));
    let conflict = "";
    const resolution = prefer.resolution;
    if (resolution === "merge-duplicates" || resolution === "ignore-duplicates") {
      const onConflict = params.get("on_conflict");
      const conflictColumns = onConflict
        ? onConflict.split(",").map((c) => columnOf(table, c.trim()))
        : table.primaryKey.map(quote);
      if (conflictColumns.length === 0)
        throw new RestError(400, "PGRST100", `${table.name} has no primary key to upsert on`);
      // Like PostgREST: on conflict, every column sent is set again, the conflict columns included.
      conflict =
        resolution === "ignore-duplicates"
          ? ` on conflict (${conflictColumns.join(", ")}) do nothing`
          : ` on conflict (${conflictColumns.join(", ")}) do update set ${keys
              .map((key) => `${quote(key)} = excluded.${quote(key)}`)
              .join(", ")}`;
    }
    // A plain insert that wants no row back, into a table realtime does not stream, returns no column:
    // like PostgREST, it then needs no SELECT privilege (an insert-only table such as fan_signups).
    const blind = !representation && !conflict && !table.realtime;
    const result = await run(
      blind
        ? `with w as (
            insert into ${target} (${columnList})
            select ${columnList} from json_populate_recordset(null::${target}, $1::json)
            returning 1
          ) select '[]' as body, '[]' as changes, count(*)::int as inserted, count(*)::int as count from w`
        : `with w as (
        insert into ${target} (${columnList})
        select ${columnList} from json_populate_recordset(null::${target}, $1::json)${conflict}
        returning ${target}.*, (xmax = 0) as __inserted, to_jsonb(old) as __old
      ) ${collect("w")}`,
    );
    const onlyUpdated = resolution === "merge-duplicates" && result.inserted === 0 && result.count > 0;
    return answer(result, onlyUpdated ? 200 : 201);
  }

  if (method === "PATCH") {
    const { rows, keys } = writeRows(table, body, { allowArray: false, columns: params.get("columns") });
    values.push(JSON.stringify(rows[0]));
    const where = whereClause(table, params, values);
    requireWhere(where, "UPDATE");
    const assignments = keys
      .map((key) => `${quote(key)} = (select ${quote(key)} from json_populate_record(null::${target}, $1::json))`)
      .join(", ");
    const result = await run(
      `with w as (update ${target} set ${assignments}${where} returning ${target}.*, false as __inserted, to_jsonb(old) as __old)
       ${collect("w")}`,
      "UPDATE",
    );
    return answer(result, 204);
  }

  if (method === "DELETE") {
    const where = whereClause(table, params, values);
    requireWhere(where, "DELETE");
    const result = await run(
      `with w as (delete from ${target}${where} returning ${target}.*, false as __inserted, to_jsonb(old) as __old)
       ${collect("w")}`,
      "DELETE",
    );
    return answer(result, 204);
  }

  if (method === "PUT")
    throw notServed("PUT (upserting one row by its primary key)", {
      hint: "Use POST with Prefer: resolution=merge-duplicates (supabase-js upsert).",
    });
  throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
}

/**
 * PostgREST's HTTP status for a Postgres error code (its documented table; anything else is 400).
 * SQL may choose the status itself by raising SQLSTATE 'PTxyz' (HTTP xyz), as PostgREST allows.
 * @param {string} code
 * @param {string} role the caller's role: a refusal is 401 for anon, 403 for anyone signed in
 */
export function statusForPgError(code, role) {
  const chosen = code.match(/^PT([1-5]\d\d)$/);
  if (chosen) return Number(chosen[1]);
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "42883" || code === "42P01") return 404;
  if (code === "42P17") return 500;
  // Too many columns asked for (a select with an order beyond the ones selected): the asker's mistake.
  if (code === "54011") return 400;
  if (/^(08|53)/.test(code)) return 503;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|XX)/.test(code)) return 500;
  return 400;
}

/**
 * Turns a JSON argument into the text of an untyped parameter, so Postgres reads it as the argument's type.
 * @param {unknown} value
 */
function argumentText(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * POST /rest/v1/rpc/<name> with a JSON object of named arguments, as PostgREST calls a function in
 * the public schema: a set-returning function answers a JSON array (one object with `.single()`),
 * any other its value as JSON, a void one 204. Postgres checks EXECUTE as the caller's role, so a
 * function no API role was granted answers 401/403, as on a hosted project.
 * @param {Transaction} tx
 * @param {string} name
 * @param {{ method: string, body: string, accept?: string }} request
 * @returns {Promise<RestResult>}
 */
export async function handleRpc(tx, name, { method, body, accept }) {
  if (method !== "POST") throw notServed(`Calling a function with ${method}`, { hint: "Call it with POST." });
  const shape = acceptedShape(accept);
  /** @type {unknown} */
  let args = {};
  if (body.trim() !== "") {
    try {
      args = parseJsonBody(body);
    } catch (error) {
      throw new RestError(400, "PGRST102", "Empty or invalid json", { details: jsonProblem(error) });
    }
  }
  if (!isJsonObject(args)) {
    throw new RestError(400, "PGRST102", "Empty or invalid json", { details: "the arguments must be a JSON object" });
  }
  const given = Object.keys(args);
  const notFound = () =>
    new RestError(
      404,
      "PGRST202",
      `Could not find the function public.${name}(${given.join(", ")}) in the schema cache`,
    );
  if (!IDENTIFIER.test(name) || !given.every((key) => IDENTIFIER.test(key))) throw notFound();
  /**
   * The public functions of that name: whether each returns a set or nothing, and its input parameters.
   * @type {{ rows: { set: boolean, void: boolean, count: number, defaults: number, inputs: string[] }[] }}
   */
  const { rows: candidates } = await tx.query(
    `select p.proretset as set, p.prorettype = 'void'::regtype as void, p.pronargs as count,
            p.pronargdefaults as defaults,
            coalesce((select array_agg(a.name order by a.n)
                        from unnest(p.proargnames, coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs])))
                             with ordinality a(name, mode, n)
                       where a.mode in ('i', 'b', 'v')), '{}') as inputs
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
    [name],
  );
  const fitting = candidates.filter((fn) => {
    const required = fn.inputs.slice(0, fn.count - fn.defaults);
    return given.every((key) => fn.inputs.includes(key)) && required.every((key) => given.includes(key));
  });
  if (fitting.length === 0) throw notFound();
  if (fitting.length > 1) {
    throw new RestError(300, "PGRST203", `Could not choose the best candidate function for public.${name}`);
  }
  const [fn] = fitting;
  const values = given.map((key) => argumentText(args[key]));
  const call = `public.${quote(name)}(${given.map((key, index) => `${quote(key)} => $${index + 1}`).join(", ")})`;
  if (fn.void) {
    await tx.query(`select ${call}`, values);
    return { status: 204, body: "", headers: {} };
  }
  const sql = fn.set
    ? `select coalesce(json_agg(r), '[]'::json)::text as body, count(*)::int as returned from ${call} r`
    : `select to_json(${call})::text as body, 1 as returned`;
  /** @type {{ rows: { body: string, returned: number }[] }} */
  const { rows } = await tx.query(sql, values);
  const { body: json, returned } = rows[0];
  if (!fn.set) return { status: 200, body: json, headers: {} };
  return {
    status: 200,
    body: shaped(json, shape),
    headers: { "Content-Range": returned === 0 ? "*/*" : `0-${returned - 1}/*` },
  };
}

/**
 * The answer as SQL chose to change it, as PostgREST does: a status in `response.status` replaces the
 * answer's (the transaction still commits, unlike a raised error), and the headers in `response.headers`
 * (a JSON array of one-header objects) are added, replacing any of the same name.
 * @param {Transaction} tx
 * @param {RestResult} result
 * @returns {Promise<RestResult>}
 */
export async function withResponseSettings(tx, result) {
  /** @type {{ rows: { status: string | null, headers: string | null }[] }} */
  const { rows } = await tx.query(
    `select nullif(current_setting('response.status', true), '') as status,
            nullif(current_setting('response.headers', true), '') as headers`,
  );
  const [{ status, headers }] = rows;
  if (status === null && headers === null) return result;
  let chosenStatus = result.status;
  if (status !== null) {
    if (!/^[1-5]\d\d$/.test(status.trim())) {
      throw new RestError(500, "PGRST112", "response.status guc must be a valid status code");
    }
    chosenStatus = Number(status.trim());
  }
  /** @type {Record<string, string>} */
  const chosenHeaders = { ...result.headers };
  if (headers !== null) {
    /** @type {unknown} */
    let parsed;
    try {
      parsed = JSON.parse(headers);
    } catch {
      parsed = null;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (entry) =>
          isJsonObject(entry) && Object.keys(entry).length === 1 && typeof Object.values(entry)[0] === "string",
      );
    if (!valid) {
      throw new RestError(
        500,
        "PGRST111",
        "response.headers guc must be a JSON array composed of objects with a single key and a string value",
      );
    }
    for (const entry of /** @type {Record<string, string>[]} */ (parsed)) {
      const [[name, value]] = Object.entries(entry);
      for (const existing of Object.keys(chosenHeaders)) {
        if (existing.toLowerCase() === name.toLowerCase()) delete chosenHeaders[existing];
      }
      chosenHeaders[name] = value;
    }
  }
  return { ...result, status: chosenStatus, headers: chosenHeaders };
}
