// The scheduled run, with the network, the clock and Netlify Blobs faked: it asks the build hook for a build
// only when the live site's record says a page went out of date, once for that instant, or when the
// database's published shows differ from the live build's, once for each state of the shows; and says
// plainly in its log what it decided, and when the site or the Supabase project does not answer. The hook's
// address, which starts builds for whoever holds it, never reaches the log. Over a simulated month it counts
// the deploys and asks only for what the month affords, news of a show first. Last, against a real local backend:
// the digest the build's loader records is the one the run finds, until the team changes a show.
import { readFileSync } from "node:fs";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { LoaderContext } from "astro/loaders";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_ANON_KEY } from "../../../server/local-keys.mjs";
import { patient } from "../../../tools/test-pace.mjs";
import { withTeamBackend, type Backend } from "../../../server/test-helpers";
import { showSchema } from "../../../src/lib/content-schemas";
import { nextChangeOf } from "../../../src/data/next-change";
import { showsDigest } from "../../../src/lib/published-shows.mjs";
import { publishedShowsLoader } from "../../../src/lib/shows-loader";
import { showRow } from "../../../src/test/show-rows";
import rebuildWhenDue, { config } from "./rebuild-when-due";

/**
 * The function's Netlify Blobs store, in memory; `failing` says which reads and writes throw, as an unreachable
 * store does: "get shows-build-asked", "set deploys-this-month", … ("*" for all).
 */
const blobs = vi.hoisted(() => ({ kept: new Map<string, string>(), failing: new Set<string>() }));
vi.mock("@netlify/blobs", () => ({
  getStore: (name: string) => {
    const fail = (operation: string, key: string) => {
      if (blobs.failing.has("*") || blobs.failing.has(`${operation} ${key}`)) {
        throw new Error("Netlify Blobs answered 503");
      }
    };
    return {
      get: async (key: string, options?: { type?: string }) => {
        fail("get", key);
        const text = blobs.kept.get(`${name}/${key}`);
        return text === undefined ? null : options?.type === "json" ? JSON.parse(text) : text;
      },
      setJSON: async (key: string, value: unknown) => {
        fail("set", key);
        blobs.kept.set(`${name}/${key}`, JSON.stringify(value));
      },
    };
  },
}));

const hookUrl = "https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78";
const siteUrl = "https://orlaquinlan.netlify.app";
const projectUrl = "https://abcdefgh.supabase.co";
const anonKey = "anon-key-for-tests";

/** A published show as the anon key reads it. */
const galway = showRow();
const cancelled = { ...galway, status: "cancelled" };

/** The live record: a show in Galway over at 22:00 UTC on 23 April 2025, rendered as the database has it. */
const record = {
  builtAt: "2025-04-20T09:00:00.000Z",
  nextChangeAt: "2025-04-23T22:00:00.000Z",
  nextChangeReason: "the Galway show (galway-2025-04-23) is over",
  showsDigest: showsDigest([galway]),
};
/** The log's line when the shows are those the live site has. */
const showsCurrent = `Shows current: the live site has the database's 1 published show, digest ${record.showsDigest.slice(0, 12)}.`;

type Call = { url: string; method: string; headers: Record<string, string> };
let calls: Call[];
let log: string[];
/** What each address answers; a thrown error is a network failure. */
let answers: { site: () => Response; hook: () => Response; project: () => Response; shows: () => Response };

const realFetch = globalThis.fetch;

beforeEach(() => {
  calls = [];
  log = [];
  answers = {
    site: () => Response.json(record),
    hook: () => new Response("", { status: 200 }),
    project: () => Response.json("2025-04-23T22:05:00+00:00"),
    shows: () => Response.json([galway]),
  };
  blobs.kept.clear();
  blobs.failing.clear();
  for (const method of ["log", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => void log.push(parts.join(" ")));
  }
  vi.stubEnv("BUILD_HOOK_URL", hookUrl);
  vi.stubEnv("PUBLIC_SUPABASE_URL", projectUrl);
  vi.stubEnv("PUBLIC_SUPABASE_ANON_KEY", anonKey);
  vi.stubEnv("URL", "");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      const address = String(url);
      calls.push({ url: address, method: init?.method ?? "GET", headers: { ...(init?.headers as object) } });
      if (address.startsWith(siteUrl)) return answers.site();
      if (address.startsWith(`${projectUrl}/rest/v1/shows?`)) {
        // The shows answered are all there are: the page after them (src/lib/pages-by-key.mjs) is empty.
        return new URL(address).searchParams.has("or") ? Response.json([]) : answers.shows();
      }
      if (address.startsWith(projectUrl)) return answers.project();
      if (address.startsWith("https://api.netlify.com/")) return answers.hook();
      return realFetch(url, init);
    }),
  );
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Runs the function at `now` as Netlify's scheduler does; returns its status, and what it logged. */
async function runAt(now: string) {
  vi.setSystemTime(new Date(now));
  log.length = 0;
  const response = await rebuildWhenDue(new Request("https://example.invalid/"), { site: { url: siteUrl } });
  const text = await response.text();
  expect(log.join("\n")).not.toContain("5c23354f454e1350f8543e78");
  expect(text).toBe(log.join("\n"));
  return { status: response.status, log: [...log] };
}

const hookCalls = () => calls.filter((call) => call.url.startsWith("https://api.netlify.com/"));
const heartbeatCalls = () => calls.filter((call) => call.url.startsWith(`${projectUrl}/rest/v1/rpc/`));

