// @ts-check
/**
 * One Lighthouse run (its defaults: mobile form factor, simulated slow 4G and
 * 4× CPU throttling) against a fresh Chromium with an empty profile, so every
 * run starts with a cold cache as a first visit does.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "../chromium.mjs";
import { lighthouseFigures } from "./bench-figures.mjs";
import { CATEGORY_LABELS } from "./budgets.mjs";

/**
 * Starts Chromium with a DevTools port; `port` resolves once it listens, `close` ends it and removes its
 * profile.
 * @param {string} executablePath
 * @returns {{ port: Promise<number>, close: () => Promise<void> }}
 */
function launchChromium(executablePath) {
  const profile = mkdtempSync(join(tmpdir(), "bench-chromium-"));
  const child = spawn(
    executablePath,
    [...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Chromium's helper processes may still be writing its cache for a moment after it exits.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // A leftover temporary profile must not cost a finished run its result.
    }
  };
  const port = new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not open a DevTools port:\n${output}`)), 30_000);
    child.stderr.on("data", (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before opening a DevTools port:\n${output}`));
    });
  });
  return { port, close };
}

/**
 * Runs Lighthouse once: the scores, metrics and what cost points, and the full JSON report.
 * @param {string} url
 * @param {{ chromiumPath: string, cpuSlowdown?: number | null }} options
 * @returns {Promise<{ figures: import("./bench-figures.mjs").LighthouseRun, report: string }>}
 */
export async function runLighthouse(url, { chromiumPath, cpuSlowdown = null }) {
  const chromium = launchChromium(chromiumPath);
  try {
    const port = await chromium.port;
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(CATEGORY_LABELS),
      ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    }
    // One output format was asked for, so there is one report.
    const report = Array.isArray(result.report) ? result.report[0] : result.report;
    return { figures: lighthouseFigures(result.lhr), report };
  } finally {
    await chromium.close();
  }
}
