// The month's deploys in single runs, with the network, the clock and Netlify Blobs faked
// (./rebuild-when-due.fake.ts): the allowance's settings checked, the month's record written only when it
// changes, news asked while a show over waits for room, and nothing asked while the record cannot be read.
import { describe, expect, it, vi } from "vitest";
import { buildInfo, showOverBeforeRelease } from "./build-info.fake";
import { answers, blobs, hookCalls, runAt, withScheduledRun } from "./rebuild-when-due.fake";

vi.mock("@netlify/blobs", () => import("./rebuild-when-due.fake"));
withScheduledRun();

describe("the month's deploys", () => {
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
    const live = buildInfo(showOverBeforeRelease);
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
