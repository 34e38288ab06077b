/**
 * Whether the live site needs a new build, decided from its record (/build-info.json, written by the build:
 * src/pages/build-info.json.ts), the run's clock and the schedule's period. Pure: the function passes what it
 * read and the time.
 *
 * A build is asked for only once the record's next change has passed, and at most once for each instant,
 * with nothing stored between runs (a function has no disk, and Netlify Blobs would need a service of its
 * own). The schedule does the remembering: runs come on the clock's ticks (every 10 minutes: :00, :10, …),
 * and each instant belongs to one tick, the first at or after it. Only the run of that tick asks. When that
 * build fails, the live record keeps the same instant, and every later run sees an instant whose tick is
 * past: it says the record did not move, and asks nothing, so a failing build never becomes a build every
 * ten minutes. A run is placed on its tick by rounding, so one Netlify starts a few minutes late still
 * counts as its own tick's. An instant that waited for room in the month's deploys (./deploys-due.ts; `held`)
 * is due again in any later run while the live record keeps it.
 */

/**
 * The live site's record, as the build publishes it; `showsDigest` is the published shows it rendered (a
 * build from before that field has none: null).
 */
export type LiveRecord = {
  builtAt: string;
  nextChangeAt: string | null;
  nextChangeReason: string | null;
  showsDigest?: string | null;
};

export type Decision = { build: true; title: string; line: string } | { build: false; problem: boolean; line: string };

/** The record in `text`, or why it is not one. */
export function readRecord(text: string): LiveRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "it is not JSON";
  }
  const record = value as Partial<LiveRecord> | null;
  const instantOrNull = (field: unknown) =>
    field === null || (typeof field === "string" && !Number.isNaN(Date.parse(field)));
  if (
    typeof record !== "object" ||
    record === null ||
    typeof record.builtAt !== "string" ||
    !instantOrNull(record.nextChangeAt) ||
    !(record.nextChangeReason === null || typeof record.nextChangeReason === "string")
  ) {
    return "it lacks builtAt, nextChangeAt or nextChangeReason";
  }
  return { ...record, showsDigest: typeof record.showsDigest === "string" ? record.showsDigest : null } as LiveRecord;
}

/** The tick an instant belongs to: the first at or after it. */
const tickAtOrAfter = (instant: number, periodMs: number) => Math.ceil(instant / periodMs) * periodMs;

/** The tick a run belongs to: the nearest, as a run may start a little late (or early). */
const tickOfRun = (now: number, periodMs: number) => Math.round(now / periodMs) * periodMs;

/**
 * What the run at `now` does about the live `record`, with its log line.
 * @param periodMs the schedule's period; the ticks are its multiples since 1970 (UTC)
 * @param held the instant that waited for room in the month's deploys, if any
 */
export function whenDue(record: LiveRecord, now: Date, periodMs: number, held: string | null = null): Decision {
  const built = `built ${record.builtAt}`;
  if (record.nextChangeAt === null) {
    return {
      build: false,
      problem: false,
      line: `No rebuild: nothing on the live pages changes with time (${built}).`,
    };
  }
  const at = Date.parse(record.nextChangeAt);
  const reason = record.nextChangeReason ?? "a page goes out of date";
  const due = tickAtOrAfter(at, periodMs);
  const run = tickOfRun(now.getTime(), periodMs);
  if (due > run) {
    return {
      build: false,
      problem: false,
      line: `No rebuild: the live pages are current until ${record.nextChangeAt}, when ${reason} (${built}).`,
    };
  }
  if (due === run || held === record.nextChangeAt) {
    return {
      build: true,
      title: `Rebuild: ${reason}`,
      line: `Rebuild requested: ${reason} at ${record.nextChangeAt}; Netlify is building and deploying the site.`,
    };
  }
  return {
    build: false,
    problem: true,
    line:
      `No rebuild: the live record did not move since ${record.nextChangeAt} (${reason}); a rebuild was due then ` +
      "and is asked for only once: look for its failed deploy and its log under Deploys. A push, or Deploys → " +
      "Trigger deploy, builds again.",
  };
}