describe("the scheduled run", () => {
  it("runs every ten minutes", () => {
    expect(config).toEqual({ schedule: "*/10 * * * *" });
  });

  it("asks for no build while the live record's next change is ahead, and says until when", async () => {
    const outcome = await runAt("2025-04-23T21:50:00Z");
    expect(hookCalls()).toEqual([]);
    expect(outcome).toEqual({
      status: 200,
      log: [
        "No rebuild: the live pages are current until 2025-04-23T22:00:00.000Z, when the Galway show " +
          "(galway-2025-04-23) is over (built 2025-04-20T09:00:00.000Z).",
        showsCurrent,
      ],
    });
    expect(calls[0]).toMatchObject({ url: `${siteUrl}/build-info.json`, method: "GET" });
  });

  it("asks exactly once when the change has passed, titled with the reason", async () => {
    const outcome = await runAt("2025-04-23T22:00:03Z");
    expect(hookCalls()).toEqual([
      {
        url: `${hookUrl}?trigger_title=Rebuild%3A+the+Galway+show+%28galway-2025-04-23%29+is+over`,
        method: "POST",
        headers: {},
      },
    ]);
    expect(outcome).toEqual({
      status: 200,
      log: [
        "Rebuild requested: the Galway show (galway-2025-04-23) is over at 2025-04-23T22:00:00.000Z; " +
          "Netlify is building and deploying the site.",
        showsCurrent,
      ],
    });
  });

  it("asks in the first run after the change even when that run starts a few minutes late", async () => {
    answers.site = () => Response.json({ ...record, nextChangeAt: "2025-04-23T22:00:05.000Z" });
    await runAt("2025-04-23T22:13:30Z");
    expect(hookCalls()).toHaveLength(1);
  });

  it("asks no second time for the same instant when the build failed, and says the record did not move", async () => {
    await runAt("2025-04-23T22:00:00Z");
    expect(hookCalls()).toHaveLength(1);
    // Ten minutes on, the build may still be on its way.
    const waiting = await runAt("2025-04-23T22:10:00Z");
    expect(waiting.status).toBe(200);
    expect(waiting.log[0]).toBe(
      "No rebuild: the one for the Galway show (galway-2025-04-23) is over at 2025-04-23T22:00:00.000Z was asked " +
        "at 2025-04-23T22:00:00.000Z (10 minutes ago) and is on its way (built 2025-04-20T09:00:00.000Z).",
    );
    // The build failed: the live record is the same an hour later, and every run after.
    for (const now of ["2025-04-23T23:00:00Z", "2025-04-30T12:00:00Z"]) {
      const outcome = await runAt(now);
      expect(outcome.status).toBe(500);
      expect(outcome.log).toEqual([
        "No rebuild: the live record did not move since 2025-04-23T22:00:00.000Z (the Galway show " +
          "(galway-2025-04-23) is over); a rebuild was asked at 2025-04-23T22:00:00.000Z and is asked for only " +
          "once: look for its failed deploy and its log under Deploys. A push, or Deploys → Trigger deploy, " +
          "builds again.",
        showsCurrent,
      ]);
    }
    expect(hookCalls()).toHaveLength(1);
  });

  it("asks in a later run when the run of the change's own tick could not (the site or the hook did not answer)", async () => {
    answers.site = () => {
      throw new TypeError("fetch failed");
    };
    await runAt("2025-04-23T22:00:00Z");
    answers.site = () => Response.json(record);
    answers.hook = () => new Response("Bad Gateway", { status: 502, statusText: "Bad Gateway" });
    expect((await runAt("2025-04-23T22:10:00Z")).log[0]).toContain("but not requested: the build hook answered 502");
    answers.hook = () => new Response("", { status: 200 });
    expect((await runAt("2025-04-23T23:20:00Z")).log[0]).toMatch(/^Rebuild requested: the Galway show/);
    await runAt("2025-04-23T23:30:00Z");
    expect(hookCalls()).toHaveLength(2);
  });

  it("says so when nothing on the live pages changes with time", async () => {
    answers.site = () => Response.json({ ...record, nextChangeAt: null, nextChangeReason: null });
    const outcome = await runAt("2025-04-23T22:00:00Z");
    expect(hookCalls()).toEqual([]);
    expect(outcome.log).toEqual([
      "No rebuild: nothing on the live pages changes with time (built 2025-04-20T09:00:00.000Z).",
      showsCurrent,
    ]);
  });

  it("says in one line when the live site cannot be reached, answers an error or no record", async () => {
    answers.site = () => {
      throw new TypeError("fetch failed");
    };
    expect((await runAt("2025-04-23T22:00:00Z")).log).toEqual([
      `No rebuild: the live site did not answer: ${siteUrl}/build-info.json could not be read (fetch failed).`,
    ]);
    answers.site = () => new Response("Not found", { status: 404, statusText: "Not Found" });
    expect((await runAt("2025-04-23T22:00:00Z")).log).toEqual([
      `No rebuild: the live site did not answer: ${siteUrl}/build-info.json answered 404 Not Found.`,
    ]);
    answers.site = () => new Response("<!doctype html><title>Site not available</title>");
    const outcome = await runAt("2025-04-23T22:00:00Z");
    expect(outcome.log).toEqual([
      `No rebuild: the live site did not answer: ${siteUrl}/build-info.json is not the build's record: it is not JSON.`,
    ]);
    expect(outcome.status).toBe(500);
    expect(hookCalls()).toEqual([]);
  });

  it("says in one line when the build hook is missing, not https, gone or out of reach", async () => {
    const due = "2025-04-23T22:00:00Z";
    vi.stubEnv("BUILD_HOOK_URL", "");
    expect((await runAt(due)).log[0]).toContain(
      "Rebuild due (the Galway show (galway-2025-04-23) is over) but not requested: BUILD_HOOK_URL is not set.",
    );
    vi.stubEnv("BUILD_HOOK_URL", hookUrl.replace("https:", "http:"));
    expect((await runAt(due)).log[0]).toContain("BUILD_HOOK_URL must be an https:// address.");
    vi.stubEnv("BUILD_HOOK_URL", hookUrl);
    answers.hook = () => new Response("Not found", { status: 404, statusText: "Not Found" });
    expect((await runAt(due)).log[0]).toContain(
      "the build hook answered 404 Not Found. A hook deleted in the Netlify UI answers 404",
    );
    answers.hook = () => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    };
    const outcome = await runAt(due);
    expect(outcome.log[0]).toContain("the build hook could not be reached (no answer within 10 s).");
    expect(outcome.status).toBe(500);
  });

  it("makes one database request with the anon key on every run, whatever it decides", async () => {
    for (const now of ["2025-04-23T21:50:00Z", "2025-04-23T22:00:00Z", "2025-04-23T22:10:00Z"]) {
      calls = [];
      await runAt(now);
      expect(heartbeatCalls()).toEqual([
        {
          url: `${projectUrl}/rest/v1/rpc/heartbeat`,
          method: "POST",
          headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, "Content-Type": "application/json" },
        },
      ]);
    }
  });

  it("says in one line when the Supabase project does not answer, besides its decision", async () => {
    answers.project = () => new Response("", { status: 503, statusText: "Service Unavailable" });
    let outcome = await runAt("2025-04-23T21:50:00Z");
    expect(outcome.status).toBe(500);
    expect(outcome.log).toHaveLength(3);
    expect(outcome.log[2]).toBe(
      "The Supabase project did not answer: it may be paused; restore it in the dashboard, Project → Restore. " +
        "(it answered 503 Service Unavailable)",
    );
    answers.project = () => {
      throw new TypeError("fetch failed");
    };
    outcome = await runAt("2025-04-23T21:50:00Z");
    expect(outcome.log[2]).toBe(
      "The Supabase project did not answer: it may be paused; restore it in the dashboard, Project → Restore. (fetch failed)",
    );
  });

  it("says the project was not asked when the function lacks its address or key", async () => {
    vi.stubEnv("PUBLIC_SUPABASE_ANON_KEY", "");
    const outcome = await runAt("2025-04-23T21:50:00Z");
    expect(calls.filter((call) => call.url.startsWith(projectUrl))).toEqual([]);
    expect(outcome.log[1]).toContain(
      "The Supabase project was not asked: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY",
    );
  });
});

