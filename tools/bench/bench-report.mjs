// @ts-check
/**
 * The pure half of `npm run bench`: the budgets, command-line options,
 * medians of Lighthouse runs, budget verdicts and the printed tables.
 * No browser, no file system: values in, values out. The pages come from
 * src/data/pages.mjs.
 */

import { parseArgs } from "node:util";
import { ALL_PAGES, PUBLIC_PAGES } from "../../src/data/pages.mjs";

/** @typedef {(typeof ALL_PAGES)[number]} PagePath */

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
 * One page of the bench: its weight once measured, and its Lighthouse summary (or why no run finished).
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

/** @typedef {{ page: string, name: string, status: "pass" | "fail" | "skipped", detail: string }} Verdict */

/**
 * @typedef {object} BenchOptions
 * @property {boolean} build run astro build first
 * @property {number} runs Lighthouse runs per page
 * @property {readonly PagePath[]} pages
 * @property {string} dist the build folder, inside the project
 * @property {string} json where the results are written
 * @property {boolean} fail exit 1 when a budget is missed
 * @property {boolean} lighthouse
 * @property {boolean} backend run the timings that start a backend at the build's address (sign-ins, contacts)
 * @property {number | null} cpuSlowdown Lighthouse's CPU slowdown; null keeps its mobile default (4×)
 * @property {boolean} help
 */

export const BUDGETS = {
  /** Pages that must work without JavaScript files. */
  zeroJsPages: ["/", "/bio", "/tour"],
  /** Pages whose HTML+CSS must arrive in the first round trip (see htmlCssMax). */
  firstRoundTripPages: ["/", "/bio", "/tour", "/listen"],
  /** Pages allowed one small script of their own, and its gzip ceiling: the sign-up form's on /listen. */
  smallScriptPages: { "/listen": 2 * 1024 },
  /**
   * Pages with a ceiling on their JavaScript (gzip) before any interaction, about 3 KB over what they
   * load: every team page. Behind the sign-in, the password screen loads without the page's tool and
   * supabase-js, which come once someone starts on the password; the toast renderer comes with the first
   * toast; the client router that keeps the session between team pages comes after the sign-in. Measured
   * at 80.5 KB (roadmap), 76.9 (contacts, fans) and 77.9 (calendar): React is 70 of them.
   */
  jsAtLoadMax: { "/roadmap": 84 * 1024, "/contacts": 79 * 1024, "/calendar": 80 * 1024, "/fans": 79 * 1024 },
  /**
   * Pages behind the team's sign-in, and a ceiling on all the JavaScript (gzip) they hold once the first
   * sign-in has opened them and the network is quiet again, about 2–3 KB over what they hold: the tool,
   * its Supabase client, the toast renderer (for the first toast) and Astro's client router (4.4 KB,
   * which lets the session open the next team page without a reload), not what waits until it is first
   * needed (the contact history, the vCard writer: 3.1 KB together). The directory's client is Auth and
   * REST alone; all of supabase-js (realtime, storage, functions) there would be 28 KB over. Measured at
   * 129.7 KB and 173.5 KB (123.7 and 167.0 before the router).
   */
  jsOpenMax: { "/contacts": 132 * 1024, "/calendar": 176 * 1024 },
  /**
   * Pages behind the team's sign-in, and the 95th percentile (milliseconds) from pressing Login to the
   * team's data on screen (the calendar's first event card, the directory's first contact card), over 20
   * sign-ins against the local backend.
   */
  unlockP95Max: { "/calendar": 300, "/contacts": 300 },
  /**
   * The contacts page with 5,000 contacts: the list on screen within `renderMs` of the last rows arriving,
   * and each keystroke of a search reflected in the list within `keystrokeP95Ms` (95th percentile, and
   * the median within the same), over 47 keystrokes.
   */
  contactList: { "/contacts": { renderMs: 1000, keystrokeP95Ms: 100 } },
  /**
   * Pages whose main content fades and slides in (the spec: "about 1 second"), and how long after the first
   * paint the last of it may end (the median of several fresh loads): the second the animation lasts, and
   * half a second for the frames a phone busy with the rest of the page can make it wait to start. A fade
   * made longer or delayed, or held back until a script has run, misses it.
   */
  fadeIn: { pages: PUBLIC_PAGES, afterPaintMaxMs: 1500 },
  /** Pages whose `client:visible` islands must wait until they are seen. */
  islandPages: ["/epk", "/merch"],
  /** Pages that must score 100 in every Lighthouse category. */
  lighthousePages: PUBLIC_PAGES,
  /** "Under 1 KB" of raw inline script. */
  inlineJsUnder: 1024,
  /** HTML+CSS in the first round trip: TCP's initial window of 10 segments is about 14 KB. */
  htmlCssMax: 14 * 1024,
};

