#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: builds the site, serves it with the deployed headers and
 * measures every page as a first-time visitor on a phone: bytes before any
 * interaction, whether islands wait until they are seen, and Lighthouse's
 * mobile scores (median of several runs), how long the main content takes
 * to fade in on the public pages, how long the calendar and the
 * contacts take from Login to the team's data, and how the contacts page keeps
 * up with 5,000 contacts (after its sign-in) and a search typed into them, the backend's throughput under
 * a burst of team writes, and a build with 200 published shows. Measures what the budgets ask for
 * (tools/bench/budgets.mjs) and judges it; exits 1
 * when one is missed or could not be measured, unless the run asked to skip its measurement (--skip,
 * --no-lighthouse, --no-backend) or --no-fail. `--help` lists the options.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import {
  summarizeFadeIn,
  summarizeLighthouse,
  summarizeTimings,
  summarizeUnlock,
} from "../tools/bench/bench-figures.mjs";
import { lighthouseReportDir, parseBenchArgs, USAGE } from "../tools/bench/bench-options.mjs";
import { renderReport } from "../tools/bench/bench-report.mjs";
import { BUDGETS, evaluateBudgets, pagesToMeasure } from "../tools/bench/budgets.mjs";
import { measureThroughput } from "../tools/bench/measure-throughput.mjs";
import { measureTourBuild, TOUR_BUILD } from "../tools/bench/measure-tour-build.mjs";
import { astroBuild, buildAside } from "../tools/build-aside.mjs";
import { CHROMIUM_ARGS, ensureChromium } from "../tools/chromium.mjs";
import { FADE_LOADS, measureFadeIn } from "../tools/bench/measure-fade.mjs";
import { measurePage, MOBILE } from "../tools/bench/measure-page.mjs";
import { directoryRows, measureContactList, seedContacts } from "../tools/bench/measure-contacts.mjs";
import {
  measureUnlock,
  SIGN_IN_PAGES,
  signInOnPage,
  startSeededBackend,
  UNLOCK_TRIES,
} from "../tools/bench/measure-unlock.mjs";
import { chromiumVersion, gitCommit, round, slug } from "../tools/bench/run-info.mjs";
import { createStaticServer, listen } from "../tools/static-server.mjs";
import { localSupabaseUrl } from "../server/local-keys.mjs";
import { builtTeamEmail } from "../server/team-account.mjs";
import { readBuild, unservableBuild } from "../src/integrations/build-record.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
/** @param {string} message */
const log = (message) => process.stderr.write(`${message}\n`);

/** @typedef {import("../tools/bench/bench-figures.mjs").BenchPage} BenchPage */
/** @typedef {import("../tools/bench/bench-figures.mjs").BenchRun} BenchRun */
/** @typedef {import("../tools/bench/bench-figures.mjs").LighthouseRun} LighthouseRun */
/** @typedef {import("../tools/bench/budgets.mjs").MeasurementName} MeasurementName */

let options;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  log(/** @type {Error} */ (error).message);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const distDir = resolve(root, options.dist);
const started = Date.now();
const loadBefore = loadavg();

if (options.build) {
  log(`▶ astro build into ${options.dist}/ (built aside, swapped in when finished)`);
  const result = await buildAside(distDir, (folder) => astroBuild({ root, folder }));
  if (!result.ok) {
    log("✖ the build failed, so there is nothing to measure");
    process.exit(result.status);
  }
}
const unservable = unservableBuild(readBuild(distDir), `${options.dist}/`);
if (unservable) {
  log(`${unservable} Run the bench without --no-build to build it first.`);
  process.exit(2);
}