describe("the published shows", () => {
  const changed = `${hookUrl}?trigger_title=Rebuild%3A+the+published+shows+changed`;
  const cancelledDigest = showsDigest([cancelled]).slice(0, 12);
  const liveDigest = record.showsDigest.slice(0, 12);

  it("are read with the anon key, as the build reads them", async () => {
    await runAt("2025-04-23T21:50:00Z");
    const read = calls.filter((call) => call.url.startsWith(`${projectUrl}/rest/v1/shows?`));
    expect(read.map((call) => new URL(call.url).searchParams.has("or"))).toEqual([false, true]);
    expect(read[0]!.headers).toMatchObject({ apikey: anonKey, Authorization: `Bearer ${anonKey}` });
  });

  it("ask for one build once they differ from the live build's, and not again while it is made", async () => {
    answers.shows = () => Response.json([cancelled]);
    const first = await runAt("2025-04-23T21:30:00Z");
    expect(hookCalls().map((call) => call.url)).toEqual([changed]);
    expect(first).toEqual({
      status: 200,
      log: [
        expect.stringContaining("No rebuild: the live pages are current until"),
        `Rebuild requested: the published shows changed (the database has 1 published show, digest ` +
          `${cancelledDigest}; the live build has ${liveDigest}).`,
      ],
    });
    // The build takes longer than a run's period: the next run finds the live site as it was.
    const second = await runAt("2025-04-23T21:40:00Z");
    expect(hookCalls()).toHaveLength(1);
    expect(second.status).toBe(200);
    expect(second.log[1]).toBe(
      `No rebuild for the shows: a build of the database's 1 published show, digest ${cancelledDigest} was ` +
        `asked at 2025-04-23T21:30:00.000Z (10 minutes ago) and is on its way (the live build has ${liveDigest}).`,
    );
    // It went live: nothing more to do.
    answers.site = () => Response.json({ ...record, showsDigest: showsDigest([cancelled]) });
    expect((await runAt("2025-04-23T21:50:00Z")).log[1]).toBe(
      `Shows current: the live site has the database's 1 published show, digest ${cancelledDigest}.`,
    );
    expect(hookCalls()).toHaveLength(1);
  });

  it("ask once for a build that then failed, say so after half an hour, and ask again once they change", async () => {
    // No page goes out of date meanwhile, which would ask a build of its own.
    answers.site = () => Response.json({ ...record, nextChangeAt: "2025-04-26T22:00:00.000Z" });
    answers.shows = () => Response.json([cancelled]);
    await runAt("2025-04-23T21:00:00Z");
    for (const now of ["2025-04-23T21:10:00Z", "2025-04-23T21:20:00Z"]) {
      expect((await runAt(now)).status).toBe(200);
    }
    for (const now of ["2025-04-23T21:30:00Z", "2025-04-24T09:00:00Z"]) {
      const outcome = await runAt(now);
      expect(outcome.status).toBe(500);
      expect(outcome.log[1]).toContain("look for its failed deploy and its log under Deploys");
    }
    expect(hookCalls()).toHaveLength(1);
    // The team changes the show again: one more build, for the shows as they are now, asked by the first run that
    // sees them (the run before found the shows as the one before it), and no more.
    answers.shows = () => Response.json([{ ...cancelled, ticket_url: "https://venue.example/galway" }]);
    await runAt("2025-04-24T09:10:00Z");
    expect(hookCalls()).toHaveLength(2);
    await runAt("2025-04-24T09:20:00Z");
    expect(hookCalls()).toHaveLength(2);
  });

  it("ask again for a change made again after the build asked for it rendered it undone", async () => {
    answers.site = () => Response.json({ ...record, nextChangeAt: "2025-04-26T22:00:00.000Z" });
    answers.shows = () => Response.json([cancelled]);
    await runAt("2025-04-23T21:00:00Z");
    // The cancel is undone before the build reads the shows: it renders them as they were, and goes live.
    const rebuilt = { ...record, builtAt: "2025-04-23T21:01:30.000Z", nextChangeAt: "2025-04-26T22:00:00.000Z" };
    answers.site = () => Response.json(rebuilt);
    answers.shows = () => Response.json([galway]);
    expect((await runAt("2025-04-23T21:10:00Z")).log[1]).toBe(showsCurrent);
    // The next day the show is cancelled for real.
    answers.shows = () => Response.json([cancelled]);
    for (const now of ["2025-04-24T15:00:00Z", "2025-04-24T15:10:00Z", "2025-04-24T15:20:00Z"]) await runAt(now);
    expect(hookCalls()).toHaveLength(2);
  });

  it("entered over a long sitting make two builds: one by the first run that sees them, one once a run finds them as the run before did", async () => {
    let live = { ...record, nextChangeAt: "2025-04-26T22:00:00.000Z" };
    let rows = [galway];
    answers.site = () => Response.json(live);
    answers.shows = () => Response.json(rows);
    // A build asked is live by the next run, with the shows as they were when it was asked.
    answers.hook = () => {
      live = { ...live, builtAt: new Date(Date.now() + 2 * 60_000).toISOString(), showsDigest: showsDigest(rows) };
      return new Response("", { status: 200 });
    };
    // Eight shows put on the website one every six minutes, from 19:02 to 19:44.
    const added = Array.from({ length: 8 }, (_, index) => ({ ...galway, id: `show-${index}` }));
    const asked: number[] = [];
    for (let minute = 0; minute <= 80; minute += 10) {
      rows = [galway, ...added.filter((_, index) => 2 + index * 6 <= minute)];
      const outcome = await runAt(new Date(Date.parse("2025-04-23T19:00:00Z") + minute * 60_000).toISOString());
      if (outcome.log[1]!.startsWith("Rebuild requested: the published shows changed")) asked.push(minute);
      // From 19:20 the shows the run before found are live, but they were changing then and still are: it waits.
      if (minute >= 20 && minute <= 50)
        expect(outcome.log[1]).toMatch(/^No rebuild for the shows yet: they were changing/);
    }
    // 19:10 finds the first two shows after a quiet run and asks; 19:50 finds the last, 20:00 finds it again and asks.
    expect(asked).toEqual([10, 60]);
    expect(hookCalls()).toHaveLength(2);
    expect(live.showsDigest).toBe(showsDigest(rows));
  });

  it("and a page out of date ask for one build between them, titled with both reasons", async () => {
    answers.shows = () => Response.json([cancelled]);
    const outcome = await runAt("2025-04-23T22:00:00Z");
    expect(hookCalls().map((call) => call.url)).toEqual([
      `${hookUrl}?trigger_title=Rebuild%3A+the+Galway+show+%28galway-2025-04-23%29+is+over%3B+the+published+shows+changed`,
    ]);
    expect(outcome.log).toHaveLength(2);
    expect(outcome.log[1]).toContain("Rebuild requested: the published shows changed");
  });

  it("ask for one build when the live build recorded none of them", async () => {
    answers.site = () => Response.json({ ...record, showsDigest: undefined });
    const outcome = await runAt("2025-04-23T21:20:00Z");
    expect(hookCalls()).toHaveLength(1);
    expect(outcome.log[1]).toContain("Rebuild requested: the published shows changed");
    expect(outcome.log[1]).toContain("the live build recorded no shows digest");
    for (const now of ["2025-04-23T21:30:00Z", "2025-04-23T21:40:00Z"]) await runAt(now);
    expect(hookCalls()).toHaveLength(1);
  });

  it("that cannot be read ask for no build, in one line naming the project", async () => {
    for (const shows of [
      () => new Response('{"message":"Service Unavailable"}', { status: 503 }),
      () => Response.json({ not: "a list" }),
      (): Response => {
        throw new TypeError("fetch failed");
      },
    ]) {
      answers.shows = shows;
      const outcome = await runAt("2025-04-23T21:30:00Z");
      expect(outcome.status).toBe(500);
      expect(outcome.log[1]).toMatch(
        new RegExp(
          `^No rebuild for the shows: the published shows could not be read from ${projectUrl}: it .+; a build would stop on them too\\.$`,
        ),
      );
    }
    expect(hookCalls()).toEqual([]);
  });

  it("that cannot be read hold a page gone out of date, which is asked once they can be, and only then", async () => {
    answers.shows = () => new Response('{"message":"Service Unavailable"}', { status: 503 });
    // The Galway show is over at 22:00: its build would stop on the shows, and would never be asked again.
    const down = await runAt("2025-04-23T22:05:00Z");
    expect(down.log[0]).toBe(
      "No rebuild yet: the Galway show (galway-2025-04-23) is over, but a build would stop on the published " +
        "shows, which could not be read; it is asked once they can be.",
    );
    await runAt("2025-04-23T22:15:00Z");
    expect(hookCalls()).toEqual([]);
    answers.shows = () => Response.json([galway]);
    const back = await runAt("2025-04-23T22:25:00Z");
    expect(back.log[0]).toMatch(/^Rebuild requested: the Galway show \(galway-2025-04-23\) is over/);
    await runAt("2025-04-23T22:35:00Z");
    expect(hookCalls()).toHaveLength(1);
  });

  it("ask for nothing when the record of the last request cannot be read", async () => {
    answers.shows = () => Response.json([cancelled]);
    blobs.failing.add("get shows-build-asked");
    const outcome = await runAt("2025-04-23T21:30:00Z");
    expect(hookCalls()).toEqual([]);
    expect(outcome.status).toBe(500);
    expect(outcome.log[1]).toContain("the record of the last build asked for them could not be read");
  });
});