export const CATEGORY_LABELS = {
  performance: "Performance",
  accessibility: "Accessibility",
  "best-practices": "Best practices",
  seo: "SEO",
};

/** @type {BenchOptions} */
const DEFAULT_OPTIONS = {
  build: true,
  runs: 3,
  pages: ALL_PAGES,
  dist: "dist",
  json: "bench-results/latest.json",
  fail: true,
  lighthouse: true,
  backend: true,
  cpuSlowdown: null,
  help: false,
};

/** Lighthouse's 4× CPU slowdown assumes a host of about this benchmark index (a mid-range desktop or better). */
const REFERENCE_BENCHMARK_INDEX = 1000;

export const USAGE = `Usage: npm run bench -- [options]

  --no-build        measure the existing build instead of running astro build first
  --dist DIR        the build folder to build into and serve (default dist)
  --runs N          Lighthouse runs per page; the median is reported (default 3)
  --pages /,/bio    measure only these pages (default: ${ALL_PAGES.join(",")})
  --json FILE       also write the results as JSON (default bench-results/latest.json)
  --no-lighthouse   bytes and islands only (Lighthouse budgets are then reported as skipped)
  --no-backend      skip the timings that start a backend where the build calls it (the sign-ins and the
                    5,000-contact list): they need its port, which npm start holds
  --cpu-slowdown N  Lighthouse's CPU slowdown multiplier (default: its mobile preset, 4); for a slow host
  --no-fail         report failed budgets but exit 0
  --help            this text`;

/** The bench's options as util.parseArgs reads them; USAGE describes each. */
const ARG_OPTIONS = /** @type {const} */ ({
  "no-build": { type: "boolean" },
  dist: { type: "string" },
  runs: { type: "string" },
  pages: { type: "string" },
  json: { type: "string" },
  "no-lighthouse": { type: "boolean" },
  "no-backend": { type: "boolean" },
  "cpu-slowdown": { type: "string" },
  "no-fail": { type: "boolean" },
  help: { type: "boolean", short: "h" },
});

/**
 * util.parseArgs' complaint, in the bench's words.
 * @param {unknown} error
 */
function argumentError(error) {
  const { code, message } = /** @type {{ code?: string, message: string }} */ (error);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    return new Error(`Unknown option ${quoted}\n\n${USAGE}`);
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const flag = quoted.split(" ")[0];
    return new Error(/does not take an argument/.test(message) ? `${flag} takes no value` : `${flag} needs a value`);
  }
  return /** @type {Error} */ (error);
}

/**
 * Parses the bench's arguments (`--runs 5` or `--runs=5`); throws an Error whose message is fit to show.
 * @param {string[]} argv
 * @returns {BenchOptions}
 */
export function parseBenchArgs(argv) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: ARG_OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw argumentError(error);
  }
  /** @type {BenchOptions} */
  const options = { ...DEFAULT_OPTIONS };
  if (values["no-build"]) options.build = false;
  if (values["no-fail"]) options.fail = false;
  if (values["no-lighthouse"]) options.lighthouse = false;
  if (values["no-backend"]) options.backend = false;
  if (values.help) options.help = true;
  if (values.json !== undefined) options.json = values.json;
  if (values.dist !== undefined) {
    const dist = values.dist.trim();
    if (dist === "" || dist === "/" || dist.split(/[\\/]/).includes("..")) {
      throw new Error(`--dist must be a folder inside the project, not "${dist}"`);
    }
    options.dist = dist;
  }
  if (values.runs !== undefined) {
    const text = values.runs;
    const runs = Number(text);
    if (!/^\d+$/.test(text) || runs < 1 || runs > 20) {
      throw new Error(`--runs must be a whole number from 1 to 20, not "${text}"`);
    }
    options.runs = runs;
  }
  if (values["cpu-slowdown"] !== undefined) {
    const text = values["cpu-slowdown"];
    const slowdown = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || slowdown < 1 || slowdown > 20) {
      throw new Error(`--cpu-slowdown must be a number from 1 to 20, not "${text}"`);
    }
    options.cpuSlowdown = slowdown;
  }
  if (values.pages !== undefined) {
    const pages = values.pages
      .split(",")
      .map((page) => page.trim())
      .filter(Boolean)
      .map((page) => (page.length > 1 ? page.replace(/\/+$/, "") : page));
    const unknown = pages.filter((page) => !isPage(page));
    if (pages.length === 0) throw new Error("--pages needs at least one page");
    if (unknown.length > 0) throw new Error(`Unknown page ${unknown.join(", ")}; pages: ${ALL_PAGES.join(", ")}`);
    options.pages = ALL_PAGES.filter((page) => pages.includes(page));
  }
  return options;
}

