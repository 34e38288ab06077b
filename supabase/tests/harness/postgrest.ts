/**
 * Requests as PostgREST runs them on a hosted project, straight against the database: one transaction
 * (READ ONLY for a read), SET LOCAL ROLE to the role in the caller's claims with that role's own settings
 * (its statement_timeout), the claims, method, path and headers in `request.*`, then one statement, a write
 * as a CTE with RETURNING. A database error is answered with PostgREST's HTTP status, by the same mapping
 * the local backend uses (server/rest.mjs), and a status or headers the SQL set in `response.status` and
 * `response.headers` change the answer as PostgREST lets them (by the same code too). Beyond the REST API's calls, a test may run any one statement
 * as the caller (`sql`), for what the API cannot send but the role must still be refused, such as TRUNCATE.
 */
import { statusForPgError, withResponseSettings } from "../../../server/rest.mjs";
import type { Engine, Queryable } from "./engines";

/** The claims of a request's JWT: at least its role. */
export type Claims = { role: string } & Record<string, unknown>;

/** PostgREST's error body. */
interface RestError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** What a request answers: its HTTP status, the rows it returned (when asked for), how many it touched. */
export interface Answer<Row = Record<string, unknown>> {
  status: number;
  rows: Row[];
  count: number;
  /** The headers the SQL added to the answer (response.headers), such as Retry-After. */
  headers: Record<string, string>;
  error: RestError | null;
}

type Value = string | number | boolean | null;
/** A filter on one column: a value (eq), a list (in), or one other operator of PostgREST's. */
type Filter = Value | Value[] | { neq: Value } | { gt: Value } | { gte: Value } | { lt: Value } | { lte: Value };
export type Where = Record<string, Filter>;

const OPERATORS = { neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;
/** A column list or an ORDER BY as a test writes them: names, commas, `*`, asc and desc, nothing else. */
const PLAIN = /^[a-z_][a-z0-9_]*( (asc|desc))?(, ?[a-z_][a-z0-9_]*( (asc|desc))?)*$|^\*$/;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableName = (table: string) => `public.${quote(table)}`;

function plain(text: string) {
  if (!PLAIN.test(text)) throw new Error(`not a plain column list: ${text}`);
  return text;
}

/** The WHERE clause for `where`, each column named through `table` (as PostgREST qualifies them). */
function whereClause(table: string, where: Where, values: unknown[]) {
  const conditions = Object.entries(where).map(([column, filter]) => {
    const target = `${tableName(table)}.${quote(column)}`;
    const bind = (value: unknown) => `$${values.push(value)}`;
    if (Array.isArray(filter)) return filter.length === 0 ? "false" : `${target} in (${filter.map(bind).join(", ")})`;
    if (filter === null) return `${target} is null`;
    if (typeof filter !== "object") return `${target} = ${bind(filter)}`;
    const [[operator, value]] = Object.entries(filter) as [keyof typeof OPERATORS, Value][];
    return `${target} ${OPERATORS[operator]} ${bind(value)}`;
  });
  return conditions.length > 0 ? ` where ${conditions.join(" and ")}` : "";
}

/** A function argument as PostgREST passes it: text that Postgres reads as the parameter's type. */
function argumentText(value: unknown) {
  if (value === null || value === undefined) return null;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** What a statement answered: the rows it returned, how many rows it touched, how many of them it inserted. */
interface Outcome {
  rows: Record<string, unknown>[];
  count: number;
  inserted: number;
}

/** Reads the `body`, `count` and `inserted` of the one row every statement here answers with. */
async function outcome(tx: Queryable, sql: string, values: unknown[]): Promise<Outcome> {
  const [row] = (await tx.query(sql, values)).rows as { body: string; count: number; inserted?: number }[];
  return { rows: JSON.parse(row.body), count: row.count, inserted: row.inserted ?? 0 };
}

/** Wraps a statement's rows (a CTE or subquery named pgrst_source) in the one row outcome() reads. */
const aggregate = (from: string, extra = "") =>
  `select coalesce(json_agg(pgrst_source), '[]')::text as body, count(*)::int as count${extra} from ${from}`;

/** One role's settings that PostgREST applies to each request it runs as that role. */
type RoleSettings = Map<string, [string, string][]>;

async function readRoleSettings(engine: Engine): Promise<RoleSettings> {
  const rows = (await engine.query(
    `select r.rolname as role, s.setconfig as settings
       from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
      where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`,
  )) as { role: string; settings: string[] }[];
  const settings: RoleSettings = new Map();
  for (const { role, settings: pairs } of rows) {
    const parsed = pairs.map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]);
    settings.set(role, [...(settings.get(role) ?? []), ...parsed]);
  }
  return settings;
}

