/**
 * Fan sign-ups that one stranger cannot block, as the local backend serves them over HTTP: a batch
 * refused, the client's address taken from the socket (never from a header the client sent) and handed to
 * SQL where a hosted project's gateway puts it, a refusal the form understands, and refusals kept and
 * counted for the team. Two client addresses are two local source addresses (127.0.0.2, 127.0.0.3, ...),
 * since the backend reads the address the connection comes from. The allowances themselves are the SQL's
 * own tests (supabase/tests/fan-signups-per-client.test.ts).
 */
import { type IncomingHttpHeaders, request } from "node:http";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it } from "vitest";
import { signup as signupCopy } from "../src/data/signup";
import { fetchHeldSignups, releaseHeldSignups } from "../src/features/fans/fans.api";
import { addSignup } from "../src/features/signup/signup.api";
import { patient } from "../tools/test-pace.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, signedIn, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;
const STRANGER = "127.0.0.2";
const FANS = ["127.0.0.3", "127.0.0.4", "127.0.0.5"];

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

/** The form's request (a plain POST with the anon key), sent from `address`, with any `headers` added. */
function signUpFrom(address: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(`${backend.url}/rest/v1/fan_signups`);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: address,
        agent: false,
        headers: {
          apikey: LOCAL_ANON_KEY,
          Authorization: `Bearer ${LOCAL_ANON_KEY}`,
          "Content-Type": "application/json",
          Prefer: "return=minimal",
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    sent.on("error", reject);
    sent.end(JSON.stringify(body));
  });
}

const fan = (name: string) => ({ email: `${name}@example.com`, interest: "all" });

/** Every address on the list, sorted. */
async function listed(): Promise<string[]> {
  const { rows } = await backend.db.query<{ email: string }>("select email from public.fan_signups order by email");
  return rows.map((row) => row.email);
}

withTeamBackend((started, session) => ([backend, team] = [started, session]));
beforeEach(async () => {
  await backend.db.exec(`
    delete from public.fan_signups; delete from public.fan_signups_attempts; delete from private.fan_signups_refusals;
    delete from public.fan_signups_held;
    delete from public.fan_signups_limits; insert into public.fan_signups_limits default values;
  `);
});

describe("one sign-up a request", () => {
  it("refuses a batch over HTTP with 400 PT400, to a plain POST and to supabase-js alike", async () => {
    const answer = await signUpFrom(STRANGER, [fan("one"), fan("two")]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      code: "PT400",
      details: null,
      hint: "Send one address a request.",
      message: "One request may add at most 1 sign-up",
    });
    const { error, status } = await client(backend.url)
      .from("fan_signups")
      .insert([fan("a"), fan("b")]);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "PT400", message: "One request may add at most 1 sign-up" });
    expect(await listed()).toEqual([]);
  });
});

describe("an allowance per client", () => {
  it("takes the client's address from the connection: forged forwarding headers neither free the stranger nor spend a fan's allowance", async () => {
    const forged = (i: number) => ({
      "X-Forwarded-For": `198.51.100.${i}, ${FANS[1]}`,
      "CF-Connecting-IP": `203.0.113.${i}`,
      "X-Real-IP": `192.0.2.${i}`,
      Forwarded: `for=${FANS[1]}`,
    });
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await signUpFrom(STRANGER, fan(`forged-${i}`), forged(i))).status);
    expect(answers.filter((status) => status === 201)).toHaveLength(10);
    expect(answers.slice(10).every((status) => status === 429)).toBe(true);
    // The fan the stranger named in every header still has a whole allowance.
    for (let i = 0; i < 10; i++) expect((await signUpFrom(FANS[1], fan(`named-${i}`))).status).toBe(201);
    const { rows } = await backend.db.query("select distinct client from public.fan_signups_attempts order by client");
    expect(rows).toEqual([{ client: STRANGER }, { client: FANS[1] }]);
  });

  it("says in Retry-After when the client's allowance admits one again, and the form tells the fan to try again in a minute", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_client_per_minute = 1;");
    const firstSent = Date.now();
    expect((await signUpFrom("127.0.0.1", fan("first"))).status).toBe(201);
    const refused = await signUpFrom("127.0.0.1", fan("second"));
    expect(refused.status).toBe(429);
    expect(refused.text).toBe("");
    // Until the first attempt leaves the minute: 60 s from it, less what has passed since (a busy machine's seconds).
    const passed = Math.ceil((Date.now() - firstSent) / 1000);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(Math.max(1, 59 - passed));
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    // The /listen form's own request, from this machine (127.0.0.1): read as "busy", whose words are these.
    const outcome = await addSignup(fetch, { url: backend.url, anonKey: LOCAL_ANON_KEY }, fan("third") as never);
    expect(outcome).toBe("busy");
    expect(signupCopy.messages[outcome]).toBe("Lots of people are signing up right now. Please try again in a minute.");
    // supabase-js reports it as an error with the status and an empty message.
    const viaClient = await client(backend.url).from("fan_signups").insert(fan("fourth"));
    expect(viaClient).toMatchObject({ status: 429, error: { message: "" } });
    expect(await listed()).toEqual(["first@example.com"]);
  });
});

