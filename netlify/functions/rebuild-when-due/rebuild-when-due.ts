/**
 * The scheduled run that keeps the live site current and its Supabase project awake. Netlify runs it every 10 minutes
 * on the published site. Each run:
 * - reads the live site's record (/build-info.json) and asks the build hook (BUILD_HOOK_URL) for a build when the
 *   record's next change has passed, once for that instant (./when-due.ts; the instant asked is kept in the month's
 *   record), or when the published shows as the database has them now (read with the anon key, as the build reads
 *   them) differ from those the live build rendered, once for each state of the shows: by the first run that sees
 *   them, unless they were already changing at the run before, then once a run finds them as the run before did
 *   (news at once; ./shows-due.ts, with one small record kept in Netlify Blobs); one build when both are due. A
 *   deploy costs credits, a run a tiny fraction of one (README, "What the site costs a month"), so it counts the
 *   month's deploys in a second record and asks only for what the month affords (./deploys-due.ts: MONTHLY_DEPLOYS,
 *   18 by default, in the month from DEPLOYS_MONTH_STARTS, the day Netlify's credits reset, the 1st by default): a
 *   show over or tickets on sale (which browsers show themselves) goes at the month's pace at most and waits before
 *   a change to the shows, and news (a show cancelled, a release's day, a new year) comes before all;
 * - makes one real database request to the Supabase project with the public anon key (the `heartbeat` function,
 *   supabase/migrations), as a free project is paused after 7 days without one.
 * Its log says in one line what it decided about time and why, in one more what it decided about the shows, with
 * their figures, once a day that the month's deploys are spent when they are, and in one more what went wrong with
 * the project, when something did. When the live record or the shows cannot be read it asks for nothing: a build
 * would read the same unreadable shows and stop, and a live site that does not answer is no reason to replace it.
 * Before it asks, it keeps what the build stands for (the deploy counted, the instant or shows asked); when that
 * cannot be kept it asks nothing, as a failing build would otherwise be asked every run, and when the hook does not
 * answer it puts the records back. The hook's address is never logged: whoever holds it can start builds.
 */
import {
  allowanceOf,
  elapsedOf,
  monthStartOf,
  gate,
  knownOf,
  newsOf,
  observe,
  saidSpent,
  spentLine,
  type Due,
  type Month,
} from "./deploys-due";
import { readAsked, short, showsChanging, showsDue, type Asked, type ShowsDecision } from "./shows-due";
import { databaseShows, heartbeat, liveRecord, requestBuild, unreachable, type Database } from "./requests";
import { ASKED_KEY, keepBeforeAsking, keptMonth, MONTH_KEY, putBackAsked, startRun, store, type Line } from "./records";
import { dueRecord, whenDue, type Decision, type LiveRecord } from "./when-due";

/** Every 10 minutes, on the clock's tens (UTC). */
const PERIOD_MINUTES = 10;
export const config = { schedule: `*/${PERIOD_MINUTES} * * * *` };

/** What Netlify passes a function: the site's main address among it. */
type Context = { site?: { url?: string } };

/**
 * What to do about the shows, given the live record and the database's shows; `kept` is set to the record of
 * the last build asked for them, when it was read (to put it back when a build could not be asked after all).
 */
async function showsDecision(
  live: LiveRecord,
  database: Database,
  now: Date,
  kept: { asked?: Asked | null },
  state: { seen: string | null; changing: boolean; news: string | null; reasked: number },
): Promise<ShowsDecision | null> {
  const liveDigest = live.showsDigest ?? null;
  if (database === null) return null;
  if ("problem" in database) {
    return {
      build: false,
      problem: true,
      line: `No rebuild for the shows: ${database.problem}; a build would stop on them too.`,
    };
  }
  let asked = null;
  if (liveDigest !== database.digest) {
    try {
      asked = readAsked(await store().get(ASKED_KEY, { type: "json" }));
      kept.asked = asked;
    } catch (error) {
      return {
        build: false,
        problem: true,
        line:
          `No rebuild for the shows: they changed (digest ${short(database.digest)}), but the record of the ` +
          `last build asked for them could not be read (${unreachable(error)}); nothing is asked without it, ` +
          "as a failed build would otherwise be asked again every run.",
      };
    }
  }
  return showsDue({ database, live: liveDigest, asked, liveBuiltAt: live.builtAt, ...state }, now);
}

/** The run's outcome: its log lines, and whether one of them reports a problem. */
async function runOnce(env: NodeJS.ProcessEnv, siteUrl: string | undefined, now: () => Date) {
  startRun();
  const [live, project, database] = await Promise.all([liveRecord(siteUrl), heartbeat(env), databaseShows(env)]);
  const lines: Line[] = [];
  const { allowance, problem: badAllowance } = allowanceOf(env.MONTHLY_DEPLOYS);
  if (badAllowance) lines.push({ text: badAllowance, problem: true });
  const { day: startDay, problem: badStart } = monthStartOf(env.DEPLOYS_MONTH_STARTS);
  if (badStart) lines.push({ text: badStart, problem: true });
  if ("problem" in live) {
    lines.push({ text: `No rebuild: the live site did not answer: ${live.problem}.`, problem: true });
  } else {
    const kept = await keptMonth();
    if ("problem" in kept) {
      lines.push({
        text:
          `No rebuild: the month's deploys could not be counted, as their record in Netlify Blobs could not be ` +
          `read (${kept.problem}); nothing is asked without it, as the month's credits are a hard limit.`,
        problem: true,
      });
    } else lines.push(...(await decide(env, live.record, database, kept.month, { allowance, startDay }, now())));
  }
  if (project) lines.push({ text: project, problem: true });
  return lines;
}

