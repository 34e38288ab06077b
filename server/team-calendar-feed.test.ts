/**
 * The team's calendar feed over HTTP, as a phone's calendar app meets it: the feed's function
 * (netlify/functions/team-calendar/, served beside the pages as `npm start` serves it) reading the local
 * backend with nothing but the anon key and the secret. The feed is read back with ical.js and with
 * Python's icalendar. Two visitors are two local source addresses (127.0.0.2, 127.0.0.3), since the
 * function names the address a request comes from; the allowances themselves are the SQL's own tests
 * (supabase/tests/team-calendar-feed-secrets.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { feedPath } from "../src/lib/team-feed-path.mjs";
import { localFunctions } from "../tools/local-functions.mjs";
import { readWithPythonIcalendar } from "../tools/python-icalendar.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";
import { type Backend, client, event, show, withTeamBackend } from "./test-helpers";

ICAL.design.icalendar.property["x-wr-calname"] = { defaultType: "text" };

let backend: Backend;
let team: SupabaseClient;
let site: Server;
let siteUrl: string;
let root: string;
const STRANGER = "127.0.0.2";
const PHONE = "127.0.0.3";

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

/** GET `path` on the site from `address`, as a calendar app fetches it. */
function fetchFrom(address: string, path: string): Promise<Answer> {
  const url = new URL(path, siteUrl);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: url.hostname, port: url.port, path: url.pathname, localAddress: address, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

/** A new address, ending the current one as a team member who was shown it does; its secret. */
async function newAddress(): Promise<string> {
  const { data: ending } = await team.rpc("calendar_feed_made_at");
  const { data, error } = await team.rpc("new_calendar_feed_address", { ending });
  if (error) throw new Error(error.message);
  return (data as { secret: string }).secret;
}

withTeamBackend((started, session) => ([backend, team] = [started, session]));
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "stagedoor-feed-site-"));
  writeFileSync(join(root, "404.html"), "<!doctype html><title>Not found</title>");
  site = createStaticServer({
    root,
    headerRules: [],
    functions: localFunctions({ supabaseUrl: backend.url, anonKey: LOCAL_ANON_KEY }),
  });
  siteUrl = `http://127.0.0.1:${await listen(site, 0)}`;
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await backend.db.exec(
    "delete from public.shows_history; delete from public.shows; delete from public.calendar_events; delete from private.calendar_feed_misses;",
  );
  for (const row of [
    event("Rehearsal, Room 2", "2030-05-02", {
      event_type: "rehearsal",
      description: "Bring the capo; and the set list",
    }),
    event("Ireland tour", "2030-05-01", { end_date: "2030-05-03T12:00:00.000Z" }),
  ]) {
    const { error } = await team.from("calendar_events").insert(row);
    if (error) throw new Error(error.message);
  }
});

