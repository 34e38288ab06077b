// The scheduled run over simulated months, with the network, the clock and Netlify Blobs faked
// (./rebuild-when-due.fake.ts): it counts the month's deploys and asks only for what the month affords, news of
// a show first.
import { describe, expect, it, vi } from "vitest";
import { nextChangeOf } from "../../../src/data/next-change";
import { showsDigest } from "../../../src/lib/published-shows.mjs";
import { patient } from "../../../tools/test-pace.mjs";
import { buildInfo } from "./build-info.fake";
import { answers, blobs, galway, hookCalls, runAt, withScheduledRun } from "./rebuild-when-due.fake";

vi.mock("@netlify/blobs", () => import("./rebuild-when-due.fake"));
withScheduledRun();

// Each case runs the function every ten minutes for a month or more (4,300 runs): a few seconds alone, a minute on a
// machine busy with other work. Its guard against a hang is as patient as a month of runs needs.
/**
 * An answer of 200 with `body` (as JSON), as little of a `Response` as the function reads (`ok`, `status`, the
 * text): a run reads four (the live site's record, the project's heartbeat, the shows and the empty page after
 * them), a month some 17,000, and real ones (streams, headers) took half the file's time.
 */
const answered = (body: unknown) => {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return {
    ok: true,
    status: 200,
    statusText: "OK",
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
};

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
    return buildInfo({
      builtAt: new Date(at).toISOString(),
      nextChangeAt: next?.at ?? null,
      nextChangeReason: next?.reason ?? null,
      nextChangeInBrowser: next?.inBrowser ?? null,
      showsDigest: showsDigest(rows),
    });
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
    answers.site = () => answered(live);
    answers.shows = () => answered(rows);
    answers.nextPage = () => answered([]);
    answers.project = () => answered(JSON.stringify("2025-04-23T22:05:00+00:00"));
    answers.hook = () => {
      pending.push({ at: Date.now() + 3 * MINUTE, asked: true });
      return answered("");
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
});
