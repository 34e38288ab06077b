/**
 * The calendar is the team's: what the anon key, an account without the team mark and the team's own
 * session may do to calendar_events (and contacts), by the grants and policies alone; and a team token
 * counts only while the session it names still exists in auth.sessions.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contact, event } from "../../server/test-helpers";
import { anotherTeamSession, type Claims, session, TARGETS, TEAM, useDatabase } from "./harness/database";

/** Someone with an account who is not the team, who has even marked themselves in user_metadata. */
const OUTSIDER = session({
  email: "fan@example.com",
  userMetadata: { team: "stagedoor" },
  appMetadata: { team: "fans" },
});

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  beforeAll(async () => {
    const { error } = await db.as(TEAM).insert("calendar_events", event("Private rehearsal", "2025-03-01"));
    if (error) throw new Error(error.message);
  });

  describe("calendar_events admits only the team", () => {
    it("refuses the anon role every verb with 401 42501", async () => {
      const anon = db.as("anon");
      const calls = [
        anon.select("calendar_events"),
        anon.insert("calendar_events", event("Anon insert")),
        anon.insert("calendar_events", event("Anon upsert"), { upsert: "merge" }),
        anon.update("calendar_events", { title: "Anon update" }, { title: { neq: "" } }),
        anon.delete("calendar_events", { title: { neq: "" } }),
      ];
      for (const { status, error } of await Promise.all(calls)) {
        expect(status).toBe(401);
        expect(error).toMatchObject({ code: "42501", message: "permission denied for table calendar_events" });
      }
    });

    it("shows a signed-in account without the team mark nothing and refuses its insert, user_metadata notwithstanding", async () => {
      const fan = db.as(OUTSIDER);
      const { rows: marked } = await fan.sql("select auth.jwt() -> 'user_metadata' ->> 'team' as team");
      expect(marked).toEqual([{ team: "stagedoor" }]);
      const read = await fan.select("calendar_events");
      expect(read).toMatchObject({ status: 200, rows: [] });
      const insert = await fan.insert("calendar_events", event("Fan insert"));
      expect(insert.status).toBe(403);
      expect(insert.error).toMatchObject({ code: "42501" });
      expect(insert.error?.message).toMatch(/row-level security/);
      const update = await fan.update("calendar_events", { title: "x" }, { title: { neq: "" } });
      expect(update.status).toBe(403);
      const remove = await fan.delete("calendar_events", { title: { neq: "" } });
      expect(remove.status).toBe(403);
    });

    it("ignores a token with the team mark that is anonymous or not authenticated", async () => {
      const base = {
        sub: crypto.randomUUID(),
        app_metadata: { team: "stagedoor" },
        exp: Math.floor(Date.now() / 1000) + 60,
      };
      const tokens: Claims[] = [
        { ...base, role: "authenticated", is_anonymous: true },
        { ...base, role: "anon", is_anonymous: false },
      ];
      for (const claims of tokens) {
        const { status, rows } = await db.as(claims).select("calendar_events", { columns: "title" });
        expect(status === 401 || (status === 200 && rows.length === 0)).toBe(true);
      }
    });

    it("gives the team everything the app does: read and add", async () => {
      const team = db.as(TEAM);
      expect((await team.insert("calendar_events", event("Team insert", "2025-03-02"))).status).toBe(201);
      const { rows } = await team.select("calendar_events", { columns: "title", order: "start_date" });
      expect(rows.map((row) => row.title)).toEqual(["Private rehearsal", "Team insert"]);
    });

    it("admits only the team to contacts too (contacts-team-policies.test.ts has the rest)", async () => {
      const anon = db.as("anon");
      expect((await anon.insert("contacts", { id: "open", name: "Open", role: "Agent" })).status).toBe(401);
      const fan = db.as(OUTSIDER);
      expect((await fan.insert("contacts", { id: "open", name: "Open", role: "Agent" })).status).toBe(403);
      const team = db.as(TEAM);
      expect((await team.insert("contacts", { id: "team", name: "Team", role: "Agent" })).status).toBe(201);
      expect((await fan.select("contacts", { columns: "id" })).rows).toEqual([]);
      expect((await team.select("contacts", { columns: "id" })).rows).toEqual([{ id: "team" }]);
    });
  });
  describe("a team token counts only while its session lives", () => {
    /** What a team page asks for: the calendar, the contacts, the sign-up list and how many were refused. */
    async function whatItGets(claims: Claims) {
      const caller = db.as(claims);
      const id = `c-${Math.random().toString(36).slice(2)}`;
      return {
        events: (await caller.select("calendar_events", { columns: "title" })).rows.length,
        contacts: (await caller.select("contacts", { columns: "id" })).rows.length,
        signups: (await caller.select("fan_signups", { columns: "email" })).rows.length,
        refused: (await caller.rpc("fan_signups_refused")).status,
        addsEvent: (await caller.insert("calendar_events", event(`Event ${id}`))).status,
        addsContact: (await caller.insert("contacts", contact(id))).status,
      };
    }
    const admitted = { signups: 1, refused: 200, addsEvent: 201, addsContact: 201 };
    const refused = { events: 0, contacts: 0, signups: 0, refused: 403, addsEvent: 403, addsContact: 403 };
    beforeAll(async () => {
      const signUp = await db.as("anon").insert("fan_signups", { email: "listed@example.com", interest: "all" });
      expect(signUp.status).toBe(201);
    });

    it("admits a live session of the team account, and refuses its token once that session is signed out", async () => {
      const tab = await db.signIn(anotherTeamSession());
      const live = await whatItGets(tab);
      expect(live).toMatchObject(admitted);
      expect(live.events).toBeGreaterThan(0);
      expect(live.contacts).toBeGreaterThan(0);
      await db.signOut(tab);
      // The token has most of its hour left, and says the same as before.
      expect(Number(tab.exp)).toBeGreaterThan(Date.now() / 1000 + 60);
      expect(await whatItGets(tab)).toEqual(refused);
      const edited = await db.as(tab).update("contacts", { name: "Defaced" }, { id: { neq: "" } });
      expect(edited).toMatchObject({ status: 204, count: 0 });
      // The account's other session goes on.
      expect(await whatItGets(TEAM)).toMatchObject(admitted);
    });

    it("refuses every session of the account once all of them end, until it signs in again", async () => {
      const other = await db.signIn(anotherTeamSession());
      try {
        await db.endSessions(TEAM);
        expect(await whatItGets(TEAM)).toEqual(refused);
        expect(await whatItGets(other)).toEqual(refused);
      } finally {
        await db.signIn(TEAM);
      }
      expect(await whatItGets(TEAM)).toMatchObject(admitted);
      expect(await whatItGets(other)).toEqual(refused);
    });

    it("refuses a team token without a session_id, with one that is no UUID, or naming another account's session", async () => {
      const { session_id: _, ...sessionless } = TEAM;
      const fan = await db.signIn(session({ email: "a-fan@example.com" }));
      for (const claims of [
        sessionless,
        { ...TEAM, session_id: null },
        { ...TEAM, session_id: "not-a-session'; select 1; --" },
        { ...TEAM, session_id: 42 },
        { ...TEAM, session_id: fan.session_id },
      ] as Claims[]) {
        expect(await whatItGets(claims), JSON.stringify(claims.session_id)).toEqual(refused);
      }
    });
  });
});
