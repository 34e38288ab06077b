/**
 * The scheduled run's tests' kit: the function run as Netlify's scheduler runs it, with the network, the clock
 * and Netlify Blobs faked. A test file mocks Netlify Blobs with this module's store and calls withScheduledRun()
 * once:
 *
 *     vi.mock("@netlify/blobs", () => import("./rebuild-when-due.fake"));
 *     withScheduledRun();
 *
 * Each of its tests then starts with the live site answering the Galway build's record (./build-info.fake.ts),
 * the database its one show, the build hook and the Supabase project answering, and the store empty.
 */
import { afterEach, beforeEach, expect, vi } from "vitest";
import { showsDigest } from "../../../src/lib/published-shows.mjs";
import { showRow } from "../../../src/test/show-rows";
import { buildInfo } from "./build-info.fake";

/**
 * The function's Netlify Blobs store, in memory; `failing` says which reads and writes throw, as an unreachable
 * store does: "get shows-build-asked", "set deploys-this-month", … ("*" for all).
 */
export const blobs = { kept: new Map<string, string>(), failing: new Set<string>(), silent: new Set<string>() };

/** @netlify/blobs' getStore, on `blobs`. */
export function getStore(name: string) {
  const fail = async (operation: string, key: string) => {
    if (blobs.failing.has("*") || blobs.failing.has(`${operation} ${key}`)) {
      throw new Error("Netlify Blobs answered 503");
    }
    // Its client retrying a store that fails, beyond the run's time: no answer.
    if (blobs.silent.has(`${operation} ${key}`)) await new Promise(() => {});
  };
  return {
    get: async (key: string, options?: { type?: string }) => {
      await fail("get", key);
      const text = blobs.kept.get(`${name}/${key}`);
      return text === undefined ? null : options?.type === "json" ? JSON.parse(text) : text;
    },
    setJSON: async (key: string, value: unknown) => {
      await fail("set", key);
      blobs.kept.set(`${name}/${key}`, JSON.stringify(value));
    },
  };
}

export const hookUrl = "https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78";
export const siteUrl = "https://orlaquinlan.netlify.app";
export const projectUrl = "https://abcdefgh.supabase.co";
export const anonKey = "anon-key-for-tests";

/** A published show as the anon key reads it: the one the Galway build rendered. */
export const galway = showRow();
export const cancelled = { ...galway, status: "cancelled" };

/** The log's line when the shows are those the live site has. */
export const showsCurrent = `Shows current: the live site has the database's 1 published show, digest ${buildInfo().showsDigest.slice(0, 12)}.`;

type Call = { url: string; method: string; headers: Record<string, string> };
/** The requests the function made, in order. */
export const calls: Call[] = [];
const log: string[] = [];
/** What each address answers; a thrown error is a network failure. */
export const answers = {} as {
  site: () => Response;
  hook: () => Response;
  project: () => Response;
  shows: () => Response;
  /** The page of shows after those `shows` answered: none. */
  nextPage: () => Response;
};

const realFetch = globalThis.fetch;

/** Fakes the network, the clock and the environment around each test of the calling file, and undoes them after. */
export function withScheduledRun(): void {
  beforeEach(() => {
    calls.length = 0;
    log.length = 0;
    Object.assign(answers, {
      site: () => Response.json(buildInfo()),
      hook: () => new Response("", { status: 200 }),
      project: () => Response.json("2025-04-23T22:05:00+00:00"),
      shows: () => Response.json([galway]),
      nextPage: () => Response.json([]),
    });
    blobs.kept.clear();
    blobs.failing.clear();
    blobs.silent.clear();
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
        if (address.startsWith(`${projectUrl}/rest/v1/published_shows?`)) {
          // The shows answered are all there are: the page after them (src/lib/pages-by-key.mjs) is empty.
          return new URL(address).searchParams.has("or") ? answers.nextPage() : answers.shows();
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
}

/** Runs the function at `now` as Netlify's scheduler does; returns its status, and what it logged. */
export async function runAt(now: string) {
  // Imported here, not above: the test file's mock of @netlify/blobs imports this module.
  const { default: rebuildWhenDue } = await import("./rebuild-when-due");
  vi.setSystemTime(new Date(now));
  log.length = 0;
  const response = await rebuildWhenDue(new Request("https://example.invalid/"), { site: { url: siteUrl } });
  const text = await response.text();
  expect(log.join("\n")).not.toContain("5c23354f454e1350f8543e78");
  expect(text).toBe(log.join("\n"));
  return { status: response.status, log: [...log] };
}

export const hookCalls = () => calls.filter((call) => call.url.startsWith("https://api.netlify.com/"));
export const heartbeatCalls = () => calls.filter((call) => call.url.startsWith(`${projectUrl}/rest/v1/rpc/`));

/**
 * The database's shows as `shows.rows` says at each request, and a Netlify that makes each build asked live by
 * the next run, with the shows as they were when it was asked (`shows.live`, the live record; no page goes out of
 * date meanwhile, which would ask a build of its own).
 */
export function buildsLiveByTheNextRun(rows: Parameters<typeof showsDigest>[0]) {
  const shows = { rows, live: buildInfo({ nextChangeAt: "2025-04-26T22:00:00.000Z" }) };
  answers.site = () => Response.json(shows.live);
  answers.shows = () => Response.json(shows.rows);
  answers.hook = () => {
    const builtAt = new Date(Date.now() + 2 * 60_000).toISOString();
    shows.live = { ...shows.live, builtAt, showsDigest: showsDigest(shows.rows) };
    return new Response("", { status: 200 });
  };
  return shows;
}