describe("the refused count", () => {
  it("keeps the refusals a 429 answered, and tells the team their number over /rpc, the anon key 401 and any other account 403", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_client_per_minute = 2;");
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signUpFrom(STRANGER, fan(`a-${i}`))).status);
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    expect(await team.rpc("fan_signups_refused")).toMatchObject({ status: 200, data: 3, error: null });

    const anon = await client(backend.url).rpc("fan_signups_refused");
    expect(anon).toMatchObject({ status: 401, error: { code: "42501" } });
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin;
    await admin.createUser({ email: "someone@example.com", password: "someone-password-1", email_confirm: true });
    const someone = await signedIn(backend.url, { email: "someone@example.com", password: "someone-password-1" });
    const other = await someone.rpc("fan_signups_refused");
    expect(other).toMatchObject({
      status: 403,
      data: null,
      error: { code: "42501", message: "Only the team may see how many sign-ups were refused" },
    });
  });
});

describe("a stranger holding many addresses", () => {
  /**
   * 600 sign-ups from 60 addresses (127.0.0.10 to .69), ten each, the most each address's allowance admits, all
   * within one minute: on a machine slow enough to spread them over more, the attempts made half a minute ago or
   * more are kept as if just made, so none leaves the minute the backstop counts.
   */
  async function flood(email: (address: number, i: number) => string) {
    const oneMinute = () =>
      backend.db.exec(
        "update public.fan_signups_attempts set attempted_at = clock_timestamp() " +
          "where attempted_at < clock_timestamp() - interval '30 seconds';",
      );
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async (_, a) => {
        const answers = [];
        for (let i = 0; i < 10; i++) {
          await oneMinute();
          answers.push((await signUpFrom(`127.0.0.${10 + a}`, fan(email(a, i)))).status);
        }
        return answers;
      }),
    );
    return statuses.flat();
  }

  it(
    "fills the held list, not the door: a new fan's address is kept, never refused, and the team sees what was held",
    async () => {
      // The backstop at 301 distinct addresses, so one pass of 600 sign-ups shows both halves: from each of 60
      // addresses, 5 repeats of one junk address (they count once), then 5 distinct ones (300 in all).
      await backend.db.exec("update public.fan_signups_limits set per_minute = 301;");
      expect(new Set(await flood((a, i) => (i < 5 ? "junk" : `junk-${a}-${i}`)))).toEqual(new Set([201]));
      // Every one reached the list: the repeats took one place of the backstop's 301, the distinct ones 300.
      expect(await listed()).toHaveLength(301);
      // The backstop is full: the next fan is kept aside, answered as any sign-up is.
      expect((await signUpFrom(FANS[1], fan("new-fan"))).status).toBe(201);
      expect(await listed()).toHaveLength(301);
      const held = await fetchHeldSignups(team);
      expect(held.map((signup) => signup.email)).toEqual(["new-fan@example.com"]);
      // Nobody was refused; the team takes the held address onto the list in one action.
      expect(await team.rpc("fan_signups_refused")).toMatchObject({ data: 0 });
      expect(await releaseHeldSignups(team, true)).toBe(1);
      expect(await listed()).toContain("new-fan@example.com");
      expect(await fetchHeldSignups(team)).toEqual([]);
    },
    patient(60_000),
  );

  it("holds at most the day's ceiling, then refuses and counts; the team can clear what was held", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_minute = 1, held_per_day = 2;");
    expect((await signUpFrom(FANS[0], fan("listed"))).status).toBe(201);
    expect((await signUpFrom(FANS[1], fan("held-1"))).status).toBe(201);
    expect((await signUpFrom(FANS[2], fan("held-2"))).status).toBe(201);
    const refused = await signUpFrom(FANS[2], fan("over-the-ceiling"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(await team.rpc("fan_signups_refused")).toMatchObject({ data: 1 });
    expect((await fetchHeldSignups(team)).map((signup) => signup.email).sort()).toEqual([
      "held-1@example.com",
      "held-2@example.com",
    ]);
    expect(await releaseHeldSignups(team, false)).toBe(2);
    expect(await fetchHeldSignups(team)).toEqual([]);
    expect(await listed()).toEqual(["listed@example.com"]);
  });

  it("shows the held list to the team alone, and lets nobody else release it", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_minute = 0;");
    expect((await signUpFrom(FANS[0], fan("held"))).status).toBe(201);
    const anon = client(backend.url);
    expect((await anon.from("fan_signups_held").select("email")).status).toBe(401);
    expect(await anon.rpc("fan_signups_release_held", { accept: true })).toMatchObject({ status: 401 });
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY).auth.admin;
    await admin.createUser({ email: "another@example.com", password: "another-password-1", email_confirm: true });
    const other = await signedIn(backend.url, { email: "another@example.com", password: "another-password-1" });
    expect((await other.from("fan_signups_held").select("email")).data).toEqual([]);
    expect(await other.rpc("fan_signups_release_held", { accept: true })).toMatchObject({
      status: 403,
      error: { code: "42501", message: "Only the team may accept or clear held sign-ups" },
    });
    expect((await fetchHeldSignups(team)).map((signup) => signup.email)).toEqual(["held@example.com"]);
  });
});

