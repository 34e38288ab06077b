/**
 * Whether the live site needs a new build, decided from its record (/build-info.json, written by the build:
 * src/pages/build-info.json.ts), the run's clock and the schedule's period. Pure: the function passes what it
 * read, what it last asked for and the time.
 *
 * A build is asked for once the record's next change has passed, and at most once for each instant: the
 * function keeps the instant it last asked a build for, and when (its month's record in Netlify Blobs,
 * ./deploys-due.ts). So a run that could not ask (the live site or the hook did not answer, the run came late,
 * the month had no room) leaves the instant due, and the next run asks; once asked, the instant is asked again
 * only when the build that came of it was made before the instant (a run started a moment early, a build done
 * in seconds): its pages are still the old ones, and the next run asks once more. When that build fails, the
 * live record keeps the same instant: the runs of the next half hour say the build is on its way, every later
 * one says the record did not move, and none asks, so a failing build never becomes a build every ten minutes.
 * Runs come on the clock's ticks (every 10 minutes: :00, :10, …); one that Netlify starts up to a minute early
 * counts as its tick's, and one that starts late counts as late, never as the next tick's.
 */

/**
 * The live site's record, as the build publishes it (src/pages/build-info.json.ts); `showsDigest` is the
 * published shows it rendered (a build from before that field has none: null).
 */
export type LiveRecord = {
  builtAt: string;
  nextChangeAt: string | null;
  nextChangeReason: string | null;
  /**
   * Whether visitors' browsers make the next change themselves (a show over), so its rebuild may wait when
   * deploys run short; false for a release's day or a new year. A record from before this field: true.
   */
  nextChangeInBrowser?: boolean;
  /**
   * The next change no browser makes by itself (a release's day, a new year), when and why; it may come after
   * one browsers make. A record from before these fields: null.
   */
  nextNewsAt?: string | null;
  nextNewsReason?: string | null;
  /**
   * The instants after nextChangeAt (a few), each with its reason and whether browsers make it. A record from
   * before this field, or with entries that are not such: none.
   */
  laterChanges?: Change[];
  showsDigest?: string | null;
};

/** A change the live pages go through, as the record lists it. */
type Change = { at: string; reason: string; inBrowser: boolean };

/** The entries of a record's `laterChanges` that are changes; none when it is no list. */
function changesIn(value: unknown): Change[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry: Partial<Change> | null): entry is Change =>
      typeof entry === "object" &&
      entry !== null &&
      typeof entry.at === "string" &&
      !Number.isNaN(Date.parse(entry.at)) &&
      typeof entry.reason === "string" &&
      typeof entry.inBrowser === "boolean",
  );
}

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
    !(record.nextChangeReason === null || typeof record.nextChangeReason === "string") ||
    !(record.nextNewsAt === undefined || instantOrNull(record.nextNewsAt))
  ) {
    return "it lacks builtAt, nextChangeAt or nextChangeReason";
  }
  return {
    ...record,
    nextChangeInBrowser: record.nextChangeInBrowser !== false,
    nextNewsAt: record.nextNewsAt ?? null,
    nextNewsReason: typeof record.nextNewsReason === "string" ? record.nextNewsReason : null,
    laterChanges: changesIn(record.laterChanges),
    showsDigest: typeof record.showsDigest === "string" ? record.showsDigest : null,
  } as LiveRecord;
}

/** How early a run may start and still count as its tick's (see above). */
const EARLY_MS = 60_000;

/**
 * The time a run counts as: its tick when it started at most EARLY_MS before it, else the time it started (a
 * late run is late, never the next tick's).
 */
function runTime(now: number, periodMs: number): number {
  const tick = Math.ceil(now / periodMs) * periodMs;
  return tick - now <= EARLY_MS ? tick : now;
}

/** The instant the function last asked a build for (a live record's nextChangeAt), and when it asked (ISO). */
export type AskedInstant = { instant: string; at: string };

/** How long an asked build may take before the log calls a live record that did not move a problem. */
export const ON_ITS_WAY_MS = 30 * 60_000;

/**
 * What a run kept, read back: `{ [key]: text, at: an ISO time }` and nothing else, or null when `value` is not
 * one (nothing kept yet, a record from before it was kept, or something else).
 */
