// @ts-check
/**
 * How long a visitor waits for a page's main content to finish fading in: a phone-sized Chromium, a fresh
 * context each load (nothing cached, as on a first visit), timed inside the page. Every animation of the
 * main landmark and of what it holds (the page's fade and slide, the home hero's fade) is awaited, and its
 * end read on the document's timeline, whose zero is the navigation's start: when its last frame was due,
 * as the compositor shows it, not when a busy main thread got round to saying so. The first paint comes
 * from the paint timing on the same clock, so the figure the budget reads is how long the content stays
 * on its way once the visitor sees the page at all.
 */
import { MOBILE } from "./measure-page.mjs";

/** Each page is loaded this many times; the median is judged (one load can meet a burst of load on the host). */
export const FADE_LOADS = 5;
const LOAD_TIMEOUT_MS = 30_000;

/**
 * One load: when the first pixels were painted and when the last animation in the main content ended,
 * both in milliseconds from the navigation's start, and the animations found.
 * @typedef {object} FadeLoad
 * @property {number | null} firstPaintMs
 * @property {number | null} fadeEndMs null when the main content has no animation
 * @property {string[]} animations each animation's name, as CSS names it
 */

/**
 * Loads `url` `loads` times, each in a fresh phone context, and times the main content's fade-in.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {number} [loads]
 * @returns {Promise<FadeLoad[]>}
 */
export async function measureFadeIn(browser, url, loads = FADE_LOADS) {
  /** @type {FadeLoad[]} */
  const timed = [];
  for (let load = 0; load < loads; load += 1) {
    const context = await browser.newContext(MOBILE);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(LOAD_TIMEOUT_MS);
      await page.goto(url, { waitUntil: "load" });
      timed.push(await page.evaluate(fadeInPage));
    } finally {
      await context.close();
    }
  }
  return timed;
}

/**
 * Runs in the page: waits for every animation in the main landmark to finish and reads when each ended.
 * An animation with fill `both` stays listed by getAnimations() once finished, so one that ended before
 * this runs is still found.
 * @returns {Promise<FadeLoad>}
 */
async function fadeInPage() {
  const main = document.querySelector("main");
  const animations = document.getAnimations().filter((animation) => {
    const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
    return main !== null && target !== null && main.contains(target);
  });
  await Promise.all(animations.map((animation) => animation.finished));
  const ends = animations.map((animation) => {
    const { endTime } = /** @type {AnimationEffect} */ (animation.effect).getComputedTiming();
    return Number(animation.startTime) + Number(endTime);
  });
  const paint =
    performance.getEntriesByName("first-paint")[0] ?? performance.getEntriesByName("first-contentful-paint")[0];
  return {
    firstPaintMs: paint ? paint.startTime : null,
    fadeEndMs: ends.length > 0 ? Math.max(...ends) : null,
    animations: animations.map((animation) =>
      animation instanceof CSSAnimation ? animation.animationName : animation.id || "script animation",
    ),
  };
}
