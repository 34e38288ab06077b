// @ts-check
/**
 * What the bench measures, as figures: the shapes of each measurement's results (a page's weight, its
 * islands, Lighthouse's runs, the timed sign-ins, the contact list, the fade-in, the backend's throughput)
 * and the pure summaries that turn raw timings and runs into them (medians, percentiles). No browser, no
 * file system: values in, values out.
 */

/**
 * One `client:visible` island, checked (tools/bench/measure-page.mjs): was its component fetched at load,
 * and once scrolled into view?
 * @typedef {object} IslandCheck
 * @property {string} name
 * @property {string} componentUrl
 * @property {boolean} requestedAtLoad
 * @property {boolean} requestedAfterScroll
 * @property {boolean} [inFirstViewport] in the phone's first screen, so checked in a shorter viewport
 * @property {boolean} [unplaced] always in the first screen, so laziness could not be shown
 * @property {{ width: number, height: number }} [shortViewport] the viewport it was checked in instead
 */

/**
 * What a page weighs before any interaction, as far as the budgets and tables read it
 * (tools/bench/page-weight.mjs has the byte conventions).
 * @typedef {object} Weight
 * @property {number} htmlCssGzip
 * @property {number} jsGzip
 * @property {string[]} jsFiles
 * @property {number} inlineJsBytes
 * @property {number} imageBytes
 * @property {number} requests
 * @property {string[]} thirdParty
 * @property {IslandCheck[]} [islands]
 */

/**
 * An audit that cost points in a Lighthouse run.
 * @typedef {object} LostAudit
 * @property {string} category
 * @property {string} id
 * @property {string} title
 * @property {number} score
 * @property {string} [displayValue] how bad it was, as Lighthouse words it
 */

/**
 * The figures the bench keeps from one Lighthouse run.
 * @typedef {object} LighthouseRun
 * @property {Record<string, number | null>} scores out of 100, by category
 * @property {number | null} lcpMs
 * @property {number | null} tbtMs
 * @property {number | null} cls
 * @property {LostAudit[]} lost
 * @property {number | null} benchmarkIndex
 * @property {string[]} warnings
 */

/**
 * Medians over a page's runs, and each audit that cost points with the number of runs it did.
 * @typedef {Omit<LighthouseRun, "lost"> & { runs: number, lost: (LostAudit & { runs: number })[] }} LighthouseSummary
 */

/**
 * The parts of a Lighthouse result (its LHR object) the bench reads.
 * @typedef {object} LighthouseReport
 * @property {Record<string, { score: number | null, auditRefs?: { id: string, weight: number }[] }>} [categories]
 * @property {Record<string, { score?: number | null, numericValue?: number, title?: string, displayValue?: string }>} [audits]
 * @property {{ benchmarkIndex?: number }} [environment]
 * @property {string[]} [runWarnings]
 */

/**
 * The main content's fade-in over several fresh loads (tools/bench/measure-fade.mjs): medians of when the
 * first pixels were painted and when the last animation in the main content ended, from the navigation's
 * start, and of the wait between the two, which the budget reads, with the slowest load's.
 * @typedef {object} FadeInSummary
 * @property {number} loads
 * @property {number} firstPaintMs
 * @property {number} fadeEndMs
 * @property {number} afterPaintMs
 * @property {number} slowestAfterPaintMs
 * @property {string[]} animations the animations found, by name
 */

/**
 * A directory of thousands of contacts: how long the list takes to show once its rows have arrived,
 * and how long each keystroke of a search takes to narrow it.
 * @typedef {object} ContactListSummary
 * @property {number} contacts
 * @property {number} renderMs
 * @property {{ count: number, medianMs: number, p95Ms: number, maxMs: number }} keystrokes
 */

