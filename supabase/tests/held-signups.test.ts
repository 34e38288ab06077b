/**
 * Sign-ups past the shared backstop, in SQL, on both engines and both kinds of project: repeats of one
 * address count once, a new address past the backstop is held for the team (not refused) up to the day's
 * ceiling (past it, a refused address sent again is refused again), the team alone reads the held list and
 * accepts or clears it in one call, sign-up addresses hold nothing invisible, and a session past its not_after
 * has no team rights.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type Answer, emailsIn, fromClient, session, TARGETS, TEAM, useDatabase } from "./harness/database";

const fan = (name: string) => ({ email: `${name}@example.com`, interest: "all" });

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  /** The form's request from `address`, as the anon role. */
  const signUpFrom = (address: string, body: Record<string, unknown>): Promise<Answer> =>
    db.as("anon", { headers: fromClient(address) }).insert("fan_signups", body);

  const emails = (table: "fan_signups" | "fan_signups_held") => emailsIn(db, table);

  beforeEach(async () => {
    await db.sql(`
      delete from public.fan_signups; delete from public.fan_signups_attempts; delete from private.fan_signups_refusals;
      delete from public.fan_signups_held;
      delete from public.fan_signups_limits; insert into public.fan_signups_limits default values;
      update auth.sessions set not_after = null;
    `);
  });

  it("counts repeats of one address once, and holds a new address past the backstop with a 201", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 2");
    for (let a = 0; a < 5; a++) expect((await signUpFrom(`198.51.100.${a}`, fan("junk"))).status).toBe(201);
    expect((await signUpFrom("203.0.113.1", fan("first"))).status).toBe(201);
    expect(await emails("fan_signups")).toEqual(["first@example.com", "junk@example.com"]);
    const held = await signUpFrom("203.0.113.2", fan("second"));
    expect(held.status).toBe(201);
    expect(await emails("fan_signups_held")).toEqual(["second@example.com"]);
    // Held again, in another case and with another choice: one row, the choice made last.
    expect((await signUpFrom("203.0.113.3", { email: "SECOND@example.com", interest: "tshirts" })).status).toBe(201);
    expect(await db.sql("select email, interest from public.fan_signups_held")).toEqual([
      { email: "second@example.com", interest: "tshirts" },
    ]);
    // A repeat of an address seen this minute is no new address: it reaches the list.
    expect((await signUpFrom("203.0.113.4", fan("junk"))).status).toBe(201);
    expect(await db.as(TEAM).rpc("fan_signups_refused")).toMatchObject({ rows: [0] });
  });

  it("refuses past the day's ceiling of held addresses, 429 with Retry-After, and counts it", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 0, held_per_day = 1");
    expect((await signUpFrom("203.0.113.1", fan("held"))).status).toBe(201);
    const refused = await signUpFrom("203.0.113.2", fan("refused"));
    expect(refused.status).toBe(429);
    expect(refused.headers?.["Retry-After"] ?? refused.headers?.["retry-after"]).toBeDefined();
    expect(await emails("fan_signups_held")).toEqual(["held@example.com"]);
    expect(await db.as(TEAM).rpc("fan_signups_refused")).toMatchObject({ rows: [1] });
  });

  it("refuses a refused address sent again, from anywhere: it is no address seen this minute", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 0, held_per_day = 1");
    expect((await signUpFrom("203.0.113.1", fan("held"))).status).toBe(201);
    expect((await signUpFrom("203.0.113.2", fan("refused"))).status).toBe(429);
    expect((await signUpFrom("203.0.113.3", fan("refused"))).status).toBe(429);
    expect((await signUpFrom("203.0.113.2", fan("refused"))).status).toBe(429);
    expect(await emails("fan_signups")).toEqual([]);
    expect(await emails("fan_signups_held")).toEqual(["held@example.com"]);
  });

  it("lets the team alone read the held list and accept or clear it in one call", async () => {
    await db.sql("update public.fan_signups_limits set per_minute = 0");
    await db.as("service_role").insert("fan_signups", fan("already"));
    for (const name of ["already", "new-1", "new-2"]) {
      expect((await signUpFrom("203.0.113.9", fan(name))).status).toBe(201);
    }
    expect((await db.as("anon").select("fan_signups_held")).status).toBe(401);
    expect((await db.as("anon").rpc("fan_signups_release_held", { accept: true })).status).toBe(401);
    const stranger = await db.signIn(session({ email: "someone@example.com" }));
    expect((await db.as(stranger).select("fan_signups_held")).rows).toEqual([]);
    expect((await db.as(stranger).rpc("fan_signups_release_held", { accept: true })).status).toBe(403);
    expect((await db.as(TEAM).insert("fan_signups_held", fan("forged"))).status).toBe(403);
    expect((await db.as(TEAM).select("fan_signups_held", { columns: "email" })).rows).toHaveLength(3);
    expect(await db.as(TEAM).rpc("fan_signups_release_held", { accept: true })).toMatchObject({
      status: 200,
      rows: [3],
    });
    expect(await emails("fan_signups")).toEqual(["already@example.com", "new-1@example.com", "new-2@example.com"]);
    expect(await emails("fan_signups_held")).toEqual([]);
    expect((await signUpFrom("203.0.113.8", fan("later"))).status).toBe(201);
    expect(await db.as(TEAM).rpc("fan_signups_release_held", { accept: false })).toMatchObject({ rows: [1] });
    expect(await emails("fan_signups")).toHaveLength(3);
    expect(await emails("fan_signups_held")).toEqual([]);
  });

  it("refuses an address holding a bidirectional control, a zero-width or an invisible character", async () => {
    for (const email of ["a\u202egnp.exe@x.co", "a\u200b@example.com", "fan@exa\u00admple.com", "\ufefffan@x.co"]) {
      const refused = await signUpFrom("203.0.113.1", { email, interest: "all" });
      expect(refused.status, JSON.stringify(email)).toBe(400);
      expect(refused.error).toMatchObject({ code: "23514" });
    }
    expect(await emails("fan_signups")).toEqual([]);
  });

  it("gives a session past its not_after no team rights", async () => {
    await db.as("service_role").insert("fan_signups", fan("kept"));
    expect((await db.as(TEAM).select("fan_signups", { columns: "email" })).rows).toEqual([
      { email: "kept@example.com" },
    ]);
    await db.sql("update auth.sessions set not_after = now() - interval '1 second' where id = $1", [TEAM.session_id]);
    expect((await db.as(TEAM).select("fan_signups", { columns: "email" })).rows).toEqual([]);
    await db.sql("update auth.sessions set not_after = now() + interval '1 hour' where id = $1", [TEAM.session_id]);
    expect((await db.as(TEAM).select("fan_signups", { columns: "email" })).rows).toHaveLength(1);
  });
});
