// The scheduled run and the published shows, with the network, the clock and Netlify Blobs faked
// (./rebuild-when-due.fake.ts): it asks the build hook for a build when the database's published shows differ
// from the live build's, once for each state of the shows, and says so in its log. Last, against a real local
// backend: the digest the build's loader records is the one the run finds, until the team changes a show.
import { readFileSync } from "node:fs";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { LoaderContext } from "astro/loaders";
import { describe, expect, it, vi } from "vitest";
import { LOCAL_ANON_KEY } from "../../../server/local-keys.mjs";
import { withTeamBackend, type Backend } from "../../../server/test-helpers";
import { showSchema } from "../../../src/lib/content-schemas";
import { renderedShowsDigest, showsDigest } from "../../../src/lib/published-shows.mjs";
import { publishedShowsLoader } from "../../../src/lib/shows-loader";
import { buildInfo } from "./build-info.fake";
import {
  anonKey,
  answers,
  blobs,
  buildsLiveByTheNextRun,
  calls,
  cancelled,
  galway,
  hookCalls,
  hookUrl,
  projectUrl,
  runAt,
  showsCurrent,
  withScheduledRun,
} from "./rebuild-when-due.fake";

vi.mock("@netlify/blobs", () => import("./rebuild-when-due.fake"));
withScheduledRun();

describe("the published shows", () => {
  const changed = `${hookUrl}?trigger_title=Rebuild%3A+the+published+shows+changed`;
  const cancelledDigest = showsDigest([cancelled]).slice(0, 12);
  const liveDigest = buildInfo().showsDigest.slice(0, 12);

  it("are read with the anon key, as the build reads them", async () => {
    await runAt("2025-04-23T21:50:00Z");
    const read = calls.filter((call) => call.url.startsWith(`${projectUrl}/rest/v1/published_shows?`));
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
    answers.site = () => Response.json(buildInfo({ showsDigest: showsDigest([cancelled]) }));
    expect((await runAt("2025-04-23T21:50:00Z")).log[1]).toBe(
      `Shows current: the live site has the database's 1 published show, digest ${cancelledDigest}.`,
    );
    expect(hookCalls()).toHaveLength(1);
  });

  it("ask once for a build that then failed, say so after half an hour, and ask again once they change", async () => {
    // No page goes out of date meanwhile, which would ask a build of its own.
    answers.site = () => Response.json(buildInfo({ nextChangeAt: "2025-04-26T22:00:00.000Z" }));
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
    answers.site = () => Response.json(buildInfo({ nextChangeAt: "2025-04-26T22:00:00.000Z" }));
    answers.shows = () => Response.json([cancelled]);
    await runAt("2025-04-23T21:00:00Z");
    // The cancel is undone before the build reads the shows: it renders them as they were, and goes live.
    const rebuilt = buildInfo({ builtAt: "2025-04-23T21:01:30.000Z", nextChangeAt: "2025-04-26T22:00:00.000Z" });
    answers.site = () => Response.json(rebuilt);
    answers.shows = () => Response.json([galway]);
    expect((await runAt("2025-04-23T21:10:00Z")).log[1]).toBe(showsCurrent);
    // The next day the show is cancelled for real.
    answers.shows = () => Response.json([cancelled]);
    for (const now of ["2025-04-24T15:00:00Z", "2025-04-24T15:10:00Z", "2025-04-24T15:20:00Z"]) await runAt(now);
    expect(hookCalls()).toHaveLength(2);
  });

  it("entered over a long sitting make two builds: one by the first run that sees them, one once a run finds them as the run before did", async () => {
    const shows = buildsLiveByTheNextRun([galway]);
    // Eight shows put on the website one every six minutes, from 19:02 to 19:44.
    const added = Array.from({ length: 8 }, (_, index) => ({ ...galway, id: `show-${index}` }));
    const asked: number[] = [];
    for (let minute = 0; minute <= 80; minute += 10) {
      shows.rows = [galway, ...added.filter((_, index) => 2 + index * 6 <= minute)];
      const outcome = await runAt(new Date(Date.parse("2025-04-23T19:00:00Z") + minute * 60_000).toISOString());
      if (outcome.log[1]!.startsWith("Rebuild requested: the published shows changed")) asked.push(minute);
      // From 19:20 the shows the run before found are live, but they were changing then and still are: it waits.
      if (minute >= 20 && minute <= 50)
        expect(outcome.log[1]).toMatch(/^No rebuild for the shows yet: they were changing/);
    }
    // 19:10 finds the first two shows after a quiet run and asks; 19:50 finds the last, 20:00 finds it again and asks.
    expect(asked).toEqual([10, 60]);
    expect(hookCalls()).toHaveLength(2);
    expect(shows.live.showsDigest).toBe(showsDigest(shows.rows));
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
    answers.site = () => Response.json(buildInfo({ showsDigest: undefined }));
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

describe("against the local backend (the seed's shows)", () => {
  let backend: Backend;
  let team: SupabaseClient;
  withTeamBackend(
    (started, session) => {
      [backend, team] = [started, session];
    },
    { seed: readFileSync(new URL("../../../supabase/seed.sql", import.meta.url), "utf8") },
  );

  /** What a build of the backend's shows records as their digest: the mark its loader gives the entries. */
  async function builtDigest(): Promise<string> {
    const entries: { digest?: unknown }[] = [];
    const context = {
      store: { clear: () => entries.splice(0), set: (entry: { digest?: unknown }) => entries.push(entry) > 0 },
      logger: { info: () => {} },
      parseData: async ({ data }: { data: unknown }) => showSchema.parse(data),
    } as unknown as LoaderContext;
    await publishedShowsLoader({
      project: () => ({ url: backend.url, key: LOCAL_ANON_KEY }),
      fromSeed: () => false,
    }).load(context);
    return renderedShowsDigest(entries)!;
  }

  it("finds the shows a build recorded current, and asks for one build once the team changes one", async () => {
    vi.stubEnv("PUBLIC_SUPABASE_URL", backend.url);
    vi.stubEnv("PUBLIC_SUPABASE_ANON_KEY", LOCAL_ANON_KEY);
    const digest = await builtDigest();
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    answers.site = () => Response.json(buildInfo({ nextChangeAt: null, showsDigest: digest }));
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