/**
 * Timed sign-ins: from pressing Login to the page showing the team's data.
 * @typedef {object} UnlockSummary
 * @property {number} tries
 * @property {number} medianMs
 * @property {number} p95Ms the nearest-rank 95th percentile
 * @property {number} maxMs
 * @property {number} [jsGzipOpen] all the page's JavaScript (gzip) once the first sign-in has opened it
 *   and the network is quiet again
 */

/**
 * The backend under a burst of writes (tools/bench/measure-throughput.mjs): team sessions inserting calendar
 * events at once while other sessions listen, how fast the inserts land and when the last change reached
 * every listener.
 * @typedef {object} ThroughputSummary
 * @property {number} inserts
 * @property {number} writers
 * @property {number} listeners
 * @property {number} insertsPerSecond
 * @property {number} deliveredMs from the first insert sent to the last change heard by every listener
 */

/**
 * A build with 200 published shows read from a local backend (tools/bench/measure-tour-build.mjs), made twice,
 * beside the same build with the seed's shows only: how long each took, /tour's HTML, and how many of the shows /tour
 * lists and have their own calendar file.
 * @typedef {object} TourBuildSummary
 * @property {number} shows
 * @property {number} firstBuildMs the first build with them, whose caches may be cold
 * @property {number} buildMs the next build with them, as warm as the seed's
 * @property {number} seedShows
 * @property {number} seedBuildMs
 * @property {number} seedTourGzip /tour's HTML (gzip, level 9) with the seed's shows
 * @property {number} tourHtmlBytes /tour's HTML with all the shows
 * @property {number} tourHtmlGzip the same, gzipped at level 9
 * @property {number} listed the shows /tour lists
 * @property {number} calendarFiles the shows with their own calendar file
 */

/**
 * One page of the bench: its weight once measured, and what each other measurement found (or why it could not).
 * @typedef {object} BenchPage
 * @property {string} path
 * @property {Weight | null} weight
 * @property {LighthouseSummary | null} lighthouse
 * @property {string[]} [lighthouseErrors]
 * @property {UnlockSummary | null} [unlock] password → unlocked page, on the pages that sign in
 * @property {string} [unlockError] why the sign-ins could not be timed
 * @property {ContactListSummary | null} [contactList] the 5,000-contact list, on the contacts page
 * @property {string} [contactListError] why the list could not be timed
 * @property {FadeInSummary | null} [fadeIn] how long the main content takes to fade in, on the public pages
 * @property {string} [fadeInError] why the fade-in could not be timed
 */

/**
 * What the bench measures once a run, not per page: the backend's throughput and a build with 200 published
 * shows (or why each could not be measured).
 * @typedef {object} BenchRun
 * @property {ThroughputSummary | null} [throughput]
 * @property {string} [throughputError]
 * @property {TourBuildSummary | null} [tourBuild]
 * @property {string} [tourBuildError]
 */

/**
 * The middle value (the mean of the two middle values for an even count); null when there is none.
 * @param {unknown[]} values
 * @returns {number | null}
 */
export function median(values) {
  const numbers = values
    .filter(/** @returns {value is number} */ (value) => typeof value === "number" && Number.isFinite(value))
    .sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const middle = Math.floor(numbers.length / 2);
  return numbers.length % 2 === 1 ? numbers[middle] : (numbers[middle - 1] + numbers[middle]) / 2;
}

/**
 * Median, nearest-rank 95th percentile and slowest of a set of timings; throws when there is none.
 * @param {number[]} timings milliseconds, in any order
 * @returns {{ count: number, medianMs: number, p95Ms: number, maxMs: number }}
 */
export function summarizeTimings(timings) {
  if (timings.length === 0) throw new Error("nothing was timed");
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    count: sorted.length,
    medianMs: /** @type {number} */ (median(sorted)),
    p95Ms: sorted[Math.ceil(0.95 * sorted.length) - 1],
    maxMs: sorted[sorted.length - 1],
  };
}

/**
 * The timed sign-ins of a page, and its JavaScript once open.
 * @param {number[]} timings milliseconds, in any order
 * @param {number} [jsGzipOpen] the page's JavaScript once open
 * @returns {UnlockSummary}
 */