/**
 * @param {string} page
 * @returns {page is PagePath}
 */
function isPage(page) {
  return /** @type {readonly string[]} */ (ALL_PAGES).includes(page);
}

/**
 * Where the full Lighthouse reports go: bench-results/latest.json → bench-results/latest-lighthouse.
 * @param {string} json
 */
export function lighthouseReportDir(json) {
  return `${json.replace(/\.json$/i, "")}-lighthouse`;
}

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

/** @param {number | null | undefined} bytes */
export function formatBytes(bytes) {
  if (typeof bytes !== "number" || !Number.isFinite(bytes)) return "–";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** @param {number | null | undefined} score */
const formatScore = (score) => (typeof score === "number" ? String(Math.round(score * 10) / 10) : "–");
/** @param {number | null} ms */
const formatMs = (ms) => {
  if (typeof ms !== "number") return "–";
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
};
/** @param {number | null} cls */
const formatCls = (cls) => (typeof cls === "number" ? cls.toFixed(3) : "–");

/**
 * Lines up rows under headers. `align` holds "l" or "r" per column (numbers
 * read best right-aligned). Cells are strings; widths count characters.
 * @param {string[]} headers
 * @param {(string | null | undefined)[][]} rows
 * @param {("l" | "r")[]} [align]
 */
export function formatTable(headers, rows, align = []) {
  const widths = headers.map((header, column) =>
    Math.max([...header].length, ...rows.map((row) => [...String(row[column] ?? "")].length)),
  );
  /** @type {(cell: string | null | undefined, column: number) => string} */
  const pad = (cell, column) => {
    const text = String(cell ?? "");
    const gap = " ".repeat(widths[column] - [...text].length);
    return align[column] === "r" ? gap + text : text + gap;
  };
  /** @param {(string | null | undefined)[]} cells */
  const line = (cells) => cells.map(pad).join("  ").replace(/\s+$/, "");
  return [line(headers), widths.map((width) => "─".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * One verdict per budget and page measured; pages left out with --pages get none.
 * @param {BenchPage[]} pages
 * @param {typeof BUDGETS} [budgets]
 * @returns {Verdict[]}
 */
export function evaluateBudgets(pages, budgets = BUDGETS) {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  /** @type {Verdict[]} */
  const verdicts = [];
  /** @type {(page: string, name: string, status: Verdict["status"], detail: string) => void} */
  const add = (page, name, status, detail) => {
    verdicts.push({ page, name, status, detail });
  };

  for (const path of budgets.zeroJsPages) {
    const page = byPath.get(path);
    if (!page?.weight) continue;
    const { jsFiles, jsGzip, inlineJsBytes } = page.weight;
    add(
      path,
      "no external JS",
      jsFiles.length === 0 ? "pass" : "fail",
      jsFiles.length === 0
        ? "no script files"
        : `${jsFiles.length} script file(s), ${formatBytes(jsGzip)} gzip: ${jsFiles.join(", ")}`,
    );
    add(
      path,
      `inline JS under ${formatBytes(budgets.inlineJsUnder)}`,
      inlineJsBytes < budgets.inlineJsUnder ? "pass" : "fail",
      `${formatBytes(inlineJsBytes)}`,
    );
  }

  for (const path of budgets.firstRoundTripPages ?? []) {
    const page = byPath.get(path);
    if (!page?.weight) continue;
    const { htmlCssGzip } = page.weight;
    add(
      path,
      `HTML+CSS within ${formatBytes(budgets.htmlCssMax)} gzip`,
      htmlCssGzip <= budgets.htmlCssMax ? "pass" : "fail",
      `${formatBytes(htmlCssGzip)}`,
    );
  }

  // Two ceilings on the JavaScript a page loads before any interaction, worded for what each holds.
  /** @type {[Record<string, number> | undefined, string][]} */
  const jsCeilings = [
    [budgets.smallScriptPages, "its own script"],
    [budgets.jsAtLoadMax, "JS before interaction"],
  ];
  for (const [ceilings, what] of jsCeilings) {
    for (const [path, max] of Object.entries(ceilings ?? {})) {
      const page = byPath.get(path);
      if (!page?.weight) continue;
      const { jsFiles, jsGzip } = page.weight;
      add(
        path,
        `${what} within ${formatBytes(max)} gzip`,
        jsGzip <= max ? "pass" : "fail",
        `${jsFiles.length} script file(s), ${formatBytes(jsGzip)} gzip`,
      );
    }
  }

  for (const [path, max] of Object.entries(budgets.jsOpenMax ?? {})) {
    const page = byPath.get(path);
    if (!page) continue;
    const name = `JS once signed in within ${formatBytes(max)} gzip`;
    const open = page.unlock?.jsGzipOpen;
    if (open !== undefined) add(path, name, open <= max ? "pass" : "fail", `${formatBytes(open)} gzip`);
    else if (page.unlockError) add(path, name, "fail", `not measured: ${page.unlockError}`);
    else add(path, name, "skipped", "sign-ins not timed");
  }

  for (const [path, max] of Object.entries(budgets.unlockP95Max ?? {})) {
    const page = byPath.get(path);
    if (!page) continue;
    const name = `Login to the team's data within ${max} ms (p95)`;
    if (page.unlock) {
      const { tries, medianMs, p95Ms } = page.unlock;
      const detail = `p95 ${formatMs(p95Ms)}, median ${formatMs(medianMs)} over ${tries} sign-ins`;
      add(path, name, p95Ms <= max ? "pass" : "fail", detail);
    } else if (page.unlockError) add(path, name, "fail", `not timed: ${page.unlockError}`);
    else add(path, name, "skipped", "sign-ins not timed");
  }

  for (const [path, max] of Object.entries(budgets.contactList ?? {})) {
    const page = byPath.get(path);
    if (!page) continue;
    const shown = `5,000 contacts on screen within ${max.renderMs} ms of their arrival`;
    const typed = `each search keystroke within ${max.keystrokeP95Ms} ms (median and p95)`;
    if (page.contactList) {
      const { renderMs, keystrokes } = page.contactList;
      add(path, shown, renderMs <= max.renderMs ? "pass" : "fail", formatMs(renderMs));
      const { count, medianMs, p95Ms, maxMs } = keystrokes;
      const within = medianMs <= max.keystrokeP95Ms && p95Ms <= max.keystrokeP95Ms;
      const detail = `median ${formatMs(medianMs)}, p95 ${formatMs(p95Ms)}, slowest ${formatMs(maxMs)} over ${count} keystrokes`;
      add(path, typed, within ? "pass" : "fail", detail);
    } else {
      const status = page.contactListError ? "fail" : "skipped";
      const detail = page.contactListError ? `not timed: ${page.contactListError}` : "the list was not timed";
      add(path, shown, status, detail);
      add(path, typed, status, detail);
    }
  }

  for (const path of budgets.fadeIn?.pages ?? []) {
    const page = byPath.get(path);
    if (!page) continue;
    const max = budgets.fadeIn.afterPaintMaxMs;
    const name = `main content faded in within ${formatMs(max)} of the first paint (median)`;
    if (page.fadeIn) {
      const { loads, firstPaintMs, fadeEndMs, afterPaintMs, slowestAfterPaintMs } = page.fadeIn;
      const detail =
        `${formatMs(afterPaintMs)} (first paint ${formatMs(firstPaintMs)}, faded in ${formatMs(fadeEndMs)} ` +
        `after navigation), slowest ${formatMs(slowestAfterPaintMs)} over ${loads} loads`;
      add(path, name, afterPaintMs <= max ? "pass" : "fail", detail);
    } else if (page.fadeInError) add(path, name, "fail", `not timed: ${page.fadeInError}`);
    else add(path, name, "skipped", "the fade-in was not timed");
  }

  for (const path of budgets.islandPages) {
    const page = byPath.get(path);
    if (!page?.weight) continue;
    const islands = page.weight.islands ?? [];
    if (islands.length === 0) {
      add(path, "islands load only when visible", "fail", "no client:visible island found on the page");
      continue;
    }
    for (const island of islands) {
      const lazy = !island.requestedAtLoad && island.requestedAfterScroll;
      let detail;
      if (island.unplaced) detail = "always in the first viewport, so laziness could not be shown";
      else if (island.requestedAtLoad) detail = "component fetched at load, before it was visible";
      else if (!island.requestedAfterScroll) detail = "component never fetched after scrolling it into view";
      else detail = "fetched only after scrolling into view";
      if (lazy && island.shortViewport) {
        const { width, height } = island.shortViewport;
        detail += ` (it sits in the first screen, so this was checked in a ${width}×${height} viewport)`;
      }
      add(path, `${island.name} island loads only when visible`, lazy ? "pass" : "fail", detail);
    }
  }

  for (const path of budgets.lighthousePages) {
    const page = byPath.get(path);
    if (!page) continue;
    const summary = page.lighthouse;
    if (!summary) {
      const errors = page.lighthouseErrors ?? [];
      if (errors.length > 0)
        add(path, "Lighthouse 100 in all four categories", "fail", `no run finished: ${errors[0]}`);
      else add(path, "Lighthouse 100 in all four categories", "skipped", "Lighthouse not run");
      continue;
    }
    for (const [category, label] of Object.entries(CATEGORY_LABELS)) {
      const score = summary.scores[category];
      const lost = summary.lost.filter((audit) => audit.category === category);
      const detail =
        score === 100
          ? "100"
          : `${formatScore(score)}${lost.length ? `: ${lost.map((audit) => lostText(audit, summary.runs)).join("; ")}` : ""}`;
      add(path, `Lighthouse ${label} 100`, score === 100 ? "pass" : "fail", detail);
    }
  }
  return verdicts;
}

/**
 * @param {LighthouseSummary["lost"][number]} audit
 * @param {number} runs
 */
function lostText(audit, runs) {
  const value = audit.displayValue ? ` (worst ${audit.displayValue})` : "";
  return `${audit.title}${value}, ${audit.runs}/${runs} runs`;
}

const MARK = { pass: "✔", fail: "✖", skipped: "–" };

/**
 * The whole printed report.
 * @param {{ pages: BenchPage[], verdicts: Verdict[], meta: { device: string, lighthouseVersion: string, runs: number, cpuSlowdown: number } }} report
 */
export function renderReport({ pages, verdicts, meta }) {
  /** @type {string[]} */
  const out = [];
  const weighed = pages.flatMap(({ path, weight }) => (weight ? [{ path, weight }] : []));
  out.push(
    `Page weight before any interaction: Chromium at ${meta.device}, no scrolling, until the network is quiet.`,
    "HTML+CSS and JS are each body gzipped at level 9 by the bench; images are file bytes; inline JS is raw bytes.",
    "",
  );
  out.push(
    formatTable(
      ["page", "HTML+CSS gz", "JS gz", "JS files", "inline JS", "images", "requests", "other hosts"],
      weighed.map(({ path, weight }) => [
        path,
        formatBytes(weight.htmlCssGzip),
        formatBytes(weight.jsGzip),
        String(weight.jsFiles.length),
        formatBytes(weight.inlineJsBytes),
        formatBytes(weight.imageBytes),
        String(weight.requests),
        weight.thirdParty.length ? weight.thirdParty.map((url) => new URL(url).host).join(", ") : "–",
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "l"],
    ),
  );

  const islandRows = weighed.flatMap(({ path, weight }) =>
    (weight.islands ?? []).map((island) => [
      path,
      island.name,
      new URL(island.componentUrl).pathname,
      island.requestedAtLoad ? "fetched" : "not fetched",
      island.requestedAfterScroll ? "fetched" : "not fetched",
    ]),
  );
  if (islandRows.length > 0) {
    out.push("", "client:visible islands: is the component chunk fetched?", "");
    out.push(formatTable(["page", "island", "chunk", "at load", "after scrolling to it"], islandRows));
  }

  const unlocked = pages.flatMap(({ path, unlock }) => (unlock ? [{ path, unlock }] : []));
  if (unlocked.length > 0) {
    out.push("", "Login → the team's data on screen, in the page, phone-sized Chromium, local backend", "");
    out.push(
      formatTable(
        ["page", "sign-ins", "median", "p95", "slowest", "JS gz once open"],
        unlocked.map(({ path, unlock }) => [
          path,
          String(unlock.tries),
          formatMs(unlock.medianMs),
          formatMs(unlock.p95Ms),
          formatMs(unlock.maxMs),
          formatBytes(unlock.jsGzipOpen),
        ]),
        ["l", "r", "r", "r", "r", "r"],
      ),
    );
  }

  const listed = pages.flatMap(({ path, contactList }) => (contactList ? [{ path, contactList }] : []));
  if (listed.length > 0) {
    out.push("", "A directory of 5,000 contacts, desktop-sized Chromium, local backend", "");
    out.push(
      formatTable(
        ["page", "list shown after data", "keystrokes", "median", "p95", "slowest"],
        listed.map(({ path, contactList: { renderMs, keystrokes } }) => [
          path,
          formatMs(renderMs),
          String(keystrokes.count),
          formatMs(keystrokes.medianMs),
          formatMs(keystrokes.p95Ms),
          formatMs(keystrokes.maxMs),
        ]),
        ["l", "r", "r", "r", "r", "r"],
      ),
    );
  }

  const faded = pages.flatMap(({ path, fadeIn }) => (fadeIn ? [{ path, fadeIn }] : []));
  if (faded.length > 0) {
    out.push(
      "",
      "The main content fading in, in the page, phone-sized Chromium, fresh loads (medians; ms from navigation start)",
      "",
    );
    out.push(
      formatTable(
        ["page", "loads", "first paint", "faded in", "after first paint", "slowest after paint", "animations"],
        faded.map(({ path, fadeIn }) => [
          path,
          String(fadeIn.loads),
          formatMs(fadeIn.firstPaintMs),
          formatMs(fadeIn.fadeEndMs),
          formatMs(fadeIn.afterPaintMs),
          formatMs(fadeIn.slowestAfterPaintMs),
          fadeIn.animations.join(", "),
        ]),
        ["l", "r", "r", "r", "r", "r", "l"],
      ),
    );
  }

  const measured = pages.flatMap(({ path, lighthouse }) => (lighthouse ? [{ path, lighthouse }] : []));
  if (measured.length > 0) {
    out.push(
      "",
      `Lighthouse ${meta.lighthouseVersion}, mobile, simulated throttling, median of ${meta.runs} run(s) per figure`,
      "",
    );
    out.push(
      formatTable(
        ["page", "perf", "a11y", "best pr.", "SEO", "LCP", "TBT", "CLS"],
        measured.map(({ path, lighthouse }) => [
          path,
          formatScore(lighthouse.scores.performance),
          formatScore(lighthouse.scores.accessibility),
          formatScore(lighthouse.scores["best-practices"]),
          formatScore(lighthouse.scores.seo),
          formatMs(lighthouse.lcpMs),
          formatMs(lighthouse.tbtMs),
          formatCls(lighthouse.cls),
        ]),
        ["l", "r", "r", "r", "r", "r", "r", "r"],
      ),
    );
    const index = median(measured.map(({ lighthouse }) => lighthouse.benchmarkIndex));
    out.push(
      "",
      `CPU: Lighthouse benchmark index ${index === null ? "–" : Math.round(index)}, CPU slowdown ${meta.cpuSlowdown}×.`,
    );
    if (index !== null && index < REFERENCE_BENCHMARK_INDEX && meta.cpuSlowdown > 1) {
      out.push(
        `This host is slower than the ~${REFERENCE_BENCHMARK_INDEX} that the ${meta.cpuSlowdown}× slowdown assumes, so main-thread`,
        "figures (TBT, Speed Index, the performance score) are overstated; Chrome DevTools rates a Moto G Power",
        `at about 264, so --cpu-slowdown ${Math.max(1, Math.round((index / 264) * 10) / 10)} would approximate the reference phone here.`,
      );
    }
    const warnings = [...new Set(measured.flatMap(({ lighthouse }) => lighthouse.warnings))];
    if (warnings.length > 0) out.push("", ...warnings.map((warning) => `Lighthouse warned: ${warning}`));
  }

  if (verdicts.length > 0) {
    out.push("", "Budgets", "");
    for (const verdict of verdicts) {
      out.push(`${MARK[verdict.status]} ${verdict.page.padEnd(7)} ${verdict.name}: ${verdict.detail}`);
    }
    const failed = verdicts.filter((verdict) => verdict.status === "fail").length;
    const passed = verdicts.filter((verdict) => verdict.status === "pass").length;
    const skipped = verdicts.length - failed - passed;
    out.push(
      "",
      `Budgets met: ${passed} of ${verdicts.length}; missed: ${failed}${skipped ? `; skipped: ${skipped}` : ""}`,
    );
  }
  return out.join("\n");
}