/** What a caller's requests carry beyond the claims. */
export interface RequestOptions {
  /** The request's headers, by any case of their names. */
  headers?: Record<string, string>;
  /**
   * Holds each request's transaction open once its statement has run (its locks still held), until the
   * promise this returns says how to end it, as PostgREST's `Prefer: tx=commit` or `tx=rollback` would: the
   * answer is the same either way. For a test that makes another request meet this one's locks.
   */
  held?: () => Promise<"commit" | "rollback">;
}

/** Thrown inside a held transaction to roll it back, with what the request answers all the same. */
class RolledBack {
  constructor(readonly result: Outcome & Pick<Answer, "status" | "headers">) {}
}

/** The requests a caller with these claims can make. */
export interface Requests {
  /** GET (or HEAD, the same query in PostgREST) of the rows `where` picks. */
  select(
    table: string,
    options?: { columns?: string; where?: Where; order?: string; limit?: number; method?: "GET" | "HEAD" },
  ): Promise<Answer>;
  /** POST (or PUT): an insert, or an upsert on the primary key; rows come back only with `returning`. */
  insert(
    table: string,
    rows: Record<string, unknown> | Record<string, unknown>[],
    options?: { upsert?: "merge" | "ignore"; returning?: boolean; method?: "POST" | "PUT" },
  ): Promise<Answer>;
  /** PATCH: an update of the rows `where` picks. */
  update(
    table: string,
    values: Record<string, unknown>,
    where: Where,
    options?: { returning?: boolean },
  ): Promise<Answer>;
  /** DELETE of the rows `where` picks. */
  delete(table: string, where: Where, options?: { returning?: boolean }): Promise<Answer>;
  /** POST /rpc/<name> with named arguments. */
  rpc(name: string, args?: Record<string, unknown>): Promise<Answer>;
  /** Any other statement, in a request's transaction as this caller (what the REST API cannot send); its rows. */
  sql(statement: string): Promise<Answer>;
}

/**
 * The request runner for one database: `as(claims)` gives the requests a caller with those claims (a role
 * name stands for `{ role }`, as the anon and service keys carry) can make; `headers` are the request's,
 * by lower-cased name.
 */