export function summarizeUnlock(timings, jsGzipOpen) {
  if (timings.length === 0) throw new Error("no sign-in was timed");
  const { count, ...figures } = summarizeTimings(timings);
  return { tries: count, ...figures, ...(jsGzipOpen === undefined ? {} : { jsGzipOpen }) };
}

/**
 * The fade-in of a page over its loads; throws, saying what is wrong, when a load found no animation in
 * the main content or no first paint, since then nothing the visitor waits for was timed.
 * @param {{ firstPaintMs: number | null, fadeEndMs: number | null, animations: string[] }[]} loads
 * @returns {FadeInSummary}
 */
export function summarizeFadeIn(loads) {
  if (loads.length === 0) throw new Error("no load was timed");
  if (loads.some((load) => load.fadeEndMs === null)) throw new Error("no animation found in the main content");
  if (loads.some((load) => load.firstPaintMs === null)) throw new Error("the browser recorded no first paint");
  const figures = /** @type {{ firstPaintMs: number, fadeEndMs: number }[]} */ (loads);
  const afterPaint = figures.map((load) => load.fadeEndMs - load.firstPaintMs);
  return {
    loads: loads.length,
    firstPaintMs: /** @type {number} */ (median(figures.map((load) => load.firstPaintMs))),
    fadeEndMs: /** @type {number} */ (median(figures.map((load) => load.fadeEndMs))),
    afterPaintMs: /** @type {number} */ (median(afterPaint)),
    slowestAfterPaintMs: Math.max(...afterPaint),
    animations: [...new Set(loads.flatMap((load) => load.animations))],
  };
}

/**
 * The figures the bench keeps from one Lighthouse report (an LHR object).
 * @param {LighthouseReport} lhr
 * @returns {LighthouseRun}
 */
export function lighthouseFigures(lhr) {
  /** @type {LighthouseRun["scores"]} */
  const scores = {};
  /** @type {LostAudit[]} */
  const lost = [];
  for (const [id, category] of Object.entries(lhr.categories ?? {})) {
    scores[id] = typeof category.score === "number" ? Math.round(category.score * 100) : null;
    for (const ref of category.auditRefs ?? []) {
      const audit = lhr.audits?.[ref.id];
      if (!audit || ref.weight <= 0 || typeof audit.score !== "number" || audit.score >= 1) continue;
      lost.push({
        category: id,
        id: ref.id,
        title: audit.title ?? ref.id,
        score: audit.score,
        displayValue: audit.displayValue ?? "",
      });
    }
  }
  /** @param {string} id */
  const numeric = (id) => {
    const value = lhr.audits?.[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };
  return {
    scores,
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    lost,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Medians over runs, each figure on its own, and the audits that cost points in any run.
 * @param {LighthouseRun[]} runs
 * @returns {LighthouseSummary}
 */
export function summarizeLighthouse(runs) {
  const categories = [...new Set(runs.flatMap((run) => Object.keys(run.scores)))];
  const scores = Object.fromEntries(
    categories.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
  );
  /** @type {Map<string, LighthouseSummary["lost"][number]>} */
  const lost = new Map();
  for (const run of runs) {
    for (const audit of run.lost) {
      const key = `${audit.category}/${audit.id}`;
      const seen = lost.get(key);
      // Keep the worst run's figures: they show how bad it got, and the count says how often.
      const worst = !seen || audit.score < seen.score ? { ...audit, runs: seen?.runs ?? 0 } : seen;
      worst.runs += 1;
      lost.set(key, worst);
    }
  }
  return {
    runs: runs.length,
    scores,
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    lost: [...lost.values()].sort((a, b) => b.runs - a.runs || a.id.localeCompare(b.id)),
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
    warnings: [...new Set(runs.flatMap((run) => run.warnings))],
  };
}
