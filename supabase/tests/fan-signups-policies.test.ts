/**
 * fan_signups as a visitor, an outsider and the team meet it through PostgREST: who may add, read and
 * remove a sign-up, what a repeated address answers, and the flood cap. Visitors' requests carry the
 * headers a hosted project's gateway adds (the client's address), as PostgREST hands them to SQL.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fromClient, session, TARGETS, TEAM, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  /** Every sign-up with its id and date, oldest first, read past row-level security. */
  async function everything() {
    const { rows, error } = await db
      .as("service_role")
      .select("fan_signups", { columns: "id, email, interest, created_at", order: "created_at" });
    if (error) throw new Error(error.message);
    return rows;
  }

  /** Every sign-up's address and choice, oldest first. */
  async function rows() {
    return (await everything()).map(({ email, interest }) => ({ email, interest }));
  }

  /** The form's request: an insert with the anon key from one visitor, asking for no row back. */
  function signUp(body: Record<string, unknown>) {
    return db.as("anon", { headers: fromClient("198.51.100.7") }).insert("fan_signups", body);
  }

  beforeEach(async () => {
    await db.sql(
      "delete from public.fan_signups; delete from public.fan_signups_attempts; delete from private.fan_signups_refusals; delete from public.fan_signups_held;",
    );
    await db.sql("update public.fan_signups_limits set per_minute = 1000, per_client_per_minute = 1000;");
  });

  describe("signing up, as any visitor", () => {
    it("adds the address and the choice with 201 and an empty body", async () => {
      const answer = await signUp({ email: "fan@example.com", interest: "tshirts" });
      expect(answer).toEqual({ status: 201, rows: [], count: 1, headers: {}, error: null });
      expect(await rows()).toEqual([{ email: "fan@example.com", interest: "tshirts" }]);
    });

    it("answers a repeated address exactly like a new one and keeps one row, whatever its case", async () => {
      const first = await signUp({ email: "Fan@Example.com", interest: "all" });
      const [before] = await everything();
      const again = await signUp({ email: "fan@example.COM", interest: "tshirts" });
      const other = await signUp({ email: "other@example.com", interest: "tshirts" });
      expect([first.status, again.status, other.status]).toEqual([201, 201, 201]);
      // Status, rows, headers and the count of rows written (what Content-Range and a counted insert
      // tell) alike: nothing says the address was known.
      expect(again).toEqual(first);
      expect(other).toEqual(first);
      // One row for the address: the first sign-up's id, date and address as written, with the choice made last.
      expect((await everything()).filter((row) => /^fan@/i.test(String(row.email)))).toEqual([
        { ...before, email: "Fan@Example.com", interest: "tshirts" },
      ]);
    });

    it("never lets a repeat rewrite a listed address, nor a look-alike keep the fan's own off the list", async () => {
      await signUp({ email: "kate@example.com", interest: "all" });
      expect((await signUp({ email: "KATE@EXAMPLE.COM", interest: "tshirts" })).status).toBe(201);
      expect(await rows()).toEqual([{ email: "kate@example.com", interest: "tshirts" }]);
      // The Kelvin sign (U+212A), which lower() reads as k and no mail reaches, is refused, before or after.
      await db.sql("delete from public.fan_signups;");
      expect((await signUp({ email: "\u212Aate@example.com", interest: "all" })).status).toBe(400);
      expect((await signUp({ email: "kate@example.com", interest: "tshirts" })).status).toBe(201);
      // Refused alike whether the address it reads as is on the list or not: the answer tells nothing.
      const listed = await signUp({ email: "\u212AATE@example.com", interest: "all" });
      const unknown = await signUp({ email: "\u212Aeith@example.com", interest: "all" });
      expect([listed.status, unknown.status]).toEqual([400, 400]);
      expect(listed.error).toEqual(unknown.error);
      expect(await rows()).toEqual([{ email: "kate@example.com", interest: "tshirts" }]);
      // A letter beyond ASCII that stays one in lower case is an address like any other.
      expect((await signUp({ email: "Siobhán@example.ie", interest: "all" })).status).toBe(201);
    });

    it("refuses a compatibility letter (Angstrom and Ohm signs, fullwidth, ligatures, the long s), keeping the fan's own", async () => {
      for (const email of [
        "bjorn@\u212Bngstrom.se",
        "\u2126mega.fan@example.gr",
        "\uFF41lice@example.com",
        "\uFB01sh@example.com",
        "\u017Fam@example.com",
      ]) {
        expect((await signUp({ email, interest: "all" })).status, JSON.stringify(email)).toBe(400);
      }
      // The fan's own spelling, with the letters they stand for, is an address like any other.
      for (const email of ["bjorn@\u00E5ngstrom.se", "\u03C9mega.fan@example.gr", "fish@example.com"]) {
        expect((await signUp({ email, interest: "all" })).status, email).toBe(201);
      }
      expect((await rows()).map((row) => String(row.email)).sort()).toEqual(
        ["bjorn@\u00E5ngstrom.se", "fish@example.com", "\u03C9mega.fan@example.gr"].sort(),
      );
    });

    it("refuses a bad choice or a missing one alike, whether or not the address is on the list", async () => {
      await signUp({ email: "listed@example.com", interest: "all" });
      for (const interest of ["bogus", null]) {
        const listed = await signUp({ email: "listed@example.com", interest });
        const unknown = await signUp({ email: "unknown@example.com", interest });
        expect([listed.status, unknown.status], String(interest)).toEqual([400, 400]);
        expect(listed.error?.code).toBe(unknown.error?.code);
      }
      expect(await rows()).toEqual([{ email: "listed@example.com", interest: "all" }]);
    });

    it("refuses an address without an @ and a dotted domain, or over 254 characters, with 400", async () => {
      for (const email of [
        "not-an-address",
        "fan@localhost",
        "fan @example.com",
        "",
        // 255 characters, each part within what a mail server takes.
        `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.ie`,
        // What an address holds only between quotes, which no fan types.
        "<script>alert(1)</script>@x.ie",
        'fan"@example.com',
        "fan,other@example.com",
        "fan@[127.0.0.1].ie",
        "fan\\@example.com",
      ]) {
        const answer = await signUp({ email, interest: "all" });
        expect(answer.status, email).toBe(400);
        expect(answer.error).toMatchObject({ code: "23514" });
      }
      expect(await rows()).toEqual([]);
    });

    it("refuses a choice other than all news or T-shirts", async () => {
      const answer = await signUp({ email: "fan@example.com", interest: "everything" });
      expect(answer.status).toBe(400);
    });

    it("may not set the id or the date of a sign-up", async () => {
      const withId = await signUp({ id: "00000000-0000-0000-0000-000000000001", email: "a@example.com" });
      expect(withId.status).toBe(401);
      const backdated = await signUp({ email: "b@example.com", created_at: "2020-01-01T00:00:00Z" });
      expect(backdated.status).toBe(401);
      expect(await rows()).toEqual([]);
    });
  });

  describe("reading and removing the list", () => {
    beforeEach(async () => {
      await signUp({ email: "first@example.com", interest: "all" });
      // PGlite's clock counts whole milliseconds: two sign-ups within one would share their time.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await signUp({ email: "second@example.com", interest: "tshirts" });
    });

    it("gives an outsider with the anon key no address: 401 on a read, nothing removed", async () => {
      const anon = db.as("anon");
      const read = await anon.select("fan_signups");
      expect(read.status).toBe(401);
      expect(JSON.stringify(read)).not.toContain("@example.com");
      const { error } = await anon.select("fan_signups", { columns: "email" });
      expect(error).toMatchObject({ code: "42501" });
      const removal = await anon.delete("fan_signups", { email: "first@example.com" });
      expect(removal.error).toMatchObject({ code: "42501" });
      expect(await rows()).toHaveLength(2);
    });

    it("gives a signed-in account that is not the team's no rows", async () => {
      const someone = db.as(await db.signIn(session({ email: "someone@example.com" })));
      expect(await someone.select("fan_signups", { columns: "email" })).toMatchObject({ rows: [], error: null });
      await someone.delete("fan_signups", { email: "first@example.com" });
      expect(await rows()).toHaveLength(2);
    });

    it("lets the team read every sign-up, newest first, and remove one", async () => {
      const team = db.as(TEAM);
      const { rows: list, error } = await team.select("fan_signups", {
        columns: "id, email, interest, created_at",
        order: "created_at desc",
      });
      expect(error).toBeNull();
      expect(list.map((row) => [row.email, row.interest])).toEqual([
        ["second@example.com", "tshirts"],
        ["first@example.com", "all"],
      ]);
      const removed = await team.delete("fan_signups", { id: String(list[1].id) });
      expect(removed.error).toBeNull();
      expect(await rows()).toEqual([{ email: "second@example.com", interest: "tshirts" }]);
    });

    it("lets the team remove one sign-up per request, so one call cannot empty the list", async () => {
      const team = db.as(TEAM);
      const all = await team.delete("fan_signups", { email: { neq: "nobody@example.com" } });
      expect(all.error).toMatchObject({ code: "PT400", message: "One request may remove at most 1 sign-up" });
      expect(await rows()).toHaveLength(2);
      expect((await team.delete("fan_signups", { email: "first@example.com" })).error).toBeNull();
      expect(await rows()).toEqual([{ email: "second@example.com", interest: "tshirts" }]);
    });

    it("does not let the team change a sign-up", async () => {
      const { error } = await db.as(TEAM).update("fan_signups", { interest: "all" }, { email: "second@example.com" });
      expect(error).toMatchObject({ code: "42501" });
    });
  });

  describe("the flood cap", () => {
    it("counts repeats once, holds a new address past the backstop, and past the held list's ceiling answers 429 with no body and a Retry-After", async () => {
      await db.sql("update public.fan_signups_limits set per_minute = 2, held_per_day = 1;");
      expect((await signUp({ email: "one@example.com" })).status).toBe(201);
      expect((await signUp({ email: "one@example.com" })).status).toBe(201);
      expect((await signUp({ email: "two@example.com" })).status).toBe(201);
      const held = await signUp({ email: "three@example.com" });
      expect(held.status).toBe(201);
      expect(held.error).toBeNull();
      const refused = await signUp({ email: "four@example.com" });
      expect(refused.status).toBe(429);
      expect(refused.rows).toEqual([]);
      expect(refused.error).toBeNull();
      const wait = Number(refused.headers["Retry-After"]);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      // An address seen this minute is no new address: it is not held, nor refused.
      expect((await signUp({ email: "one@example.com" })).status).toBe(201);
      expect(await rows()).toHaveLength(2);
      expect(await db.sql("select email from public.fan_signups_held")).toEqual([{ email: "three@example.com" }]);
    });

    it("counts only the last minute", async () => {
      await db.sql("update public.fan_signups_limits set per_minute = 1, held_per_day = 0;");
      expect((await signUp({ email: "one@example.com" })).status).toBe(201);
      expect((await signUp({ email: "two@example.com" })).status).toBe(429);
      await db.sql("update public.fan_signups_attempts set attempted_at = attempted_at - interval '61 seconds';");
      expect((await signUp({ email: "two@example.com" })).status).toBe(201);
    });

    it("is 10 a minute from one client and 600 from everyone unless changed", async () => {
      await db.sql("delete from public.fan_signups_limits; insert into public.fan_signups_limits default values;");
      expect(await db.sql("select per_client_per_minute, per_minute from public.fan_signups_limits")).toEqual([
        { per_client_per_minute: 10, per_minute: 600 },
      ]);
    });
  });
});