export async function requestsFor(engine: Engine) {
  const roleSettings = await readRoleSettings(engine);
  const primaryKeys = new Map<string, string[]>();
  const primaryKey = async (table: string) => {
    if (!primaryKeys.has(table)) {
      const rows = await engine.query(
        `select a.attname as name from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = $1::regclass and i.indisprimary`,
        [tableName(table)],
      );
      primaryKeys.set(
        table,
        rows.map((row) => String(row.name)),
      );
    }
    return primaryKeys.get(table)!;
  };

  return function as(who: string | Claims, { headers = {}, held }: RequestOptions = {}): Requests {
    const claims: Claims = typeof who === "string" ? { role: who } : who;
    // PostgREST logs in as authenticator, whose settings every request starts with; the role's own follow.
    const settings = [...(roleSettings.get("authenticator") ?? []), ...(roleSettings.get(claims.role) ?? [])];
    const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    // One statement sets it all up: SET LOCAL ROLE, the request's claims, method, path and headers, the settings.
    const setup = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
        set_config('request.method', $3, true), set_config('request.path', $4, true),
        set_config('request.headers', $5, true)${settings
          .map((_, index) => `, set_config($${6 + 2 * index}, $${7 + 2 * index}, true)`)
          .join("")}`;

    async function request(
      method: string,
      path: string,
      run: (tx: Queryable) => Promise<Outcome>,
      status: (result: Outcome) => number,
    ): Promise<Answer> {
      try {
        const result = await engine.transaction(method === "GET" || method === "HEAD", async (tx) => {
          await tx.query(setup, [
            claims.role,
            JSON.stringify(claims),
            method,
            path,
            JSON.stringify(lowerCased),
            ...settings.flat(),
          ]);
          const done = await run(tx);
          const answer = await withResponseSettings(tx as never, { status: status(done), body: "", headers: {} });
          const ended = { ...done, status: answer.status, headers: answer.headers };
          if (held && (await held()) === "rollback") throw new RolledBack(ended);
          return ended;
        });
        return { status: result.status, rows: result.rows, count: result.count, headers: result.headers, error: null };
      } catch (error) {
        if (error instanceof RolledBack) {
          const { status, rows, count, headers } = error.result;
          return { status, rows, count, headers, error: null };
        }
        const { code, message, detail, hint } = error as {
          code?: unknown;
          message: string;
          detail?: string;
          hint?: string;
        };
        if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) throw error;
        return {
          status: statusForPgError(code, claims.role),
          rows: [],
          count: 0,
          headers: {},
          error: { code, message, details: detail ?? null, hint: hint ?? null },
        };
      }
    }

    /** An update's or a delete's status: 204, or 200 with the rows it returned. */
    const written = (returning: boolean) => () => (returning ? 200 : 204);

    return {
      select(table, { columns = "*", where = {}, order, limit, method = "GET" } = {}) {
        const values: unknown[] = [];
        const sql = aggregate(
          `(select ${plain(columns)} from ${tableName(table)}${whereClause(table, where, values)}` +
            `${order ? ` order by ${plain(order)}` : ""}${limit === undefined ? "" : ` limit ${Number(limit)}`}) pgrst_source`,
        );
        return request(
          method,
          `/${table}`,
          (tx) => outcome(tx, sql, values),
          () => 200,
        );
      },

      async insert(table, rows, { upsert, returning = false, method = "POST" } = {}) {
        const list = Array.isArray(rows) ? rows : [rows];
        const columns = [...new Set(list.flatMap((row) => Object.keys(row)))].map(quote);
        let conflict = "";
        if (upsert) {
          const keys = (await primaryKey(table)).map(quote).join(", ");
          conflict =
            upsert === "ignore"
              ? ` on conflict (${keys}) do nothing`
              : ` on conflict (${keys}) do update set ${columns.map((column) => `${column} = excluded.${column}`).join(", ")}`;
        }
        const sql = `with pgrst_source as (
            insert into ${tableName(table)} (${columns.join(", ")})
            select ${columns.join(", ")} from json_populate_recordset(null::${tableName(table)}, $1::json)${conflict}
            returning ${returning ? `${tableName(table)}.*` : "1"}${upsert ? ", xmax = 0 as pgrst_inserted" : ""}
          ) ${aggregate("pgrst_source", upsert ? ", count(*) filter (where pgrst_inserted)::int as inserted" : "")}`;
        return request(
          method,
          `/${table}`,
          async (tx) => {
            const result = await outcome(tx, sql, [JSON.stringify(list)]);
            const shown = returning ? result.rows.map(({ pgrst_inserted: _, ...row }) => row) : [];
            return { ...result, rows: shown };
          },
          // As PostgREST: 201 when a row was created, 200 when an upsert only updated.
          (result) => (upsert && result.inserted === 0 && result.count > 0 ? 200 : 201),
        );
      },

      update(table, values, where, { returning = false } = {}) {
        const params: unknown[] = [JSON.stringify(values)];
        const columns = Object.keys(values).map(quote);
        const sql = `with pgrst_source as (
            update ${tableName(table)} set ${columns.map((column) => `${column} = pgrst_body.${column}`).join(", ")}
            from (select ${columns.join(", ")} from json_populate_record(null::${tableName(table)}, $1::json)) pgrst_body
            ${whereClause(table, where, params)}
            returning ${returning ? `${tableName(table)}.*` : "1"}
          ) ${aggregate("pgrst_source")}`;
        return request("PATCH", `/${table}`, (tx) => outcome(tx, sql, params), written(returning));
      },

      delete(table, where, { returning = false } = {}) {
        const params: unknown[] = [];
        const sql = `with pgrst_source as (
            delete from ${tableName(table)}${whereClause(table, where, params)}
            returning ${returning ? `${tableName(table)}.*` : "1"}
          ) ${aggregate("pgrst_source")}`;
        return request("DELETE", `/${table}`, (tx) => outcome(tx, sql, params), written(returning));
      },

      rpc(name, args = {}) {
        const names = Object.keys(args);
        const call = `public.${quote(name)}(${names.map((arg, index) => `${quote(arg)} => $${index + 1}`).join(", ")})`;
        const sql = aggregate(`${call} pgrst_source`);
        const values = names.map((arg) => argumentText(args[arg]));
        return request(
          "POST",
          `/rpc/${name}`,
          (tx) => outcome(tx, sql, values),
          () => 200,
        );
      },

      sql(statement) {
        return request(
          "POST",
          "/",
          async (tx) => {
            const { rows } = await tx.query(statement);
            return { rows, count: rows.length, inserted: 0 };
          },
          () => 200,
        );
      },
    };
  };
}
