// The daily rebuild asks the build hook for a build once a day, and its log says plainly when it cannot:
// no hook address, an address that is not one, a hook that is gone or out of reach. The network is faked;
// the hook's address, which starts builds for whoever holds it, never reaches the log.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import dailyRebuild, { config } from "./daily-rebuild";

const hookUrl = "https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78";

type Call = { url: string; method?: string; signal?: AbortSignal | null };
let calls: Call[];
let log: string[];

/** Stands in for the network: records each request and answers it with `answer`. */
function fakeNetwork(answer: () => Promise<Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method, signal: init?.signal });
      return answer();
    }),
  );
}

beforeEach(() => {
  calls = [];
  log = [];
  for (const method of ["log", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => void log.push(parts.join(" ")));
  }
  vi.stubEnv("BUILD_HOOK_URL", hookUrl);
  fakeNetwork(async () => new Response("", { status: 200 }));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Runs the function as Netlify's scheduler does; returns its status and text, and what it logged. */
async function run() {
  const response = await dailyRebuild();
  const text = await response.text();
  expect(log.join("\n")).not.toContain("5c23354f454e1350f8543e78");
  return { status: response.status, text, log: log.join("\n") };
}

describe("the daily rebuild", () => {
  it("runs once a day", () => {
    expect(config).toEqual({ schedule: "@daily" });
  });

  it("posts to the build hook, titled so the deploy list shows why it ran, and logs that it did", async () => {
    const outcome = await run();
    expect(calls).toEqual([
      { url: `${hookUrl}?trigger_title=Daily+rebuild`, method: "POST", signal: expect.any(AbortSignal) },
    ]);
    expect(outcome.status).toBe(200);
    expect(outcome.log).toBe("Daily rebuild requested: Netlify is building and deploying the site.");
  });

  it("says the hook's variable is missing, and where to create the hook, without calling anything", async () => {
    vi.stubEnv("BUILD_HOOK_URL", "");
    const outcome = await run();
    expect(calls).toEqual([]);
    expect(outcome.status).toBe(500);
    expect(outcome.text).toBe(outcome.log);
    expect(outcome.log).toContain("Daily rebuild skipped: BUILD_HOOK_URL is not set.");
    expect(outcome.log).toContain("Site configuration → Build & deploy → Continuous deployment → Build hooks");
  });

  it("refuses an address that is not one, or not https, without calling it", async () => {
    vi.stubEnv("BUILD_HOOK_URL", "api.netlify.com/build_hooks/5c23354f454e1350f8543e78");
    expect((await run()).log).toContain("Daily rebuild skipped: BUILD_HOOK_URL is not an address.");
    log.length = 0;
    vi.stubEnv("BUILD_HOOK_URL", hookUrl.replace("https:", "http:"));
    const outcome = await run();
    expect(outcome.log).toContain("Daily rebuild skipped: BUILD_HOOK_URL must be an https:// address.");
    expect(outcome.status).toBe(500);
    expect(calls).toEqual([]);
  });

  it("says so when the hook is gone", async () => {
    fakeNetwork(async () => new Response("Not found", { status: 404, statusText: "Not Found" }));
    const outcome = await run();
    expect(outcome.status).toBe(500);
    expect(outcome.log).toContain("Daily rebuild failed: the build hook answered 404 Not Found.");
    expect(outcome.log).toContain("create a new one and update BUILD_HOOK_URL");
  });

  it("says so when the hook cannot be reached, or does not answer in time", async () => {
    fakeNetwork(async () => Promise.reject(new TypeError("fetch failed")));
    expect((await run()).log).toBe("Daily rebuild failed: the build hook could not be reached (fetch failed).");
    log.length = 0;
    fakeNetwork(async () => Promise.reject(new DOMException("The operation timed out.", "TimeoutError")));
    const outcome = await run();
    expect(outcome.log).toBe("Daily rebuild failed: the build hook could not be reached (no answer within 10 s).");
    expect(outcome.status).toBe(500);
  });
});