describe("the records kept in Netlify Blobs", () => {
  it("are kept before a build is asked: when one cannot be, nothing is asked, and the run says so", async () => {
    answers.shows = () => Response.json([cancelled]);
    for (const failing of ["set shows-build-asked", "set deploys-this-month"]) {
      blobs.failing = new Set([failing]);
      const outcome = await runAt("2025-04-23T22:00:00Z");
      expect(hookCalls()).toEqual([]);
      expect(outcome.status).toBe(500);
      expect(outcome.log[0]).toMatch(
        /^Rebuild due \(the Galway show \(galway-2025-04-23\) is over; the published shows changed\) but not requested: .+ could not be kept in Netlify Blobs \(Netlify Blobs answered 503\); nothing is asked until it can be/,
      );
    }
    // The month's record is as it was: no deploy counted for a build never asked.
    expect(JSON.parse(blobs.kept.get("rebuild-when-due/deploys-this-month")!)).toMatchObject({ deploys: 0, unseen: 0 });
  });

  it("that cannot be written never let a failing build be asked every run", async () => {
    blobs.failing = new Set(["set deploys-this-month", "set shows-build-asked"]);
    for (let now = Date.parse("2025-04-23T21:50:00Z"); now <= Date.parse("2025-04-24T21:50:00Z"); now += 600_000) {
      await runAt(new Date(now).toISOString());
    }
    expect(hookCalls()).toEqual([]);
  });

  it("are put back when the hook does not answer, so the next run asks again", async () => {
    answers.site = () => Response.json({ ...record, nextChangeAt: "2025-04-26T22:00:00.000Z" });
    answers.shows = () => Response.json([cancelled]);
    answers.hook = () => new Response("Bad Gateway", { status: 502, statusText: "Bad Gateway" });
    expect((await runAt("2025-04-23T21:00:00Z")).log[0]).toContain("but not requested: the build hook answered 502");
    expect(JSON.parse(blobs.kept.get("rebuild-when-due/deploys-this-month")!)).toMatchObject({ deploys: 0, unseen: 0 });
    answers.hook = () => new Response("", { status: 200 });
    expect((await runAt("2025-04-23T21:10:00Z")).log[1]).toMatch(/^Rebuild requested: the published shows changed/);
    expect(hookCalls()).toHaveLength(2);
  });
});

