// @ts-check
/**
 * `npm run bench`'s command line: its options, their defaults and its usage text. A measurement is skipped
 * only when the run names it (--skip, or --no-lighthouse and --no-backend, which name theirs); its budgets
 * are then reported as skipped by request, and any other budget not measured fails the bench.
 */
import { parseArgs } from "node:util";
import { ALL_PAGES } from "../../src/data/pages.mjs";
import { MEASUREMENTS, SKIPPED_BY } from "./budgets.mjs";

/** @typedef {(typeof ALL_PAGES)[number]} PagePath */
/** @typedef {import("./budgets.mjs").MeasurementName} MeasurementName */

/**
 * @typedef {object} BenchOptions
 * @property {boolean} build run astro build first
 * @property {number} runs Lighthouse runs per page
 * @property {readonly PagePath[]} pages
 * @property {string} dist the build folder, inside the project
 * @property {string} json where the results are written
 * @property {boolean} fail exit 1 when a budget is missed
 * @property {MeasurementName[]} skip the measurements this run was asked to skip
 * @property {number | null} cpuSlowdown Lighthouse's CPU slowdown; null keeps its mobile default (4×)
 * @property {boolean} help
 */

/** @type {BenchOptions} */
const DEFAULT_OPTIONS = {
  build: true,
  runs: 3,
  pages: ALL_PAGES,
  dist: "dist",
  json: "bench-results/latest.json",
  fail: true,
  skip: [],
  cpuSlowdown: null,
  help: false,
};

export const USAGE = `Usage: npm run bench -- [options]

  --no-build        measure the existing build instead of running astro build first
  --dist DIR        the build folder to build into and serve (default dist)
  --runs N          Lighthouse runs per page; the median is reported (default 3)
  --pages /,/bio    measure only these pages (default: ${ALL_PAGES.join(",")})
  --json FILE       also write the results as JSON (default bench-results/latest.json)
  --skip a,b        skip these measurements, whose budgets are then reported as skipped by request:
                    ${Object.keys(MEASUREMENTS).join(", ")}
  --no-lighthouse   the same as --skip ${SKIPPED_BY.lighthouse.join(",")}
  --no-backend      the same as --skip ${SKIPPED_BY.backend.join(",")}: they start a backend, the first two
                    where the build calls it, a port npm start holds
  --cpu-slowdown N  Lighthouse's CPU slowdown multiplier (default: its mobile preset, 4); for a slow host
  --no-fail         report failed budgets but exit 0
  --help            this text

A budget whose measurement was not skipped and could not be made fails the bench.`;

/** The bench's options as util.parseArgs reads them; USAGE describes each. */
const ARG_OPTIONS = /** @type {const} */ ({
  "no-build": { type: "boolean" },
  dist: { type: "string" },
  runs: { type: "string" },
  pages: { type: "string" },
  json: { type: "string" },
  skip: { type: "string" },
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
  /** @type {Set<MeasurementName>} */
  const skip = new Set();
  if (values["no-lighthouse"]) SKIPPED_BY.lighthouse.forEach((name) => skip.add(name));
  if (values["no-backend"]) SKIPPED_BY.backend.forEach((name) => skip.add(name));
  if (values.skip !== undefined) {
    const names = values.skip
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !(name in MEASUREMENTS));
    if (names.length === 0) throw new Error("--skip needs at least one measurement");
    if (unknown.length > 0) {
      throw new Error(
        `Unknown measurement ${unknown.join(", ")}; measurements: ${Object.keys(MEASUREMENTS).join(", ")}`,
      );
    }
    names.forEach((name) => skip.add(/** @type {MeasurementName} */ (name)));
  }
  options.skip = [...skip];
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
