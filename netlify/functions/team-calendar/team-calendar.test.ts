// The feed's function as Netlify runs it, with the project faked: what it asks the database (the anon key,
// the secret and the visitor's address, never a service key), how it answers each reply, and that the secret
// never reaches the log. server/team-calendar-feed.test.ts runs it against the real backend.
import ICAL from "ical.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import teamCalendar, { config, teamCalendarHandler } from "./team-calendar.mjs";

const SECRET = "0123456789abcdef".repeat(4);
const SITE = "https://orlaquinlan.example";
const ANON = "anon-key";

type Call = { url: string; init?: RequestInit };
let calls: Call[];
let log: string[];

function fakeProject(answer: () => Promise<Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      return answer();
    }),
  );
}

const entry = (overrides: Record<string, unknown> = {}) => ({
  id: "0b9c1c9e-0000-4000-8000-000000000001",
  kind: "event",
  title: "Rehearsal",
  description: null,
  location: null,
  category: "rehearsal",
  all_day: true,
  start_day: "2030-05-02",
  end_day: "2030-05-02",
  starts_at: null,
  ends_at: null,
  time_zone: null,
  status: "CONFIRMED",
  sequence: 0,
  updated_at: "2030-04-01T10:00:00+00:00",
  ...overrides,
});

const handler = teamCalendarHandler({
  supabaseUrl: "https://project.supabase.co",
  anonKey: ANON,
  now: () => new Date("2030-04-02T08:00:00Z"),
});
const get = (path: string, method = "GET") => handler(new Request(`${SITE}${path}`, { method }), { ip: "203.0.113.7" });

beforeEach(() => {
  calls = [];
  log = [];
  for (const method of ["log", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => void log.push(parts.join(" ")));
  }
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the feed's function", () => {
  it("is served on /calendar/feed/ and asks the database function with the anon key, the secret and the visitor", async () => {
    expect(config.path).toBe("/calendar/feed/*");
    fakeProject(async () => Response.json({ made_at: "2030-04-01T00:00:00Z", entries: [entry()] }));
    const answer = await get(`/calendar/feed/${SECRET}.ics`);
    expect(answer.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("https://project.supabase.co/rest/v1/rpc/team_calendar_feed");
    expect(calls[0].init?.headers).toMatchObject({ apikey: ANON, Authorization: `Bearer ${ANON}` });
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ secret: SECRET, client: "203.0.113.7" });
    const vevent = new ICAL.Component(ICAL.parse(await answer.text())).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("uid")).toBe("0b9c1c9e-0000-4000-8000-000000000001@orlaquinlan.example");
  });

  it("reads its project from the site's environment", async () => {
    vi.stubEnv("PUBLIC_SUPABASE_URL", "https://other.supabase.co");
    vi.stubEnv("PUBLIC_SUPABASE_ANON_KEY", "env-anon");
    fakeProject(async () => new Response("null"));
    const answer = await teamCalendar(new Request(`${SITE}/calendar/feed/${SECRET}.ics`), {});
    expect(answer.status).toBe(404);
    expect(calls[0].url).toBe("https://other.supabase.co/rest/v1/rpc/team_calendar_feed");
    expect(calls[0].init?.headers).toMatchObject({ apikey: "env-anon" });
  });

  it("writes a timed entry in Ireland's wall time, and a cancelled one as cancelled with a higher SEQUENCE", async () => {
    const show = entry({
      id: "show-1",
      kind: "show",
      title: "Orla Quinlan at Róisín Dubh",
      location: "Róisín Dubh, Dominick Street, Galway, County Galway, H91 X2P4, IE",
      all_day: false,
      start_day: null,
      end_day: null,
      starts_at: "2030-07-01T19:00:00Z",
      ends_at: "2030-07-01T22:00:00Z",
      time_zone: "Europe/Dublin",
      status: "CANCELLED",
      sequence: 3,
    });
    fakeProject(async () => Response.json({ made_at: "2030-04-01T00:00:00Z", entries: [show] }));
    const text = await (await get(`/calendar/feed/${SECRET}.ics`)).text();
    expect(text).toContain("\r\nDTSTART;TZID=Europe/Dublin:20300701T200000\r\n");
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.getFirstPropertyValue("summary")).toBe("Cancelled: Orla Quinlan at Róisín Dubh");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(3);
    // The country named as /tour.ics names it, not as the database keeps it.
    expect(vevent.getFirstPropertyValue("location")).toBe(
      "Róisín Dubh, Dominick Street, Galway, County Galway, H91 X2P4, Ireland",
    );
  });

  it("writes a timed entry of another zone in UTC, and a postponed one as tentative under its own title", async () => {
    const show = entry({
      id: "show-2",
      kind: "show",
      title: "Orla Quinlan at Rockwood",
      location: "Rockwood Music Hall, 196 Allen Street, New York, New York, 10002, US",
      all_day: false,
      start_day: null,
      end_day: null,
      starts_at: "2030-07-01T23:30:00Z",
      ends_at: "2030-07-02T02:30:00Z",
      time_zone: "America/New_York",
      status: "TENTATIVE",
      sequence: 2,
    });
    fakeProject(async () => Response.json({ made_at: "2030-04-01T00:00:00Z", entries: [show] }));
    const text = await (await get(`/calendar/feed/${SECRET}.ics`)).text();
    expect(text).toContain("\r\nDTSTART:20300701T233000Z\r\n");
    expect(text).toContain("\r\nDTEND:20300702T023000Z\r\n");
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(vevent.getFirstPropertyValue("summary")).toBe("Orla Quinlan at Rockwood");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(2);
    expect(vevent.getFirstPropertyValue("location")).toBe(
      "Rockwood Music Hall, 196 Allen Street, New York, New York, 10002, United States",
    );
  });

  it("answers 404 with nothing else for a path that holds no secret, without asking the database", async () => {
    fakeProject(async () => Response.json({ entries: [] }));
    for (const path of ["/calendar/feed/", "/calendar/feed/abc.ics", `/calendar/feed/${SECRET.toUpperCase()}.ics`]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).toBe("");
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(answer.headers.get("X-Robots-Tag")).toBe("noindex");
    }
    expect(calls).toEqual([]);
    expect((await get(`/calendar/feed/${SECRET}.ics`, "POST")).status).toBe(405);
  });

  it("passes on a refusal of guesses as 429 with its Retry-After", async () => {
    fakeProject(async () => new Response("null", { status: 429, headers: { "Retry-After": "42" } }));
    const answer = await get(`/calendar/feed/${SECRET}.ics`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("42");
    expect(await answer.text()).toBe("");
  });

  it("answers 502 when the project is out of reach or answers something malformed, and never logs the secret", async () => {
    const replies = [
      async () => Promise.reject(new TypeError("fetch failed")),
      async () => new Response("{}", { status: 500 }),
      async () => new Response("<html>"),
      async () => Response.json({ entries: [{ id: "x" }] }),
      async () => Response.json({ entries: [entry({ all_day: true, start_day: null })] }),
    ];
    for (const reply of replies) {
      fakeProject(reply);
      const answer = await get(`/calendar/feed/${SECRET}.ics`);
      expect(answer.status).toBe(502);
      expect(await answer.text()).toBe("The calendar cannot be read now.\n");
    }
    expect(log).toHaveLength(replies.length);
    expect(log.join("\n")).not.toContain(SECRET);
  });
});
