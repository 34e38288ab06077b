/**
 * The PostgREST subset the app uses, on /rest/v1/<table>: select with filters
 * and order, insert, upsert on the primary key, update and delete with
 * filters. Every request runs in one transaction as the caller's role, so
 * grants and row-level security decide, as on a hosted project.
 */

export class RestError extends Error {
  constructor(status, code, message, { details = null, hint = null } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }
}

const RESERVED = new Set(["select", "order", "limit", "offset", "on_conflict", "columns"]);
const OPERATORS = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" };
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const quote = (name) => `"${String(name).replaceAll('"', '""')}"`;

function unsupported(what) {
  return new RestError(400, "PGRST100", `"${what}" is not supported by the local backend`, {
    hint: "It serves select with filters (eq, neq, gt, gte, lt, lte, is, in), order, limit and offset; insert; upsert; update; delete.",
  });
}

function columnOf(table, name) {
  if (!IDENTIFIER.test(name)) throw new RestError(400, "PGRST100", `"${name}" is not a valid column name`);
  if (!table.columns.some((column) => column.name === name)) {
    throw new RestError(400, "42703", `column ${table.name}.${name} does not exist`);
  }
  return quote(name);
}

/** Parses `select=` into a SQL column list. */
function selectList(table, raw) {
  if (raw === null || raw.trim() === "" || raw.trim() === "*") return "*";
  return raw
    .split(",")
    .map((part) => part.trim())
    .map((part) => {
      if (part === "*") return "*";
      if (/[():!]/.test(part)) throw unsupported(`select=${raw}`);
      return columnOf(table, part);
    })
    .join(", ");
}

function orderClause(table, raw) {
  if (!raw) return "";
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

/** Turns `column=op.value` query parameters into a where clause with bound values. */
function whereClause(table, params, values) {
  const conditions = [];
  for (const [key, raw] of params) {
    if (RESERVED.has(key)) continue;
    if (key === "or" || key === "and" || key.includes(".")) throw unsupported(`${key}=${raw}`);
    const column = columnOf(table, key);
    const match = raw.match(/^(not\.)?([a-z]+)\.([\s\S]*)$/);
    if (!match)
      throw new RestError(400, "PGRST100", `failed to parse filter (${raw})`, { details: `unexpected "${raw}"` });
    const [, negate, operator, value] = match;
    let condition;
    if (operator in OPERATORS) {
      values.push(value);
      condition = `${column} ${OPERATORS[operator]} $${values.length}`;
    } else if (operator === "is") {
      const literal = { null: "null", true: "true", false: "false", unknown: "unknown" }[value.toLowerCase()];
      if (!literal) throw new RestError(400, "PGRST100", `failed to parse filter (${raw})`);
      condition = `${column} is ${literal}`;
    } else if (operator === "in") {
      const list = value.match(/^\((.*)\)$/)?.[1];
      if (list === undefined) throw new RestError(400, "PGRST100", `failed to parse filter (${raw})`);
      const items = list === "" ? [] : list.split(",").map((item) => item.trim().replace(/^"(.*)"$/, "$1"));
      if (items.length === 0) condition = "false";
      else {
        condition = `${column} in (${items.map((item) => (values.push(item), `$${values.length}`)).join(", ")})`;
      }
    } else {
      throw unsupported(`${operator} filter`);
    }
    conditions.push(negate ? `not (${condition})` : condition);
  }
  return conditions.length > 0 ? ` where ${conditions.join(" and ")}` : "";
}

function nonNegativeInteger(name, raw) {
  if (raw === null) return null;
  if (!/^\d{1,9}$/.test(raw)) throw new RestError(400, "PGRST100", `"${name}=${raw}" must be a non-negative integer`);
  return Number(raw);
}

function parsePrefer(header = "") {
  const prefer = {};
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=");
    if (key) prefer[key] = value;
  }
  return prefer;
}

/** Parses and checks a JSON write body against the table's columns. */
function writeRows(table, body, { allowArray }) {
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new RestError(400, "PGRST102", "Empty or invalid json", { details: error.message });
  }
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  if ((Array.isArray(parsed) && !allowArray) || rows.length === 0) {
    throw new RestError(400, "PGRST102", "Empty or invalid json");
  }
  if (!rows.every((row) => row !== null && typeof row === "object" && !Array.isArray(row))) {
    throw new RestError(400, "PGRST102", "Empty or invalid json", { details: "every row must be a JSON object" });
  }
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  if (keys.length === 0) throw new RestError(400, "PGRST102", "Empty or invalid json", { details: "no columns given" });
  for (const key of keys) {
    if (!table.columns.some((column) => column.name === key)) {
      throw new RestError(400, "PGRST204", `Could not find the '${key}' column of '${table.name}' in the schema cache`);
    }
  }
  return { rows, keys };
}

