/**
 * 20250117000000_signup_repeat_keeps_address.sql (and 20250118000000, for the Angstrom sign and the other
 * compatibility letters) on a project that already holds a look-alike spelling (the Kelvin sign for a K) of a fan's
 * address, on the list or held, as anyone could sign one up before it: the fan's
 * own plain spelling still reaches the list, the answer tells nothing of who is on it, and the team can still add
 * the held sign-ups in one action. On both engines, from the migrations before it (one grant mode each: what is
 * tested is the migration's crossing, the grants are the other tests').
 */
import { describe, expect, it } from "vitest";
import { fromClient, migrationsBefore, migrationsUpTo, TARGETS, TEAM, useDatabase } from "./harness/database";

const MIGRATION = "20250117000000_signup_repeat_keeps_address.sql";

/** A database of `target` as it was before the migration, and the form's request from one visitor. */
function before(target: (typeof TARGETS)[number]) {
  const db = useDatabase(target, { migrations: migrationsBefore(MIGRATION) });
  const signUp = (body: Record<string, unknown>) =>
    db.as("anon", { headers: fromClient("198.51.100.7") }).insert("fan_signups", body);
  return { db, signUp };
}

const oneGrantMode = TARGETS.filter((target) => target.grants === "none");

describe.each(oneGrantMode)("$name, a look-alike listed", (target) => {
  const { db, signUp } = before(target);

  it("lets the fan's own spelling replace a look-alike listed before, answering as for an address not listed", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 1000, per_client_per_minute = 1000;");
    expect((await signUp({ email: "\u212Aate@example.com", interest: "all" })).status).toBe(201);
    await db.migrate(migrationsUpTo(MIGRATION));
    const fan = await signUp({ email: "kate@example.com", interest: "tshirts" });
    const unlisted = await signUp({ email: "keith@example.com", interest: "tshirts" });
    expect(fan).toEqual(unlisted);
    expect(fan.status).toBe(201);
    expect(await db.sql("select email, interest from public.fan_signups order by email")).toEqual([
      { email: "kate@example.com", interest: "tshirts" },
      { email: "keith@example.com", interest: "tshirts" },
    ]);
  });
});

// A database of its own: the one above has been migrated.
describe.each(oneGrantMode)("$name, a look-alike held", (target) => {
  const { db, signUp } = before(target);

  it("clears a look-alike held before, so the team still adds the held sign-ups in one action", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 0, per_client_per_minute = 1000;");
    expect((await signUp({ email: "\u212Aara@example.com", interest: "all" })).status).toBe(201);
    expect((await signUp({ email: "ok@example.com", interest: "all" })).status).toBe(201);
    await db.migrate(migrationsUpTo(MIGRATION));
    expect((await db.as(TEAM).rpc("fan_signups_release_held", { accept: true })).status).toBe(200);
    expect(await db.sql("select email from public.fan_signups")).toEqual([{ email: "ok@example.com" }]);
  });
});

const COMPATIBILITY = "20250118000000_signup_addresses_compatibility_letters.sql";

// A database of its own, before the rule on compatibility letters.
describe.each(oneGrantMode)("$name, a compatibility letter listed and held", (target) => {
  const db = useDatabase(target, { migrations: migrationsBefore(COMPATIBILITY) });
  const signUp = (body: Record<string, unknown>) =>
    db.as("anon", { headers: fromClient("198.51.100.8") }).insert("fan_signups", body);

  it("lets the fan's own spelling replace an Angstrom sign listed before, and clears one held", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 1000, per_client_per_minute = 1000;");
    expect((await signUp({ email: "bjorn@\u212Bngstrom.se", interest: "all" })).status).toBe(201);
    await db.sql("update public.fan_signups_limits set per_minute = 0;");
    expect((await signUp({ email: "\uFF41lice@example.com", interest: "all" })).status).toBe(201);
    expect((await signUp({ email: "ok@example.com", interest: "all" })).status).toBe(201);
    await db.migrate(migrationsUpTo(COMPATIBILITY));
    await db.sql("update public.fan_signups_limits set per_minute = 1000;");
    const fan = await signUp({ email: "bjorn@\u00E5ngstrom.se", interest: "tshirts" });
    const unlisted = await signUp({ email: "sven@example.se", interest: "tshirts" });
    expect(fan).toEqual(unlisted);
    expect(fan.status).toBe(201);
    expect(await db.sql("select email, interest from public.fan_signups order by email")).toEqual([
      { email: "bjorn@\u00E5ngstrom.se", interest: "tshirts" },
      { email: "sven@example.se", interest: "tshirts" },
    ]);
    expect((await db.as(TEAM).rpc("fan_signups_release_held", { accept: true })).status).toBe(200);
    expect(await db.sql("select email from public.fan_signups_held")).toEqual([]);
    expect(await db.sql("select email from public.fan_signups where email = 'ok@example.com'")).toEqual([
      { email: "ok@example.com" },
    ]);
  });
});