describe("the feed", () => {
  it("gives a phone every team event as a calendar it subscribes to, read alike by ical.js and Python's icalendar", async () => {
    const secret = await newAddress();
    const answer = await fetchFrom(PHONE, feedPath(secret));
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["x-robots-tag"]).toBe("noindex");

    const calendar = new ICAL.Component(ICAL.parse(answer.text));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Team calendar (127.0.0.1)");
    expect(calendar.getFirstPropertyValue("name")).toBe("Team calendar (127.0.0.1)");
    expect(answer.text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(answer.text).toContain("\r\nX-PUBLISHED-TTL:PT1H\r\n");
    expect(calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid"))).toEqual([
      "Europe/Dublin",
    ]);
    const ids = await backend.db.query<{ id: string; title: string }>(
      "select id, title from public.calendar_events order by start_date",
    );
    const events = calendar.getAllSubcomponents("vevent");
    expect(
      events.map((vevent) => ({
        uid: vevent.getFirstPropertyValue("uid"),
        summary: vevent.getFirstPropertyValue("summary"),
        start: vevent.getFirstPropertyValue("dtstart")!.toString(),
        end: vevent.getFirstPropertyValue("dtend")!.toString(),
        sequence: vevent.getFirstPropertyValue("sequence"),
        categories: vevent.getFirstProperty("categories")!.getValues(),
      })),
    ).toEqual([
      {
        uid: `${ids.rows[0].id}@127.0.0.1`,
        summary: "Ireland tour",
        start: "2030-05-01",
        end: "2030-05-04",
        sequence: 0,
        categories: ["gig"],
      },
      {
        uid: `${ids.rows[1].id}@127.0.0.1`,
        summary: "Rehearsal, Room 2",
        start: "2030-05-02",
        end: "2030-05-03",
        sequence: 0,
        categories: ["rehearsal"],
      },
    ]);
    expect(events[1].getFirstPropertyValue("description")).toBe("Bring the capo; and the set list");

    const python = await readWithPythonIcalendar(answer.text);
    expect(python.calendar).toMatchObject({
      "X-WR-CALNAME": "Team calendar (127.0.0.1)",
      "REFRESH-INTERVAL": "PT1H",
      "X-PUBLISHED-TTL": "PT1H",
    });
    expect(python.timezones).toEqual(["Europe/Dublin"]);
    expect(python.events.map((vevent) => [vevent.UID, vevent.SUMMARY, vevent.DTSTART, vevent.SEQUENCE])).toEqual([
      [`${ids.rows[0].id}@127.0.0.1`, "Ireland tour", "20300501", "0"],
      [`${ids.rows[1].id}@127.0.0.1`, "Rehearsal, Room 2", "20300502", "0"],
    ]);
    expect(python.events[1].DESCRIPTION).toBe("Bring the capo; and the set list");
  });

  it("raises an event's SEQUENCE when it changes, keeping its UID", async () => {
    const secret = await newAddress();
    const before = new ICAL.Component(ICAL.parse((await fetchFrom(PHONE, feedPath(secret))).text));
    await backend.db.exec(
      "update public.calendar_events set title = 'Ireland tour (moved)' where title = 'Ireland tour'",
    );
    const after = new ICAL.Component(ICAL.parse((await fetchFrom(PHONE, feedPath(secret))).text));
    const first = (calendar: ICAL.Component) => calendar.getAllSubcomponents("vevent")[0];
    expect(first(after).getFirstPropertyValue("uid")).toBe(first(before).getFirstPropertyValue("uid"));
    expect(first(after).getFirstPropertyValue("summary")).toBe("Ireland tour (moved)");
    expect(first(after).getFirstPropertyValue("sequence")).toBe(1);
    expect((await readWithPythonIcalendar((await fetchFrom(PHONE, feedPath(secret))).text)).events[0].SEQUENCE).toBe(
      "1",
    );
  });
});

describe("a show", () => {
  it("is in the feed at its doors and venue once the team publishes the gig, and cancelled with a higher SEQUENCE once the team cancels it", async () => {
    const secret = await newAddress();
    const gig = await team
      .from("calendar_events")
      .insert(event("Galway, The Salthill Room", "2027-04-23"))
      .select("id")
      .single();
    if (gig.error) throw new Error(gig.error.message);
    const published = await team.from("shows").insert(show("galway-2027-04-23", gig.data.id));
    expect(published.error).toBeNull();
    const before = await fetchFrom(PHONE, feedPath(secret));
    const cancelled = await team.from("shows").update({ status: "cancelled" }).eq("id", "galway-2027-04-23");
    expect(cancelled.error).toBeNull();
    const after = await fetchFrom(PHONE, feedPath(secret));
    expect([before.status, after.status]).toEqual([200, 200]);

    // Its country named, as /tour.ics names it; the database keeps its two letters.
    const location = "The Salthill Room, 14 Seapoint Promenade, Galway, County Galway, H91 X2P4, Ireland";
    const icalShow = (text: string) => {
      const vevent = new ICAL.Component(ICAL.parse(text))
        .getAllSubcomponents("vevent")
        .find((each) => each.getFirstPropertyValue("uid") === `${gig.data.id}@127.0.0.1`)!;
      const start = vevent.getFirstProperty("dtstart")!;
      return {
        summary: vevent.getFirstPropertyValue("summary"),
        location: vevent.getFirstPropertyValue("location"),
        start: `${start.getParameter("tzid")} ${start.getFirstValue()!.toString()}`,
        end: vevent.getFirstPropertyValue("dtend")!.toString(),
        status: vevent.getFirstPropertyValue("status"),
        sequence: Number(vevent.getFirstPropertyValue("sequence")),
      };
    };
    const first = icalShow(before.text);
    expect(first).toEqual({
      summary: "Galway, The Salthill Room",
      location,
      // Doors at 20:00 Irish summer time, three hours held for the show.
      start: "Europe/Dublin 2027-04-23T20:00:00",
      end: "2027-04-23T23:00:00",
      status: "CONFIRMED",
      sequence: expect.any(Number),
    });
    const last = icalShow(after.text);
    expect(last).toMatchObject({
      summary: "Cancelled: Galway, The Salthill Room",
      location,
      start: "Europe/Dublin 2027-04-23T20:00:00",
      status: "CANCELLED",
    });
    expect(last.sequence).toBeGreaterThan(first.sequence);

    const pythonShow = async (text: string) =>
      (await readWithPythonIcalendar(text)).events.find((vevent) => vevent.UID === `${gig.data.id}@127.0.0.1`)!;
    const [was, now] = [await pythonShow(before.text), await pythonShow(after.text)];
    for (const vevent of [was, now]) {
      expect(vevent).toMatchObject({ LOCATION: location, START: "2027-04-23T20:00:00+01:00" });
    }
    expect([was.STATUS, now.STATUS]).toEqual(["CONFIRMED", "CANCELLED"]);
    expect(Number(now.SEQUENCE)).toBeGreaterThan(Number(was.SEQUENCE));
    // By start, beside the other events, which are still there, all day, as they were.
    expect((await readWithPythonIcalendar(after.text)).events.map((vevent) => [vevent.SUMMARY, vevent.START])).toEqual([
      ["Cancelled: Galway, The Salthill Room", "2027-04-23T20:00:00+01:00"],
      ["Ireland tour", "2030-05-01"],
      ["Rehearsal, Room 2", "2030-05-02"],
    ]);
  });
});