const chromiumPath = ensureChromium();
// The build calls the backend at the address it was built with; the sign-in timing starts one there.
const backendUrl = process.env.PUBLIC_SUPABASE_URL ?? localSupabaseUrl();
const server = createStaticServer({ root: distDir, backendUrl: new URL(backendUrl).origin });
const port = await listen(server, 0);
const origin = `http://127.0.0.1:${port}`;
/** @type {import("playwright-core").Browser | undefined} */
let browser;
const stop = async () => {
  await browser?.close().catch(() => {});
  server.closeAllConnections();
  server.close();
};
process.once("SIGINT", async () => {
  await stop();
  process.exit(130);
});

/** @type {(BenchPage & { lighthouseErrors: string[] })[]} */
const pages = options.pages.map((path) => ({ path, weight: null, lighthouse: null, lighthouseErrors: [] }));
/** @type {BenchRun} */
const run = {};
/**
 * The pages `measure` is made on: those the budgets ask it for, unless the run asked to skip it.
 * @param {MeasurementName} measure
 */
const toMeasure = (measure) => {
  if (options.skip.includes(measure)) return [];
  const paths = pagesToMeasure(measure, options.pages);
  return pages.filter(({ path }) => paths.includes(path));
};
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  for (const page of pages) {
    log(`▶ weighing ${page.path}`);
    const weight = await measurePage(browser, `${origin}${page.path}`);
    if (weight.status !== 200) throw new Error(`${page.path} answered ${weight.status}, not 200`);
    page.weight = weight;
  }
  for (const page of toMeasure("fade-in")) {
    log(`▶ timing the fade-in of ${page.path} (${FADE_LOADS} fresh loads)`);
    try {
      page.fadeIn = summarizeFadeIn(await measureFadeIn(browser, `${origin}${page.path}`));
    } catch (error) {
      page.fadeInError = /** @type {Error} */ (error).message;
      log(`  ✖ ${page.fadeInError}`);
    }
  }
  for (const page of toMeasure("sign-ins")) {
    log(`▶ timing ${UNLOCK_TRIES} sign-ins on ${page.path}`);
    try {
      const teamEmail = builtTeamEmail();
      const signInPage = SIGN_IN_PAGES[page.path];
      if (!signInPage) throw new Error(`no sign-in timing is set up for ${page.path} (SIGN_IN_PAGES)`);
      const closeBackend = await startSeededBackend(backendUrl, origin, teamEmail, signInPage.seed(teamEmail));
      try {
        const { timings, jsGzipOpen } = await measureUnlock(browser, `${origin}${page.path}`, UNLOCK_TRIES, signInPage);
        page.unlock = summarizeUnlock(timings, jsGzipOpen);
      } finally {
        await closeBackend();
      }
    } catch (error) {
      page.unlockError = /** @type {Error} */ (error).message;
      log(`  ✖ ${page.unlockError}`);
    }
  }
  for (const page of toMeasure("contact-list")) {
    log(`▶ timing 5,000 contacts and a search on ${page.path}`);
    try {
      const word = "Benchmark";
      const rows = directoryRows(word);
      const closeBackend = await startSeededBackend(backendUrl, origin, builtTeamEmail(), (url) =>
        seedContacts(url, rows),
      );
      try {
        // The directory is the team's: the list comes after the sign-in.
        const { renderMs, keystrokeMs } = await measureContactList(
          browser,
          `${origin}${page.path}`,
          word,
          signInOnPage,
        );
        page.contactList = { contacts: rows.length, renderMs, keystrokes: summarizeTimings(keystrokeMs) };
      } finally {
        await closeBackend();
      }
    } catch (error) {
      page.contactListError = /** @type {Error} */ (error).message;
      log(`  ✖ ${page.contactListError}`);
    }
  }
  await browser.close();
  browser = undefined;

  if (!options.skip.includes("throughput")) {
    log("▶ timing the backend under a burst of team writes, streamed to listening sessions");
    try {
      run.throughput = await measureThroughput();
    } catch (error) {
      run.throughputError = /** @type {Error} */ (error).message;
      log(`  ✖ ${run.throughputError}`);
    }
  }

  if (!options.skip.includes("tour-build")) {
    log(`▶ building the site with ${TOUR_BUILD.shows} published shows read from a local backend`);
    try {
      run.tourBuild = await measureTourBuild({ root, folder: `${options.dist}-tour-build` });
    } catch (error) {
      run.tourBuildError = /** @type {Error} */ (error).message;
      log(`  ✖ ${run.tourBuildError}`);
    }
  }

  const audited = toMeasure("lighthouse");
  if (audited.length > 0) {
    const { runLighthouse } = await import("../tools/bench/lighthouse-run.mjs");
    /** @type {Map<string, LighthouseRun[]>} */
    const runs = new Map(audited.map((page) => [page.path, []]));
    // Full reports beside the JSON results, to see why a score is not 100 (open them in the Lighthouse viewer).
    const reportDir = options.json ? resolve(root, lighthouseReportDir(options.json)) : null;
    if (reportDir) {
      // Only this run's reports: an older run's could be mistaken for this one's.
      rmSync(reportDir, { recursive: true, force: true });
      mkdirSync(reportDir, { recursive: true });
    }
    // Round-robin over the pages, so a burst of load on the machine spreads over all of them.
    for (let run = 1; run <= options.runs; run += 1) {
      for (const page of audited) {
        log(`▶ Lighthouse ${page.path} (run ${run} of ${options.runs})`);
        try {
          const { figures, report } = await runLighthouse(`${origin}${page.path}`, {
            chromiumPath,
            cpuSlowdown: options.cpuSlowdown,
          });
          runs.get(page.path)?.push(figures);
          if (reportDir) writeFileSync(resolve(reportDir, `${slug(page.path)}-${run}.json`), report);
        } catch (error) {
          const { message } = /** @type {Error} */ (error);
          page.lighthouseErrors.push(message);
          log(`  ✖ ${message}`);
        }
      }
    }
    for (const page of audited) {
      const pageRuns = runs.get(page.path) ?? [];
      if (pageRuns.length > 0) page.lighthouse = summarizeLighthouse(pageRuns);
    }
  }
} catch (error) {
  log(`✖ ${/** @type {Error} */ (error).stack ?? error}`);
  await stop();
  process.exit(1);
}
await stop();