/**
 * A page out of date waits while the published shows cannot be read: the build reads them too, so it would
 * stop, and the instant, counted as asked, would never be asked again. It stays due, and is asked in the first
 * run that reads them.
 */
function heldForTheShows(time: Decision, database: Database): Decision {
  if (!time.build || database === null || !("problem" in database)) return time;
  const reason = time.title.replace(/^Rebuild: /, "");
  return {
    build: false,
    problem: true,
    line: `No rebuild yet: ${reason}, but a build would stop on the published shows, which could not be read; it is asked once they can be.`,
  };
}

/** What the run decides once it has the live record, the database's shows and the month's record. */
async function decide(
  env: NodeJS.ProcessEnv,
  record: LiveRecord,
  database: Database,
  kept: Month | null,
  { allowance, startDay }: { allowance: number; startDay: number },
  at: Date,
): Promise<Line[]> {
  const lines: Line[] = [];
  let month = observe(kept, record.builtAt, at, startDay);
  /** The month's record as Netlify Blobs now has it, as far as is known (null: not known). */
  let stored: Month | null = kept;
  const rows = database && !("problem" in database) ? database : null;
  if (rows && rows.digest === record.showsDigest) month = { ...month, live: knownOf(rows.rows), reasked: 0 };
  // The change due: the record's next, or its next news once that has passed too.
  const timed = dueRecord(record, at, PERIOD_MINUTES * 60_000);
  const time = heldForTheShows(whenDue(timed, at, PERIOD_MINUTES * 60_000, month.asked), database);
  const keptAsked: { asked?: Asked | null } = {};
  const news = rows ? newsOf(rows.rows, month.live) : null;
  const { seen, changing, reasked } = month;
  const shows = await showsDecision(record, database, at, keptAsked, { seen, changing, news, reasked });
  // The next run tells a sitting still going on from a change after a quiet run by the shows this run read.
  if (rows) {
    const live = record.showsDigest ?? null;
    month = { ...month, seen: rows.digest, changing: showsChanging({ database: rows, live, seen }) };
  }
  const decisions: (Decision | ShowsDecision)[] = shows ? [time, shows] : [time];
  const due: Due[] = [];
  if (time.build) due.push({ kind: "time", news: timed.nextChangeInBrowser === false });
  if (shows?.build && rows) due.push({ kind: "shows", news });
  const said = (decision: Decision | ShowsDecision) => ({
    text: decision.line,
    problem: !decision.build && decision.problem,
  });
  const reasons = decisions.flatMap((decision) => (decision.build ? [decision.title.replace(/^Rebuild: /, "")] : []));
  if (due.length === 0) lines.push(...decisions.map(said));
  else {
    const allowed = gate(due, month.deploys, allowance, elapsedOf(at, startDay));
    if (!allowed.build) {
      for (const decision of decisions) {
        lines.push(
          decision.build
            ? {
                text: `Rebuild waits: ${decision.title.replace(/^Rebuild: /, "")} (${allowed.why}); it goes out with the next build.`,
                problem: false,
              }
            : said(decision),
        );
      }
    } else {
      // What the build stands for is kept before it is asked: a record that cannot be kept would let a failing
      // build be asked again every run, so then nothing is asked (at worst one build is missed, never a loop).
      const askedMonth = {
        ...month,
        deploys: month.deploys + 1,
        unseen: month.unseen + 1,
        ...(time.build ? { asked: { instant: timed.nextChangeAt!, at: at.toISOString() } } : {}),
        // The shows this build renders: news after it is news against them, so a cancellation does not stay news
        // (which skips a sitting's wait) at every run until a build and the database agree.
        ...(rows ? { live: knownOf(rows.rows) } : {}),
        // Asked again for the shows the last build was asked for, which it went live without: counted; others anew.
        ...(shows?.build ? { reasked: keptAsked.asked?.digest === rows?.digest ? month.reasked + 1 : 0 } : {}),
      };
      const askedShows =
        rows && rows.digest !== record.showsDigest ? { digest: rows.digest, at: at.toISOString() } : null;
      const unkept = await keepBeforeAsking(askedMonth, askedShows);
      if (unkept) stored = null;
      else stored = askedMonth;
      // One build for whatever is due, titled with every reason.
      const failure = unkept ?? (await requestBuild(env.BUILD_HOOK_URL, `Rebuild: ${reasons.join("; ")}`));
      if (failure) {
        lines.push({ text: `Rebuild due (${reasons.join("; ")}) but not requested: ${failure}`, problem: true });
        // The month's record is put back below; the shows' record here.
        if (!unkept && askedShows) lines.push(...(await putBackAsked(keptAsked.asked ?? null)));
      } else {
        lines.push(...decisions.map(said));
        month = askedMonth;
      }
    }
  }
  const spent = spentLine(month, allowance, at, startDay);
  if (spent) {
    lines.push({ text: spent, problem: false });
    month = saidSpent(month, at);
  }
  if (JSON.stringify(month) !== JSON.stringify(stored)) {
    try {
      await store().setJSON(MONTH_KEY, month);
    } catch (error) {
      lines.push({
        text:
          `The month's count of deploys (${month.deploys}) could not be kept in Netlify Blobs ` +
          `(${unreachable(error)}): the next run counts from the last one kept.`,
        problem: true,
      });
    }
  }
  return lines;
}

export default async function rebuildWhenDue(_request?: Request, context?: Context): Promise<Response> {
  const lines = await runOnce(process.env, context?.site?.url || process.env.URL, () => new Date());
  for (const { text, problem } of lines) (problem ? console.error : console.log)(text);
  const failed = lines.some((line) => line.problem);
  return new Response(lines.map((line) => line.text).join("\n"), {
    status: failed ? 500 : 200,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
