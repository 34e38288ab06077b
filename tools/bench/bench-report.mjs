// @ts-check
/**
 * The printed report of `npm run bench`: a table per measurement (weight, islands, sign-ins, the contact list,
 * the fade-in, Lighthouse, the backend's throughput), then every budget's verdict with its label
 * (tools/bench/budgets.mjs). Values in, text out.
 */
import { formatBytes, formatCls, formatMs, formatScore, formatTable } from "./format.mjs";
import { median } from "./bench-figures.mjs";

/** @typedef {import("./bench-figures.mjs").BenchPage} BenchPage */
/** @typedef {import("./bench-figures.mjs").BenchRun} BenchRun */
/** @typedef {import("./budgets.mjs").Verdict} Verdict */

/** Lighthouse's 4× CPU slowdown assumes a host of about this benchmark index (a mid-range desktop or better). */
const REFERENCE_BENCHMARK_INDEX = 1000;

const MARK = { pass: "✔", fail: "✖", skipped: "–" };

/**
 * The whole printed report.
 * @param {{ pages: BenchPage[], run?: BenchRun, verdicts: Verdict[], meta: { device: string, lighthouseVersion: string, runs: number, cpuSlowdown: number } }} report
 */
export function renderReport({ pages, run = {}, verdicts, meta }) {
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

  if (run.throughput) {
    const { inserts, writers, listeners, insertsPerSecond, deliveredMs } = run.throughput;
    out.push("", "The local backend: a burst of calendar events from team sessions, streamed to listening ones", "");
    out.push(
      formatTable(
        ["inserts", "sessions writing", "inserts a second", "sessions listening", "all heard after"],
        [
          [
            String(inserts),
            String(writers),
            String(Math.round(insertsPerSecond)),
            String(listeners),
            formatMs(deliveredMs),
          ],
        ],
        ["r", "r", "r", "r", "r"],
      ),
    );
  }

  if (run.tourBuild) {
    const { shows, firstBuildMs, buildMs, seedShows, seedBuildMs, seedTourGzip, tourHtmlBytes, tourHtmlGzip } =
      run.tourBuild;
    out.push("", "A build with the published shows read from a local backend (the first one's caches cold)", "");
    out.push(
      formatTable(
        ["published shows", "first build", "build", "/tour HTML", "/tour gzip"],
        [
          [String(seedShows), "–", formatMs(seedBuildMs), "–", formatBytes(seedTourGzip)],
          [
            String(shows),
            formatMs(firstBuildMs),
            formatMs(buildMs),
            formatBytes(tourHtmlBytes),
            formatBytes(tourHtmlGzip),
          ],
        ],
        ["r", "r", "r", "r", "r"],
      ),
    );
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
      `Budgets met: ${passed} of ${verdicts.length}; missed: ${failed}${skipped ? `; skipped by request: ${skipped}` : ""}`,
    );
  }
  return out.join("\n");
}
