/**
 * The PostgREST filters the local backend serves, with PostgREST's meaning (like and ilike with * for %,
 * regular expressions, or= and and= trees, quoted values, in lists), their values bound as data; and every
 * PostgREST feature it does not serve answered 4xx with code PGRST_LOCAL, naming the feature.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, contact, sessionHeaders, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;
withTeamBackend((started, session) => ([backend, team] = [started, session]));

const people = [
  contact("f1", { name: "Niamh Ní Bhriain", role: "Booker", email: "niamh@venue.ie" }),
  contact("f2", { name: "Seán Murphy", role: "Agent", email: null }),
  contact("f3", { name: "NIAMH Walsh", role: "Press", email: "press@paper.ie" }),
  contact("f4", { name: "Walsh, Aoife (tour)", role: "Booker", email: "aoife@tour.ie" }),
  contact("f5", { name: "100% Promotions", role: "Promoter", phone: "+353 1 555" }),
];

beforeAll(async () => {
  // Seeded as the service role (past the team's allowance); read back in the team's session.
  expect((await client(backend.url, LOCAL_SERVICE_ROLE_KEY).from("contacts").insert(people)).error).toBeNull();
});

/** The ids a team query answers, sorted. */
async function ids(query: PromiseLike<{ data: { id: string }[] | null; error: unknown }>) {
  const { data, error } = await query;
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.id).sort();
}

