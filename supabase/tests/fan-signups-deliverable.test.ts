/**
 * A sign-up's address is one a mail server delivers to (20250120000000_signup_addresses_deliverable.sql), on both
 * engines and both kinds of project: the form's request with the anon key is refused 400 (SQLSTATE 23514, which the
 * form reads as an address that is not one) for an address no mail reaches, new, repeated or past the backstop
 * alike, and the lists' own checks refuse it from anyone; an address mail reaches, of any script, is taken. The
 * form checks the same addresses before it sends (src/features/signup/signup.deliverable.test.ts). Then, from the
 * migrations before it, what the migration does to the addresses already listed and held.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { emailsIn, fromClient, migrationsBefore, migrationsUpTo, TARGETS, TEAM, useDatabase } from "./harness/database";

const MIGRATION = "20250120000000_signup_addresses_deliverable.sql";

const UNDELIVERABLE = [
  "a@x..co",
  "a@.x.co",
  "a@x.co.",
  "a@-x.co",
  "a@x-.co",
  "a@x.co-",
  `a@${"x".repeat(180)}.co`,
  `a@${"x".repeat(64)}.co`,
  `a@${"é".repeat(64)}.ie`,
  "a@x.123",
  "a@x.c",
  ".a@x.co",
  "a.@x.co",
  "a..b@x.co",
  `${"a".repeat(65)}@x.co`,
  // 33 letters, 66 bytes in UTF-8.
  `${"é".repeat(33)}@x.co`,
  "a@x_y.co",
  "a@x!y.co",
  "a@mail.例え。jp",
];

const DELIVERABLE = [
  "síle@ceol.ie",
  "a@bücher.de",
  "niamh+gigs@mail.example.co.uk",
  "a@xn--bcher-kva.de",
  "fan@xn--80ak6aa92e.xn--p1ai",
  "a@例え.jp",
  "a@my-band-x.ie",
  "orla.fan.1@example.ie",
  `a@${"x".repeat(63)}.co`,
  `a@${"é".repeat(63)}.ie`,
  `${"a".repeat(64)}@x.co`,
  `${"é".repeat(32)}@x.co`,
  // 254 characters, as the form counts them too, though JavaScript's strings hold each 𠀀 as two.
  `${"𠀀".repeat(16)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(42)}.ie`,
  "a@x.3com",
  "a@123.example.com",
];

const show = (email: string) => (email.length > 40 ? `${email.slice(0, 12)}… (${email.length})` : email);

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  /** The form's request: an insert with the anon key from one visitor, asking for no row back. */
  const signUp = (email: string) =>
    db.as("anon", { headers: fromClient("198.51.100.9") }).insert("fan_signups", { email, interest: "all" });

  const emails = (table: "fan_signups" | "fan_signups_held") => emailsIn(db, table);

  beforeEach(async () => {
    await db.sql(`
      delete from public.fan_signups; delete from public.fan_signups_attempts; delete from private.fan_signups_refusals;
      delete from public.fan_signups_held;
      update public.fan_signups_limits set per_minute = 1000, per_client_per_minute = 1000;
    `);
  });

  it.each(UNDELIVERABLE.map((email) => [show(email), email]))(
    "refuses %s with 400 and a check's 23514",
    async (_, email) => {
      const answer = await signUp(email);
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({ code: "23514" });
      expect(await emails("fan_signups")).toEqual([]);
    },
  );

  it("takes each address a mail server delivers to, of any script", async () => {
    for (const email of DELIVERABLE) expect((await signUp(email)).status, show(email)).toBe(201);
    expect(await emails("fan_signups")).toEqual([...DELIVERABLE].sort((a, b) => (a < b ? -1 : 1)));
  });

  it("refuses alike an address no mail reaches past the backstop, held nowhere, and answers as before", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 0");
    const refused = await signUp("a@x..co");
    expect(refused.status).toBe(400);
    expect(refused.error).toEqual((await signUp("b@-x.co")).error);
    expect(await emails("fan_signups_held")).toEqual([]);
    expect((await signUp("held@example.com")).status).toBe(201);
    expect(await emails("fan_signups_held")).toEqual(["held@example.com"]);
  });

  it("has the lists' own checks refuse such an address from anyone, the service key and the database's owner too", async () => {
    const service = await db.as("service_role").insert("fan_signups", { email: "a@x..co", interest: "all" });
    expect(service.error).toMatchObject({ code: "23514" });
    for (const table of ["fan_signups", "fan_signups_held"]) {
      await expect(
        db.sql(`insert into public.${table} (email, interest) values ('a@x.co.', 'all')`),
        table,
      ).rejects.toMatchObject({ code: "23514" });
    }
    expect(await emails("fan_signups")).toEqual([]);
    expect(await emails("fan_signups_held")).toEqual([]);
  });
});

// From the migrations before it, one grant mode each (what is tested is the migration's crossing, the grants are the
// tests' above).
describe.each(TARGETS.filter((target) => target.grants === "none"))("$name, addresses taken before", (target) => {
  const db = useDatabase(target, { migrations: migrationsBefore(MIGRATION) });
  const signUp = (email: string) =>
    db.as("anon", { headers: fromClient("198.51.100.10") }).insert("fan_signups", { email, interest: "all" });

  it("keeps those listed for the team to remove, refuses their repeats alike, and clears those held", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 1000, per_client_per_minute = 1000;");
    for (const email of ["listed@x..co", "kept@example.com"]) expect((await signUp(email)).status).toBe(201);
    await db.sql("update public.fan_signups_limits set per_minute = 0;");
    for (const email of ["held@-x.co", "held@example.com"]) expect((await signUp(email)).status).toBe(201);
    await db.migrate(migrationsUpTo(MIGRATION));
    await db.sql("update public.fan_signups_limits set per_minute = 1000;");
    expect(await db.sql("select email from public.fan_signups order by email")).toEqual([
      { email: "kept@example.com" },
      { email: "listed@x..co" },
    ]);
    // A repeat of a listed address is refused as one not listed is: the answer tells nothing of the list.
    const repeat = await signUp("LISTED@x..co");
    const unlisted = await signUp("other@x..co");
    expect(repeat.status).toBe(400);
    expect(repeat).toEqual(unlisted);
    expect(await db.sql("select email from public.fan_signups_held")).toEqual([{ email: "held@example.com" }]);
    expect((await db.as(TEAM).rpc("fan_signups_release_held", { accept: true })).status).toBe(200);
    expect((await db.as(TEAM).delete("fan_signups", { email: "listed@x..co" })).error).toBeNull();
    expect(await db.sql("select email from public.fan_signups order by email")).toEqual([
      { email: "held@example.com" },
      { email: "kept@example.com" },
    ]);
  });
});
