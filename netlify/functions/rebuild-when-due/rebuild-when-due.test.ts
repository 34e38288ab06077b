// The scheduled run, with the network, the clock and Netlify Blobs faked (./rebuild-when-due.fake.ts): it asks
// the build hook for a build only when the live site's record says a page went out of date, once for that
// instant; says plainly in its log what it decided, and when the site or the Supabase project does not answer;
// and keeps its records in Netlify Blobs before it asks. The hook's address, which starts builds for whoever
// holds it, never reaches the log. The published shows are ./rebuild-when-due.shows.test.ts's, the month's
// deploys ./rebuild-when-due.month.test.ts's and ./rebuild-when-due.allowance.test.ts's.
import { describe, expect, it, vi } from "vitest";
import { buildInfo } from "./build-info.fake";
import { config } from "./rebuild-when-due";
import {
  anonKey,
  answers,
  blobs,
  calls,
  cancelled,
  heartbeatCalls,
  hookCalls,
  hookUrl,
  projectUrl,
  runAt,
  showsCurrent,
  siteUrl,
  withScheduledRun,
} from "./rebuild-when-due.fake";

vi.mock("@netlify/blobs", () => import("./rebuild-when-due.fake"));
withScheduledRun();

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
    answers.site = () => Response.json(buildInfo({ nextChangeAt: "2025-04-23T22:00:05.000Z" }));
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
    answers.site = () => Response.json(buildInfo());
    answers.hook = () => new Response("Bad Gateway", { status: 502, statusText: "Bad Gateway" });
    expect((await runAt("2025-04-23T22:10:00Z")).log[0]).toContain("but not requested: the build hook answered 502");
    answers.hook = () => new Response("", { status: 200 });
    expect((await runAt("2025-04-23T23:20:00Z")).log[0]).toMatch(/^Rebuild requested: the Galway show/);
    await runAt("2025-04-23T23:30:00Z");
    expect(hookCalls()).toHaveLength(2);
  });

  it("says so when nothing on the live pages changes with time", async () => {
    answers.site = () => Response.json(buildInfo({ nextChangeAt: null, nextChangeReason: null }));
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
      calls.length = 0;
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

/** `run`'s outcome, the fake clock moved on a second at a time until it comes: the run's time passes in no time. */
async function inFakeTime<T>(run: Promise<T>): Promise<T> {
  let outcome: { value: T } | undefined;
  void run.then((value) => (outcome = { value }));
  for (let second = 0; !outcome && second < 60; second++) await vi.advanceTimersByTimeAsync(1_000);
  return outcome ? outcome.value : run;
}

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
    answers.site = () => Response.json(buildInfo({ nextChangeAt: "2025-04-26T22:00:00.000Z" }));
    answers.shows = () => Response.json([cancelled]);
    answers.hook = () => new Response("Bad Gateway", { status: 502, statusText: "Bad Gateway" });
    expect((await runAt("2025-04-23T21:00:00Z")).log[0]).toContain("but not requested: the build hook answered 502");
    expect(JSON.parse(blobs.kept.get("rebuild-when-due/deploys-this-month")!)).toMatchObject({ deploys: 0, unseen: 0 });
    answers.hook = () => new Response("", { status: 200 });
    expect((await runAt("2025-04-23T21:10:00Z")).log[1]).toMatch(/^Rebuild requested: the published shows changed/);
    expect(hookCalls()).toHaveLength(2);
  });

  it("that do not answer within the run's time are given up, in one line, before Netlify stops the run", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "performance"] });
    answers.shows = () => Response.json([cancelled]);
    blobs.silent = new Set(["get deploys-this-month"]);
    const unread = await inFakeTime(runAt("2025-04-23T22:00:00Z"));
    expect(unread.status).toBe(500);
    expect(unread.log[0]).toBe(
      "No rebuild: the month's deploys could not be counted, as their record in Netlify Blobs could not be read " +
        "(no answer within the run's 15 s); nothing is asked without it, as the month's credits are a hard limit.",
    );
    // Read, but the record of the build about to be asked cannot be kept: nothing is asked.
    blobs.silent = new Set(["set deploys-this-month"]);
    expect((await inFakeTime(runAt("2025-04-23T22:10:00Z"))).log[0]).toContain(
      "could not be kept in Netlify Blobs (no answer within the run's 15 s)",
    );
    expect(hookCalls()).toEqual([]);
  });
});