/** A raw GET as the team, for what supabase-js has no method for. */
async function get(query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${backend.url}/rest/v1/contacts?${query}`, {
    headers: { ...(await sessionHeaders(team)), ...headers },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const contacts = () => team.from("contacts").select("id");

describe("pattern filters", () => {
  it("ilike ignores letter case, like does not; * and % both stand for any run of characters", async () => {
    expect(await ids(contacts().ilike("name", "%niamh%"))).toEqual(["f1", "f3"]);
    expect(await ids(contacts().like("name", "%Niamh%"))).toEqual(["f1"]);
    expect(await ids(contacts().ilike("name", "*walsh*"))).toEqual(["f3", "f4"]);
    expect(await ids(contacts().like("name", "Se_n%"))).toEqual(["f2"]);
    expect(await ids(contacts().not("name", "ilike", "*walsh*"))).toEqual(["f1", "f2", "f5"]);
  });

  it("match and imatch take a regular expression", async () => {
    expect(await ids(contacts().filter("email", "match", "\\.ie$"))).toEqual(["f1", "f3", "f4"]);
    expect(await ids(contacts().filter("name", "match", "^niamh"))).toEqual([]);
    expect(await ids(contacts().filter("name", "imatch", "^niamh"))).toEqual(["f1", "f3"]);
  });

  it("refuses a pattern whose nested counts would compile past the database's limit, and answers on", async () => {
    for (const pattern of ["((.{0,50}){0,50}){0,50}z", "(.{0,255}){0,255}", "(a{0,99999999999999999999})"]) {
      const { status, error } = await contacts().filter("name", "imatch", pattern);
      expect(status, pattern).toBe(400);
      expect(error, pattern).toMatchObject({ code: "2201B", message: expect.stringContaining("too complex") });
    }
    // In a logic tree too; and the next request, refused by the database, is answered.
    const tree = await contacts().or("name.match.((.{0,50}){0,50}){0,50}z,email.eq.x");
    expect(tree.status).toBe(400);
    expect((await contacts().filter("name", "match", "(unclosed")).status).toBe(400);
    expect(await ids(contacts().filter("name", "imatch", "^(niamh|seán){1,2}"))).toEqual(["f1", "f2", "f3"]);
  });

  it("refuses case-insensitive ranges spanning past what a search needs, which the database visits one by one", async () => {
    // A request of 400 such ranges held every request, and the site, for 11 s.
    const wide = "[\\u0001-\\U0010ffff]".repeat(400);
    const { status, error } = await contacts().filter("name", "imatch", wide);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "2201B", message: expect.stringContaining("too complex") });
    expect(await ids(contacts().filter("name", "imatch", "^[n-s][a-zà-ÿ]+"))).toEqual(["f1", "f2", "f3"]);
  });

  it("refuses options set in the pattern and back-references, whose cost no count bounds, and answers on", async () => {
    for (const pattern of [
      "(?x)((.{0, 50}){0, 50}){0, 50}z",
      "(?x)(a{0, 99999999999999999999})",
      "(?b)\\(\\(.\\{0,50\\}\\)\\{0,50\\}\\)\\{0,50\\}z",
      "^(.*)(.*)(.*)(.*)(.*)(.*)\\6\\5\\4\\3\\2\\1$",
    ]) {
      const { status, error } = await contacts().filter("email", "match", pattern);
      expect(status, pattern).toBe(400);
      expect(error?.code, pattern).toBe("2201B");
    }
    // Thousands of nested groups, as a raw request writes them: the embedded engine lost its error on them and
    // hung on the next request it refused, whoever's.
    const nested = await get(`select=id&name=match.${"(".repeat(3000)}a${")".repeat(3000)}`);
    expect(nested.status).toBe(400);
    // The same depth disguised, each run of groups seemingly closed by a bracket expression of `)`.
    const disguised = `${"(".repeat(32)}[${")".repeat(32)}]`.repeat(100) + "a" + ")".repeat(3200);
    expect((await get(`select=id&name=match.${encodeURIComponent(disguised)}`)).status).toBe(400);
    expect(await ids(contacts().filter("email", "match", "\\.ie$"))).toEqual(["f1", "f3", "f4"]);
    // A request the database refuses is answered too.
    expect((await contacts().filter("name", "match", "(unclosed")).status).toBe(400);
  });

  it("refuses unbounded repetitions that would hold every request while they compile, one pattern or many", async () => {
    // Each of these two took the compiler about 10 s, with every other request waiting (no statement timeout
    // stops the embedded engine): refused before the database sees them.
    const stars = (count: number) => `name.match."(.*.*.*.*.*.*.*.*.*.*){0,${count}}"`;
    const two = await get(`select=id&and=(${encodeURIComponent(`${stars(86)},${stars(87)}`)})`);
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ code: "2201B", message: expect.stringContaining("too complex") });
    // Eleven small ones in one request add up past what one may have; ten pass.
    const small = (count: number) =>
      Array.from({ length: count }, (_, index) => `name.match."(.*.*.*.*.*){0,1}~${index}"`).join(",");
    expect((await get(`select=id&or=(${encodeURIComponent(small(11))})`)).status).toBe(400);
    expect(await get(`select=id&or=(${encodeURIComponent(small(10))})`)).toEqual({ status: 200, body: [] });
    // Top-level filters and a tree count together.
    const split = await get(
      `select=id&name=match.${encodeURIComponent(".*".repeat(30))}&or=(${encodeURIComponent(small(5))})`,
    );
    expect(split.status).toBe(400);
    expect(await ids(contacts().filter("email", "match", "^niamh.*\\.ie$"))).toEqual(["f1"]);
  });

  it("refuses word boundaries past what a search needs, which compile ever more slowly where they meet", async () => {
    // 45 patterns of 16 \y in one GET held every request for up to 39 s.
    // (In a quoted value a backslash escapes the next character, so each \y is sent as \\y.)
    const boundaries = Array.from({ length: 45 }, (_, index) => `name.match."${"\\\\y".repeat(16)}|${index}"`);
    const many = await get(`select=id&or=(${encodeURIComponent(boundaries.join(","))})`);
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ code: "2201B", message: expect.stringContaining("too complex") });
    expect(await ids(contacts().filter("name", "imatch", "\\yní\\y"))).toEqual(["f1"]);
  });

  it("refuses anyone a pattern that would stop every request while it compiles, saying why, and answers searches", async () => {
    /** A GET of the published shows with the anon key alone, as any visitor to the site may send. */
    const anon = async (query: string) => {
      const response = await fetch(`${backend.url}/rest/v1/published_shows?select=id&${query}`, {
        headers: { apikey: LOCAL_ANON_KEY },
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : text };
    };
    const distinct = (count: number) =>
      Array.from({ length: count }, (_, index) => String.fromCodePoint(0x4e00 + index * 3)).join("");
    // Nested optional counts took from 0.8 s to a minute to compile, with the site and sign-ups waiting; optional
    // anchors, word boundaries among many distinct characters and bracket expressions holding them, too.
    const nested = encodeURIComponent("((p?){20}){20}");
    for (const [filter, why] of [
      [`id=match.${nested}`, "parts that can match nothing"],
      [`id=imatch.${nested}`, "parts that can match nothing"],
      [`id=not.match.${nested}`, "parts that can match nothing"],
      [`or=(id.eq.x,id.match.${nested})`, "parts that can match nothing"],
      [`id=match.${encodeURIComponent("(?:^|$)?".repeat(8))}`, "anchors, word boundaries and lookarounds"],
      [`id=match.${encodeURIComponent(`x\\y\\yy${distinct(200)}`)}`, "sets of characters"],
      [`id=match.${encodeURIComponent(`${"[^x]".repeat(1000)}${distinct(120)}`)}`, "bracket expressions or classes"],
    ]) {
      const { status, body } = await anon(filter);
      expect(status, filter).toBe(400);
      expect(body, filter).toMatchObject({ code: "2201B", message: expect.stringContaining(`too complex: it `) });
      expect(body.message, filter).toContain(why);
    }
    expect(await anon(`id=match.${encodeURIComponent("^[a-z0-9]+(-[a-z0-9]+)*$")}`)).toEqual({ status: 200, body: [] });
    expect(await ids(contacts().filter("name", "imatch", "\\m(niamh|seán)\\M"))).toEqual(["f1", "f2", "f3"]);
  });

  it("answers a broken regular expression with Postgres' own 400, not a 500", async () => {
    const { status, error } = await contacts().filter("name", "match", "(unclosed");
    expect(status).toBe(400);
    expect(error?.code).toBe("2201B");
  });
});

describe("several conditions", () => {
  it("match() is one eq filter a column", async () => {
    expect(await ids(contacts().match({ role: "Booker", name: "Niamh Ní Bhriain" }))).toEqual(["f1"]);
  });

  it("or= takes any of its filters, each with its own operator", async () => {
    expect(await ids(contacts().or("role.eq.Agent,name.ilike.*walsh*"))).toEqual(["f2", "f3", "f4"]);
    expect(await ids(contacts().or("email.is.null,role.in.(Press,Promoter)"))).toEqual(["f2", "f3", "f5"]);
  });

  it("nests and() in or() and the reverse, negates with not., and sits beside plain filters", async () => {
    expect(await ids(contacts().or("and(role.eq.Booker,email.ilike.*tour*),role.eq.Agent"))).toEqual(["f2", "f4"]);
    expect(await ids(contacts().eq("role", "Booker").or("name.ilike.niamh*,name.ilike.walsh*"))).toEqual(["f1", "f4"]);
    expect(await get("select=id&not.or=(role.eq.Booker,role.eq.Agent)&order=id")).toEqual({
      status: 200,
      body: [{ id: "f3" }, { id: "f5" }],
    });
    expect(await get("select=id&and=(role.eq.Booker,or(name.like.N*,email.is.null))")).toEqual({
      status: 200,
      body: [{ id: "f1" }],
    });
    expect(await get("select=id&or=(role.eq.Agent,not.and(role.neq.Promoter,id.neq.f3))&order=id")).toEqual({
      status: 200,
      body: [{ id: "f2" }, { id: "f3" }, { id: "f5" }],
    });
  });

  it("reads a quoted value whole, commas, parentheses and escaped quotes included", async () => {
    expect(await ids(contacts().or('name.eq."Walsh, Aoife (tour)",role.eq.Agent'))).toEqual(["f2", "f4"]);
    expect(await ids(contacts().in("name", ["Walsh, Aoife (tour)", "100% Promotions"]))).toEqual(["f4", "f5"]);
    await client(backend.url, LOCAL_SERVICE_ROLE_KEY)
      .from("contacts")
      .insert(contact("f6", { name: 'The "Quoted" Room', role: "Venue" }));
    expect(await ids(contacts().or('name.eq."The \\"Quoted\\" Room"'))).toEqual(["f6"]);
    await client(backend.url, LOCAL_SERVICE_ROLE_KEY).from("contacts").delete().eq("id", "f6");
  });

  it("isdistinct treats null as a value", async () => {
    expect(await ids(contacts().filter("email", "isdistinct", "press@paper.ie").like("id", "f*"))).toEqual([
      "f1",
      "f2",
      "f4",
      "f5",
    ]);
  });

  it("binds every value as data: SQL in a value matches nothing and changes nothing", async () => {
    /** A value quoted as a logic tree takes it, its quotes and backslashes escaped. */
    const quoted = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
    for (const hostile of ["x') or true or ('", "x' or '1'='1", 'x" or 1=1 --', "%' or name like '%"]) {
      expect(await ids(contacts().or(`name.eq.${quoted(hostile)},name.ilike.${quoted(hostile)}`)), hostile).toEqual([]);
      expect(await ids(contacts().eq("name", hostile)), hostile).toEqual([]);
    }
    expect(await ids(contacts().like("id", "f*"))).toEqual(["f1", "f2", "f3", "f4", "f5"]);
  });

  it("says where a logic tree does not parse", async () => {
    for (const tree of ["(role.eq.Agent", "()", "(role)", "(role.eq.Agent,and(id.eq.f1)", "(role.sideways.x)"]) {
      const { status, body } = await get(`select=id&or=${encodeURIComponent(tree)}`);
      expect(status, tree).toBe(400);
      expect(body.code, tree).toBe("PGRST100");
    }
  });
});

describe("select", () => {
  it("serves an alias, and a column named twice as PostgREST does", async () => {
    const { data } = await team.from("contacts").select("who:name,role").eq("id", "f2");
    expect(data).toEqual([{ who: "Seán Murphy", role: "Agent" }]);
    expect((await get("select=id,id&id=eq.f2")).body).toEqual([{ id: "f2" }]);
  });

  it("writes only the columns named in columns=, ignoring the body's other keys", async () => {
    const response = await fetch(`${backend.url}/rest/v1/contacts?columns=id,name,role`, {
      method: "POST",
      headers: {
        apikey: LOCAL_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify([{ id: "f7", name: "Columns", role: "Test", email: "left@out.ie", nonsense: 1 }]),
    });
    expect(response.status).toBe(201);
    const { data } = await team.from("contacts").select("email").eq("id", "f7");
    expect(data).toEqual([{ email: null }]);
    await client(backend.url, LOCAL_SERVICE_ROLE_KEY).from("contacts").delete().eq("id", "f7");
  });
});

describe("what the local backend does not serve", () => {
  const cases: Array<[string, string, RequestInit & { path?: string }, number, RegExp]> = [
    ["embedding", "select=id,contacts_history(*)", {}, 400, /^Embedding related tables/],
    ["an aggregate", "select=count()", {}, 400, /^Aggregate functions/],
    ["a cast", "select=id::int", {}, 400, /^Casting a column/],
    ["a JSON path", "select=id,name->>first", {}, 400, /^JSON paths/],
    ["a filter on an embedded resource", "select=id&contacts_history.version=eq.1", {}, 400, /^Filters, order/],
    ["full-text search", "select=id&name=fts.niamh", {}, 400, /^Full-text search \(fts\)/],
    ["an array operator", "select=id&name=cs.{a}", {}, 400, /^The contains operator/],
    ["a quantifier", "select=id&name=like(any).{N*,S*}", {}, 400, /^The any quantifier/],
    ["the Range header", "select=id", { headers: { Range: "0-1" } }, 400, /^The Range header/],
    ["a CSV answer", "select=id", { headers: { Accept: "text/csv" } }, 406, /^A CSV answer/],
    [
      "the graphql_public schema",
      "select=id",
      { headers: { "Accept-Profile": "graphql_public" } },
      406,
      /^The graphql_public/,
    ],
    ["PUT", "id=eq.f1", { method: "PUT", body: JSON.stringify(contact("f1")) }, 400, /^PUT/],
    [
      "a CSV body",
      "",
      { method: "POST", body: "id,name,role\nf9,A,B", headers: { "Content-Type": "text/csv" } },
      415,
      /^A CSV body/,
    ],
    [
      "missing=default",
      "",
      { method: "POST", body: JSON.stringify(contact("f9")), headers: { Prefer: "missing=default" } },
      400,
      /^Prefer: missing=default/,
    ],
    ["GET on a function", "", { path: "/rest/v1/rpc/fan_signups_refused" }, 400, /^Calling a function with GET/],
    ["the OpenAPI description", "", { path: "/rest/v1/" }, 404, /^The OpenAPI description/],
    ["Storage", "", { path: "/storage/v1/object/list/photos" }, 404, /^Storage/],
    ["Edge Functions", "", { path: "/functions/v1/hello" }, 404, /^Edge Functions/],
    [
      "broadcast over HTTP",
      "",
      { path: "/realtime/v1/api/broadcast", method: "POST", body: "{}" },
      404,
      /^Realtime's HTTP API/,
    ],
  ];

  it.each(cases)(
    "answers %s with PGRST_LOCAL, naming it as not served locally",
    async (_name, query, init, status, what) => {
      const { path = "/rest/v1/contacts", headers, ...rest } = init;
      const response = await fetch(`${backend.url}${path}?${query}`, {
        ...rest,
        headers: { ...(await sessionHeaders(team)), "Content-Type": "application/json", ...headers },
      });
      const body = await response.json();
      expect(response.status).toBe(status);
      expect(body.code).toBe("PGRST_LOCAL");
      expect(body.message).toMatch(what);
      expect(body.message).toMatch(/ is not served by the local backend$/);
      expect(body.details).toMatch(/hosted Supabase project serves it/);
      expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);
    },
  );
});