const verdicts = evaluateBudgets(pages, { run, skip: options.skip });

const require = createRequire(import.meta.url);
const meta = {
  date: new Date().toISOString(),
  commit: gitCommit(root),
  dist: options.dist,
  built: options.build,
  device: `${MOBILE.viewport.width}×${MOBILE.viewport.height} @${MOBILE.deviceScaleFactor}x`,
  runs: options.runs,
  cpuSlowdown: options.cpuSlowdown ?? 4,
  lighthouseVersion: require("lighthouse/package.json").version,
  chromium: chromiumVersion(chromiumPath),
  node: process.version,
  cpus: cpus().length,
  loadAverage: { before: round(loadBefore[0]), after: round(loadavg()[0]) },
  seconds: Math.round((Date.now() - started) / 1000),
  skipped: options.skip,
  budgets: BUDGETS.map((budget) => ({ measure: budget.measure, limits: budget.limits })),
};

console.log(renderReport({ pages, run, verdicts, meta }));
console.log(
  `\n${meta.chromium}, Node ${meta.node}, ${meta.cpus} CPU(s), load average ${meta.loadAverage.before} → ` +
    `${meta.loadAverage.after}; ${meta.seconds} s.`,
);
if (options.json) {
  const file = resolve(root, options.json);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ meta, pages, run, verdicts }, null, 2)}\n`);
  const reports = pages.some((page) => page.lighthouse)
    ? `; Lighthouse reports in ${lighthouseReportDir(options.json)}/`
    : "";
  console.log(`Results written to ${options.json}${reports}`);
}
const missed = verdicts.some((verdict) => verdict.status === "fail");
process.exit(missed && options.fail ? 1 : 0);