describe("requests that cannot be one sign-up", () => {
  it("refuses a 1 MB batch before reading it whole, and counts it against its sender's allowance", async () => {
    await backend.db.exec("update public.fan_signups_limits set per_client_per_minute = 3;");
    const batch = Array.from({ length: 20_000 }, (_, i) => fan(`batch-${i}`));
    expect(JSON.stringify(batch).length).toBeGreaterThan(1_000_000);
    for (let i = 0; i < 3; i++) {
      const refused = await signUpFrom(STRANGER, batch);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text)).toMatchObject({ code: "PGRST413" });
    }
    // Its three refusals spent the stranger's allowance; a fan elsewhere is untouched.
    expect((await signUpFrom(STRANGER, fan("after-the-batches"))).status).toBe(429);
    expect((await signUpFrom(FANS[0], fan("fan"))).status).toBe(201);
    expect(await listed()).toEqual(["fan@example.com"]);
  });

  it("refuses an address holding a bidirectional control, a zero-width or another invisible character", async () => {
    for (const email of [
      "a\u202egnp.exe@x.co",
      "a\u200b@example.com",
      "\u2066fan@example.com",
      "fan@exa\u00admple.com",
      "a\u0007@x.co",
    ]) {
      const refused = await signUpFrom(FANS[0], { email, interest: "all" });
      expect(refused.status, JSON.stringify(email)).toBe(400);
      expect(JSON.parse(refused.text)).toMatchObject({ code: "23514" });
    }
    expect((await signUpFrom(FANS[1], { email: "zoë@exämple.com", interest: "all" })).status).toBe(201);
    expect(await listed()).toEqual(["zoë@exämple.com"]);
  });

  it("takes from the form an address pasted with a soft hyphen or a zero-width space, or typed with a combining accent", async () => {
    const form = { url: backend.url, anonKey: LOCAL_ANON_KEY };
    for (const email of ["orla.fan@exa\u00admple.com", "\u200bseamus@example.com", "zoe\u0308@example.com"]) {
      expect(await addSignup(fetch, form, { email, interest: "all" }), JSON.stringify(email)).toBe("done");
    }
    expect(await listed()).toEqual(["orla.fan@example.com", "seamus@example.com", "zo\u00eb@example.com"]);
  });
});