// Each case runs the function every ten minutes for a month or more (4,300 runs): a few seconds alone, a minute on a
// machine busy with other work. Its guard against a hang is as patient as a month of runs needs.
describe("the month's deploys", { timeout: patient(60_000) }, () => {
  const MINUTE = 60_000;
  type Row = typeof galway;
  const day = (n: number, time = "00:00") => Date.parse(`2026-11-${String(n).padStart(2, "0")}T${time}:00Z`);
  /** Eight shows in November 2026, doors at 20:00 UTC on the 6th, 9th, … 27th. */
  const shows: Row[] = Array.from({ length: 8 }, (_, index) => {
    const date = `2026-11-${String(6 + index * 3).padStart(2, "0")}`;
    return { ...galway, id: `show-${date}`, venue_town: `Town ${index + 1}`, starts_at: `${date}T20:00:00+00:00` };
  });
  const release = { id: "tides", title: "Tides", releaseDate: "2026-11-15T00:00:00+00:00" };

  /**
   * The typical month: the 8 shows put on the website one a day from the 1st, a show sold out on the 10th, a
   * new ticket link on the 13th, a show moved on the 19th, a cancellation on the 23rd and a show sold out on
   * the 25th; the owner's pushes on the 3rd and the 20th; every show over, and the release's day.
   */
  const typical: { at: number; change: (rows: Row[]) => Row[] }[] = [
    ...shows.map((show, index) => ({ at: day(index + 1, "11:05"), change: (rows: Row[]) => [...rows, show] })),
    { at: day(10, "12:00"), change: (rows) => edit(rows, 2, { status: "sold-out" }) },
    { at: day(13, "12:00"), change: (rows) => edit(rows, 5, { ticket_url: "https://venue.example/t6" }) },
    { at: day(19, "12:00"), change: (rows) => edit(rows, 6, { starts_at: "2026-11-25T20:00:00+00:00" }) },
    { at: day(23, "12:00"), change: (rows) => edit(rows, 7, { status: "cancelled" }) },
    { at: day(25, "12:00"), change: (rows) => edit(rows, 5, { status: "sold-out" }) },
  ];
  const edit = (rows: Row[], index: number, fields: Partial<Row>) =>
    rows.map((row) => (row.id === shows[index]!.id ? { ...row, ...fields } : row));

  /** The record a build made at `at` of `rows` publishes. */
  function built(rows: Row[], at: number) {
    const tourDates = rows.map((row) => ({
      id: row.id,
      startDate: row.starts_at,
      venue: { town: row.venue_town },
      ...(row.on_sale_at ? { tickets: { onSale: row.on_sale_at } } : {}),
    }));
    const next = nextChangeOf({ tourDates, releases: [release] }, new Date(at));
    return {
      builtAt: new Date(at).toISOString(),
      nextChangeAt: next?.at ?? null,
      nextChangeReason: next?.reason ?? null,
      nextChangeInBrowser: next?.inBrowser ?? null,
      showsDigest: showsDigest(rows),
    };
  }

  /**
   * Runs the function every ten minutes from 1 November to `until`, with the shows changing as `changes` say
   * and the owner pushing at `pushes`; a build is live 3 minutes after it is asked or pushed, with the shows
   * as they were then. Returns every deploy (when it went live, and whether the function asked it), the log.
   */
  async function month({ changes = typical, pushes = [day(3, "09:00"), day(20, "09:00")], until = day(30, "23:50") }) {
    let rows: Row[] = [];
    let live = built(rows, day(1) - 60 * MINUTE);
    const pending: { at: number; asked: boolean }[] = [];
    const deploys: { at: number; asked: boolean; record: ReturnType<typeof built> }[] = [];
    const lines: { at: number; line: string }[] = [];
    answers.site = () => Response.json(live);
    answers.shows = () => Response.json(rows);
    answers.hook = () => {
      pending.push({ at: Date.now() + 3 * MINUTE, asked: true });
      return new Response("", { status: 200 });
    };
    const timeline = [...pushes.map((at) => ({ at, change: null }))];
    for (let now = day(1); now <= until; now += 10 * MINUTE) {
      for (const { at, change } of [...changes, ...timeline]) {
        if (at > now - 10 * MINUTE && at <= now) {
          if (change) rows = change(rows);
          else pending.push({ at: at + 3 * MINUTE, asked: false });
        }
      }
      for (const build of pending.splice(0).sort((a, b) => a.at - b.at)) {
        if (build.at > now) pending.push(build);
        else {
          live = built(rows, build.at);
          deploys.push({ at: build.at, asked: build.asked, record: live });
        }
      }
      const outcome = await runAt(new Date(now).toISOString());
      lines.push(...outcome.log.map((line) => ({ at: now, line })));
    }
    return { deploys, lines, rows: () => rows };
  }
  const inNovember = <Deploy extends { at: number }>(deploys: Deploy[]) =>
    deploys.filter(({ at }) => at < day(1) + 30 * 1440 * MINUTE);

  /**
   * A busy month: the same shows, each with its tickets on sale at 10:00 two days after it is put on the website,
   * the same changes, and 10 content edits, each pushed on its own at 18:00.
   */
  const onSale = typical.map((change, index) =>
    index < shows.length
      ? {
          at: change.at,
          change: (rows: Row[]) => [
            ...rows,
            {
              ...shows[index]!,
              price: 20,
              currency: "EUR",
              on_sale_at: new Date(day(index + 3, "10:00")).toISOString(),
            },
          ],
        }
      : change,
  );
  const tenPushes = [2, 4, 7, 9, 12, 15, 18, 21, 24, 27].map((date) => day(date, "18:00"));

  it("on Free, asks what browsers show by themselves at the month's pace; 10 pushes on their own spend the month", async () => {
    const { deploys, lines } = await month({ changes: onSale, pushes: tenPushes, until: day(30, "23:50") });
    const titles = hookCalls().map((call) => new URL(call.url).searchParams.get("trigger_title")!);
    // 11 builds asked and the 10 pushes: 21 deploys, 315 credits, past Free's 300 with the runs' compute.
    expect(
      inNovember(deploys)
        .map(({ asked }) => asked)
        .filter(Boolean),
    ).toHaveLength(11);
    expect(inNovember(deploys)).toHaveLength(21);
    // No build was asked for tickets on sale alone: each went out with the day's change to the shows.
    expect(titles.filter((title) => title.includes("go on sale") && !title.includes("the published shows"))).toEqual(
      [],
    );
    // The pushes spent the month on the 18th; the cancellation of the 23rd then waited.
    const spent = lines.find(({ line }) => line.startsWith("This month's 18 deploys are spent"))!;
    expect(new Date(spent.at).toISOString().slice(0, 10)).toBe("2026-11-18");
    expect(lines.find(({ at }) => at === day(23, "12:00"))?.line).toBe(
      "Rebuild waits: the Town 6 show (show-2026-11-21) is over (this month's 18 deploys are spent); it goes out with the next build.",
    );
  });

  it("on Free, the same month with its 10 edits in 5 pushes stays within the allowance and builds the cancellation", async () => {
    const fivePushes = [4, 9, 15, 21, 27].map((date) => day(date, "18:00"));
    const { deploys } = await month({ changes: onSale, pushes: fivePushes, until: day(30, "23:50") });
    expect(inNovember(deploys)).toHaveLength(18);
    expect(inNovember(deploys).filter(({ asked }) => asked)).toHaveLength(13);
    const cancellation = deploys.find((deploy) => deploy.at > day(23, "12:00"))!;
    expect(cancellation.at).toBeLessThan(day(23, "12:10"));
  });

  it("keeps the typical month within Free's 300 credits and builds a cancellation before a show over", async () => {
    const { deploys, lines, rows } = await month({ until: Date.parse("2026-12-01T00:10:00Z") });
    // 18 deploys at most (270 credits, the rest for the function's runs and bandwidth); the 2 pushes among them.
    expect(inNovember(deploys)).toHaveLength(15);
    // The release's day, which no browser changes on a page built before it, went live within twenty minutes
    // though the month had spent its deploys for time.
    const releasedAt = Date.parse(release.releaseDate);
    expect(deploys.find(({ at }) => at > releasedAt && at <= releasedAt + 20 * MINUTE)).toBeDefined();
    expect(deploys.filter((deploy) => !deploy.asked)).toHaveLength(2);
    // Every change to the shows but the last sold-out, each after a quiet spell, went live within ten minutes and
    // the build's three: the first run that saw it asked.
    for (const { at } of typical.slice(0, -1)) {
      const caught = deploys.find((deploy) => deploy.at > at && deploy.at <= at + 13 * MINUTE);
      expect(caught, new Date(at).toISOString()).toBeDefined();
    }
    // The cancellation on the 23rd, with 14 deploys counted, was built (with the show over that waited
    // since the 21st); the show moved to the 25th, over that night, waited from then on.
    const cancellation = deploys.find((deploy) => deploy.at > day(23, "12:00"))!;
    expect(cancellation.at).toBeLessThan(day(23, "12:10"));
    expect(
      lines.filter(({ line }) =>
        line.startsWith(
          "Rebuild waits: the Town 3 show (show-2026-11-12) is over (10 of this month's 18 deploys counted, ahead of the month's pace of 4",
        ),
      ).length,
    ).toBeGreaterThan(0);
    expect(lines.map(({ line }) => line)).toContain(
      "Rebuild waits: the Town 7 show (show-2026-11-24) is over (15 of this month's 18 deploys counted, the last " +
        "3 kept for the owner's pushes and news); it goes out with the next build.",
    );
    // The sold-out of the 25th, no news a fan must act on, waited for the month's end.
    expect(
      lines.find(({ at, line }) => at > day(25, "12:00") && line.startsWith("Rebuild waits: the published"))?.line,
    ).toBe(
      "Rebuild waits: the published shows changed (15 of this month's 18 deploys counted, the last 3 kept for the " +
        "owner's pushes and news); it goes out with the next build.",
    );
    expect(lines.filter(({ line }) => line.startsWith("Rebuild due") || line.includes("did not move"))).toEqual([]);
    // On the 1st, what waited goes out in one build.
    const december = deploys.filter(({ at }) => at >= Date.parse("2026-12-01T00:00:00Z"));
    expect(december.map(({ asked, record }) => ({ asked, digest: record.showsDigest }))).toEqual([
      { asked: true, digest: showsDigest(rows()) },
    ]);
    expect(JSON.parse(blobs.kept.get("rebuild-when-due/deploys-this-month")!)).toMatchObject({
      month: "2026-12",
      deploys: 1,
      unseen: 0,
    });
  });

  it("builds everything due, as it falls due, on Personal's 64 deploys", async () => {
    vi.stubEnv("MONTHLY_DEPLOYS", "64");
    const { deploys, lines } = await month({});
    expect(lines.filter(({ line }) => line.startsWith("Rebuild waits"))).toEqual([]);
    // 2 pushes, 13 builds for the shows, 8 shows over and the release's day: 24 deploys, 360 credits.
    expect(inNovember(deploys)).toHaveLength(24);
    // On Free with no count, the 20th (300 credits, besides the runs') would go live on the 21st.
    expect(new Date(deploys[19]!.at).toISOString().slice(0, 10)).toBe("2026-11-21");
  });

  it("asks nothing once the allowance is spent, and says so once a day", async () => {
    vi.stubEnv("MONTHLY_DEPLOYS", "4");
    const { deploys, lines } = await month({});
    // Two for the first shows, the owner's two pushes; between them only news would have been asked.
    expect(inNovember(deploys).map((deploy) => deploy.asked)).toEqual([true, true, false, false]);
    const spent = lines.filter(({ line }) => line.startsWith("This month's 4 deploys are spent"));
    expect(spent.map(({ at }) => new Date(at).toISOString().slice(0, 10))).toEqual(
      Array.from({ length: 11 }, (_, index) => `2026-11-${20 + index}`),
    );
    expect(spent[0]!.line).toBe(
      "This month's 4 deploys are spent (4 counted since the 1st, UTC): nothing more is asked until 1 December; the " +
        "site stays as it is, browsers still mark past shows. A push still deploys, and costs 15 credits of the month's.",
    );
    expect(lines.find(({ at }) => at > day(23, "12:00") && at <= day(23, "12:10"))?.line).toEqual(
      expect.stringContaining("this month's 4 deploys are spent"),
    );
  });

  it("counts the month from the day Netlify's credits reset, when that is not the 1st", async () => {
    vi.stubEnv("MONTHLY_DEPLOYS", "4");
    vi.stubEnv("DEPLOYS_MONTH_STARTS", "14");
    const { deploys, lines } = await month({});
    const fromThe14th = (at: number) => at >= Date.parse("2026-11-14T00:00:00Z");
    const before = inNovember(deploys).filter(({ at }) => !fromThe14th(at));
    const after = inNovember(deploys).filter(({ at }) => fromThe14th(at));
    // The month that started on 14 October: two builds asked and a push, then only news would have been asked.
    expect(before.map((deploy) => deploy.asked)).toEqual([true, true, false]);
    // On the 14th the count starts afresh: what waited goes out at once, and the month from then holds 4 too.
    expect(after.map((deploy) => deploy.asked)).toEqual([true, true, true, false]);
    expect(new Date(after[0]!.at).toISOString()).toBe("2026-11-14T00:03:00.000Z");
    const spent = lines.filter(({ line }) => line.startsWith("This month's 4 deploys are spent"));
    expect(spent[0]!.line).toBe(
      "This month's 4 deploys are spent (4 counted since 14 November, UTC): nothing more is asked until 14 " +
        "December; the site stays as it is, browsers still mark past shows. A push still deploys, and costs 15 " +
        "credits of the month's.",
    );
    expect(JSON.parse(blobs.kept.get("rebuild-when-due/deploys-this-month")!)).toMatchObject({
      month: "2026-11-14",
      deploys: 4,
    });
  });

  it.each([
    {
      variable: "MONTHLY_DEPLOYS",
      value: "lots",
      said: 'MONTHLY_DEPLOYS is "lots", not a whole number of deploys from 1 to 10000: 18 holds (Free\'s 300 credits; 64 on Personal).',
    },
    {
      variable: "DEPLOYS_MONTH_STARTS",
      value: "the 14th",
      said: 'DEPLOYS_MONTH_STARTS is "the 14th", not a day of the month from 1 to 31: the month\'s deploys are counted from the 1st.',
    },
  ])("says when $variable is not what it must be, and keeps to the default", async ({ variable, value, said }) => {
    vi.stubEnv(variable, value);
    const outcome = await runAt("2025-04-23T21:50:00Z");
    expect(outcome.status).toBe(500);
    expect(outcome.log[0]).toBe(said);
    // The month as the defaults count it: from the 1st.
    expect(JSON.parse(blobs.kept.get("rebuild-when-due/deploys-this-month")!).month).toBe("2025-04");
  });

  it("writes its record only when the month's count or what it knows changes, not every run", async () => {
    const writes: string[] = [];
    const set = Map.prototype.set;
    vi.spyOn(blobs.kept, "set").mockImplementation(function (this: Map<string, string>, key, value) {
      writes.push(key);
      return set.call(this, key, value);
    });
    await runAt("2025-04-23T21:40:00Z");
    await runAt("2025-04-23T21:50:00Z");
    expect(writes).toEqual(["rebuild-when-due/deploys-this-month"]);
    // The run that asks for the show over counts it.
    await runAt("2025-04-23T22:00:00Z");
    expect(writes).toHaveLength(2);
    expect(JSON.parse(blobs.kept.get("rebuild-when-due/deploys-this-month")!)).toMatchObject({
      month: "2025-04",
      deploys: 1,
      unseen: 1,
    });
  });

  it("asks for a release's day while a show over before it waits for room", async () => {
    // 12 deploys counted: a show over waits; the release's day, which no browser shows by itself, does not.
    const live = {
      builtAt: "2026-11-10T12:00:00.000Z",
      nextChangeAt: "2026-11-14T22:00:00.000Z",
      nextChangeReason: "the Sligo show (x) is over",
      nextChangeInBrowser: true,
      nextNewsAt: "2026-11-15T00:00:00.000Z",
      nextNewsReason: "“Tides” (tides) comes out",
      showsDigest: record.showsDigest,
    };
    answers.site = () => Response.json(live);
    const month = { month: "2026-11", ends: "2026-12-01T00:00:00.000Z", builtAt: live.builtAt, deploys: 12, unseen: 0 };
    blobs.kept.set("rebuild-when-due/deploys-this-month", JSON.stringify({ ...month, asked: null, spentSaid: null }));
    expect((await runAt("2026-11-14T22:00:00Z")).log[0]).toMatch(/^Rebuild waits: the Sligo show \(x\) is over/);
    expect((await runAt("2026-11-15T00:00:00Z")).log[0]).toBe(
      "Rebuild requested: “Tides” (tides) comes out at 2026-11-15T00:00:00.000Z; Netlify is building and deploying the site.",
    );
    await runAt("2026-11-15T00:10:00Z");
    expect(hookCalls().map((call) => new URL(call.url).searchParams.get("trigger_title"))).toEqual([
      "Rebuild: “Tides” (tides) comes out",
    ]);
  });

  it("asks nothing while the month's record cannot be read", async () => {
    blobs.failing.add("get deploys-this-month");
    const outcome = await runAt("2025-04-23T22:00:00Z");
    expect(hookCalls()).toEqual([]);
    expect(outcome.status).toBe(500);
    expect(outcome.log[0]).toBe(
      "No rebuild: the month's deploys could not be counted, as their record in Netlify Blobs could not be read " +
        "(Netlify Blobs answered 503); nothing is asked without it, as the month's credits are a hard limit.",
    );
  });
});