describe("with only the anon key", () => {
  it("answers a forged, guessed or malformed secret 404 with nothing else", async () => {
    const secret = await newAddress();
    const forged = [
      feedPath("0".repeat(64)),
      feedPath(secret.replace(/.$/, (last) => (last === "0" ? "1" : "0"))),
      feedPath(secret.toUpperCase()),
      `/calendar/feed/${secret}`,
      `/calendar/feed/${secret}.ics/`,
      "/calendar/feed/",
      `/calendar/feed/${"a".repeat(5000)}.ics`,
      "/calendar/feed/%zz.ics",
    ];
    for (const [index, path] of forged.entries()) {
      const answer = await fetchFrom(`127.0.0.${10 + index}`, path);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).toBe("");
      expect(answer.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("ends the old address at once when the team asks for a new one", async () => {
    const old = await newAddress();
    expect((await fetchFrom(PHONE, feedPath(old))).status).toBe(200);
    const fresh = await newAddress();
    expect(await fetchFrom(PHONE, feedPath(old))).toMatchObject({ status: 404, text: "" });
    const answer = await fetchFrom(PHONE, feedPath(fresh));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("SUMMARY:Ireland tour");
  });

  it("refuses a flood of guesses with 429 per client, while the team's phone is served", async () => {
    const secret = await newAddress();
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await fetchFrom(STRANGER, feedPath(`${i}`.padStart(64, "a")))).status);
    expect(statuses).toEqual([...Array(10).fill(404), 429, 429]);
    const refused = await fetchFrom(STRANGER, feedPath(secret));
    expect(refused).toMatchObject({ status: 429, text: "" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const answer = await fetchFrom(PHONE, feedPath(secret));
      expect(answer.status).toBe(200);
      expect(answer.text).toContain("SUMMARY:Rehearsal\\, Room 2");
    }
  });

  it("cannot make an address, see when it was made, or read a secret's hash", async () => {
    const anon = client(backend.url);
    expect((await anon.rpc("new_calendar_feed_address")).status).toBe(401);
    expect((await anon.rpc("calendar_feed_made_at")).status).toBe(401);
    const direct = await fetch(`${backend.url}/rest/v1/calendar_feed`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}`, "Accept-Profile": "private" },
    });
    expect(direct.ok).toBe(false);
    // A guess straight at the database function, without the feed's function between: null, then 429 past 10.
    const guesses = [];
    for (let i = 0; i < 11; i++) {
      const { status, data } = await anon.rpc("team_calendar_feed", { secret: "f".repeat(64) });
      guesses.push([status, data]);
    }
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill([200, null]));
    expect(guesses[10][0]).toBe(429);
  });
});