export function readKeptAt<K extends string>(value: unknown, key: K): ({ [P in K]: string } & { at: string }) | null {
  const kept = value as Record<string, unknown> | null;
  return typeof kept === "object" &&
    kept !== null &&
    typeof kept[key] === "string" &&
    typeof kept.at === "string" &&
    !Number.isNaN(Date.parse(kept.at))
    ? ({ [key]: kept[key], at: kept.at } as { [P in K]: string } & { at: string })
    : null;
}

/** The kept instant, or null when `value` is not one (nothing kept yet, or a record from before it was). */
export const readAskedInstant = (value: unknown): AskedInstant | null => readKeptAt(value, "instant");

/**
 * The record as the run at `now` weighs it: once changes after its next one have passed too (the build asked for
 * the next failed, or waits for room in the month), the latest of them is the change due, asked once for its own
 * instant, as news when one of them is news (a release's day, a new year: the latest such one's reason), else as
 * the latest's; otherwise the record as it is. So a failed build is asked no more, but the next change after it
 * is, once.
 */
export function dueRecord(record: LiveRecord, now: Date, periodMs: number): LiveRecord {
  const tick = runTime(now.getTime(), periodMs);
  const next: Change[] =
    record.nextChangeAt === null
      ? []
      : [
          {
            at: record.nextChangeAt,
            reason: record.nextChangeReason ?? "a page goes out of date",
            inBrowser: record.nextChangeInBrowser !== false,
          },
        ];
  const news: Change[] = record.nextNewsAt
    ? [{ at: record.nextNewsAt, reason: record.nextNewsReason ?? "a page goes out of date", inBrowser: false }]
    : [];
  const passed = [...next, ...(record.laterChanges ?? []), ...news]
    .filter((change) => Date.parse(change.at) <= tick)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const latest = passed.at(-1);
  if (!latest || latest.at === record.nextChangeAt) return record;
  const latestNews = passed.filter((change) => !change.inBrowser).at(-1);
  return {
    ...record,
    nextChangeAt: latest.at,
    nextChangeReason: (latestNews ?? latest).reason,
    nextChangeInBrowser: latestNews === undefined,
  };
}

/**
 * What the run at `now` does about the live `record`, with its log line.
 * @param periodMs the schedule's period; the ticks are its multiples since 1970 (UTC)
 * @param asked the instant the function last asked a build for, if it kept one
 */
export function whenDue(record: LiveRecord, now: Date, periodMs: number, asked: AskedInstant | null = null): Decision {
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
  if (at > runTime(now.getTime(), periodMs)) {
    return {
      build: false,
      problem: false,
      line: `No rebuild: the live pages are current until ${record.nextChangeAt}, when ${reason} (${built}).`,
    };
  }
  if (asked?.instant !== record.nextChangeAt) {
    return {
      build: true,
      title: `Rebuild: ${reason}`,
      line: `Rebuild requested: ${reason} at ${record.nextChangeAt}; Netlify is building and deploying the site.`,
    };
  }
  // The build asked went live (or a later one did), but was made before the instant: its pages are the old ones.
  const builtAt = Date.parse(record.builtAt);
  if (builtAt > Date.parse(asked.at) && builtAt < at && now.getTime() >= at) {
    return {
      build: true,
      title: `Rebuild: ${reason}`,
      line:
        `Rebuild requested again: ${reason} at ${record.nextChangeAt}, and the build asked at ${asked.at} was made ` +
        `before it (${built}); Netlify is building and deploying the site.`,
    };
  }
  const since = now.getTime() - Date.parse(asked.at);
  if (since < ON_ITS_WAY_MS) {
    return {
      build: false,
      problem: false,
      line:
        `No rebuild: the one for ${reason} at ${record.nextChangeAt} was asked at ${asked.at} ` +
        `(${Math.max(0, Math.round(since / 60_000))} minutes ago) and is on its way (${built}).`,
    };
  }
  return {
    build: false,
    problem: true,
    line:
      `No rebuild: the live record did not move since ${record.nextChangeAt} (${reason}); a rebuild was asked ` +
      `at ${asked.at} and is asked for only once: look for its failed deploy and its log under Deploys. A push, ` +
      "or Deploys → Trigger deploy, builds again.",
  };
}
