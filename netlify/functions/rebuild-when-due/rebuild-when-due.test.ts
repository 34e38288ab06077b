// The scheduled run, with the network and the clock faked: it asks the build hook for a build only when the
// live site's record says a page went out of date, once for that instant, and says plainly in its log what
// it decided, and when the site or the Supabase project does not answer. The hook's address, which starts
// builds for whoever holds it, never reaches the log.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import rebuildWhenDue, { config } from "./rebuild-when-due";

const hookUrl = "https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78";
const siteUrl = "https://orlaquinlan.netlify.app";
const projectUrl = "https://abcdefgh.supabase.co";
const anonKey = "anon-key-for-tests";

/** The live record: a show in Galway over at 22:00 UTC on 23 April 2025. */
const record = {
  builtAt: "2025-04-20T09:00:00.000Z",
  nextChangeAt: "2025-04-23T22:00:00.000Z",
  nextChangeReason: "the Galway show (galway-2025-04-23) is over",
};

type Call = { url: string; method: string; headers: Record<string, string> };
let calls: Call[];
let log: string[];
/** What each address answers; a thrown error is a network failure. */
let answers: { site: () => Response; hook: () => Response; project: () => Response };

beforeEach(() => {
  calls = [];
  log = [];
  answers = {
    site: () => Response.json(record),
    hook: () => new Response("", { status: 200 }),
    project: () => Response.json("2025-04-23T22:05:00+00:00"),
  };
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
      if (address.startsWith(projectUrl)) return answers.project();
      return answers.hook();
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
const projectCalls = () => calls.filter((call) => call.url.startsWith(projectUrl));

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
      expect(projectCalls()).toEqual([
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
    expect(outcome.log).toHaveLength(2);
    expect(outcome.log[1]).toBe(
      "The Supabase project did not answer: it may be paused; restore it in the dashboard, Project → Restore. " +
        "(it answered 503 Service Unavailable)",
    );
    answers.project = () => {
      throw new TypeError("fetch failed");
    };
    outcome = await runAt("2025-04-23T21:50:00Z");
    expect(outcome.log[1]).toBe(
      "The Supabase project did not answer: it may be paused; restore it in the dashboard, Project → Restore. (fetch failed)",
    );
  });

  it("says the project was not asked when the function lacks its address or key", async () => {
    vi.stubEnv("PUBLIC_SUPABASE_ANON_KEY", "");
    const outcome = await runAt("2025-04-23T21:50:00Z");
    expect(projectCalls()).toEqual([]);
    expect(outcome.log[1]).toContain(
      "The Supabase project was not asked: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY",
    );
  });
});