describe("against the local backend (the seed's shows)", () => {
  let backend: Backend;
  let team: SupabaseClient;
  withTeamBackend(
    (started, session) => {
      [backend, team] = [started, session];
    },
    { seed: readFileSync(new URL("../../../supabase/seed.sql", import.meta.url), "utf8") },
  );

  /** What a build of the backend's shows records as their digest, as its loader computes it. */
  async function builtDigest(): Promise<string> {
    vi.stubEnv("STAGEDOOR_SHOWS_DIGEST", "");
    const context = {
      store: { clear: () => {}, has: () => false, set: () => true },
      logger: { info: () => {} },
      parseData: async ({ data }: { data: unknown }) => showSchema.parse(data),
    } as unknown as LoaderContext;
    await publishedShowsLoader({
      project: () => ({ url: backend.url, key: LOCAL_ANON_KEY }),
      fromSeed: () => false,
    }).load(context);
    return process.env.STAGEDOOR_SHOWS_DIGEST!;
  }

  it("finds the shows a build recorded current, and asks for one build once the team changes one", async () => {
    vi.stubEnv("PUBLIC_SUPABASE_URL", backend.url);
    vi.stubEnv("PUBLIC_SUPABASE_ANON_KEY", LOCAL_ANON_KEY);
    const digest = await builtDigest();
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    answers.site = () => Response.json({ ...record, nextChangeAt: null, showsDigest: digest });
    expect((await runAt("2026-03-02T09:00:00Z")).log).toContain(
      `Shows current: the live site has the database's 3 published shows, digest ${digest.slice(0, 12)}.`,
    );
    expect(hookCalls()).toEqual([]);

    const { error } = await team.from("shows").update({ status: "sold-out" }).eq("id", "galway-2025-04-23");
    expect(error).toBeNull();
    const changed = await builtDigest();
    expect(changed).not.toBe(digest);
    // A show sold out is no news, but the run before found the shows current: the first run that sees it asks.
    expect((await runAt("2026-03-02T09:10:00Z")).log).toContain(
      `Rebuild requested: the published shows changed (the database has 3 published shows, digest ` +
        `${changed.slice(0, 12)}; the live build has ${digest.slice(0, 12)}).`,
    );
    await runAt("2026-03-02T09:20:00Z");
    expect(hookCalls().map((call) => call.url)).toEqual([
      `${hookUrl}?trigger_title=Rebuild%3A+the+published+shows+changed`,
    ]);
  });
});
