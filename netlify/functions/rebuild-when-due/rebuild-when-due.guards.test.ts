// The scheduled run's brakes on the month's deploys, with the network, the clock and Netlify Blobs faked
// (./rebuild-when-due.fake.ts): news at the start of a long sitting in /calendar, and a build that goes live
// without the shows it was asked for (a build and the function reading different projects), each cost a build or
// two, not one a run until the month's deploys are spent.
import { describe, expect, it, vi } from "vitest";
import { showsDigest } from "../../../src/lib/published-shows.mjs";
import { buildInfo } from "./build-info.fake";
import {
  answers,
  buildsLiveByTheNextRun,
  cancelled,
  galway,
  hookCalls,
  runAt,
  withScheduledRun,
} from "./rebuild-when-due.fake";

vi.mock("@netlify/blobs", () => import("./rebuild-when-due.fake"));
withScheduledRun();

const minutesFrom = (start: string, minute: number) => new Date(Date.parse(start) + minute * 60_000).toISOString();

describe("a long sitting that starts with news fans must not miss", () => {
  for (const [news, first] of [
    ["a show cancelled", cancelled],
    ["a show moved", { ...galway, starts_at: "2025-04-24T19:00:00+00:00" }],
  ] as const) {
    it(`makes two builds when it starts with ${news}: the news at once, the rest once the shows stay the same`, async () => {
      const shows = buildsLiveByTheNextRun([galway]);
      // The news at 16:02, then twenty shows put on the website one every six minutes, from 16:08 to 18:02.
      const added = Array.from({ length: 20 }, (_, index) => ({ ...galway, id: `show-${index}` }));
      const asked: number[] = [];
      for (let minute = 0; minute <= 150; minute += 10) {
        shows.rows = [minute >= 2 ? first : galway, ...added.filter((_, index) => 8 + index * 6 <= minute)];
        const outcome = await runAt(minutesFrom("2025-04-23T16:00:00Z", minute));
        if (outcome.log[1]!.startsWith("Rebuild requested: the published shows changed")) asked.push(minute);
      }
      // 16:10 asks for the news; 18:10 finds the last show, 18:20 finds it again and asks.
      expect(asked).toEqual([10, 140]);
      expect(hookCalls()).toHaveLength(2);
      expect(shows.live.showsDigest).toBe(showsDigest(shows.rows));
    });
  }
});

describe("a build that goes live without the shows it was asked for", () => {
  it("is asked once more, then the log says what to check, and no build more is asked for those shows", async () => {
    let live = buildInfo({ nextChangeAt: "2025-05-26T22:00:00.000Z" });
    answers.site = () => Response.json(live);
    answers.shows = () => Response.json([cancelled]);
    // Each build goes live within minutes, but renders the shows the live site had (another project's, say).
    answers.hook = () => {
      live = { ...live, builtAt: new Date(Date.now() + 2 * 60_000).toISOString() };
      return new Response("", { status: 200 });
    };
    const lines: string[] = [];
    for (let minute = 0; minute <= 24 * 60; minute += 10) {
      lines.push(...(await runAt(minutesFrom("2025-04-23T08:00:00Z", minute))).log);
    }
    expect(hookCalls()).toHaveLength(2);
    const digest = showsDigest([cancelled]).slice(0, 12);
    expect(lines.at(-1)).toBe(
      `No rebuild for the shows: 2 builds were asked for the database's 1 published show, digest ${digest}, and ` +
        `went live with other shows (the live build has ${live.showsDigest.slice(0, 12)}): the builds read another ` +
        "project than this function, or its shows changed back meanwhile. Check that PUBLIC_SUPABASE_URL and " +
        "PUBLIC_SUPABASE_ANON_KEY are the same for Builds and Functions (Site configuration → Environment " +
        "variables). They are asked again once they change; a push, or Deploys → Trigger deploy, builds now.",
    );
    // The shows change: asked, and asked again once, as the first were.
    answers.shows = () => Response.json([{ ...cancelled, ticket_url: "https://venue.example/galway" }]);
    for (let minute = 0; minute <= 6 * 60; minute += 10) await runAt(minutesFrom("2025-04-24T09:00:00Z", minute));
    expect(hookCalls()).toHaveLength(4);
  });

  it("is asked again for the same shows, however often, once a run found the live site current between", async () => {
    let live = buildInfo({ nextChangeAt: "2025-05-26T22:00:00.000Z" });
    let rows = [galway];
    answers.site = () => Response.json(live);
    answers.shows = () => Response.json(rows);
    // The show is put back on sale before the build reads the shows: it renders them as they were, and goes live.
    answers.hook = () => {
      rows = [galway];
      live = { ...live, builtAt: new Date(Date.now() + 2 * 60_000).toISOString(), showsDigest: showsDigest(rows) };
      return new Response("", { status: 200 });
    };
    // Cancelled by mistake and put back at once, four days running: each cancellation is asked.
    for (let day = 0; day < 4; day++) {
      rows = [cancelled];
      for (const minute of [0, 10, 20]) await runAt(minutesFrom("2025-04-23T08:00:00Z", day * 24 * 60 + minute));
    }
    expect(hookCalls()).toHaveLength(4);
  });
});