/**
 * Runs one REST request inside `tx` (already switched to the caller's role).
 * Returns { status, body, headers, changes } where changes feed realtime.
 */
export async function handleRest(tx, table, { method, params, body, prefer: preferHeader }) {
  const prefer = parsePrefer(preferHeader);
  const representation = prefer.return === "representation";
  const target = `public.${quote(table.name)}`;
  const values = [];

  if (method === "GET" || method === "HEAD") {
    const columns = selectList(table, params.get("select"));
    const where = whereClause(table, params, values);
    const limit = nonNegativeInteger("limit", params.get("limit"));
    const offset = nonNegativeInteger("offset", params.get("offset"));
    const paging = `${limit === null ? "" : ` limit ${limit}`}${offset === null ? "" : ` offset ${offset}`}`;
    const sql = `select coalesce(json_agg(r), '[]'::json)::text as body, count(*)::int as total
      from (select ${columns} from ${target}${where}${orderClause(table, params.get("order"))}${paging}) r`;
    const { rows } = await tx.query(sql, values);
    const { body: json, total } = rows[0];
    const start = offset ?? 0;
    const range = total === 0 ? "*/*" : `${start}-${start + total - 1}/*`;
    return { status: 200, body: method === "HEAD" ? "" : json, headers: { "Content-Range": range } };
  }

  const returning = `returning to_jsonb(${target.split(".")[1]}.*) as record`;

  if (method === "POST") {
    const { rows, keys } = writeRows(table, body, { allowArray: true });
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
      const updates = keys.filter((key) => !conflictColumns.includes(quote(key)));
      conflict =
        resolution === "ignore-duplicates" || updates.length === 0
          ? ` on conflict (${conflictColumns.join(", ")}) do nothing`
          : ` on conflict (${conflictColumns.join(", ")}) do update set ${updates
              .map((key) => `${quote(key)} = excluded.${quote(key)}`)
              .join(", ")}`;
    }
    const sql = `with w as (
        insert into ${target} (${columnList})
        select ${columnList} from json_populate_recordset(null::${target}, $1::json)${conflict}
        ${returning}, (xmax = 0) as inserted
      ) select coalesce(json_agg(record), '[]'::json)::text as body,
               coalesce(json_agg(json_build_object('record', record, 'inserted', inserted)), '[]'::json)::text as changes,
               count(*) filter (where inserted)::int as inserted
        from w`;
    const { rows: result } = await tx.query(sql, values);
    const changes = JSON.parse(result[0].changes).map((change) => ({
      type: change.inserted ? "INSERT" : "UPDATE",
      record: change.record,
    }));
    const status = resolution === "merge-duplicates" && result[0].inserted === 0 && changes.length > 0 ? 200 : 201;
    return { status, body: representation ? result[0].body : "", headers: { "Content-Range": "*/*" }, changes };
  }

  if (method === "PATCH") {
    const { rows, keys } = writeRows(table, body, { allowArray: false });
    values.push(JSON.stringify(rows[0]));
    const where = whereClause(table, params, values);
    const sql = `with w as (
        update ${target} set (${keys.map(quote).join(", ")}) = (
          select ${keys.map(quote).join(", ")} from json_populate_record(null::${target}, $1::json))
        ${where} ${returning}
      ) select coalesce(json_agg(record), '[]'::json)::text as body from w`;
    const { rows: result } = await tx.query(
      keys.length === 1 ? sql.replace(/set \((.*?)\) = \(/s, "set $1 = (") : sql,
      values,
    );
    const records = JSON.parse(result[0].body);
    return {
      status: representation ? 200 : 204,
      body: representation ? result[0].body : "",
      headers: { "Content-Range": `0-${Math.max(records.length - 1, 0)}/*` },
      changes: records.map((record) => ({ type: "UPDATE", record })),
    };
  }

  if (method === "DELETE") {
    const where = whereClause(table, params, values);
    const sql = `with w as (delete from ${target}${where} ${returning})
      select coalesce(json_agg(record), '[]'::json)::text as body from w`;
    const { rows: result } = await tx.query(sql, values);
    const records = JSON.parse(result[0].body);
    return {
      status: representation ? 200 : 204,
      body: representation ? result[0].body : "",
      headers: { "Content-Range": "*/*" },
      changes: records.map((record) => ({ type: "DELETE", old: record })),
    };
  }

  throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
}

/** PostgREST's status for a Postgres error code. */
export function statusForPgError(code, role) {
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23505" || code === "23503") return 409;
  if (code === "42P01") return 404;
  if (code === "42883") return 404;
  if (/^(08|53)/.test(code)) return 503;
  if (/^(25|40|XX)/.test(code)) return 500;
  if (/^(22|23|42)/.test(code) || code === "P0001") return 400;
  return 500;
}
