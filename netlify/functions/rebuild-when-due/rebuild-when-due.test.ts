// The scheduled run, with the network, the clock and Netlify Blobs faked: it asks the build hook for a build
// only when the live site's record says a page went out of date, once for that instant, or when the
// database's published shows differ from the live build's, once for each state of the shows; and says
// plainly in its log what it decided, and when the site or the Supabase project does not answer. The hook's
// address, which starts builds for whoever holds it, never reaches the log. Last, against a real local backend:
// the digest the build's loader records is the one the run finds, until the team changes a show.
import { readFileSync } from "node:fs";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { LoaderContext } from "astro/loaders";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_ANON_KEY } from "../../../server/local-keys.mjs";
import { withTeamBackend, type Backend } from "../../../server/test-helpers";
import { showSchema } from "../../../src/lib/content-schemas";
import { showsDigest } from "../../../src/lib/published-shows.mjs";
import { publishedShowsLoader } from "../../../src/lib/shows-loader";
import rebuildWhenDue, { config } from "./rebuild-when-due";

/** The function's Netlify Blobs store, in memory; `failing` makes it throw as an unreachable store does. */
const blobs = vi.hoisted(() => ({ kept: new Map<string, string>(), failing: false }));
vi.mock("@netlify/blobs", () => ({
  getStore: (name: string) => ({
    get: async (key: string, options?: { type?: string }) => {
      if (blobs.failing) throw new Error("Netlify Blobs answered 503");
      const text = blobs.kept.get(`${name}/${key}`);
      return text === undefined ? null : options?.type === "json" ? JSON.parse(text) : text;
    },
    setJSON: async (key: string, value: unknown) => {
      if (blobs.failing) throw new Error("Netlify Blobs answered 503");
      blobs.kept.set(`${name}/${key}`, JSON.stringify(value));
    },
  }),
}));

const hookUrl = "https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78";
const siteUrl = "https://orlaquinlan.netlify.app";
const projectUrl = "https://abcdefgh.supabase.co";
const anonKey = "anon-key-for-tests";

/** A published show as the anon key reads it. */
const galway = {
  id: "galway-2025-04-23",
  venue_name: "The Salthill Room",
  venue_street: "14 Seapoint Promenade",
  venue_town: "Galway",
  venue_county: "Co. Galway",
  venue_postal_code: "H91 X2Y3",
  venue_country: "IE",
  starts_at: "2025-04-23T19:00:00+00:00",
  time_zone: "Europe/Dublin",
  ticket_url: "https://tickets.example/orla-quinlan/galway-2025-04-23",
  ticket_kind: "ticket",
  price: null,
  currency: null,
  availability: null,
  on_sale_at: null,
  status: "scheduled",
  previous_starts_at: null,
};
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
  blobs.failing = false;
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
      if (address.startsWith(`${projectUrl}/rest/v1/shows?`)) return answers.shows();
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
    // The build failed: the live record is the same an hour later, and every run after.
    for (const now of ["2025-04-23T22:10:00Z", "2025-04-23T23:00:00Z", "2025-04-30T12:00:00Z"]) {
      const outcome = await runAt(now);
      expect(outcome.status).toBe(500);
      expect(outcome.log).toEqual([
        "No rebuild: the live record did not move since 2025-04-23T22:00:00.000Z (the Galway show " +
          "(galway-2025-04-23) is over); a rebuild was due then and is asked for only once: look for its failed " +
          "deploy and its log under Deploys. A push, or Deploys → Trigger deploy, builds again.",
        showsCurrent,
      ]);
    }
    expect(hookCalls()).toHaveLength(1);
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
    expect(read).toHaveLength(1);
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
    // The team changes the show again: one more build, for the shows as they are now.
    answers.shows = () => Response.json([{ ...cancelled, ticket_url: "https://venue.example/galway" }]);
    await runAt("2025-04-24T09:10:00Z");
    await runAt("2025-04-24T09:20:00Z");
    expect(hookCalls()).toHaveLength(2);
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
    const outcome = await runAt("2025-04-23T21:30:00Z");
    expect(hookCalls()).toHaveLength(1);
    expect(outcome.log[1]).toContain("the live build recorded no shows digest");
    await runAt("2025-04-23T21:40:00Z");
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

  it("ask for nothing when the record of the last request cannot be read, and say when it cannot be kept", async () => {
    answers.shows = () => Response.json([cancelled]);
    blobs.failing = true;
    let outcome = await runAt("2025-04-23T21:30:00Z");
    expect(hookCalls()).toEqual([]);
    expect(outcome.status).toBe(500);
    expect(outcome.log[1]).toContain("the record of the last build asked for them could not be read");
    // The time's build is asked all the same, and the run says the shows' record was not kept.
    outcome = await runAt("2025-04-23T22:00:00Z");
    expect(hookCalls()).toHaveLength(1);
    expect(outcome.log.at(-1)).toContain("its record could not be kept in Netlify Blobs");
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
