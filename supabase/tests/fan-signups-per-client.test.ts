/**
 * Fan sign-ups that one stranger cannot block, in SQL: one sign-up a request, an allowance per client
 * address beside the shared backstop, the client's address read from the headers a hosted project's
 * gateway sets (never from what the client claims), and the refusals counted for the team. Each
 * request carries the headers PostgREST hands SQL behind Cloudflare (harness/database.ts, fromClient).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fromClient, session, TARGETS, TEAM, useDatabase } from "./harness/database";

const STRANGER = "198.51.100.66";
const FANS = ["203.0.113.10", "203.0.113.11", "203.0.113.12"];

const fan = (name: string) => ({ email: `${name}@example.com`, interest: "all" });

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  /** The form's request from `address` (sending `sent` headers of its own), as the anon role. */
  function signUpFrom(address: string, body: Record<string, unknown> | Record<string, unknown>[], sent = {}) {
    return db.as("anon", { headers: fromClient(address, sent) }).insert("fan_signups", body);
  }

  /** Every address on the list, sorted. */
  async function listed(): Promise<string[]> {
    return (await db.sql<{ email: string }>("select email from public.fan_signups order by email")).map(
      (row) => row.email,
    );
  }

  beforeEach(async () => {
    await db.sql(`
      delete from public.fan_signups; delete from public.fan_signups_attempts; delete from private.fan_signups_refusals;
      delete from public.fan_signups_held;
      delete from public.fan_signups_limits; insert into public.fan_signups_limits default values;
    `);
  });

  describe("one sign-up a request", () => {
    it("refuses a batch with 400 PT400 and adds none of it, however the rows differ", async () => {
      for (const batch of [Array.from({ length: 60 }, () => fan("same")), [fan("one"), fan("two")]]) {
        const answer = await signUpFrom(STRANGER, batch);
        expect(answer.status).toBe(400);
        expect(answer.error).toEqual({
          code: "PT400",
          details: null,
          hint: "Send one address a request.",
          message: "One request may add at most 1 sign-up",
        });
      }
      expect(await listed()).toEqual([]);
      // A refused batch costs no allowance: the stranger's ten single sign-ups still go through.
      for (let i = 0; i < 10; i++) expect((await signUpFrom(STRANGER, fan(`single-${i}`))).status).toBe(201);
    });
  });

  describe("an allowance per client", () => {
    it("leaves a second client signing up through a stranger's floods of 60-row batches and one sign-up after another", async () => {
      const fansAnswers: number[] = [];
      const strangerAnswers: number[] = [];
      for (let round = 0; round < 60; round++) {
        const batch = Array.from({ length: 60 }, () => fan("spam"));
        strangerAnswers.push((await signUpFrom(STRANGER, batch)).status);
        strangerAnswers.push((await signUpFrom(STRANGER, fan(`spam-${round}`))).status);
        if (round % 10 === 5) fansAnswers.push((await signUpFrom(FANS[0], fan(`real-${round}`))).status);
      }
      expect(fansAnswers).toEqual([201, 201, 201, 201, 201, 201]);
      const singles = strangerAnswers.filter((_, i) => i % 2 === 1);
      expect(singles.filter((status) => status === 201)).toHaveLength(10);
      expect(singles.slice(10).every((status) => status === 429)).toBe(true);
      expect(strangerAnswers.filter((_, i) => i % 2 === 0).every((status) => status === 400)).toBe(true);
      expect((await listed()).filter((email) => email.startsWith("real-"))).toHaveLength(6);
    });

    it("counts the address Cloudflare connected from: what the client puts in forwarding headers neither frees the stranger nor spends a fan's allowance", async () => {
      const forged = (i: number) => ({
        "x-forwarded-for": `${FANS[1]}, 198.51.100.${i}`,
        "cf-connecting-ip": `192.0.2.${i}`,
        "x-real-ip": FANS[1],
        forwarded: `for=${FANS[1]}`,
      });
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push((await signUpFrom(STRANGER, fan(`forged-${i}`), forged(i))).status);
      expect(answers.filter((status) => status === 201)).toHaveLength(10);
      expect(answers.slice(10).every((status) => status === 429)).toBe(true);
      // The fan the stranger named in every header still has a whole allowance.
      for (let i = 0; i < 10; i++) expect((await signUpFrom(FANS[1], fan(`named-${i}`))).status).toBe(201);
      const clients = await db.sql("select distinct client from public.fan_signups_attempts order by client");
      expect(clients).toEqual([{ client: STRANGER }, { client: FANS[1] }]);
    });

    it("behind a gateway without cf-connecting-ip, counts the last x-forwarded-for entry, the one the nearest proxy added", async () => {
      const behindProxy = (claimed: string) =>
        db
          .as("anon", { headers: { "x-forwarded-for": `${claimed}, ${STRANGER}` } })
          .insert("fan_signups", fan(claimed));
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push((await behindProxy(`192.0.2.${i}`)).status);
      expect(answers).toEqual([...Array(10).fill(201), 429, 429]);
      expect(await db.sql("select distinct client from public.fan_signups_attempts")).toEqual([{ client: STRANGER }]);
    });

    it("counts an IPv6 client by its /64, and an IPv4 address written as IPv6 as itself", async () => {
      for (let i = 1; i <= 10; i++) {
        expect((await signUpFrom(`2001:db8:1:2::${i.toString(16)}`, fan(`v6-${i}`))).status).toBe(201);
      }
      expect((await signUpFrom("2001:db8:1:2:ffff::1", fan("v6-same-64"))).status).toBe(429);
      expect((await signUpFrom("2001:db8:1:3::1", fan("v6-next-64"))).status).toBe(201);
      expect((await signUpFrom(`::ffff:${FANS[2]}`, fan("mapped"))).status).toBe(201);
      const clients = await db.sql("select distinct client from public.fan_signups_attempts order by client");
      expect(clients).toEqual([{ client: "2001:db8:1:2::/64" }, { client: "2001:db8:1:3::/64" }, { client: FANS[2] }]);
    });

    it("keeps the shared allowance as a backstop, which a client's own refusals do not spend", async () => {
      await db.sql("update public.fan_signups_limits set per_minute = 15, held_per_day = 0;");
      const stranger = [];
      for (let i = 0; i < 30; i++) stranger.push((await signUpFrom(STRANGER, fan(`s-${i}`))).status);
      expect(stranger.filter((status) => status === 201)).toHaveLength(10);
      const fans = [];
      for (let i = 0; i < 8; i++) fans.push((await signUpFrom(FANS[i % FANS.length], fan(`f-${i}`))).status);
      // 10 of the stranger's and 5 of the fans' fill the shared 15; the stranger's 20 refusals took none of it.
      // (With the held list's ceiling at 0, a sign-up past the backstop is refused rather than held.)
      expect(fans).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    });

    it("says in Retry-After when the client's allowance admits one again, with no body", async () => {
      await db.sql("update public.fan_signups_limits set per_client_per_minute = 1;");
      const firstSent = Date.now();
      expect((await signUpFrom(FANS[0], fan("first"))).status).toBe(201);
      const refused = await signUpFrom(FANS[0], fan("second"));
      expect(refused).toMatchObject({ status: 429, rows: [], error: null });
      // Until the first attempt leaves the minute: 60 s from it, less what has passed since (a busy machine's seconds).
      const passed = Math.ceil((Date.now() - firstSent) / 1000);
      expect(Number(refused.headers["Retry-After"])).toBeGreaterThanOrEqual(Math.max(1, 59 - passed));
      expect(Number(refused.headers["Retry-After"])).toBeLessThanOrEqual(60);
      expect(await listed()).toEqual(["first@example.com"]);
    });
  });

  describe("the refused count", () => {
    it("tells the team how many attempts the allowances refused in the last 24 hours, and nobody else", async () => {
      await db.sql("update public.fan_signups_limits set per_client_per_minute = 2, per_minute = 5, held_per_day = 0;");
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await signUpFrom(STRANGER, fan(`a-${i}`))).status); // 2 in, 4 refused
      for (let i = 0; i < 4; i++) statuses.push((await signUpFrom(FANS[i % 2], fan(`b-${i}`))).status); // 3 in, 1 refused
      await signUpFrom(STRANGER, [fan("batch-1"), fan("batch-2")]); // a batch is refused whole, not by an allowance
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      // The refusals were committed with the 429s, not rolled back.
      const team = db.as(TEAM);
      expect(await team.rpc("fan_signups_refused")).toMatchObject({ status: 200, rows: [5] });
      // Refusals older than a day no longer count.
      await db.sql(
        "insert into private.fan_signups_refusals (minute, refused) values (date_trunc('minute', now()) - interval '24 hours 2 minutes', 7)",
      );
      expect((await team.rpc("fan_signups_refused")).rows).toEqual([5]);

      expect(await db.as("anon").rpc("fan_signups_refused")).toMatchObject({ status: 401, error: { code: "42501" } });
      const someone = db.as(await db.signIn(session({ email: "someone@example.com" })));
      expect(await someone.rpc("fan_signups_refused")).toMatchObject({
        status: 403,
        rows: [],
        error: { code: "42501", message: "Only the team may see how many sign-ups were refused" },
      });
      // Nor can either read the refusals themselves.
      for (const caller of [db.as("anon"), someone, team]) {
        expect((await caller.sql("select * from private.fan_signups_refusals")).error).toMatchObject({ code: "42501" });
      }
    });
  });
});
